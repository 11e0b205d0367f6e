/// One triangle after clipping and viewport mapping, as the raster loop needs it: vertices in fixed point
/// (8 fractional bits) in sample units, the top-left bias of each edge, the sample bounding box and the
/// depth plane. Winding is normalised so that the signed area is positive (inside: all edge functions >= 0).
struct ScreenTriangle: Sendable {
    var x0: Int64, y0: Int64, x1: Int64, y1: Int64, x2: Int64, y2: Int64
    /// 0 for a top or left edge, -1 otherwise (edge k is the one opposite vertex k).
    var bias0: Int64, bias1: Int64, bias2: Int64
    /// Inclusive sample bounding box, clamped to the target.
    var i0: Int32, i1: Int32, j0: Int32, j1: Int32
    /// Depth (NDC z) at sample (i, j) is `zA * i + zB * j + zC`.
    var zA: Float, zB: Float, zC: Float
}

/// What shading needs of a screen triangle: its screen barycentrics as planes, perspective terms, and where its
/// corners lie in the original (unclipped) triangle.
struct ShadeTriangle: Sendable {
    /// Screen-space barycentric of vertex 1 (and 2) at sample-space point (sx, sy):
    /// `l = A * (sx - ox) + B * (sy - oy) + C` with `(A, B, C)` stored here.
    var l1: SIMD3<Float>
    var l2: SIMD3<Float>
    /// Plane origin (sample units).
    var origin: SIMD2<Float>
    /// `1 / w` of each corner.
    var invW: SIMD3<Float>
    /// Barycentrics of each corner in the original triangle (unit vectors when not clipped).
    var b0: SIMD3<Float>, b1: SIMD3<Float>, b2: SIMD3<Float>
    /// Index of the original triangle in the draw list.
    var triangle: UInt32
    /// +1 when the original triangle faces the camera, -1 when its back is seen (normals are flipped).
    var facing: Float

    /// Perspective-correct barycentrics in the original triangle at sample-space point `p`.
    @inline(__always)
    func barycentrics(at p: SIMD2<Float>) -> SIMD3<Float> {
        let d = p - origin
        let a1 = l1.x * d.x + l1.y * d.y + l1.z
        let a2 = l2.x * d.x + l2.y * d.y + l2.z
        // Perspective correction: attributes are affine in screen space only after division by w.
        var q = SIMD3(1 - a1 - a2, a1, a2) * invW
        q = q.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: .greatestFiniteMagnitude))
        let s = q.sum()
        let b = s > 0 ? q / s : SIMD3<Float>(1, 0, 0)
        return b0 * b.x + b1 * b.y + b2 * b.z
    }
}
