#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ColladaKit

/// One progression's motion sampled at every frame of one rep, and what it holds.
struct BakedMotion {
    struct HeldContact {
        var bone: Int
        /// The held point in the bone's frame: the wrist or ankle (origin) when the orientation is
        /// held, else the palm or mid-foot (the grip turns about it).
        var point: SIMD3<Float>
        /// Where that point is held (armature space), and the held world rotation, if any.
        var target: SIMD3<Float>
        var orientation: Matrix4x4?
        /// When set, the target is this body point at every frame (the hand rides on a thigh or holds the
        /// other wrist), found after the contacts listed before it are solved.
        var follows: ProgressionDefinition.BodyPoint?
    }

    struct PlacedProp {
        var name: String
        var shape: ProgressionDefinition.Shape
        var centre: SIMD3<Float>
    }

    static let fps: Float = 24
    /// Frames `0...frameCount` (the last equals the first: a loop); frame `i` is at time `(i + 1) / fps`.
    var frames: [MotionBuilder.Frame]
    var contacts: [HeldContact]
    var props: [PlacedProp]
    /// Index into ``frames`` of the iconic moment.
    var iconicFrame: Int
}

extension MotionBuilder {
    /// Samples `def` at `fps` over one rep.
    func bake(_ definition: ProgressionDefinition) -> BakedMotion {
        let def = levelled(definition)
        // Reference key: grounding, anchor, contact targets and props come from here.
        var ref = state(def.keys[min(max(def.referenceKey, 0), def.keys.count - 1)])
        var offset = SIMD3<Float>.zero
        var refFrame = frame(ref)
        let refVerts = skinned(refFrame)
        if let g = def.ground {
            let bones = Set(g.bones.flatMap { contactBones($0) })
            offset.z = g.height - lowest(refVerts, bones: bones)
        }
        ref.rootPosition += offset
        refFrame = frame(ref)
        let anchorTarget: SIMD3<Float>? = def.anchor.isEmpty ? nil
            : def.anchor.map { point($0, in: refFrame) }.reduce(.zero, +) / Float(def.anchor.count)
        var held: [BakedMotion.HeldContact] = []
        for c in def.contacts {
            guard let b = skeleton.index(c.bone) else { continue }
            let point = c.holdOrientation ? SIMD3<Float>.zero : SIMD3(0, c.bone.hasPrefix("foot") ? 0.07 : 0.08, 0)
            var target = c.at.map { self.point($0, in: refFrame) } ?? refFrame.world[b].transformPoint(point)
            if let h = c.surface { target.z += h - (lowest(refVerts, bones: contactBones(c.bone)) + offset.z) }
            held.append(.init(bone: b, point: point, target: target,
                              orientation: c.holdOrientation ? refFrame.world[b].rotationOnly : nil, follows: c.at))
        }
        var props: [BakedMotion.PlacedProp] = []
        for p in def.props {
            var centre = p.position
            if let a = p.attach { centre += point(a, in: refFrame) * p.follow }
            var shape = p.shape
            if let under = p.under, case .box(var size) = p.shape {
                size.z = max(0.02, lowest(refVerts, bones: contactBones(under)) + offset.z)
                centre.z = size.z / 2
                shape = .box(size)
            }
            if let top = p.hangFrom, case .box(let size) = p.shape {
                centre.z = point(top, in: refFrame).z - size.z / 2
            }
            if let under = p.under, case .ball = p.shape {
                // Right under that lowest vertex, resting on the floor, its top touching the vertex.
                let bones = contactBones(under)
                if let v = refVerts.indices.filter({ bones.contains(dominantBone[$0]) }).min(by: { refVerts[$0].z < refVerts[$1].z }) {
                    let radius = max(0.05, (refVerts[v].z + offset.z) / 2)
                    centre = SIMD3(refVerts[v].x, refVerts[v].y, radius)
                    shape = .ball(radius: radius)
                }
            }
            if p.standOnFloor, case .pole(_, let radius) = p.shape {
                shape = .pole(height: max(0.02, centre.z), radius: radius)
                centre.z /= 2
            }
            props.append(.init(name: p.name, shape: shape, centre: centre))
        }
        let count = max(2, Int((def.duration * BakedMotion.fps).rounded()))
        var frames: [Frame] = []
        for i in 0...count {
            var s = state(def, phase: Float(i % count) / Float(count))
            s.rootPosition += offset
            var f = frame(s)
            if let anchorTarget {
                let now = def.anchor.map { point($0, in: f) }.reduce(.zero, +) / Float(def.anchor.count)
                s.rootPosition += anchorTarget - now
                f = frame(s)
            }
            for var c in held {
                if let p = c.follows { c.target = point(p, in: f) }
                solve(c, state: &s, frame: &f)
            }
            frames.append(f)
        }
        for (i, p) in def.props.enumerated() where p.besideBody != 0 {
            var extreme: Float = p.besideBody < 0 ? .infinity : -.infinity
            for f in stride(from: 0, to: frames.count, by: 3) {
                for v in skinned(frames[f]) { extreme = p.besideBody < 0 ? min(extreme, v.y) : max(extreme, v.y) }
            }
            var half: Float = 0
            if case .box(let size) = props[i].shape { half = size.y / 2 }
            props[i].centre.y = extreme + p.besideBody * (half + 0.01)
        }
        let iconic = Int((def.iconic * Float(count)).rounded()) % count
        return BakedMotion(frames: frames, contacts: held, props: props, iconicFrame: iconic)
    }

