import ColladaKit

/// The pixels of a preview, ready to be put into cells: coverage, brightness shaded by light and depth, colour,
/// distance and the interior depth edges. Planes are row-major, top row first, `width * height` long.
public struct PreviewRaster: Sendable {
    public let width: Int
    public let height: Int
    /// Coverage, 0...1.
    public var alpha: [Float]
    /// Brightness 0...1: the sRGB-encoded luminance of the lit colour, darkened with distance (nearest surface of the
    /// figure 1x, farthest `1 - depthShading`); 0 where nothing is drawn.
    public var shade: [Float]
    /// sRGB colour (straight), darkened with distance as ``shade``; black where nothing is drawn.
    public var color: [SIMD3<UInt8>]
    /// Distance from the camera plane in metres (camera space -z); `+infinity` where nothing is drawn.
    public var distance: [Float]
    /// 1 where a covered pixel lies just behind a nearer covered neighbour (a limb in front of the body, a fold):
    /// the interior outline.
    public var depthEdge: [UInt8]

    /// Converts a render with depth. `depthShading` (0...1) is how much darker the far side of the figure is
    /// than the near side; `edgeJump` (metres) is the step in distance between neighbouring pixels, beyond the
    /// surface's own slope there, that makes a depth edge. O(pixels).
    public init(_ rendered: DepthImage, camera: RenderCamera, depthShading: Float = 0.4, edgeJump: Float) {
        let img = rendered.image
        width = img.width
        height = img.height
        let n = width * height
        alpha = [Float](repeating: 0, count: n)
        shade = [Float](repeating: 0, count: n)
        color = [SIMD3<UInt8>](repeating: .zero, count: n)
        distance = [Float](repeating: .infinity, count: n)
        depthEdge = [UInt8](repeating: 0, count: n)
        guard n > 0, rendered.depth.count == n else { return }
        // NDC depth to distance: perspective z_ndc = -A + B / d (A, B the projection's z row), orthographic
        // z_ndc = -C d + D.
        let p = camera.projection
        let isPerspective = abs(p.columns.2.w) > 0.5
        let zA = p.columns.2.z, zB = p.columns.3.z
        var dMin = Float.infinity, dMax = -Float.infinity
        for i in 0..<n {
            let z = rendered.depth[i]
            guard z.isFinite, img.pixels[i].w > 0 else { continue }
            let d = isPerspective ? zB / (z + zA) : (zB - z) / zA
            guard d.isFinite else { continue }
            distance[i] = d
            dMin = min(dMin, d)
            dMax = max(dMax, d)
        }
        let range = dMax - dMin
        let depthScale = range > 1e-6 ? max(0, min(depthShading, 1)) / range : 0
        SRGB.encodeTable.withUnsafeBufferPointer { table in
            for i in 0..<n {
                let px = img.pixels[i]
                let a = min(max(px.w, 0), 1)
                guard a > 0, distance[i].isFinite else { continue }
                alpha[i] = a
                let c = (SIMD3(px.x, px.y, px.z) / a).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                let f = 1 - (distance[i] - dMin) * depthScale
                let y = min(1, 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z)
                shade[i] = Float(table[Int(y * 65535 + 0.5)]) / 255 * f
                let q = c * 65535 + 0.5
                let rgb = SIMD3(Float(table[Int(q.x)]), Float(table[Int(q.y)]), Float(table[Int(q.z)])) * f
                color[i] = SIMD3(UInt8(min(255, rgb.x + 0.5)), UInt8(min(255, rgb.y + 0.5)), UInt8(min(255, rgb.z + 0.5)))
            }
        }
        markDepthEdges(jump: edgeJump)
    }

    /// Marks the farther pixel of each 4-neighbour pair whose distance step exceeds `jump` plus the slope of the
    /// nearer surface (its step to its own next pixel in the same direction), so smooth surfaces seen at a
    /// grazing angle make no edge but an arm in front of the chest does.
    mutating func markDepthEdges(jump: Float) {
        let w = width, h = height
        guard w > 2, h > 2, jump > 0 else { return }
        distance.withUnsafeBufferPointer { d in
            depthEdge.withUnsafeMutableBufferPointer { e in
                @inline(__always) func check(_ near: Int, _ beyond: Int, _ far: Int) {
                    let dn = d[near], df = d[far]
                    guard dn.isFinite, df.isFinite else { return }
                    let db = beyond >= 0 ? d[beyond] : Float.infinity
                    let slope = db.isFinite ? abs(dn - db) : 0
                    if df - dn > jump + slope { e[far] = 1 }
                }
                for y in 0..<h {
                    for x in 0..<w {
                        let i = y * w + x
                        guard d[i].isFinite else { continue }
                        if x + 1 < w { check(i, x > 0 ? i - 1 : -1, i + 1) }
                        if x > 0 { check(i, x + 1 < w ? i + 1 : -1, i - 1) }
                        if y + 1 < h { check(i, y > 0 ? i - w : -1, i + w) }
                        if y > 0 { check(i, y + 1 < h ? i + w : -1, i - w) }
                    }
                }
            }
        }
    }

    /// Whether pixel `(x, y)` counts as figure: coverage at least `threshold` and not a depth edge.
    @inline(__always)
    func isSolid(_ i: Int, threshold: Float) -> Bool { alpha[i] >= threshold && depthEdge[i] == 0 }
}
