import ColladaKit

/// Triangle setup: clip-space vertices to ``ScreenTriangle``s, clipping in homogeneous space against the near
/// plane (`z >= -w`) and a guard band (`|x|, |y| <= g·w`) that keeps fixed-point coordinates within 2^28 (a
/// triangle whose coordinates still end up past 2^29, from clip values near Float's limits, is dropped).
///
/// Inside the guard band no clipping is needed (the raster's bounding box clamps to the target), so most
/// triangles pass straight through. Clipped edges are always interpolated from their inside end, so two
/// triangles sharing an edge get identical new vertices.
struct TriangleSetup {
    let samplesWide: Int
    let samplesHigh: Int
    let guardBand: Float
    let cullBackFaces: Bool
    /// `samplesWide`, `samplesHigh` as floats, for the viewport mapping.
    private let width: Float, height: Float

    // Clipper scratch (reused: no allocation per triangle once grown).
    private var polyA: [SIMD4<Float>] = []
    private var baryA: [SIMD3<Float>] = []
    private var polyB: [SIMD4<Float>] = []
    private var baryB: [SIMD3<Float>] = []
    private var projected: [ProjectedVertex?] = []

    init(samplesWide: Int, samplesHigh: Int, cullBackFaces: Bool) {
        self.samplesWide = samplesWide
        self.samplesHigh = samplesHigh
        width = Float(samplesWide)
        height = Float(samplesHigh)
        // Screen x = (x/w + 1)/2 · W in samples; |x/w| <= g keeps |X| < (g + 1)/2 · W · 256 <= 2^28.
        let side = Float(max(samplesWide, samplesHigh, 1))
        guardBand = max(1.5, Float(1 << 21) / side - 1)
        self.cullBackFaces = cullBackFaces
        polyA.reserveCapacity(16); baryA.reserveCapacity(16); polyB.reserveCapacity(16); baryB.reserveCapacity(16)
        projected.reserveCapacity(16)
    }

    /// What ``classify(_:)`` says of a clip-space vertex: bits 0-4 are the planes it lies outside of (near,
    /// -x, +x, -y, +y guard planes); ``unprojectable`` marks a vertex inside them all that still cannot be
    /// mapped (w = 0, or past the fixed-point range), ``nonFinite`` a NaN or infinite coordinate.
    enum Code {
        static let planes: UInt8 = 0x1F
        static let unprojectable: UInt8 = 0x20
        static let nonFinite: UInt8 = 0x40
    }

    /// Each vertex's ``Code`` and, where the code is 0, its sample-space position: done once per vertex, so
    /// the triangles that share it (about six each in a closed mesh) only gather.
    func classify(_ clip: [SIMD4<Float>]) -> (codes: [UInt8], vertices: [ProjectedVertex]) {
        var codes = [UInt8](repeating: 0, count: clip.count)
        var vertices = [ProjectedVertex](repeating: ProjectedVertex(x: 0, y: 0, z: 0, invW: 0), count: clip.count)
        let g = guardBand
        for (k, c) in clip.enumerated() {
            // Any NaN or infinity (a broken input vertex) makes this non-zero.
            if c * 0 != .zero { codes[k] = Code.nonFinite; continue }
            var o: UInt8 = 0
            if !(c.z + c.w >= 0) { o |= 1 }
            if !(c.x + g * c.w >= 0) { o |= 2 }
            if !(g * c.w - c.x >= 0) { o |= 4 }
            if !(c.y + g * c.w >= 0) { o |= 8 }
            if !(g * c.w - c.y >= 0) { o |= 16 }
            if o == 0 {
                if let v = project(c) { vertices[k] = v } else { o = Code.unprojectable }
            }
            codes[k] = o
        }
        return (codes, vertices)
    }

