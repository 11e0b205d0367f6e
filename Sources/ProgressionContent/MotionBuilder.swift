import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a ``ProgressionDefinition`` into baked motion: for each frame, every bone's local matrix
/// (rest · delta, the hips carrying the root placement), with contacts held by two-bone IK.
///
/// Per frame: key poses are eased (smoothstep in time, slerp for rotations, lerp for the root
/// position); forward kinematics; the root is moved so the anchor points sit where they were at
/// the reference key; each contact's upper/lower limb is solved (the hinge angle by bisection on
/// the wrist/ankle distance, then the upper bone turned onto the target by the shortest arc, which
/// keeps the keyed elbow/knee direction), then the hand or foot is given its held orientation.
struct MotionBuilder {
    let skeleton: MannequinSkeleton
    let restPositions: [SIMD3<Float>]
    let weights: SkinWeights
    /// Per vertex, the bone with the largest weight.
    let dominantBone: [Int]
    private let restRot: [Matrix4x4]

    init(skeleton: MannequinSkeleton, mesh: MannequinMesh) {
        self.skeleton = skeleton
        restPositions = mesh.positions
        var start: [UInt32] = [0], joint: [Int32] = [], weight: [Float] = []
        var dominant: [Int] = []
        for inf in mesh.influences {
            for (j, w) in inf { joint.append(j); weight.append(w) }
            start.append(UInt32(joint.count))
            dominant.append(Int(inf.max { $0.1 < $1.1 }?.0 ?? 0))
        }
        let skin = Skin(id: "s", name: nil, mesh: 0, bindShapeMatrix: .identity, jointNames: skeleton.bones.map(\.sid),
                        inverseBindMatrices: skeleton.restWorld.map { $0.inverse ?? .identity }, influenceStart: start,
                        influenceJoint: joint, influenceWeight: weight)
        weights = SkinWeights(skin)
        dominantBone = dominant
        restRot = skeleton.restWorld.map(\.rotationOnly)
    }

    /// The posed body at one instant: bone world matrices and local matrices (armature space).
    struct Frame {
        var world: [Matrix4x4]
        var local: [Matrix4x4]
    }

    /// Key pose state: per bone delta rotation (bone-local), root rotation and position.
    struct State {
        var delta: [Matrix4x4]
        var rootRotation: Matrix4x4
        var rootPosition: SIMD3<Float>
    }

    /// `Q` (world rest axes, degrees x then y then z) as the bone-local delta `Rᵀ Q R`.
    func delta(bone b: Int, degrees d: SIMD3<Float>) -> Matrix4x4 {
        let r = restRot[b]
        return r.transposed * Self.rotation(d) * r
    }

    static func rotation(_ d: SIMD3<Float>) -> Matrix4x4 {
        Matrix4x4.rotation(axis: SIMD3(0, 0, 1), degrees: d.z) * Matrix4x4.rotation(axis: SIMD3(0, 1, 0), degrees: d.y)
            * Matrix4x4.rotation(axis: SIMD3(1, 0, 0), degrees: d.x)
    }

    func state(_ key: ProgressionDefinition.Key) -> State {
        var deltas = [Matrix4x4](repeating: .identity, count: skeleton.bones.count)
        for (name, d) in key.joints {
            if let b = skeleton.index(name) { deltas[b] = delta(bone: b, degrees: d) }
        }
        return State(delta: deltas, rootRotation: Self.rotation(key.rootRotation), rootPosition: key.rootPosition)
    }

    /// The eased state at `phase` (0..<1, wrapping to the first key at 1).
    func state(_ def: ProgressionDefinition, phase: Float) -> State {
        let keys = def.keys
        var i = keys.count - 1
        while i > 0 && keys[i].at > phase { i -= 1 }
        let a = keys[i]
        let b = i + 1 < keys.count ? keys[i + 1] : keys[0]
        let endAt = i + 1 < keys.count ? b.at : 1
        let span = endAt - a.at
        let u = span > 0 ? min(max((phase - a.at) / span, 0), 1) : 0
        let e = u * u * (3 - 2 * u)
        let sa = state(a), sb = state(b)
        var out = sa
        for j in out.delta.indices {
            out.delta[j] = Quaternion.slerp(Quaternion(rotationOf: sa.delta[j]), Quaternion(rotationOf: sb.delta[j]), e).matrix
        }
        out.rootRotation = Quaternion.slerp(Quaternion(rotationOf: sa.rootRotation), Quaternion(rotationOf: sb.rootRotation), e).matrix
        out.rootPosition = sa.rootPosition + (sb.rootPosition - sa.rootPosition) * e
        return out
    }

    /// Forward kinematics.
    func frame(_ s: State) -> Frame {
        var world = [Matrix4x4](repeating: .identity, count: skeleton.bones.count)
        var local = world
        for (b, bone) in skeleton.bones.enumerated() {
            if let p = bone.parent {
                local[b] = skeleton.restLocal[b] * s.delta[b]
                world[b] = world[p] * local[b]
            } else {
                local[b] = .translation(s.rootPosition) * s.rootRotation * restRot[b] * s.delta[b]
                world[b] = local[b]
            }
        }
        return Frame(world: world, local: local)
    }

    func point(_ p: ProgressionDefinition.BodyPoint, in f: Frame) -> SIMD3<Float> {
        guard let b = skeleton.index(p.bone) else { return .zero }
        return f.world[b].transformPoint(p.offset)
    }

    /// Skinned vertex positions of frame `f`.
    func skinned(_ f: Frame) -> [SIMD3<Float>] {
        var palette = zip(f.world, skeleton.restWorld).map { $0 * ($1.inverse ?? .identity) }
        palette.append(.identity)
        var out: [SIMD3<Float>] = []
        var frames: [SIMD3<Float>]? = nil
        LinearBlendSkinning.deform(restPositions, weights: weights, palette: palette, into: &out, normalFrames: &frames)
        return out
    }

    /// Lowest vertex height of the bones `bones` (all vertices when empty).
    func lowest(_ verts: [SIMD3<Float>], bones: Set<Int> = []) -> Float {
        var m = Float.infinity
        for (i, v) in verts.enumerated() where bones.isEmpty || bones.contains(dominantBone[i]) { m = min(m, v.z) }
        return m
    }

    /// The bone `name` and, for a foot, its toe.
    func contactBones(_ name: String) -> Set<Int> {
        var names = [name]
        if name.hasPrefix("foot.") { names.append("toe." + name.dropFirst(5)) }
        return Set(names.compactMap { skeleton.index($0) })
    }
}

extension Matrix4x4 {
    /// The upper 3x3 with no translation.
    var rotationOnly: Matrix4x4 {
        var m = self
        m.columns.3 = SIMD4(0, 0, 0, 1)
        return m
    }
}
