import ColladaKit

/// Turns one band of the visibility buffer into pixels: per pixel, each distinct visible triangle is shaded once,
/// at the centroid of its samples (inside the triangle, as a convex set holds the centroid of its points), and
/// weighted by its share of the samples; alpha is the covered share. All in linear light, premultiplied.
///
/// Holds the frame's shading inputs (read by every worker, written by none) in arrays.
struct SampleResolver<Writer: PixelWriter>: Sendable {
    let shade: [ShadeTriangle]
    let corners: [SIMD3<Float>]
    let normals: [SIMD3<Float>]
    let colorIndex: [UInt16]
    let palette: [SIMD3<Float>]
    /// Per triangle, its ``DrawList/Layer`` raw value (as many as the list has triangles).
    let layers: [UInt8]
    let rotation: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)
    let lights: Lighting.Prepared
    let samplesPerSide: Int
    let width: Int

    /// The shading inputs of `frame`, set up from `list` for `camera`.
    init(frame: Rasterizer.Frame, list: DrawList, camera: RenderCamera, lighting: Lighting, samplesPerSide: Int, width: Int) {
        shade = frame.shade
        corners = frame.corners
        normals = list.cornerNormals
        colorIndex = list.colorIndex
        palette = list.palette
        // Lists built by hand may carry no layers: their triangles are the figure.
        layers = list.layer.count == list.triangleCount ? list.layer.map(\.rawValue) : [UInt8](repeating: 0, count: list.triangleCount)
        let view = camera.view
        rotation = (SIMD3(view.columns.0.x, view.columns.0.y, view.columns.0.z),
                    SIMD3(view.columns.1.x, view.columns.1.y, view.columns.1.z),
                    SIMD3(view.columns.2.x, view.columns.2.y, view.columns.2.z))
        lights = Lighting.Prepared(lighting)
        self.samplesPerSide = samplesPerSide
        self.width = width
    }

    /// Per-worker grouping slots (one per sample of a pixel), owned for the worker's whole run: allocated once,
    /// released in `deinit`; not copyable, so never shared.
    struct Scratch: ~Copyable {
        fileprivate let id: UnsafeMutablePointer<UInt32>
        fileprivate let count: UnsafeMutablePointer<Int32>
        fileprivate let sum: UnsafeMutablePointer<SIMD2<Float>>

        init(samples: Int) {
            id = .allocate(capacity: samples)
            count = .allocate(capacity: samples)
            sum = .allocate(capacity: samples)
        }

        deinit {
            id.deallocate(); count.deallocate(); sum.deallocate()
        }
    }

    /// Linear colour of screen triangle `id` at sample-space point `p`.
    @inline(__always)
    func color(_ id: UInt32, at p: SIMD2<Float>) -> SIMD3<Float> {
        let r = shade[Int(id)]
        let b = r.originalBarycentrics(at: p, corners: corners)
        let t = Int(r.triangle)
        let nw = normals[3 * t] * b.x + normals[3 * t + 1] * b.y + normals[3 * t + 2] * b.z
        var n = rotation.0 * nw.x + rotation.1 * nw.y + rotation.2 * nw.z
        let len2 = (n * n).sum()
        n = len2 > 1e-20 ? n * (r.facing / len2.squareRoot()) : SIMD3(0, 0, 1)
        let albedo = palette[Int(colorIndex[t])]
        return layers[t] == 0 ? lights.shade(albedo: albedo, normal: n) : lights.shadeFlat(albedo: albedo, normal: n)
    }

    /// Whether screen triangle `id` belongs to the figure.
    @inline(__always)
    func isFigure(_ id: UInt32) -> Bool { layers[Int(shade[Int(id)].triangle)] == 0 }

    /// Whether screen triangle `id` belongs to a prop (not the figure, not the floor).
    @inline(__always)
    func isProp(_ id: UInt32) -> Bool { layers[Int(shade[Int(id)].triangle)] == DrawList.Layer.prop.rawValue }

    /// Resolves the pixels of `box` (columns of the image, rows counted from the band's first pixel row) of the
    /// band `band` holds into `out` (the whole image, `width` wide).
    func resolve(_ band: borrowing BandSamples, box: BandSamples.Box, into out: Writer, scratch: inout Scratch) {
        let s = samplesPerSide, sw = width * s, n = Float(s * s)
        let empty = Rasterizer.empty
        let band0 = band.rowStart / s
        let columns = box.columns
        for local in box.rows {
            let py = band0 + local
            let rowBase = (local * s) * sw
            let outRow = py * width
            for px in columns {
                let first = band.id(at: rowBase + px * s)
                var same = true
                if s == 4 {
                    // The usual 4x4 samples: a row of ids is one 16-byte compare.
                    let all = SIMD4<UInt32>(repeating: first)
                    for b in 0..<4 where any(band.ids4(at: rowBase + b * sw + px * 4) .!= all) { same = false; break }
                } else {
                    for b in 0..<s {
                        let r = rowBase + b * sw + px * s
                        for a in 0..<s where band.id(at: r + a) != first { same = false }
                    }
                }
                if same {
                    if first == empty {
                        out.write(outRow + px, .zero)
                    } else {
                        let c = color(first, at: SIMD2(Float(px * s) + Float(s) / 2, Float(py * s) + Float(s) / 2))
                        out.write(outRow + px, SIMD4(c, 1))
                        if Writer.wantsLayers {
                            if isFigure(first) {
                                var z = Float.infinity
                                if s == 4 {
                                    // Four rows of four depths: three vector minimums, then the lanes' (depths are never NaN).
                                    let r = rowBase + px * 4
                                    let m = pointwiseMin(pointwiseMin(band.depths4(at: r), band.depths4(at: r + sw)),
                                                         pointwiseMin(band.depths4(at: r + 2 * sw), band.depths4(at: r + 3 * sw)))
                                    z = m.min()
                                } else {
                                    for b in 0..<s {
                                        let r = rowBase + b * sw + px * s
                                        for a in 0..<s { z = min(z, band.depth(at: r + a)) }
                                    }
                                }
                                out.writeLayers(outRow + px, figure: SIMD4(c, 1), depth: z, prop: 0)
                            } else {
                                out.writeLayers(outRow + px, figure: .zero, depth: .infinity, prop: isProp(first) ? 1 : 0)
                            }
                        }
                    }
                    continue
                }
                var groups = 0, covered: Int32 = 0
                for b in 0..<s {
                    let r = rowBase + b * sw + px * s
                    for a in 0..<s {
                        let id = band.id(at: r + a)
                        if id == empty { continue }
                        covered += 1
                        var g = 0
                        while g < groups && scratch.id[g] != id { g += 1 }
                        if g == groups {
                            scratch.id[g] = id; scratch.count[g] = 0; scratch.sum[g] = .zero
                            groups += 1
                        }
                        scratch.count[g] += 1
                        scratch.sum[g] += SIMD2(Float(a) + 0.5, Float(b) + 0.5)
                    }
                }
                var acc = SIMD3<Float>.zero, figure = SIMD4<Float>.zero, prop: Float = 0
                for g in 0..<groups {
                    let cnt = Float(scratch.count[g])
                    let p = SIMD2(Float(px * s), Float(py * s)) + scratch.sum[g] / cnt
                    let c = color(scratch.id[g], at: p) * cnt
                    acc += c
                    if Writer.wantsLayers {
                        if isFigure(scratch.id[g]) { figure += SIMD4(c, cnt) } else if isProp(scratch.id[g]) { prop += cnt }
                    }
                }
                out.write(outRow + px, SIMD4(acc / n, Float(covered) / n))
                if Writer.wantsLayers {
                    var z = Float.infinity
                    if figure.w > 0 {
                        for b in 0..<s {
                            let r = rowBase + b * sw + px * s
                            for a in 0..<s {
                                let id = band.id(at: r + a)
                                if id != empty && isFigure(id) { z = min(z, band.depth(at: r + a)) }
                            }
                        }
                    }
                    out.writeLayers(outRow + px, figure: figure / n, depth: z, prop: prop / n)
                }
            }
        }
    }
}