    /// Sets up triangle `index` from its corners' ``classify(_:)`` results (`clip` for the ones that need
    /// clipping), appending zero or more screen triangles. Inside every plane (the usual case) it only
    /// gathers the projected corners; otherwise it clips in homogeneous space.
    @inline(__always)
    /// Triangles `triangles` of `indices` (three vertex indices each), in order; a triangle with an index past
    /// the vertices (`clip.count`) is skipped.
    mutating func add(triangles: Range<Int>, indices: [UInt32], codes: [UInt8], vertices: [ProjectedVertex], clip: [SIMD4<Float>],
                      screen: inout [ScreenTriangle], shade: inout [ShadeTriangle], corners: inout [SIMD3<Float>]) {
        let vcount = clip.count
        for t in triangles {
            let a = Int(indices[3 * t]), b = Int(indices[3 * t + 1]), c = Int(indices[3 * t + 2])
            guard a < vcount, b < vcount, c < vcount else { continue }
            add(a, b, c, codes: codes, vertices: vertices, clip: clip, index: UInt32(t), screen: &screen, shade: &shade, corners: &corners)
        }
    }

    mutating func add(_ a: Int, _ b: Int, _ c: Int, codes: [UInt8], vertices: [ProjectedVertex],
                      clip: [SIMD4<Float>], index: UInt32,
                      screen: inout [ScreenTriangle], shade: inout [ShadeTriangle], corners: inout [SIMD3<Float>]) {
        let o0 = codes[a], o1 = codes[b], o2 = codes[c]
        let any = o0 | o1 | o2
        if any == 0 {
            emit(vertices[a], vertices[b], vertices[c], nil, index: index, screen: &screen, shade: &shade, corners: &corners)
        } else if any & Code.nonFinite == 0 && any & Code.planes != 0 && o0 & o1 & o2 & Code.planes == 0 {
            addClipped(clip[a], clip[b], clip[c], planes: any & Code.planes, index: index, screen: &screen, shade: &shade, corners: &corners)
        }
        // Otherwise: a corner is broken, or the triangle lies outside one plane, or a corner inside every
        // plane cannot be projected (w = 0): nothing is drawn.
    }

    /// One triangle from its clip-space corners alone (it classifies them itself): the same result as the
    /// indexed ``add(_:_:_:codes:vertices:clip:index:screen:shade:corners:)`` of a mesh, for tests and one-off use.
    mutating func add(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, index: UInt32,
                      screen: inout [ScreenTriangle], shade: inout [ShadeTriangle], corners: inout [SIMD3<Float>]) {
        let clip = [c0, c1, c2]
        let classified = classify(clip)
        add(0, 1, 2, codes: classified.codes, vertices: classified.vertices, clip: clip, index: index,
            screen: &screen, shade: &shade, corners: &corners)
    }

    /// A triangle that crosses `planes`: trivially rejected when outside the view frustum, else clipped
    /// (Sutherland–Hodgman) and fanned.
    private mutating func addClipped(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, planes: UInt8, index: UInt32,
                                     screen: inout [ScreenTriangle], shade: inout [ShadeTriangle], corners: inout [SIMD3<Float>]) {
        // Trivially outside the view frustum (same side of one plane with g = 1)?
        if c0.x > c0.w && c1.x > c1.w && c2.x > c2.w { return }
        if c0.x < -c0.w && c1.x < -c1.w && c2.x < -c2.w { return }
        if c0.y > c0.w && c1.y > c1.w && c2.y > c2.w { return }
        if c0.y < -c0.w && c1.y < -c1.w && c2.y < -c2.w { return }
        polyA.removeAll(keepingCapacity: true); baryA.removeAll(keepingCapacity: true)
        polyA.append(c0); polyA.append(c1); polyA.append(c2)
        baryA.append(SIMD3(1, 0, 0)); baryA.append(SIMD3(0, 1, 0)); baryA.append(SIMD3(0, 0, 1))
        for plane in 0..<5 where planes & (1 << plane) != 0 {
            clip(plane: plane)
            if polyA.count < 3 { return }
        }
        projected.removeAll(keepingCapacity: true)
        for c in polyA { projected.append(project(c)) }
        for k in 1..<(polyA.count - 1) {
            guard let p0 = projected[0], let pk = projected[k], let pk1 = projected[k + 1] else { continue }
            emit(p0, pk, pk1, (baryA[0], baryA[k], baryA[k + 1]), index: index, screen: &screen, shade: &shade, corners: &corners)
        }
    }

