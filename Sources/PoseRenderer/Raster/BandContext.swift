/// Receives the covered samples of one triangle, one row span at a time.
protocol SpanSink {
    /// Samples `lo...hi` of row `row` are inside triangle `id`; depth at sample i is `zA * i + zRow`.
    mutating func span(row: Int, lo: Int, hi: Int, zA: Float, zRow: Float, id: UInt32)
}

/// Counts hits per sample of one band's rows of the whole target (tests).
struct CountSink: SpanSink {
    /// The band's rows of the target's counts (`row * width + column`).
    let hits: RowWindow<UInt32>
    let width: Int

    @inline(__always)
    mutating func span(row: Int, lo: Int, hi: Int, zA: Float, zRow: Float, id: UInt32) {
        let o = row * width
        for i in lo...hi { hits[o + i] &+= 1 }
    }
}

/// The binned triangles of a frame and the raster loop over one band. Read by every worker, written by none.
struct BandContext: Sendable {
    let screen: [ScreenTriangle]
    let binStart: [Int32]
    let binItems: [UInt32]
    let samplesWide: Int
    let samplesHigh: Int
    let bandRows: Int

    init(_ frame: Rasterizer.Frame) {
        screen = frame.screen
        binStart = frame.binStart
        binItems = frame.binItems
        samplesWide = frame.samplesWide
        samplesHigh = frame.samplesHigh
        bandRows = frame.bandRows
    }

    /// The sample rows of band `band`.
    func sampleRows(of band: Int) -> Range<Int> {
        (band * bandRows)..<min(samplesHigh, (band + 1) * bandRows)
    }

    /// Every triangle binned to `band`, in list order, into `sink`.
    @inline(__always)
    func rasterBand<S: SpanSink>(_ band: Int, sink: inout S) {
        let rowLo = band * bandRows, rowHi = min(samplesHigh, rowLo + bandRows) - 1
        var k = Int(binStart[band])
        let end = Int(binStart[band + 1])
        while k < end {
            let id = binItems[k]
            rasterize(screen[Int(id)], id: id, rowLo: rowLo, rowHi: rowHi, sink: &sink)
            k += 1
        }
    }

    /// One triangle's rows `rowLo...rowHi`. Per row, each edge function is evaluated exactly (64-bit integers)
    /// at the first sample of the box, and the span where all three are >= 0 is solved from their steps, so
    /// the inner loop has no edge test. A sample exactly on an edge is inside only for top and left edges
    /// (the bias is -1 otherwise).
    @inline(__always)
    func rasterize<S: SpanSink>(_ t: ScreenTriangle, id: UInt32, rowLo: Int, rowHi: Int, sink: inout S) {
        let jStart = max(Int(t.j0), rowLo), jEnd = min(Int(t.j1), rowHi)
        if jStart > jEnd { return }
        let i0 = Int64(t.i0), i1 = Int64(t.i1)
        let px = i0 &* 256 &+ 128
        let x0 = Int64(t.x0), y0 = Int64(t.y0), x1 = Int64(t.x1), y1 = Int64(t.y1), x2 = Int64(t.x2), y2 = Int64(t.y2)
        // Edge k opposite vertex k: E(p) = dx (py - ay) - dy (px - ax); step per sample in x: -dy·256.
        let dx0 = x2 - x1, dy0 = y2 - y1
        let dx1 = x0 - x2, dy1 = y0 - y2
        let dx2 = x1 - x0, dy2 = y1 - y0
        let s0 = -dy0 &* 256, s1 = -dy1 &* 256, s2 = -dy2 &* 256
        let c0 = -dy0 &* (px - x1) &+ Int64(t.bias0)
        let c1 = -dy1 &* (px - x2) &+ Int64(t.bias1)
        let c2 = -dy2 &* (px - x0) &+ Int64(t.bias2)
        let span = i1 - i0
        if span < 12 {
            // Narrow box: test each sample (a few adds) rather than divide; inside is one run per row (convexity).
            for j in jStart...jEnd {
                let py = Int64(j) &* 256 &+ 128
                var e0 = dx0 &* (py - y1) &+ c0
                var e1 = dx1 &* (py - y2) &+ c1
                var e2 = dx2 &* (py - y0) &+ c2
                var lo: Int64 = -1, hi: Int64 = -1
                var k: Int64 = 0
                while k <= span {
                    if (e0 | e1 | e2) >= 0 {
                        if lo < 0 { lo = k }
                        hi = k
                    }
                    e0 &+= s0; e1 &+= s1; e2 &+= s2
                    k += 1
                }
                if lo >= 0 {
                    sink.span(row: j, lo: Int(i0 + lo), hi: Int(i0 + hi), zA: t.zA, zRow: t.zB * Float(j) + t.zC, id: id)
                }
            }
            return
        }
        for j in jStart...jEnd {
            let py = Int64(j) &* 256 &+ 128
            let e0 = dx0 &* (py - y1) &+ c0
            let e1 = dx1 &* (py - y2) &+ c1
            let e2 = dx2 &* (py - y0) &+ c2
            var lo: Int64 = 0, hi = i1 - i0
            if !Self.clampSpan(e0, s0, &lo, &hi) || !Self.clampSpan(e1, s1, &lo, &hi) || !Self.clampSpan(e2, s2, &lo, &hi) {
                continue
            }
            if lo > hi { continue }
            sink.span(row: j, lo: Int(i0 + lo), hi: Int(i0 + hi), zA: t.zA, zRow: t.zB * Float(j) + t.zC, id: id)
        }
    }

    /// Narrows `lo...hi` (offsets from the box's first sample) to where `e + s·k >= 0`; `false` when empty.
    @inline(__always)
    static func clampSpan(_ e: Int64, _ s: Int64, _ lo: inout Int64, _ hi: inout Int64) -> Bool {
        if s > 0 {
            if e < 0 { lo = max(lo, (-e + s - 1) / s) }
        } else if s < 0 {
            if e < 0 { return false }
            hi = min(hi, e / (-s))
        } else if e < 0 {
            return false
        }
        return lo <= hi
    }
}
