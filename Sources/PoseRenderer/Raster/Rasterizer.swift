import ColladaKit

/// The software rasterizer: triangles of a ``DrawList`` seen by a ``RenderCamera`` into a premultiplied linear
/// image.
///
/// Pipeline: vertices to clip space, each classified against the clip planes and projected once ->
/// ``TriangleSetup`` (homogeneous clipping, fixed point with 8 sub-sample bits, top-left rule) in chunks of
/// fixed size -> binning into bands of sample rows -> per band, a depth test
/// per sample (sample centres, strict `<`, so the first triangle in list order wins a tie) writing the triangle
/// id into a visibility buffer -> resolve (only the box a band drew; the rest stays transparent): per pixel, each distinct visible triangle is shaded once at the
/// centroid of its samples (perspective-correct), weighted by its sample count, in linear light.
///
/// Work is split by bands (each worker owns whole bands, picked by index) and setup by fixed-size chunks
/// concatenated in order, so the bytes never depend on the number of threads.
public enum Rasterizer {
    /// Sample rows per band, in pixels (times `samplesPerSide` in samples).
    static let bandPixelRows = 8
    static let setupChunk = 8192
    static let empty = UInt32.max

    /// Renders `list` into a `width x height` image. `resolve: false` stops after the visibility pass and
    /// returns a transparent image (used to time the raster alone).
    ///
    /// Cost: O(vertices + triangles + covered samples + pixels); memory: one band of samples per worker.
    public static func render(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                              options: RasterOptions = RasterOptions(), resolve: Bool = true) -> LinearImage {
        var image = LinearImage(width: width, height: height)
        guard width > 0, height > 0, list.triangleCount > 0 else { return image }
        image.pixels.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            run(list, camera: camera, width: width, height: height, options: options, resolve: resolve, writer: LinearWriter(base: base))
        }
        return image
    }

    /// Renders `list` straight into 8-bit RGBA bytes (straight alpha, sRGB-encoded, as ``SRGB/encodeStraight(_:)``
    /// would give for ``render(_:camera:width:height:options:resolve:)``'s image), converting in the parallel
    /// resolve: the fast path when no effect follows.
    public static func renderSRGB8(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                   options: RasterOptions = RasterOptions()) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, width * height * 4))
        guard width > 0, height > 0, list.triangleCount > 0 else { return bytes }
        SRGB.encodeTable.withUnsafeBufferPointer { table in
            bytes.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress, let t = table.baseAddress else { return }
                run(list, camera: camera, width: width, height: height, options: options, resolve: true,
                    writer: SRGB8Writer(base: base, table: t))
            }
        }
        return bytes
    }

    static func run<W: PixelWriter>(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                    options: RasterOptions, resolve: Bool, writer: W) {
        let s = options.samplesPerSide
        let frame = prepare(list, camera: camera, samplesWide: width * s, samplesHigh: height * s,
                            bandRows: bandPixelRows * s, cull: options.cullBackFaces, threads: options.threads)
        let view = camera.view
        let rot = (SIMD3(view.columns.0.x, view.columns.0.y, view.columns.0.z),
                   SIMD3(view.columns.1.x, view.columns.1.y, view.columns.1.z),
                   SIMD3(view.columns.2.x, view.columns.2.y, view.columns.2.z))
        let lights = Lighting.Prepared(options.lighting)
        let workers = max(1, min(options.threads, frame.bandCount))
        let out = SharedWriter(writer: writer)
        // Lists built by hand may carry no layers: their triangles are the figure.
        let layers = list.layer.count == list.triangleCount ? list.layer.map(\.rawValue) : [UInt8](repeating: 0, count: list.triangleCount)
        layers.withUnsafeBufferPointer { layers in
        list.cornerNormals.withUnsafeBufferPointer { normals in
        list.colorIndex.withUnsafeBufferPointer { colorIndex in
        list.palette.withUnsafeBufferPointer { palette in
        frame.screen.withUnsafeBufferPointer { screen in
        frame.shade.withUnsafeBufferPointer { shade in
        frame.corners.withUnsafeBufferPointer { corners in
        frame.binStart.withUnsafeBufferPointer { binStart in
        frame.binItems.withUnsafeBufferPointer { binItems in
            let ctx = BandContext(screen: screen, binStart: binStart, binItems: binItems,
                                  samplesWide: frame.samplesWide, samplesHigh: frame.samplesHigh, bandRows: frame.bandRows)
            let resolver = SampleResolver<W>(shade: shade, corners: corners, normals: normals, colorIndex: colorIndex, palette: palette,
                                             layers: layers, rotation: rot, lights: lights, samplesPerSide: s, width: width)
            let bandCount = frame.bandCount
            Parallel.run(workers: workers) { w in
                let bandSamples = frame.samplesWide * frame.bandRows
                let depth = UnsafeMutablePointer<Float>.allocate(capacity: bandSamples)
                let ids = UnsafeMutablePointer<UInt32>.allocate(capacity: bandSamples)
                depth.initialize(repeating: .infinity, count: bandSamples)
                ids.initialize(repeating: empty, count: bandSamples)
                var scratch = SampleResolver<W>.Scratch(samples: s * s)
                defer { depth.deallocate(); ids.deallocate(); scratch.deallocate() }
                var band = w
                while band < bandCount {
                    let rowStart = band * frame.bandRows
                    let rows = min(frame.bandRows, frame.samplesHigh - rowStart)
                    var sink = DepthSink(depth: depth, ids: ids, width: frame.samplesWide, rowStart: rowStart)
                    ctx.rasterBand(band, sink: &sink)
                    if sink.minX <= sink.maxX {
                        // Only the box that was drawn is resolved (the output starts transparent) and then cleared
                        // (the buffers are clean outside it), in whole pixels.
                        let x0 = sink.minX / s * s, x1 = min(frame.samplesWide, (sink.maxX / s + 1) * s)
                        let r0 = (sink.minRow - rowStart) / s * s, r1 = min(rows, ((sink.maxRow - rowStart) / s + 1) * s)
                        if resolve {
                            resolver.resolve(ids: ids, depth: depth, rowStart: rowStart, rows: rows, columns: (x0 / s)..<(x1 / s),
                                             pixelRows: (r0 / s)..<(r1 / s), into: out.writer, scratch: &scratch)
                            if W.wantsDepth {
                                writeDepths(depth, samplesWide: frame.samplesWide, samplesPerSide: s, rowStart: rowStart,
                                            columns: (x0 / s)..<(x1 / s), pixelRows: (r0 / s)..<(r1 / s), width: width, into: out.writer)
                            }
                        }
                        for r in r0..<r1 {
                            (depth + r * frame.samplesWide + x0).update(repeating: .infinity, count: x1 - x0)
                            (ids + r * frame.samplesWide + x0).update(repeating: empty, count: x1 - x0)
                        }
                    }
                    band += workers
                }
            }
        }}}}}}}}}
    }

    /// For tests: how many times each sample (row-major, `width·s x height·s`) is covered by a triangle of
    /// `list`, without depth test. A watertight mesh covers each inside sample exactly once.
    public static func sampleHits(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                  samplesPerSide s: Int = 1, cullBackFaces: Bool = false, threads: Int = 1) -> [UInt32] {
        let sw = width * s, sh = height * s
        var hits = [UInt32](repeating: 0, count: max(0, sw * sh))
        guard sw > 0, sh > 0, list.triangleCount > 0 else { return hits }
        let frame = prepare(list, camera: camera, samplesWide: sw, samplesHigh: sh, bandRows: bandPixelRows * s,
                            cull: cullBackFaces, threads: threads)
        let workers = max(1, min(threads, frame.bandCount))
        hits.withUnsafeMutableBufferPointer { hb in
            guard let base = hb.baseAddress else { return }
            let shared = SharedPointer(base: base)
            frame.screen.withUnsafeBufferPointer { screen in
            frame.binStart.withUnsafeBufferPointer { binStart in
            frame.binItems.withUnsafeBufferPointer { binItems in
                let ctx = BandContext(screen: screen, binStart: binStart, binItems: binItems,
                                      samplesWide: sw, samplesHigh: sh, bandRows: frame.bandRows)
                let bandCount = frame.bandCount
                Parallel.run(workers: workers) { w in
                    var band = w
                    while band < bandCount {
                        var sink = CountSink(hits: shared.base, width: sw)
                        ctx.rasterBand(band, sink: &sink)
                        band += workers
                    }
                }
            }}}
        }
        return hits
    }

    /// Setup and binning of a frame.
    struct Frame: Sendable {
        var screen: [ScreenTriangle] = []
        var shade: [ShadeTriangle] = []
        var corners: [SIMD3<Float>] = []
        var binStart: [Int32] = []
        var binItems: [UInt32] = []
        var samplesWide = 0, samplesHigh = 0, bandRows = 1, bandCount = 0
    }

    static func prepare(_ list: DrawList, camera: RenderCamera, samplesWide: Int, samplesHigh: Int, bandRows: Int,
                        cull: Bool, threads: Int) -> Frame {
        var frame = Frame()
        frame.samplesWide = samplesWide
        frame.samplesHigh = samplesHigh
        frame.bandRows = bandRows
        frame.bandCount = (samplesHigh + bandRows - 1) / bandRows
        let vp = camera.viewProjection
        let clip = list.positions.map { vp * SIMD4($0, 1) }
        let triCount = list.triangleCount
        let chunks = (triCount + setupChunk - 1) / setupChunk
        var chunkScreen = [[ScreenTriangle]](repeating: [], count: chunks)
        var chunkShade = [[ShadeTriangle]](repeating: [], count: chunks)
        var chunkCorners = [[SIMD3<Float>]](repeating: [], count: chunks)
        let workers = max(1, min(threads, chunks))
        // Each vertex is classified and projected once; triangles gather.
        let classified = clip.withUnsafeBufferPointer {
            TriangleSetup(samplesWide: samplesWide, samplesHigh: samplesHigh, cullBackFaces: cull).classify($0)
        }
        chunkScreen.withUnsafeMutableBufferPointer { cs in
        chunkShade.withUnsafeMutableBufferPointer { ch in
        chunkCorners.withUnsafeMutableBufferPointer { cc in
        clip.withUnsafeBufferPointer { cp in
        classified.codes.withUnsafeBufferPointer { codes in
        classified.vertices.withUnsafeBufferPointer { vertices in
        list.indices.withUnsafeBufferPointer { idx in
            guard let csBase = cs.baseAddress, let chBase = ch.baseAddress, let ccBase = cc.baseAddress else { return }
            let outScreen = SharedPointer(base: csBase), outShade = SharedPointer(base: chBase), outCorners = SharedPointer(base: ccBase)
            let vcount = cp.count
            let cpp = SharedBuffer(buffer: cp), idxp = SharedBuffer(buffer: idx)
            let codesp = SharedBuffer(buffer: codes), verticesp = SharedBuffer(buffer: vertices)
            Parallel.run(workers: workers) { w in
                var setup = TriangleSetup(samplesWide: samplesWide, samplesHigh: samplesHigh, cullBackFaces: cull)
                var chunk = w
                while chunk < chunks {
                    var scr: [ScreenTriangle] = [], shd: [ShadeTriangle] = [], crn: [SIMD3<Float>] = []
                    let lo = chunk * setupChunk, hi = min(triCount, lo + setupChunk)
                    scr.reserveCapacity(hi - lo); shd.reserveCapacity(hi - lo)
                    let cp = cpp.buffer, idx = idxp.buffer, codes = codesp.buffer, vertices = verticesp.buffer
                    for t in lo..<hi {
                        let a = Int(idx[3 * t]), b = Int(idx[3 * t + 1]), c = Int(idx[3 * t + 2])
                        guard a < vcount, b < vcount, c < vcount else { continue }
                        setup.add(a, b, c, codes: codes, vertices: vertices, clip: cp, index: UInt32(t),
                                  screen: &scr, shade: &shd, corners: &crn)
                    }
                    outScreen.base[chunk] = scr
                    outShade.base[chunk] = shd
                    outCorners.base[chunk] = crn
                    chunk += workers
                }
            }
        }}}}}}}
        frame.screen.reserveCapacity(chunkScreen.reduce(0) { $0 + $1.count })
        for c in chunkScreen { frame.screen.append(contentsOf: c) }
        frame.shade.reserveCapacity(frame.screen.count)
        for (k, c) in chunkShade.enumerated() {
            // Clip-corner indices are chunk-local: rebase them on the concatenated list.
            let offset = Int32(frame.corners.count)
            frame.corners.append(contentsOf: chunkCorners[k])
            if offset == 0 {
                frame.shade.append(contentsOf: c)
            } else {
                frame.shade.append(contentsOf: c.map { var t = $0; if t.clip >= 0 { t.clip += offset }; return t })
            }
        }
        // Counting sort of (band, triangle) pairs: bins keep list order.
        var start = [Int32](repeating: 0, count: frame.bandCount + 1)
        for t in frame.screen {
            let b0 = Int(t.j0) / bandRows, b1 = Int(t.j1) / bandRows
            for b in b0...b1 { start[b + 1] += 1 }
        }
        for b in 0..<frame.bandCount { start[b + 1] += start[b] }
        var fill = start
        var items = [UInt32](repeating: 0, count: Int(start[frame.bandCount]))
        for (k, t) in frame.screen.enumerated() {
            let b0 = Int(t.j0) / bandRows, b1 = Int(t.j1) / bandRows
            for b in b0...b1 {
                items[Int(fill[b])] = UInt32(k)
                fill[b] += 1
            }
        }
        frame.binStart = start
        frame.binItems = items
        return frame
    }
}
