import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Closed triangle meshes with normals for the props (box, bar, pole, ball), centred on the origin.
enum PropMesh {
    struct Geometry {
        var positions: [SIMD3<Float>] = []
        var normals: [SIMD3<Float>] = []
        var triangles: [UInt32] = []
    }

    static func geometry(_ shape: ProgressionDefinition.Shape) -> Geometry {
        switch shape {
        case .box(let size): return box(size)
        case .bar(let length, let radius): return cylinder(length: length, radius: radius, axis: 0)
        case .pole(let height, let radius): return cylinder(length: height, radius: radius, axis: 2)
        case .ball(let radius): return sphere(radius)
        }
    }

    /// Six faces with their own vertices (flat normals).
    static func box(_ size: SIMD3<Float>) -> Geometry {
        var g = Geometry()
        let h = size / 2
        for axis in 0..<3 {
            for sign: Float in [-1, 1] {
                var n = SIMD3<Float>.zero
                n[axis] = sign
                let u = (axis + 1) % 3, v = (axis + 2) % 3
                let base = UInt32(g.positions.count)
                for (du, dv) in [(Float(-1), Float(-1)), (1, -1), (1, 1), (-1, 1)] {
                    var p = SIMD3<Float>.zero
                    p[axis] = sign * h[axis]; p[u] = du * h[u]; p[v] = dv * h[v]
                    g.positions.append(p)
                    g.normals.append(n)
                }
                g.triangles += sign > 0 ? [base, base + 1, base + 2, base, base + 2, base + 3]
                    : [base, base + 2, base + 1, base, base + 3, base + 2]
            }
        }
        return g
    }

    /// A capped cylinder along `axis` (0 = X, 2 = Z).
    static func cylinder(length: Float, radius: Float, axis: Int, sides: Int = 24) -> Geometry {
        var g = Geometry()
        let u = (axis + 1) % 3, v = (axis + 2) % 3
        func vec(_ a: Float, _ b: Float, _ c: Float) -> SIMD3<Float> {
            var p = SIMD3<Float>.zero
            p[axis] = a; p[u] = b; p[v] = c
            return p
        }
        for end: Float in [-1, 1] {
            for j in 0..<sides {
                let t = Float(j) / Float(sides) * 2 * .pi
                g.positions.append(vec(end * length / 2, radius * cos(t), radius * sin(t)))
                g.normals.append(vec(0, cos(t), sin(t)))
            }
        }
        let m = UInt32(sides)
        for j in 0..<m {
            let k = (j + 1) % m
            g.triangles += [j, k, m + k, j, m + k, m + j]
        }
        for end: Float in [-1, 1] {
            let centre = UInt32(g.positions.count)
            g.positions.append(vec(end * length / 2, 0, 0))
            g.normals.append(vec(end, 0, 0))
            let ring = UInt32(g.positions.count)
            for j in 0..<sides {
                let t = Float(j) / Float(sides) * 2 * .pi
                g.positions.append(vec(end * length / 2, radius * cos(t), radius * sin(t)))
                g.normals.append(vec(end, 0, 0))
            }
            for j in 0..<m {
                let k = (j + 1) % m
                g.triangles += end > 0 ? [centre, ring + j, ring + k] : [centre, ring + k, ring + j]
            }
        }
        return g
    }

    static func sphere(_ radius: Float, rings: Int = 12, sides: Int = 24) -> Geometry {
        var g = Geometry()
        g.positions.append(SIMD3(0, 0, -radius)); g.normals.append(SIMD3(0, 0, -1))
        for k in 1..<rings {
            let phi = Float(k) / Float(rings) * .pi - .pi / 2
            for j in 0..<sides {
                let t = Float(j) / Float(sides) * 2 * .pi
                let n = SIMD3(cos(phi) * cos(t), cos(phi) * sin(t), sin(phi))
                g.positions.append(n * radius); g.normals.append(n)
            }
        }
        g.positions.append(SIMD3(0, 0, radius)); g.normals.append(SIMD3(0, 0, 1))
        let m = UInt32(sides), top = UInt32(g.positions.count - 1)
        func r(_ k: Int, _ j: UInt32) -> UInt32 { 1 + UInt32(k - 1) * m + j % m }
        for j in 0..<m { g.triangles += [0, r(1, j + 1), r(1, j)] }
        for k in 1..<(rings - 1) {
            for j in 0..<m { g.triangles += [r(k, j), r(k, j + 1), r(k + 1, j + 1), r(k, j), r(k + 1, j + 1), r(k + 1, j)] }
        }
        for j in 0..<m { g.triangles += [top, r(rings - 1, j), r(rings - 1, j + 1)] }
        return g
    }
}
