#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ColladaKit

/// The mannequin's body, built like an artist's wooden mannequin: one smooth closed shell per body
/// segment (a superellipsoid of revolution with an elliptic cross-section, tapering along its bone),
/// overlapping its neighbours at the joints. Skin weights blend each shell's ends with the
/// neighbouring bone over a few centimetres (half and half at the joint), so joints bend without
/// rigid cracks; at most 3 influences per vertex, normalised.
struct MannequinMesh {
    /// One shell along a bone.
    struct Segment {
        var bone: String
        /// Extent along the bone from its head, metres (may start before the head, end after the tail).
        var start: Float
        var end: Float
        /// Radii (bone-local X, Z) at the start and the end, metres.
        var r0: SIMD2<Float>
        var r1: SIMD2<Float>
        /// Centre offset in bone-local X, Z, metres.
        var offset: SIMD2<Float> = .zero
        /// Blend half-width with the parent at the head and with `child` at the tail, metres.
        var blend: Float = 0.05
        var child: String?
        /// Superellipse exponent of the profile (2: ellipsoid, larger: flatter sides, rounder ends).
        var exponent: Float = 3
    }

    var positions: [SIMD3<Float>] = []
    var normals: [SIMD3<Float>] = []
    var triangles: [UInt32] = []
    /// Per vertex, up to 4 (bone index, weight), weights summing to 1.
    var influences: [[(Int32, Float)]] = []

    static let rings = 22
    static let sides = 28

    static func segments() -> [Segment] {
        var s: [Segment] = [
            Segment(bone: "hips", start: -0.13, end: 0.12, r0: SIMD2(0.13, 0.095), r1: SIMD2(0.155, 0.105), blend: 0.04, child: "spine"),
            Segment(bone: "spine", start: -0.02, end: 0.2, r0: SIMD2(0.135, 0.095), r1: SIMD2(0.15, 0.1), blend: 0.05, child: "chest"),
            Segment(bone: "chest", start: -0.03, end: 0.23, r0: SIMD2(0.15, 0.1), r1: SIMD2(0.175, 0.1), offset: SIMD2(0, -0.005),
                    blend: 0.05, child: "neck", exponent: 4),
            Segment(bone: "neck", start: -0.03, end: 0.12, r0: SIMD2(0.05, 0.05), r1: SIMD2(0.045, 0.045), blend: 0.03, child: "head"),
            Segment(bone: "head", start: -0.035, end: 0.2, r0: SIMD2(0.075, 0.092), r1: SIMD2(0.08, 0.095), offset: SIMD2(0, 0.015),
                    blend: 0.03, exponent: 2.2),
        ]
        for side in ["L", "R"] {
            s += [
                Segment(bone: "upper_arm.\(side)", start: -0.04, end: 0.3, r0: SIMD2(0.052, 0.055), r1: SIMD2(0.04, 0.042),
                        blend: 0.05, child: "forearm.\(side)"),
                Segment(bone: "forearm.\(side)", start: -0.01, end: 0.26, r0: SIMD2(0.042, 0.044), r1: SIMD2(0.03, 0.034),
                        blend: 0.04, child: "hand.\(side)"),
                Segment(bone: "hand.\(side)", start: -0.01, end: 0.18, r0: SIMD2(0.02, 0.04), r1: SIMD2(0.016, 0.036),
                        blend: 0.025, exponent: 2.5),
                Segment(bone: "thigh.\(side)", start: -0.04, end: 0.44, r0: SIMD2(0.082, 0.088), r1: SIMD2(0.055, 0.058),
                        blend: 0.06, child: "shin.\(side)"),
                Segment(bone: "shin.\(side)", start: -0.01, end: 0.44, r0: SIMD2(0.055, 0.058), r1: SIMD2(0.036, 0.04),
                        blend: 0.05, child: "foot.\(side)"),
                Segment(bone: "foot.\(side)", start: -0.075, end: 0.15, r0: SIMD2(0.04, 0.04), r1: SIMD2(0.045, 0.025),
                        offset: SIMD2(0, 0.035), blend: 0.04, child: "toe.\(side)", exponent: 2.5),
                Segment(bone: "toe.\(side)", start: -0.01, end: 0.075, r0: SIMD2(0.045, 0.022), r1: SIMD2(0.038, 0.016),
                        offset: SIMD2(0, 0.012), blend: 0.02, exponent: 2.5),
            ]
        }
        return s
    }

    init(skeleton: MannequinSkeleton) {
        for seg in Self.segments() { add(seg, skeleton) }
        computeNormals()
    }

