import Testing
@testable import PoseRenderer

/// The raster's memory owners: ``SharedRows`` (shared by the workers, written at disjoint rows) and
/// ``BandSamples`` (one worker's visibility buffer, clean outside the box it reports).
@Suite struct RasterBuffersTests {
    /// Bands of `bandRows` rows, as the raster cuts a target of `rows` rows (the last band shorter).
    static func bands(rows: Int, bandRows: Int) -> [Range<Int>] {
        stride(from: 0, to: rows, by: bandRows).map { $0..<min(rows, $0 + bandRows) }
    }

    /// The windows of the bands tile the buffer: in order, without gap or overlap, from 0 to the last element.
    @Test(arguments: [(1, 1, 1), (7, 13, 4), (40, 32, 8), (3, 9, 9), (5, 10, 16)])
    func bandWindowsAreDisjointAndCoverTheBuffer(width: Int, rows: Int, bandRows: Int) {
        let buffer = SharedRows(width: width, rows: rows, repeating: Float(0))
        var next = 0
        for band in Self.bands(rows: rows, bandRows: bandRows) {
            let window = buffer.window(rows: band)
            #expect(window.indices.lowerBound == next, "band \(band) starts at \(window.indices.lowerBound), not \(next)")
            #expect(window.indices.count == band.count * width)
            next = window.indices.upperBound
        }
        #expect(next == width * rows)
    }

    /// Workers writing each its own bands (every `workers`-th, as the raster splits them) fill every element
    /// once, whatever the number of workers; the owner reads them back after the run.
    @Test(arguments: [1, 2, 3, 8])
    func workersFillTheirOwnRows(workers: Int) {
        let width = 11, rows = 29, bandRows = 4
        let bands = Self.bands(rows: rows, bandRows: bandRows)
        let buffer = SharedRows(width: width, rows: rows, repeating: UInt32(0))
        Parallel.run(workers: workers) { w in
            var band = w
            while band < bands.count {
                let window = buffer.window(rows: bands[band])
                for i in window.indices { window[i] &+= UInt32(i) + 1 }
                band += workers
            }
        }
        #expect(buffer.array() == (0..<(width * rows)).map { UInt32($0) + 1 })
    }

    /// Bytes come out 4 per pixel in row order; elements that are not trivial (the setup's chunk results)
    /// are kept and copied out whole.
    @Test func bytesAndNonTrivialElements() {
        let pixels = SharedRows(width: 2, rows: 2, repeating: SIMD4<UInt8>(0, 0, 0, 0))
        let window = pixels.window(rows: 0..<2)
        for i in 0..<4 { window[i] = SIMD4(UInt8(4 * i), UInt8(4 * i + 1), UInt8(4 * i + 2), UInt8(4 * i + 3)) }
        #expect(pixels.bytes() == (0..<16).map { UInt8($0) })

        let parts = SharedRows(width: 1, rows: 3, repeating: [Int]())
        parts.window(rows: 1..<2)[1] = [1, 2, 3]
        #expect(parts.array() == [[], [1, 2, 3], []])
    }

    /// Band after band, the box ``BandSamples/raster(_:of:)`` reports holds every sample it drew, and
    /// ``BandSamples/clear(_:)`` leaves the whole band clean for the next one.
    @Test(arguments: [1, 2, 3])
    func bandSamplesAreCleanOutsideTheirBoxAndAfterClear(samplesPerSide s: Int) {
        let w = 37, h = 29
        let list = tiledRectangle(x0: 3.3, y0: 2.6, x1: 30.1, y1: 25.7, nx: 5, ny: 4)
        let frame = Rasterizer.prepare(list, camera: pixelCamera(width: w, height: h), samplesWide: w * s, samplesHigh: h * s,
                                       bandRows: Rasterizer.bandPixelRows * s, cull: false, threads: 1)
        let context = BandContext(frame)
        var samples = BandSamples(width: w * s, rows: frame.bandRows, samplesPerSide: s)
        var drawn = 0
        for band in 0..<frame.bandCount {
            let rows = context.sampleRows(of: band)
            guard let box = samples.raster(band, of: context) else { continue }
            var outside = 0
            for r in 0..<rows.count {
                for x in 0..<(w * s) where samples.id(at: r * w * s + x) != Rasterizer.empty {
                    drawn += 1
                    if !box.columns.contains(x / s) || !box.rows.contains(r / s) { outside += 1 }
                }
            }
            #expect(outside == 0, "band \(band): \(outside) drawn samples outside the box \(box)")
            samples.clear(box)
            var dirty = 0
            for i in 0..<(rows.count * w * s) where samples.id(at: i) != Rasterizer.empty || samples.depth(at: i) != .infinity {
                dirty += 1
            }
            #expect(dirty == 0, "band \(band): \(dirty) samples left after clear")
        }
        // The rectangle covers about 26.8 x 23.1 pixels.
        #expect(drawn > 600 * s * s && drawn < 640 * s * s)
    }
}
