/// One triangle after clipping and viewport mapping, as the raster loop needs it (64 bytes): vertices in fixed
/// point (8 fractional bits) in sample units, within ±2^28 thanks to the guard band (edge functions are
/// evaluated in 64 bits), the top-left bias of each edge, the sample bounding box and the depth plane.
/// Winding is normalised so that the signed area is positive (inside: all edge functions >= 0).
struct ScreenTriangle: Sendable {
    var x0: Int32, y0: Int32, x1: Int32, y1: Int32, x2: Int32, y2: Int32
    /// 0 for a top or left edge, -1 otherwise (edge k is the one opposite vertex k).
    var bias0: Int32, bias1: Int32, bias2: Int32
    /// Inclusive sample bounding box, clamped to the target.
    var i0: Int32, i1: Int32, j0: Int32, j1: Int32
    /// Depth (NDC z) at sample (i, j) is `zA * i + zB * j + zC`.
    var zA: Float, zB: Float, zC: Float
}

/// What shading needs of a screen triangle (60 bytes, scalar fields, so the resolve's random reads stay in
/// few cache lines): its screen barycentrics as planes, perspective terms, and where its corners lie in the
/// original triangle when it was clipped.
struct ShadeTriangle: Sendable {
    /// Screen-space barycentric of vertex 1 at sample-space point (sx, sy): `a1 (sx - ox) + b1 (sy - oy) + c1`;
    /// likewise vertex 2 with `a2, b2, c2`.
    var a1: Float, b1: Float, c1: Float
    var a2: Float, b2: Float, c2: Float
    /// Plane origin (sample units).
    var ox: Float, oy: Float
    /// `1 / w` of each corner.
    var w0: Float, w1: Float, w2: Float
    /// Index of the original triangle in the draw list.
    var triangle: UInt32
    /// +1 when the original triangle faces the camera, -1 when its back is seen (normals are flipped).
    var facing: Float
    /// For a piece of a clipped triangle, the index of its first corner in the frame's clip-corner list (three
    /// barycentric triples in the original triangle); -1 when not clipped (corners are the original's).
    var clip: Int32

    /// Screen-space (affine, not perspective-corrected) barycentrics at sample-space point `p`; all >= 0 inside.
    @inline(__always)
    func screenLambdas(at p: SIMD2<Float>) -> SIMD3<Float> {
        let dx = p.x - ox, dy = p.y - oy
        let l1 = a1 * dx + b1 * dy + c1
        let l2 = a2 * dx + b2 * dy + c2
        return SIMD3(1 - l1 - l2, l1, l2)
    }

    /// Perspective-correct barycentrics at sample-space point `p`, in this screen triangle's corners (clamped to
    /// the triangle: a centroid just outside by rounding shades as its nearest edge).
    @inline(__always)
    func screenBarycentrics(at p: SIMD2<Float>) -> SIMD3<Float> {
        let dx = p.x - ox, dy = p.y - oy
        let l1 = a1 * dx + b1 * dy + c1
        let l2 = a2 * dx + b2 * dy + c2
        // Perspective correction: attributes are affine in screen space only after division by w.
        let q = SIMD3(max(0, 1 - l1 - l2) * w0, max(0, l1) * w1, max(0, l2) * w2)
        let s = q.sum()
        return s > 0 ? q / s : SIMD3<Float>(1, 0, 0)
    }

    /// Perspective-correct barycentrics in the original triangle of the draw list at sample-space point `p`.
    /// `corners` is the frame's clip-corner list (see ``clip``).
    @inline(__always)
    func originalBarycentrics(at p: SIMD2<Float>, corners: [SIMD3<Float>]) -> SIMD3<Float> {
        let sb = screenBarycentrics(at: p)
        if clip >= 0 {
            let k = Int(clip)
            return corners[k] * sb.x + corners[k + 1] * sb.y + corners[k + 2] * sb.z
        }
        // Unclipped front faces had corners 1 and 2 swapped to make the area positive.
        return facing > 0 ? SIMD3(sb.x, sb.z, sb.y) : sb
    }
}
