import ColladaKit

extension RenderCamera {
    /// The same camera with its image scaled by `scale` about the centre, then moved by `shift` pixels (x right,
    /// y down) on a `width x height` target: a sub-pixel exact translation of the projection, so a figure is
    /// drawn where it goes instead of being resampled.
    public func screenAdjusted(scale: Float = 1, shift: SIMD2<Float>, width: Int, height: Int) -> RenderCamera {
        // NDC' = scale · NDC + (2 dx / W, -2 dy / H); in clip space x' = scale · x + tx · w.
        let tx = 2 * shift.x / Float(max(width, 1)), ty = -2 * shift.y / Float(max(height, 1))
        let m = Matrix4x4(SIMD4(scale, 0, 0, 0), SIMD4(0, scale, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(tx, ty, 0, 1))
        var c = self
        c.projection = m * projection
        return c
    }
}
