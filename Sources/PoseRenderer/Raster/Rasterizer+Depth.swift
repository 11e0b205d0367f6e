import ColladaKit

/// A rendered image with the depth of its nearest surface per pixel.
public struct DepthImage: Sendable {
    /// Colour and coverage, premultiplied linear (as ``Rasterizer/render(_:camera:width:height:options:resolve:)``).
    public var image: LinearImage
    /// Per pixel (row-major, top row first), the nearest NDC depth (-1 at the near plane, 1 at the far plane)
    /// among its covered samples; `+infinity` where nothing was drawn.
    public var depth: [Float]
}

extension Rasterizer {
    /// Renders `list` as ``render(_:camera:width:height:options:resolve:)`` does and also keeps, per pixel, the
    /// nearest depth among its samples (the preview's depth shading and depth edges). Same cost plus
    /// O(covered samples) for the depth reduce.
    public static func renderWithDepth(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                       options: RasterOptions = RasterOptions()) -> DepthImage {
        var image = LinearImage(width: width, height: height)
        var depth = [Float](repeating: .infinity, count: image.width * image.height)
        guard width > 0, height > 0, list.triangleCount > 0 else { return DepthImage(image: image, depth: depth) }
        image.pixels.withUnsafeMutableBufferPointer { out in
            depth.withUnsafeMutableBufferPointer { z in
                guard let base = out.baseAddress, let zb = z.baseAddress else { return }
                run(list, camera: camera, width: width, height: height, options: options, resolve: true,
                    writer: LinearDepthWriter(base: base, depth: zb))
            }
        }
        return DepthImage(image: image, depth: depth)
    }

    /// Per pixel of the box (`columns` x `pixelRows`, rows counted from the band's first), the minimum of its
    /// `s x s` sample depths (`+infinity` where none is covered) into `out`.
    @inline(__always)
    static func writeDepths<W: PixelWriter>(_ depth: UnsafeMutablePointer<Float>, samplesWide sw: Int, samplesPerSide s: Int,
                                            rowStart: Int, columns: Range<Int>, pixelRows: Range<Int>, width: Int, into out: W) {
        let band0 = rowStart / s
        for local in pixelRows {
            let rowBase = local * s * sw
            let outRow = (band0 + local) * width
            for px in columns {
                var z = Float.infinity
                for b in 0..<s {
                    let r = depth + rowBase + b * sw + px * s
                    for a in 0..<s { z = min(z, r[a]) }
                }
                out.writeDepth(outRow + px, z)
            }
        }
    }
}

/// Into a ``LinearImage``'s storage and a depth plane.
struct LinearDepthWriter: PixelWriter {
    let base: UnsafeMutablePointer<SIMD4<Float>>
    let depth: UnsafeMutablePointer<Float>
    static var wantsDepth: Bool { true }
    @inline(__always) func write(_ i: Int, _ p: SIMD4<Float>) { base[i] = p }
    @inline(__always) func writeDepth(_ i: Int, _ z: Float) { depth[i] = z }
}
