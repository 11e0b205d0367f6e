import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer
import PipelineKit

@Suite struct PNGTests {
    static func sampleIcon() -> LinearImage {
        var img = LinearImage(width: 48, height: 48)
        Compositing.fillCircle(&img, center: SIMD2(24, 24), radius: 16.8, color: SRGB.linear([1, 0.4, 0.2]), opacity: 0.8)
        Compositing.fillCircle(&img, center: SIMD2(24, 24), radius: 9.6, color: SRGB.linear([1, 0.4, 0.2]), opacity: 0.8)
        let figure = Rasterizer.render(drawList([(SIMD3(20, 6, 0), SIMD3(30, 40, 0), SIMD3(14, 40, 0))], color: SIMD3(0.7, 0.7, 0.7)),
                                       camera: pixelCamera(width: 48, height: 48), width: 48, height: 48)
        Compositing.over(Compositing.shadow(figure, color: SIMD3(1, 1, 1), opacity: 1, radius: 1.5), onto: &img)
        return img
    }

    @Test func libpngReadsBackTheSamePixels() throws {
        let img = Self.sampleIcon()
        let rgba = SRGB.encodeStraight(img)
        let png = try PNGEncoder.encode(rgba: rgba, width: 48, height: 48)
        let back = try PNGEncoder.decode(png)
        #expect(back.width == 48 && back.height == 48)
        #expect(back.rgba == rgba)
        #expect(try PNGEncoder.encode(img) == png, "deterministic")
    }

    /// Four pixels encoded at once give the bytes of one by one (``SRGB/encodePixels4``), for every kind of pixel: clear,
    /// alpha under half a step, opaque, colour above alpha (clamped), negative values, -0, and random ones; and the
    /// fast PNG writer's rows (runs copied, the rest four at a time, a tail of one to three) are those bytes.
    @Test func fourPixelsAtOnceAreTheBytesOfOneByOne() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Float {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Float((z ^ (z >> 31)) >> 40) / Float(1 << 24)
        }
        var pixels: [SIMD4<Float>] = [.zero, SIMD4(0.5, 0.5, 0.5, 1), SIMD4(0.2, 0.3, 0.4, 0.5), SIMD4(1, 1, 1, 1e-3),
                                      SIMD4(0.9, 0.1, 0.5, 0.5), SIMD4(-0.1, 0.2, 2, 1.5), SIMD4(0.1, 0.1, 0.1, -0.5),
                                      SIMD4(0, 0, 0, -0.0), SIMD4(0.001, 0.002, 0.003, 1.5 / 255), SIMD4(1, 0, 0, 0.5 / 255),
                                      SIMD4(0.3, 0.3, 0.3, 0.3), SIMD4(0.3, 0.3, 0.3, 0.3),
                                      // Not numbers: neither path traps; a NaN or infinite value gives the same bytes.
                                      SIMD4(.nan, 0.2, 0.2, 0.5), SIMD4(0.2, 0.2, 0.2, .nan), SIMD4(.infinity, -.infinity, 0.1, 0.5),
                                      SIMD4(0.1, 0.1, 0.1, .infinity), SIMD4(0.1, 0.1, 0.1, -.infinity), SIMD4(1e-30, 1e-38, 0, 1e-30)]
        for _ in 0..<4000 {
            let a = random() < 0.2 ? 0 : random()
            pixels.append(SIMD4(random() * a, random() * a, random() * a * 1.1, a))
        }
        let table = SRGB.encodeTable
        table.withUnsafeBufferPointer { t in
            for i in stride(from: 0, to: pixels.count - 3, by: 1) {
                let four = SRGB.encodePixels4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3], table: t)
                for k in 0..<4 {
                    let one = SRGB.encodePixel(pixels[i + k], table: t)
                    #expect(SIMD4(four[4 * k], four[4 * k + 1], four[4 * k + 2], four[4 * k + 3]) == one, "pixel \(i + k): \(pixels[i + k])")
                }
            }
        }
        // Whole images through both writers: widths with a tail of 0 to 3 pixels; runs of 12 of one pixel (the
        // writer copies a run's bytes four at a time once it has encoded them) between 12 others, across rows too.
        for width in [1, 3, 4, 5, 7, 64, 67] {
            let height = 5
            var image = LinearImage(width: width, height: height)
            for i in image.pixels.indices { image.pixels[i] = (i / 12) % 2 == 0 ? pixels[5] : pixels[(i * 31) % pixels.count] }
            let bytes = SRGB.encodeStraight(image)
            var one: [UInt8] = []
            for p in image.pixels { let b = SRGB.encodePixel(p, table: table); one += [b[0], b[1], b[2], b[3]] }
            #expect(bytes == one, "width \(width)")
            let decoded = try PNGEncoder.decode(try PNGEncoder.encode(image, fast: true))
            #expect(decoded.rgba == one, "fast PNG, width \(width)")
        }
    }

    @Test func chunksAreSRGBWithoutTimestamp() throws {
        let png = try PNGEncoder.encode(Self.sampleIcon())
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [String] = []
        var i = 8
        while i + 8 <= png.count {
            let len = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            chunks.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + len
        }
        #expect(chunks.first == "IHDR" && chunks.last == "IEND")
        #expect(chunks.contains("sRGB"))
        #expect(!chunks.contains("tIME") && !chunks.contains("tEXt") && !chunks.contains("zTXt"))
        // IHDR: 8-bit depth, colour type 6 (RGBA).
        #expect(png[24] == 8 && png[25] == 6)
    }

    @Test func cornersAreTransparentAndNoColourHidesUnderZeroAlpha() throws {
        let rgba = try PNGEncoder.decode(PNGEncoder.encode(Self.sampleIcon())).rgba
        for (x, y) in [(0, 0), (47, 0), (0, 47), (47, 47)] { #expect(rgba[(y * 48 + x) * 4 + 3] == 0) }
        for p in stride(from: 0, to: rgba.count, by: 4) where rgba[p + 3] == 0 {
            #expect(rgba[p] == 0 && rgba[p + 1] == 0 && rgba[p + 2] == 0)
        }
        #expect(rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 && $0.element < 255 }, "antialiased edges")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pngcheck"), "pngcheck is not installed"))
    func pngcheckPasses() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pngcheck-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("icon.png").path
        try AtomicFile.write(PNGEncoder.encode(Self.sampleIcon()), to: path)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pngcheck")
        p.arguments = ["-v", path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(out)")
        #expect(out.contains("sRGB"))
    }

    @Test func atomicWriteReplacesOrLeavesTheOldFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.png").path
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([4, 5], to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([4, 5]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.png"], "no temporary file left")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: dir.path + "/missing/b.png") }
        #expect(throws: PNGError.self) { try PNGEncoder.encode(rgba: [0, 0, 0], width: 1, height: 1) }
    }
}
