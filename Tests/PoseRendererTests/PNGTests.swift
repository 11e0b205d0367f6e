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