    /// `def` with ``ProgressionDefinition/levelWith`` applied (the root pitch shift found by bisection
    /// over ±30 degrees).
    func levelled(_ def: ProgressionDefinition) -> ProgressionDefinition {
        guard let bone = def.levelWith else { return def }
        let r = min(max(def.referenceKey, 0), def.keys.count - 1)
        let groundBones = Set((def.ground?.bones ?? []).flatMap { contactBones($0) })
        func mismatch(_ delta: Float) -> Float {
            var k = def.keys[r]
            k.rootRotation.x += delta
            let v = skinned(frame(state(k)))
            return lowest(v, bones: contactBones(bone)) - lowest(v, bones: groundBones)
        }
        var lo: Float = -30, hi: Float = 30
        let flo = mismatch(lo)
        guard (flo > 0) != (mismatch(hi) > 0) else { return def }
        for _ in 0..<24 {
            let mid = (lo + hi) / 2
            if (mismatch(mid) > 0) == (flo > 0) { lo = mid } else { hi = mid }
        }
        var out = def
        for i in out.keys.indices { out.keys[i].rootRotation.x += (lo + hi) / 2 }
        return out
    }

    /// Two-bone IK for one contact, then its held orientation.
    func solve(_ c: BakedMotion.HeldContact, state s: inout State, frame f: inout Frame) {
        guard let lower = skeleton.bones[c.bone].parent, let upper = skeleton.bones[lower].parent,
              let above = skeleton.bones[upper].parent else { return }
        let isLeg = skeleton.bones[lower].name.hasPrefix("shin")
        let sign: Float = isLeg ? 1 : -1
        let a = f.world[upper].translation
        let upperBase = f.world[above] * skeleton.restLocal[upper]
        func effector(_ hinge: Float, _ dUpper: Matrix4x4) -> SIMD3<Float> {
            let wu = upperBase * dUpper
            let wl = wu * skeleton.restLocal[lower] * Matrix4x4.rotation(axis: SIMD3(1, 0, 0), degrees: hinge)
            return (wl * skeleton.restLocal[c.bone] * s.delta[c.bone]).transformPoint(c.point)
        }
        let want = simdLength(c.target - a)
        // Distance from the shoulder/hip falls as the hinge bends: bisect the hinge angle.
        var lo: Float = 0, hi: Float = 170
        if simdLength(effector(0, s.delta[upper]) - a) <= want {
            hi = 0
        } else {
            for _ in 0..<30 {
                let mid = (lo + hi) / 2
                if simdLength(effector(sign * mid, s.delta[upper]) - a) > want { lo = mid } else { hi = mid }
            }
        }
        let hinge = sign * hi
        let e = effector(hinge, s.delta[upper])
        let turn = Self.shortestArc(from: e - a, to: c.target - a)
        let m = upperBase.rotationOnly
        s.delta[upper] = m.transposed * turn * m * s.delta[upper]
        s.delta[lower] = Matrix4x4.rotation(axis: SIMD3(1, 0, 0), degrees: hinge)
        if let g = c.orientation {
            let wl = upperBase * s.delta[upper] * skeleton.restLocal[lower] * s.delta[lower]
            let base = (wl * skeleton.restLocal[c.bone]).rotationOnly
            s.delta[c.bone] = base.transposed * g
        }
        f = frame(s)
    }

    /// The rotation turning direction `u` onto `v` by the smallest angle.
    static func shortestArc(from u: SIMD3<Float>, to v: SIMD3<Float>) -> Matrix4x4 {
        let a = simdNormalize(u), b = simdNormalize(v)
        let axis = simdCross(a, b)
        let s = simdLength(axis), c = simdDot(a, b)
        guard s > 1e-7 else { return .identity }
        return Matrix4x4.rotation(axis: axis, degrees: atan2(s, c) * 180 / .pi)
    }
}
