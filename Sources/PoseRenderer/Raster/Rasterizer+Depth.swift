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
        guard width > 0, height > 0, list.triangleCount > 0 else {
            let image = LinearImage(width: width, height: height)
            return DepthImage(image: image, depth: [Float](repeating: .infinity, count: image.width * image.height))
        }
        let pixels = SharedRows(width: width, rows: height, repeating: SIMD4<Float>.zero)
        let depth = SharedRows(width: width, rows: height, repeating: Float.infinity)
        run(list, camera: camera, width: width, height: height, options: options) { rows in
            LinearDepthWriter(pixels: pixels.window(rows: rows), depth: depth.window(rows: rows))
        }
        return DepthImage(image: LinearImage(width: width, height: height, resolved: pixels), depth: depth.array())
    }

    /// Per pixel of `box` (columns of the image, rows counted from the band's first pixel row) of the band
    /// `band` holds, the minimum of its `s x s` sample depths (`+infinity` where none is covered) into `out`
    /// (the whole image, `width` wide).
    @inline(__always)
    static func writeDepths<W: PixelWriter>(_ band: borrowing BandSamples, box: BandSamples.Box, width: Int, into out: W) {
        let s = band.samplesPerSide, sw = band.width
        let band0 = band.rowStart / s
        for local in box.rows {
            let rowBase = local * s * sw
            let outRow = (band0 + local) * width
            for px in box.columns {
                var z = Float.infinity
                for b in 0..<s {
                    let r = rowBase + b * sw + px * s
                    for a in 0..<s { z = min(z, band.depth(at: r + a)) }
                }
                out.writeDepth(outRow + px, z)
            }
        }
    }
}

/// Into one band's rows of a linear image's pixels and of a depth plane.
struct LinearDepthWriter: PixelWriter {
    let pixels: RowWindow<SIMD4<Float>>
    let depth: RowWindow<Float>
    static var wantsDepth: Bool { true }
    @inline(__always) func write(_ i: Int, _ p: SIMD4<Float>) { pixels[i] = p }
    @inline(__always) func writeDepth(_ i: Int, _ z: Float) { depth[i] = z }
}

/// A render split for the icons: the whole image, the figure's share of each pixel, and the figure's nearest
/// depth per pixel (what ``Ink`` outlines).
public struct LayeredImage: Sendable {
    /// Everything drawn (figure, props, floor), premultiplied linear.
    public var image: LinearImage
    /// The figure's share of each pixel (premultiplied linear; alpha is the figure's coverage). `image` minus
    /// this is the props and the floor.
    public var figure: LinearImage
    /// Per pixel, the distance from the eye (metres, along the view axis) of the nearest figure sample;
    /// `+infinity` where the figure does not cover the pixel.
    public var figureDepth: [Float]
    /// Per pixel, the props' coverage (the ``DrawList/Layer/prop`` samples; not the floor's): where a ball lies
    /// on the floor, its edge is here and not in `image`'s alpha. Empty: no props (or none told apart).
    public var propCoverage: [Float]

    public init(image: LinearImage, figure: LinearImage, figureDepth: [Float], propCoverage: [Float] = []) {
        self.image = image
        self.figure = figure
        self.figureDepth = figureDepth
        self.propCoverage = propCoverage
    }
}

extension Rasterizer {
    /// Renders `list` as ``render(_:camera:width:height:options:resolve:)`` does and also splits out the figure's
    /// layer (``DrawList/layer``) and its depth. Same cost plus O(pixels).
    public static func renderLayered(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                     options: RasterOptions = RasterOptions()) -> LayeredImage {
        guard width > 0, height > 0, list.triangleCount > 0 else {
            let image = LinearImage(width: width, height: height)
            return LayeredImage(image: image, figure: image, figureDepth: [Float](repeating: .infinity, count: image.width * image.height))
        }
        let pixels = SharedRows(width: width, rows: height, repeating: SIMD4<Float>.zero)
        let figurePixels = SharedRows(width: width, rows: height, repeating: SIMD4<Float>.zero)
        let figureDepth = SharedRows(width: width, rows: height, repeating: Float.infinity)
        let props = SharedRows(width: width, rows: height, repeating: Float(0))
        run(list, camera: camera, width: width, height: height, options: options) { rows in
            LayeredWriter(pixels: pixels.window(rows: rows), figure: figurePixels.window(rows: rows), depth: figureDepth.window(rows: rows),
                          prop: props.window(rows: rows))
        }
        let image = LinearImage(width: width, height: height, resolved: pixels)
        let figure = LinearImage(width: width, height: height, resolved: figurePixels)
        var depth = figureDepth.array()
        // NDC depth to distance along the view axis: z_clip = c2.z·z + c3.z, w_clip = c2.w·z + c3.w (z the camera-space
        // z, negative in front), so z = (c3.z - ndc·c3.w) / (ndc·c2.w - c2.z); perspective and orthographic alike.
        let p = camera.projection
        let c2z = p.columns.2.z, c2w = p.columns.2.w, c3z = p.columns.3.z, c3w = p.columns.3.w
        for i in depth.indices where depth[i].isFinite {
            let ndc = depth[i]
            let den = ndc * c2w - c2z
            depth[i] = den != 0 ? -(c3z - ndc * c3w) / den : .infinity
        }
        return LayeredImage(image: image, figure: figure, figureDepth: depth, propCoverage: props.array())
    }
}

/// Into one band's rows of a ``LayeredImage``'s planes.
struct LayeredWriter: PixelWriter {
    let pixels: RowWindow<SIMD4<Float>>
    let figure: RowWindow<SIMD4<Float>>
    let depth: RowWindow<Float>
    let prop: RowWindow<Float>
    static var wantsLayers: Bool { true }
    @inline(__always) func write(_ i: Int, _ p: SIMD4<Float>) { pixels[i] = p }
    @inline(__always) func writeLayers(_ i: Int, figure f: SIMD4<Float>, depth z: Float, prop q: Float) {
        figure[i] = f; depth[i] = z; prop[i] = q
    }
}
