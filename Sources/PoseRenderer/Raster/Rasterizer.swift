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
///
/// Memory has one owner per kind: the frame's setup and bins, and the draw list's shading inputs, are arrays
/// that every worker reads and none writes; each worker owns its ``BandSamples`` and its resolve scratch; the
/// output planes (and the setup's per-chunk results) are ``SharedRows`` that the workers write at disjoint
/// rows, copied into the result once they are done.
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
        guard width > 0, height > 0, list.triangleCount > 0 else { return LinearImage(width: width, height: height) }
        guard resolve else {
            run(list, camera: camera, width: width, height: height, options: options, writer: nil as WriterMaker<LinearWriter>?)
            return LinearImage(width: width, height: height)
        }
        let pixels = SharedRows(width: width, rows: height, repeating: SIMD4<Float>.zero)
        run(list, camera: camera, width: width, height: height, options: options) { rows in
            LinearWriter(pixels: pixels.window(rows: rows))
        }
        return LinearImage(width: width, height: height, resolved: pixels)
    }

    /// Renders `list` straight into 8-bit RGBA bytes (straight alpha, sRGB-encoded, as ``SRGB/encodeStraight(_:)``
    /// would give for ``render(_:camera:width:height:options:resolve:)``'s image), converting in the parallel
    /// resolve: the fast path when no effect follows.
    public static func renderSRGB8(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                   options: RasterOptions = RasterOptions()) -> [UInt8] {
        guard width > 0, height > 0, list.triangleCount > 0 else { return [UInt8](repeating: 0, count: max(0, width * height * 4)) }
        let pixels = SharedRows(width: width, rows: height, repeating: SIMD4<UInt8>.zero)
        run(list, camera: camera, width: width, height: height, options: options) { rows in
            SRGB8Writer(pixels: pixels.window(rows: rows), table: SRGB.encodeTable)
        }
        return pixels.bytes()
    }

    /// Makes the writer on one band's rows of pixels (each worker, for each band it resolves).
    typealias WriterMaker<W: PixelWriter> = @Sendable (_ pixelRows: Range<Int>) -> W

    /// The frame's raster and resolve: setup and binning (``prepare(_:camera:samplesWide:samplesHigh:bandRows:cull:threads:)``),
    /// then the bands, each worker taking every `workers`-th band into its own ``BandSamples`` and resolving what
    /// it drew through `writer(pixelRows)`, a writer on that band's rows of the output (made per band; the
    /// bands' rows never overlap). `writer: nil` stops after the visibility pass.
    static func run<W: PixelWriter>(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                    options: RasterOptions, writer: WriterMaker<W>?) {
        let s = options.samplesPerSide
        let frame = prepare(list, camera: camera, samplesWide: width * s, samplesHigh: height * s,
                            bandRows: bandPixelRows * s, cull: options.cullBackFaces, threads: options.threads)
        let context = BandContext(frame)
        let resolver = SampleResolver<W>(frame: frame, list: list, camera: camera, lighting: options.lighting, samplesPerSide: s, width: width)
        let workers = max(1, min(options.threads, frame.bandCount))
        let bandCount = frame.bandCount
        Parallel.run(workers: workers) { w in
            var samples = BandSamples(width: frame.samplesWide, rows: frame.bandRows, samplesPerSide: s)
            var scratch = SampleResolver<W>.Scratch(samples: s * s)
            var band = w
            while band < bandCount {
                if let box = samples.raster(band, of: context) {
                    if let writer {
                        let out = writer((band * bandPixelRows)..<min(height, (band + 1) * bandPixelRows))
                        resolver.resolve(samples, box: box, into: out, scratch: &scratch)
                        if W.wantsDepth { writeDepths(samples, box: box, width: width, into: out) }
                    }
                    samples.clear(box)
                }
                band += workers
            }
        }
    }

    /// For tests: how many times each sample (row-major, `width·s x height·s`) is covered by a triangle of
    /// `list`, without depth test. A watertight mesh covers each inside sample exactly once.
    public static func sampleHits(_ list: DrawList, camera: RenderCamera, width: Int, height: Int,
                                  samplesPerSide s: Int = 1, cullBackFaces: Bool = false, threads: Int = 1) -> [UInt32] {
        let sw = width * s, sh = height * s
        guard sw > 0, sh > 0, list.triangleCount > 0 else { return [UInt32](repeating: 0, count: max(0, sw * sh)) }
        let frame = prepare(list, camera: camera, samplesWide: sw, samplesHigh: sh, bandRows: bandPixelRows * s,
                            cull: cullBackFaces, threads: threads)
        let context = BandContext(frame)
        let hits = SharedRows(width: sw, rows: sh, repeating: UInt32(0))
        let workers = max(1, min(threads, frame.bandCount))
        let bandCount = frame.bandCount
        Parallel.run(workers: workers) { w in
            var band = w
            while band < bandCount {
                var sink = CountSink(hits: hits.window(rows: context.sampleRows(of: band)), width: sw)
                context.rasterBand(band, sink: &sink)
                band += workers
            }
        }
        return hits.array()
    }

    /// What the setup of one chunk of triangles gives (clip-corner indices local to the chunk).
    struct SetupChunk: Sendable {
        var screen: [ScreenTriangle] = []
        var shade: [ShadeTriangle] = []
        var corners: [SIMD3<Float>] = []
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
        let workers = max(1, min(threads, chunks))
        // Each vertex is classified and projected once; triangles gather.
        let classified = TriangleSetup(samplesWide: samplesWide, samplesHigh: samplesHigh, cullBackFaces: cull).classify(clip)
        let indices = list.indices
        if workers == 1 {
            // One thread: every chunk in order into the frame's own arrays, which is what concatenating the chunks
            // gives (the clip-corner indices are then already the frame's), without the copies.
            var setup = TriangleSetup(samplesWide: samplesWide, samplesHigh: samplesHigh, cullBackFaces: cull)
            frame.screen.reserveCapacity(triCount); frame.shade.reserveCapacity(triCount)
            setup.add(triangles: 0..<triCount, indices: indices, codes: classified.codes, vertices: classified.vertices, clip: clip,
                      screen: &frame.screen, shade: &frame.shade, corners: &frame.corners)
            bin(&frame)
            return frame
        }
        // One row per chunk, written by the worker that sets the chunk up.
        let parts = SharedRows(width: 1, rows: chunks, repeating: SetupChunk())
        Parallel.run(workers: workers) { w in
            var setup = TriangleSetup(samplesWide: samplesWide, samplesHigh: samplesHigh, cullBackFaces: cull)
            var chunk = w
            while chunk < chunks {
                var part = SetupChunk()
                let lo = chunk * setupChunk, hi = min(triCount, lo + setupChunk)
                part.screen.reserveCapacity(hi - lo); part.shade.reserveCapacity(hi - lo)
                setup.add(triangles: lo..<hi, indices: indices, codes: classified.codes, vertices: classified.vertices, clip: clip,
                          screen: &part.screen, shade: &part.shade, corners: &part.corners)
                parts.window(rows: chunk..<(chunk + 1))[chunk] = part
                chunk += workers
            }
        }
        let chunkParts = parts.array()
        frame.screen.reserveCapacity(chunkParts.reduce(0) { $0 + $1.screen.count })
        for part in chunkParts { frame.screen.append(contentsOf: part.screen) }
        frame.shade.reserveCapacity(frame.screen.count)
        for part in chunkParts {
            // Clip-corner indices are chunk-local: rebase them on the concatenated list.
            let offset = Int32(frame.corners.count)
            frame.corners.append(contentsOf: part.corners)
            if offset == 0 {
                frame.shade.append(contentsOf: part.shade)
            } else {
                frame.shade.append(contentsOf: part.shade.map { var t = $0; if t.clip >= 0 { t.clip += offset }; return t })
            }
        }
        bin(&frame)
        return frame
    }

    /// Counting sort of (band, triangle) pairs into `frame`'s bins: bins keep list order.
    static func bin(_ frame: inout Frame) {
        let bandRows = frame.bandRows
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
    }
}