/// Where resolved pixels go (specialised per writer, no dynamic dispatch in the loop). A writer is made by each
/// worker for its band (it holds ``RowWindow``s); its type is used by every worker, hence `SendableMetatype`.
protocol PixelWriter: SendableMetatype {
    /// Stores premultiplied linear pixel `p` at index `i` (`y * width + x`).
    func write(_ i: Int, _ p: SIMD4<Float>)
    /// Whether the raster also reduces each pixel's sample depths for ``writeDepth(_:_:)``.
    static var wantsDepth: Bool { get }
    /// Stores the nearest NDC depth among pixel `i`'s covered samples (only pixels in a drawn box get one).
    func writeDepth(_ i: Int, _ z: Float)
    /// Whether the resolve also splits out the figure's part of each pixel for ``writeLayers(_:figure:depth:prop:)``.
    static var wantsLayers: Bool { get }
    /// Stores the figure's share of pixel `i` (premultiplied linear, alpha its coverage; the rest of the
    /// pixel is props and floor), the nearest NDC depth among its figure samples (`+infinity`: none) and the props'
    /// coverage (the floor's not counted).
    func writeLayers(_ i: Int, figure: SIMD4<Float>, depth: Float, prop: Float)
}

extension PixelWriter {
    static var wantsDepth: Bool { false }
    @inline(__always) func writeDepth(_ i: Int, _ z: Float) {}
    static var wantsLayers: Bool { false }
    @inline(__always) func writeLayers(_ i: Int, figure: SIMD4<Float>, depth: Float, prop: Float) {}
}

/// Into one band's rows of a linear image's pixels.
struct LinearWriter: PixelWriter {
    let pixels: RowWindow<SIMD4<Float>>
    @inline(__always) func write(_ i: Int, _ p: SIMD4<Float>) { pixels[i] = p }
}

/// Into one band's rows of straight-alpha sRGB pixels, 4 bytes each (``SRGB/encodePixel(_:table:)``).
struct SRGB8Writer: PixelWriter {
    let pixels: RowWindow<SIMD4<UInt8>>
    /// ``SRGB/encodeTable``.
    let table: [UInt8]
    @inline(__always) func write(_ i: Int, _ p: SIMD4<Float>) { pixels[i] = SRGB.encodePixel(p, table: table) }
}