    /// Viewport mapping of one clip-space vertex: NDC to sample space (y down) with 8 fractional bits, rounded
    /// half away from zero. `nil` when w <= 0, or when the result would be past ±2^29.
    ///
    /// The guard band keeps |v| <= 2^28 (times 1 + a rounding error) for sane input. Absurd clip coordinates
    /// give more, or NaN: a clipped point between corners of very different size (1e19 and 1e33 away: it loses
    /// every digit to cancellation and lands far outside the band; near Float.max it overflows to NaN), or w so
    /// small that 1 / w is infinite. Such a vertex is refused: Int64 of NaN or of |v| >= 2^63 traps, so does
    /// Int32 of |v| >= 2^31, and the 64-bit edge functions need |v| < 2^29.
    @inline(__always)
    func project(_ c: SIMD4<Float>) -> ProjectedVertex? {
        guard c.w > 0 else { return nil }
        let iw = 1 / c.w
        let sx = (c.x * iw * 0.5 + 0.5) * width * 256
        let sy = (0.5 - c.y * iw * 0.5) * height * 256
        let limit: Float = 0x1p29
        guard sx > -limit, sx < limit, sy > -limit, sy < limit else { return nil }
        // Round half away from zero by truncation (one instruction).
        return ProjectedVertex(x: Int32(sx + (sx < 0 ? -0.5 : 0.5)), y: Int32(sy + (sy < 0 ? -0.5 : 0.5)),
                               z: c.z * iw, invW: iw)
    }

    @inline(__always)
    private func distance(_ c: SIMD4<Float>, plane: Int) -> Float {
        switch plane {
        case 0: return c.z + c.w
        case 1: return c.x + guardBand * c.w
        case 2: return guardBand * c.w - c.x
        case 3: return c.y + guardBand * c.w
        default: return guardBand * c.w - c.y
        }
    }

    /// Sutherland–Hodgman against one plane, polyA -> polyA (through polyB).
    private mutating func clip(plane: Int) {
        polyB.removeAll(keepingCapacity: true); baryB.removeAll(keepingCapacity: true)
        let n = polyA.count
        for k in 0..<n {
            let a = polyA[k], b = polyA[(k + 1) % n]
            let ba = baryA[k], bb = baryA[(k + 1) % n]
            let da = distance(a, plane: plane), db = distance(b, plane: plane)
            let ina = da >= 0, inb = db >= 0
            if ina { polyB.append(a); baryB.append(ba) }
            if ina != inb {
                // Interpolate from the inside end so shared edges give the same point.
                if ina {
                    let t = da / (da - db)
                    polyB.append(a + (b - a) * t); baryB.append(ba + (bb - ba) * t)
                } else {
                    let t = db / (db - da)
                    polyB.append(b + (a - b) * t); baryB.append(bb + (ba - bb) * t)
                }
            }
        }
        swap(&polyA, &polyB)
        swap(&baryA, &baryB)
    }

