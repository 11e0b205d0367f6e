/// Turns one band of the visibility buffer into pixels: per pixel, each distinct visible triangle is shaded once,
/// at the centroid of its samples (inside the triangle, as a convex set holds the centroid of its points), and
/// weighted by its share of the samples; alpha is the covered share. All in linear light, premultiplied.
struct SampleResolver<Writer: PixelWriter>: @unchecked Sendable {
    let shade: UnsafeBufferPointer<ShadeTriangle>
    let corners: UnsafeBufferPointer<SIMD3<Float>>
    let normals: UnsafeBufferPointer<SIMD3<Float>>
    let colorIndex: UnsafeBufferPointer<UInt16>
    let palette: UnsafeBufferPointer<SIMD3<Float>>
    /// Per triangle, its ``DrawList/Layer`` raw value (as many as the list has triangles).
    let layers: UnsafeBufferPointer<UInt8>
    let rotation: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)
    let lights: Lighting.Prepared
    let samplesPerSide: Int
    let width: Int

    /// Per-worker grouping buffers (one slot per sample of a pixel).
    struct Scratch {
        let id: UnsafeMutablePointer<UInt32>
        let count: UnsafeMutablePointer<Int32>
        let sum: UnsafeMutablePointer<SIMD2<Float>>

        init(samples: Int) {
            id = .allocate(capacity: samples)
            count = .allocate(capacity: samples)
            sum = .allocate(capacity: samples)
        }

        func deallocate() {
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

    /// Resolves pixels `columns` of the band's pixel rows `pixelRows` (counted from the band's first) into `out`
    /// (the whole image, `width` wide). The band's sample rows start at `rowStart`; `ids` holds them.
    func resolve(ids: UnsafeMutablePointer<UInt32>, depth: UnsafeMutablePointer<Float>, rowStart: Int, rows: Int,
                 columns: Range<Int>, pixelRows: Range<Int>, into out: Writer, scratch: inout Scratch) {
        let s = samplesPerSide, sw = width * s, n = Float(s * s)
        let empty = Rasterizer.empty
        let band0 = rowStart / s
        for local in pixelRows {
            let py = band0 + local
            let rowBase = (local * s) * sw
            let outRow = py * width
            for px in columns {
                let first = ids[rowBase + px * s]
                var same = true
                for b in 0..<s {
                    let r = ids + rowBase + b * sw + px * s
                    for a in 0..<s where r[a] != first { same = false }
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
                                for b in 0..<s {
                                    let r = depth + rowBase + b * sw + px * s
                                    for a in 0..<s { z = min(z, r[a]) }
                                }
                                out.writeLayers(outRow + px, figure: SIMD4(c, 1), depth: z)
                            } else {
                                out.writeLayers(outRow + px, figure: .zero, depth: .infinity)
                            }
                        }
                    }
                    continue
                }
                var groups = 0, covered: Int32 = 0
                for b in 0..<s {
                    let r = ids + rowBase + b * sw + px * s
                    for a in 0..<s {
                        let id = r[a]
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
                var acc = SIMD3<Float>.zero, figure = SIMD4<Float>.zero
                for g in 0..<groups {
                    let cnt = Float(scratch.count[g])
                    let p = SIMD2(Float(px * s), Float(py * s)) + scratch.sum[g] / cnt
                    let c = color(scratch.id[g], at: p) * cnt
                    acc += c
                    if Writer.wantsLayers && isFigure(scratch.id[g]) { figure += SIMD4(c, cnt) }
                }
                out.write(outRow + px, SIMD4(acc / n, Float(covered) / n))
                if Writer.wantsLayers {
                    var z = Float.infinity
                    if figure.w > 0 {
                        for b in 0..<s {
                            let r = ids + rowBase + b * sw + px * s, d = depth + rowBase + b * sw + px * s
                            for a in 0..<s where r[a] != empty && isFigure(r[a]) { z = min(z, d[a]) }
                        }
                    }
                    out.writeLayers(outRow + px, figure: figure / n, depth: z)
                }
            }
        }
    }
}

/// Where resolved pixels go (specialised per writer, no dynamic dispatch in the loop).
protocol PixelWriter {
    /// Stores premultiplied linear pixel `p` at index `i` (`y * width + x`).
    func write(_ i: Int, _ p: SIMD4<Float>)
    /// Whether the raster also reduces each pixel's sample depths for ``writeDepth(_:_:)``.
    static var wantsDepth: Bool { get }
    /// Stores the nearest NDC depth among pixel `i`'s covered samples (only pixels in a drawn box get one).
    func writeDepth(_ i: Int, _ z: Float)
    /// Whether the resolve also splits out the figure's part of each pixel for ``writeLayers(_:figure:depth:)``.
    static var wantsLayers: Bool { get }
    /// Stores the figure's share of pixel `i` (premultiplied linear, alpha its coverage; the rest of the
    /// pixel is props and floor) and the nearest NDC depth among its figure samples (`+infinity`: none).
    func writeLayers(_ i: Int, figure: SIMD4<Float>, depth: Float)
}

extension PixelWriter {
    static var wantsDepth: Bool { false }
    @inline(__always) func writeDepth(_ i: Int, _ z: Float) {}
    static var wantsLayers: Bool { false }
    @inline(__always) func writeLayers(_ i: Int, figure: SIMD4<Float>, depth: Float) {}
}

/// Into a ``LinearImage``'s storage.
struct LinearWriter: PixelWriter {
    let base: UnsafeMutablePointer<SIMD4<Float>>
    @inline(__always) func write(_ i: Int, _ p: SIMD4<Float>) { base[i] = p }
}

/// Straight-alpha sRGB bytes, 4 per pixel (``SRGB/encodePixel(_:table:)``).
struct SRGB8Writer: PixelWriter {
    let base: UnsafeMutablePointer<UInt8>
    let table: UnsafePointer<UInt8>
    @inline(__always) func write(_ i: Int, _ p: SIMD4<Float>) {
        let v = SRGB.encodePixel(p, table: table)
        (base + 4 * i).withMemoryRebound(to: SIMD4<UInt8>.self, capacity: 1) { $0.pointee = v }
    }
}
