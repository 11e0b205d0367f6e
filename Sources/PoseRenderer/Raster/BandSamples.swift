/// One worker's visibility buffer: per sample of one band (`width` samples by up to `rows` rows), the nearest
/// depth so far and the id of the triangle there (``Rasterizer/empty`` for none).
///
/// Owns its two planes for its whole life: allocated once per worker and frame, cleared, released in `deinit`
/// (it is not copyable, so there is one owner and one release). Band after band, ``raster(_:of:)`` draws into it
/// and tells the box it touched, the resolve reads that box (``id(at:)``, ``depth(at:)``) and ``clear(_:)``
/// cleans it for the next band: everything outside the box is always clean. Never shared: each worker makes
/// its own inside `Parallel.run`.
struct BandSamples: ~Copyable {
    /// Samples per row (the target's width in samples).
    let width: Int
    /// Sample rows of a band (the last band may use fewer).
    let rows: Int
    let samplesPerSide: Int
    /// First sample row (of the target) of the band held now.
    private(set) var rowStart = 0
    /// Sample rows of the band held now.
    private(set) var rowCount = 0
    private let depthPlane: UnsafeMutablePointer<Float>
    private let idPlane: UnsafeMutablePointer<UInt32>

    /// The pixels of a band that a raster touched, in whole pixels: `columns` of the target, `rows` counted from
    /// the band's first pixel row.
    struct Box {
        var columns: Range<Int>
        var rows: Range<Int>
    }

    init(width: Int, rows: Int, samplesPerSide: Int) {
        self.width = width
        self.rows = rows
        self.samplesPerSide = samplesPerSide
        depthPlane = .allocate(capacity: width * rows)
        idPlane = .allocate(capacity: width * rows)
        depthPlane.initialize(repeating: .infinity, count: width * rows)
        idPlane.initialize(repeating: Rasterizer.empty, count: width * rows)
    }

    deinit {
        depthPlane.deallocate()
        idPlane.deallocate()
    }

    /// Rasterizes band `band` of `context` (its triangles in list order, depth-tested per sample), and returns
    /// the box of pixels it drew in, `nil` when none.
    @inline(__always)
    mutating func raster(_ band: Int, of context: BandContext) -> Box? {
        assert(context.samplesWide == width && context.bandRows <= rows)
        rowStart = band * context.bandRows
        rowCount = min(context.bandRows, context.samplesHigh - rowStart)
        var sink = DepthSink(depth: depthPlane, ids: idPlane, width: width, rowStart: rowStart)
        context.rasterBand(band, sink: &sink)
        guard sink.minX <= sink.maxX else { return nil }
        // The drawn box in whole pixels: the resolve shades only it (the output starts transparent) and
        // ``clear(_:)`` puts back only it.
        let s = samplesPerSide
        let x0 = sink.minX / s * s, x1 = min(width, (sink.maxX / s + 1) * s)
        let r0 = (sink.minRow - rowStart) / s * s, r1 = min(rowCount, ((sink.maxRow - rowStart) / s + 1) * s)
        return Box(columns: (x0 / s)..<(x1 / s), rows: (r0 / s)..<(r1 / s))
    }

    /// The triangle id at sample `i` of the band (`row * width + column`, rows from the band's first).
    @inline(__always)
    func id(at i: Int) -> UInt32 {
        assert(i >= 0 && i < rowCount * width, "sample \(i) outside the band")
        return idPlane[i]
    }

    /// The triangle ids at samples `i...i+3` of the band (one row).
    @inline(__always)
    func ids4(at i: Int) -> SIMD4<UInt32> {
        assert(i >= 0 && i + 4 <= rowCount * width, "samples \(i)... outside the band")
        return UnsafeRawPointer(idPlane + i).loadUnaligned(as: SIMD4<UInt32>.self)
    }

    /// The depths at samples `i...i+3` of the band (one row).
    @inline(__always)
    func depths4(at i: Int) -> SIMD4<Float> {
        assert(i >= 0 && i + 4 <= rowCount * width, "samples \(i)... outside the band")
        return UnsafeRawPointer(depthPlane + i).loadUnaligned(as: SIMD4<Float>.self)
    }

    /// The nearest depth at sample `i` of the band (`+infinity` where nothing was drawn).
    @inline(__always)
    func depth(at i: Int) -> Float {
        assert(i >= 0 && i < rowCount * width, "sample \(i) outside the band")
        return depthPlane[i]
    }

    /// Puts back `+infinity` and ``Rasterizer/empty`` in the samples of `box` (the buffer is clean outside it).
    @inline(__always)
    mutating func clear(_ box: Box) {
        let s = samplesPerSide
        let x0 = box.columns.lowerBound * s, count = box.columns.count * s
        assert(x0 >= 0 && x0 + count <= width && box.rows.upperBound * s <= rowCount)
        for r in (box.rows.lowerBound * s)..<(box.rows.upperBound * s) {
            (depthPlane + r * width + x0).update(repeating: .infinity, count: count)
            (idPlane + r * width + x0).update(repeating: Rasterizer.empty, count: count)
        }
    }
}

/// Depth test per sample (strict `<`) writing the winner's id into a ``BandSamples``' planes; it also keeps
/// the box of samples it wrote. Made by ``BandSamples/raster(_:of:)`` for one band and gone when it returns.
private struct DepthSink: SpanSink {
    let depth: UnsafeMutablePointer<Float>
    let ids: UnsafeMutablePointer<UInt32>
    let width: Int
    let rowStart: Int
    /// The box of samples written so far (band-absolute rows); empty when `minX > maxX`.
    var minX = Int.max, maxX = -1, minRow = Int.max, maxRow = -1

    @inline(__always)
    mutating func span(row: Int, lo: Int, hi: Int, zA: Float, zRow: Float, id: UInt32) {
        if lo < minX { minX = lo }
        if hi > maxX { maxX = hi }
        if row < minRow { minRow = row }
        if row > maxRow { maxRow = row }
        let base = (row - rowStart) * width
        let d = depth + base, o = ids + base
        var i = lo
        // Four samples at a time: compare, blend, store back (the band is this worker's own memory).
        // Same arithmetic as the scalar tail, so the result does not depend on where a span starts.
        let lanes = SIMD4<Float>(0, 1, 2, 3)
        let ids4 = SIMD4<UInt32>(repeating: id)
        while i + 3 <= hi {
            let z = zA * (Float(i) + lanes) + zRow
            let dp = UnsafeMutableRawPointer(d + i), op = UnsafeMutableRawPointer(o + i)
            let old = dp.loadUnaligned(as: SIMD4<Float>.self)
            let closer = z .< old
            if any(closer) {
                dp.storeBytes(of: old.replacing(with: z, where: closer), as: SIMD4<Float>.self)
                let oldIDs = op.loadUnaligned(as: SIMD4<UInt32>.self)
                op.storeBytes(of: oldIDs.replacing(with: ids4, where: closer), as: SIMD4<UInt32>.self)
            }
            i += 4
        }
        while i <= hi {
            let z = zA * Float(i) + zRow
            if z < d[i] {
                d[i] = z
                o[i] = id
            }
            i += 1
        }
    }
}
