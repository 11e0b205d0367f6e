import CZlib
import Foundation
import Testing
@testable import PoseRenderer

/// The package's own DEFLATE writer (``Deflate``), read back by zlib's inflater, and the PNGs it makes read back
/// by libpng and `pngcheck`.
@Suite struct DeflateTests {
    /// A reproducible byte source (64-bit LCG, top byte).
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var s = seed
        return (0..<count).map { _ in s = s &* 6364136223846793005 &+ 1442695040888963407; return UInt8(s >> 56) }
    }

    static func compress(_ data: [UInt8], pixelBytes: Int = 4, rowBytes: Int = 0) -> [UInt8] {
        data.withUnsafeBytes { Deflate.zlib($0, pixelBytes: pixelBytes, rowBytes: rowBytes) }
    }

    /// zlib's `uncompress`: the zlib header, every block, and the Adler-32 checked.
    static func inflate(_ stream: [UInt8], expected: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(1, expected))
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            stream.withUnsafeBufferPointer { s in uncompress(o.baseAddress, &length, s.baseAddress, uLong(s.count)) }
        }
        guard status == Z_OK else { return nil }
        return Array(out[0..<Int(length)])
    }

    /// Our Adler-32 is zlib's, byte for byte: every length from 0 to 600 (the 16-byte steps and the tail),
    /// lengths around a block (16 KB), all-0xFF data (the largest sums, where a lane would overflow first) up to
    /// 3 MB, and a sum continued from a previous one.
    @Test func adler32IsZlibs() {
        let data = Self.noise(70_000, seed: 9)
        func zlibs(_ bytes: ArraySlice<UInt8>, start: UInt32 = 1) -> UInt32 {
            bytes.withUnsafeBufferPointer { UInt32(adler32_z(uLong(start), $0.baseAddress, $0.count)) }
        }
        func ours(_ bytes: ArraySlice<UInt8>, start: UInt32 = 1) -> UInt32 {
            bytes.withUnsafeBytes { Deflate.adler32($0, start: start) }
        }
        for n in Array(0...600) + [16_383, 16_384, 16_385, 32_769, 70_000] {
            #expect(ours(data[0..<n]) == zlibs(data[0..<n]), "\(n) bytes")
        }
        let ones = [UInt8](repeating: 0xFF, count: 3_000_017)
        for n in [16_384, 16_400, 1_000_000, 3_000_017] {
            #expect(ours(ones[0..<n]) == zlibs(ones[0..<n]), "\(n) bytes of 0xFF")
        }
        let first = zlibs(data[0..<1234])
        #expect(ours(data[1234..<70_000], start: first) == zlibs(data[0..<70_000]))
    }

    static func cases() -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        out.append(("empty", []))
        out.append(("one byte", [7]))
        out.append(("noise, several blocks", noise(300_000, seed: 1)))
        out.append(("zeros", [UInt8](repeating: 0, count: 300_000)))
        out.append(("period 3", (0..<50_000).map { (k: Int) -> UInt8 in UInt8(k % 3) }))
        out.append(("period 7", (0..<50_000).map { (k: Int) -> UInt8 in UInt8((k * 37) % 7) }))
        let window: [UInt8] = noise(32_768, seed: 2)
        out.append(("a repeat exactly the window back", window + window))
        let beyond: [UInt8] = noise(40_000, seed: 3)
        out.append(("a repeat beyond the window", beyond + beyond))
        var mixed: [UInt8] = []
        for k in 0..<200 {
            if k % 2 == 0 { mixed += [UInt8](repeating: UInt8(k), count: 300 + k) } else { mixed += noise(k, seed: UInt64(k)) }
        }
        out.append(("runs and noise", mixed))
        return out
    }

    @Test(arguments: cases())
    func zlibReadsBackEveryByte(_ name: String, _ data: [UInt8]) throws {
        let stream = Self.compress(data, rowBytes: 721)
        #expect(stream[0] == 0x78 && (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, "zlib header")
        let back = try #require(Self.inflate(stream, expected: data.count), "zlib refused the stream (\(name))")
        #expect(back == data, "\(name)")
        #expect(Self.compress(data, rowBytes: 721) == stream, "deterministic")
        // Incompressible input grows by little more than its block headers; runs shrink.
        if name.hasPrefix("noise") { #expect(stream.count < data.count + data.count / 50 + 64) }
        if name == "zeros" { #expect(stream.count < 2_000) }
    }

    @Test func repeatedRowsAndPixelsCostAlmostNothing() throws {
        // Rows of 1 + 64 * 4 bytes (a filter byte, then pixels): a row of noise, then 39 copies of it (each one
        // match, the pixel above), then 40 rows of one pixel repeated (each a few literals and one match).
        let width = 64, rowBytes = 1 + 4 * width
        let line = Self.noise(4 * width, seed: 9)
        var rows: [UInt8] = []
        for _ in 0..<40 { rows.append(0); rows += line }
        for y in 0..<40 { rows.append(0); for _ in 0..<width { rows += line[(4 * y)..<(4 * y + 4)] } }
        let stream = Self.compress(rows, rowBytes: rowBytes)
        #expect(try #require(Self.inflate(stream, expected: rows.count)) == rows)
        // 20,560 bytes: the noise row (about 256 bytes coded), then a few bytes a row.
        #expect(stream.count < 256 + 80 * 8 + 200, "\(stream.count) bytes")
    }

    @Test func aLargeImageIsCompressedInPartsWithTheSameBytesOnAnyThreads() throws {
        // 12 MB of rows (a filter byte, 4000 pixels): runs, the row above, and a little noise per row.
        let width = 4000, rowBytes = 1 + 4 * width, height = 750
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        let noise = Self.noise(4 * 64, seed: 11)
        for y in 0..<height {
            let row = y * rowBytes
            for x in 0..<64 { rows[row + 1 + 4 * ((x * 61 + y) % width)] = noise[(x + y) % noise.count] }
            for x in stride(from: 1 + 4 * (y % 500), to: rowBytes - 4, by: 4) where x < 1 + 4 * 1000 { rows[row + x] = UInt8(y & 0xFF) }
        }
        let one = rows.withUnsafeBytes { Deflate.zlib($0, pixelBytes: 4, rowBytes: rowBytes, threads: 1) }
        let three = rows.withUnsafeBytes { Deflate.zlib($0, pixelBytes: 4, rowBytes: rowBytes, threads: 3) }
        #expect(one == three, "the same bytes on any number of threads")
        #expect(try #require(Self.inflate(one, expected: rows.count)) == rows)
        // Three parts of whole rows: two sync points (an empty stored block, 00 00 FF FF, after the byte boundary).
        let syncs = (0..<(one.count - 4)).filter { one[$0] == 0 && one[$0 + 1] == 0 && one[$0 + 2] == 0xFF && one[$0 + 3] == 0xFF }
        #expect(syncs.count >= 2, "\(syncs.count) sync points")
    }

    @Test func codeLengthsStayWithinTheLimitAndTheCodeIsComplete() {
        // Fibonacci weights make the deepest Huffman trees: 30 symbols would need 29 bits.
        var fib = [1, 1]
        while fib.count < 30 { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
        for (freq, limit) in [(fib, 15), (Array(fib.prefix(19)), 7), ([5, 0, 0, 0], 15), ([0, 0, 0], 7), ([1, 1], 15)] {
            let lengths = Deflate.codeLengths(freq, limit: limit).map(Int.init)
            #expect(lengths.allSatisfy { $0 <= limit }, "\(lengths)")
            #expect(lengths.filter { $0 > 0 }.count >= 2, "at least two codes: \(lengths)")
            for (k, f) in freq.enumerated() where f > 0 { #expect(lengths[k] > 0) }
            let kraft = lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - $1)) }
            #expect(kraft == 1 << limit, "complete: \(lengths)")
        }
        // Unlimited, lengths follow the weights: a heavier symbol never gets a longer code.
        let lengths = Deflate.codeLengths([40, 30, 20, 5, 5], limit: 15)
        #expect(lengths[0] <= lengths[1] && lengths[1] <= lengths[2] && lengths[2] <= lengths[3])
    }

    @Test func fastPNGHasLibpngsPixels() throws {
        let img = PNGTests.sampleIcon()
        let fast = try PNGEncoder.encode(img, fast: true)
        let slow = try PNGEncoder.encode(img)
        let a = try PNGEncoder.decode(fast), b = try PNGEncoder.decode(slow)
        #expect(a.width == 48 && a.height == 48)
        #expect(a.rgba == b.rgba && a.rgba == SRGB.encodeStraight(img))
        #expect(try PNGEncoder.encode(rgba: SRGB.encodeStraight(img), width: 48, height: 48, fast: true) == fast, "one writer for both inputs")
        // A large image: several IDAT chunks of at most 1 MiB, several deflate blocks.
        let w = 700, h = 600
        let rgba = Self.noise(w * h * 4, seed: 5)
        let big = try PNGEncoder.encode(rgba: rgba, width: w, height: h, fast: true)
        #expect(try PNGEncoder.decode(big).rgba == rgba)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pngcheck"), "pngcheck is not installed"))
    func pngcheckPassesTheFastWriter() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("deflate-pngcheck-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (k, png) in try [PNGEncoder.encode(PNGTests.sampleIcon(), fast: true),
                             PNGEncoder.encode(rgba: Self.noise(700 * 600 * 4, seed: 6), width: 700, height: 600, fast: true)].enumerated() {
            let path = dir.appendingPathComponent("\(k).png").path
            try Data(png).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pngcheck")
        p.arguments = ["-v"] + paths
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(out)")
        #expect(out.contains("sRGB") && out.contains("IDAT"))
    }
}