    /// Adds one closed shell: two poles and `rings - 1` rings of `sides` vertices.
    private mutating func add(_ seg: Segment, _ sk: MannequinSkeleton) {
        guard let b = sk.index(seg.bone) else { return }
        let frame = sk.restWorld[b]
        let parent = sk.bones[b].parent
        let child = seg.child.flatMap { sk.index($0) }
        let length = sk.bones[b].length
        let base = UInt32(positions.count)
        let n = Self.rings, m = Self.sides
        func weights(_ s: Float, lateral: Float) -> [(Int32, Float)] {
            var wp: Float = 0, wc: Float = 0
            if let _ = parent { wp = 0.5 * (1 - smoothstep(-seg.blend, seg.blend, s)) }
            if child != nil { wc = 0.5 * smoothstep(length - seg.blend, length + seg.blend, s) }
            var list: [(Int32, Float)] = [(Int32(b), 1 - wp - wc)]
            if let p = parent, wp > 1e-4 { list.append((Int32(p), wp)) }
            if let c = child, wc > 1e-4 { list.append((Int32(c), wc)) }
            // The chest's sides follow the clavicles a little (shrugs, raised arms).
            if seg.bone == "chest", abs(lateral) > 0.09, s > 0.1 {
                let side = lateral > 0 ? "shoulder.L" : "shoulder.R"
                let w = 0.4 * smoothstep(0.09, 0.17, abs(lateral)) * smoothstep(0.1, 0.2, s)
                if let sh = sk.index(side), w > 1e-4 {
                    list = list.map { ($0.0, $0.1 * (1 - w)) } + [(Int32(sh), w)]
                }
            }
            let total = list.reduce(0) { $0 + $1.1 }
            return list.filter { $0.1 > 0 }.map { ($0.0, $0.1 / total) }
        }
        func point(_ s: Float, _ r: SIMD2<Float>, _ angle: Float) -> SIMD3<Float> {
            let lx = seg.offset.x + r.x * cos(angle), lz = seg.offset.y + r.y * sin(angle)
            return frame.transformPoint(SIMD3(lx, s, lz))
        }
        // Pole at the start.
        positions.append(point(seg.start, .zero, 0))
        influences.append(weights(seg.start, lateral: 0))
        for k in 1..<n {
            let u = Float(k) / Float(n)
            // Rings packed towards the rounded ends: parameter through a cosine.
            let t = 0.5 - 0.5 * cos(u * .pi)
            let s = seg.start + (seg.end - seg.start) * t
            let e = abs(2 * t - 1)
            let cap = pow(max(0, 1 - pow(e, seg.exponent)), 1 / seg.exponent)
            let r = (seg.r0 + (seg.r1 - seg.r0) * t) * cap
            for j in 0..<m {
                let a = Float(j) / Float(m) * 2 * .pi
                let p = point(s, r, a)
                positions.append(p)
                let lateral = simdDot(p - sk.bones[sk.index("chest") ?? 0].head, SIMD3(1, 0, 0))
                influences.append(weights(s, lateral: lateral))
            }
        }
        positions.append(point(seg.end, .zero, 0))
        influences.append(weights(seg.end, lateral: 0))
        let last = base + UInt32(1 + (n - 1) * m)
        func ring(_ k: Int, _ j: Int) -> UInt32 { base + 1 + UInt32((k - 1) * m + (j % m)) }
        // Winding: counter-clockwise seen from outside (outward normals).
        for j in 0..<m { triangles += [base, ring(1, j), ring(1, j + 1)] }
        for k in 1..<(n - 1) {
            for j in 0..<m {
                triangles += [ring(k, j), ring(k + 1, j + 1), ring(k, j + 1), ring(k, j), ring(k + 1, j), ring(k + 1, j + 1)]
            }
        }
        for j in 0..<m { triangles += [last, ring(n - 1, j + 1), ring(n - 1, j)] }
    }

    /// Area-weighted vertex normals.
    private mutating func computeNormals() {
        normals = Array(repeating: .zero, count: positions.count)
        for t in stride(from: 0, to: triangles.count, by: 3) {
            let a = Int(triangles[t]), b = Int(triangles[t + 1]), c = Int(triangles[t + 2])
            let n = simdCross(positions[b] - positions[a], positions[c] - positions[a])
            normals[a] += n; normals[b] += n; normals[c] += n
        }
        normals = normals.map { simdLength($0) > 0 ? simdNormalize($0) : SIMD3(0, 0, 1) }
    }
}

/// Hermite smoothstep of `x` between `a` and `b`.
func smoothstep(_ a: Float, _ b: Float, _ x: Float) -> Float {
    let t = min(max((x - a) / (b - a), 0), 1)
    return t * t * (3 - 2 * t)
}