    /// Culling, winding, bounding box and planes of one triangle of projected corners.
    private func emit(_ v0: ProjectedVertex, _ v1: ProjectedVertex, _ v2: ProjectedVertex,
                      _ bary: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)?, index: UInt32,
                      screen: inout [ScreenTriangle], shade: inout [ShadeTriangle], corners: inout [SIMD3<Float>]) {
        let x0 = Int64(v0.x), y0 = Int64(v0.y)
        var x1 = Int64(v1.x), y1 = Int64(v1.y)
        var x2 = Int64(v2.x), y2 = Int64(v2.y)
        var z = SIMD3(v0.z, v1.z, v2.z)
        var area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        if area == 0 { return }
        // Counter-clockwise in NDC (y up) is negative area in y-down sample space: the front.
        let front = area < 0
        if cullBackFaces && !front { return }
        var invW = SIMD3(v0.invW, v1.invW, v2.invW)
        var b = bary
        if area < 0 {
            swap(&x1, &x2); swap(&y1, &y2)
            z = SIMD3(z.x, z.z, z.y); invW = SIMD3(invW.x, invW.z, invW.y)
            if let t = b { b = (t.0, t.2, t.1) }
            area = -area
        }
        let minX = min(x0, x1, x2), maxX = max(x0, x1, x2), minY = min(y0, y1, y2), maxY = max(y0, y1, y2)
        // Sample i's centre is i·256 + 128; the first sample right of minX and the last left of maxX.
        let i0 = max(0, -((128 - minX) >> 8)), i1 = min(Int64(samplesWide - 1), (maxX - 128) >> 8)
        let j0 = max(0, -((128 - minY) >> 8)), j1 = min(Int64(samplesHigh - 1), (maxY - 128) >> 8)
        if i0 > i1 || j0 > j1 { return }
        // Edge k is opposite vertex k: e0 = v1->v2, e1 = v2->v0, e2 = v0->v1. Top-left rule in y-down space with
        // positive area: an edge is top when horizontal going right (dy == 0, dx > 0), left when going up (dy < 0).
        @inline(__always) func bias(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> Int64 {
            let dx = bx - ax, dy = by - ay
            return (dy < 0 || (dy == 0 && dx > 0)) ? 0 : -1
        }
        // Planes in sample index space: E_k(i, j) = sx_k i + sy_k j + c_k, with E(p) = dx (py - ay) - dy (px - ax).
        let a = Double(area)
        @inline(__always) func plane(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> SIMD3<Double> {
            let dx = Double(bx - ax), dy = Double(by - ay)
            return SIMD3(-dy * 256, dx * 256, dx * (128 - Double(ay)) - dy * (128 - Double(ax)))
        }
        let p0 = plane(x1, y1, x2, y2), p1 = plane(x2, y2, x0, y0), p2 = plane(x0, y0, x1, y1)
        let zp = (p0 * Double(z.x) + p1 * Double(z.y) + p2 * Double(z.z)) / a
        screen.append(ScreenTriangle(
            x0: Int32(x0), y0: Int32(y0), x1: Int32(x1), y1: Int32(y1), x2: Int32(x2), y2: Int32(y2),
            bias0: Int32(bias(x1, y1, x2, y2)), bias1: Int32(bias(x2, y2, x0, y0)), bias2: Int32(bias(x0, y0, x1, y1)),
            i0: Int32(i0), i1: Int32(i1), j0: Int32(j0), j1: Int32(j1),
            zA: Float(zp.x), zB: Float(zp.y), zC: Float(zp.z)))
        // Shading planes in continuous sample coordinates (sample centre i + 0.5), origin at the box corner:
        // l(sx, sy) = (sx_k (sx - 0.5) + sy_k (sy - 0.5) + c_k) / area.
        let ox = Double(i0), oy = Double(j0)
        let q1 = SIMD3(p1.x / a, p1.y / a, (p1.x * (ox - 0.5) + p1.y * (oy - 0.5) + p1.z) / a)
        let q2 = SIMD3(p2.x / a, p2.y / a, (p2.x * (ox - 0.5) + p2.y * (oy - 0.5) + p2.z) / a)
        // Unclipped: corners are the original's, swapped (0, 2, 1) exactly when the winding was flipped, which
        // is when the triangle is front-facing; the resolver undoes it from `facing`.
        var clip: Int32 = -1
        if let b {
            clip = Int32(corners.count)
            corners.append(b.0); corners.append(b.1); corners.append(b.2)
        }
        shade.append(ShadeTriangle(a1: Float(q1.x), b1: Float(q1.y), c1: Float(q1.z), a2: Float(q2.x), b2: Float(q2.y), c2: Float(q2.z),
                                   ox: Float(ox), oy: Float(oy), w0: invW.x, w1: invW.y, w2: invW.z,
                                   triangle: index, facing: front ? 1 : -1, clip: clip))
    }
}

/// A vertex in sample space: fixed point with 8 fractional bits (y down), NDC depth and `1 / w`.
struct ProjectedVertex: Sendable {
    var x: Int32, y: Int32
    var z: Float, invW: Float
}
