import Foundation
import PipelineKit
import Testing
import TestSupport
@testable import PoseRenderer

/// The APNG writer: what it writes is a valid PNG (`pngcheck`), decoded by an independent reader (Pillow) into
/// exactly the frames given, with the delays given, looping forever; later frames hold only what changed.
struct APNGTests {
    /// `count` frames of `side` pixels: a square moving right, fading in and out (pixels become more transparent
    /// as well as less: what blending a changed rectangle OVER the old one would get wrong), on transparent.
    static func frames(count: Int, side: Int) -> [[UInt8]] {
        (0..<count).map { k in
            var rgba = [UInt8](repeating: 0, count: side * side * 4)
            let alpha = UInt8(40 + (k * 53) % 200)
            for y in 4..<(side / 2) {
                for x in (2 + k)..<(side / 3 + k) where x < side {
                    let i = (y * side + x) * 4
                    rgba[i] = UInt8(x * 7 % 256); rgba[i + 1] = 90; rgba[i + 2] = UInt8(y * 5 % 256); rgba[i + 3] = alpha
                }
            }
            return rgba
        }
    }

    @Test func delaysSumToTheLengthExactly() {
        for (seconds, count) in [(2.0, 24), (2.5, 30), (1.0, 7), (3.333, 40), (0.5, 1)] {
            let d = APNGEncoder.delays(seconds: seconds, count: count)
            #expect(d.count == count)
            #expect(d.reduce(0) { $0 + Int($1.num) } == Int((seconds * 1000).rounded()), "\(seconds) s in \(count)")
            #expect(d.allSatisfy { $0.den == 1000 })
            // Within a millisecond of each other: the rep's own pace.
            let nums = d.map(\.num)
            #expect((nums.max() ?? 0) - (nums.min() ?? 0) <= 1)
        }
    }

    @Test func laterFramesHoldOnlyWhatChanged() {
        let f = Self.frames(count: 2, side: 32)
        let rect = APNGEncoder.changedRect(f[0], f[1], width: 32, height: 32)
        #expect(rect == APNGEncoder.Rect(x: 2, y: 4, width: 32 / 3 + 1 - 2, height: 16 - 4))
        #expect(APNGEncoder.changedRect(f[0], f[0], width: 32, height: 32) == nil)
    }

    @Test(.enabled(if: APNGReader.havePillow && APNGReader.havePngcheck, "needs python3 with Pillow (pip install Pillow) and pngcheck"))
    func pillowDecodesEveryFrameExactly() throws {
        let side = 32, count = 9
        let frames = Self.frames(count: count, side: side) + [Self.frames(count: 1, side: side)[0]]  // the last equals the first
        let delays = APNGEncoder.delays(seconds: 1.25, count: frames.count)
        let apng = try APNGEncoder.encode(frames: frames, width: side, height: side, delays: delays)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apng-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/loop.png"
        try AtomicFile.write(apng, to: path)
        let check = try APNGReader.pngcheck([path])
        #expect(check.status == 0, "\(check.output)")
        let decoded = try APNGReader.decode(path)
        #expect(decoded.animated && decoded.frames == frames.count && decoded.loop == 0)
        #expect(decoded.size == [side, side])
        #expect(decoded.durations.reduce(0, +) == 1250)
        #expect(decoded.sha256 == frames.map { SHA256.hex($0) }, "every frame as Pillow composites it equals the frame given")
        // Smaller than every frame whole: the later frames are their changed rectangles.
        let whole = try frames.reduce(0) { $0 + (try PNGEncoder.encode(rgba: $1, width: side, height: side, fast: true).count) }
        #expect(apng.count < whole)
        // A reader without APNG sees frame 0.
        let still = try PNGEncoder.decode(apng)
        #expect(still.rgba == frames[0])
    }

    @Test func refusesFramesThatDoNotFit() {
        #expect(throws: PNGError.self) { try APNGEncoder.encode(frames: [[0, 0, 0]], width: 1, height: 1, delays: APNGEncoder.delays(seconds: 1, count: 1)) }
        #expect(throws: PNGError.self) { try APNGEncoder.encode(frames: [], width: 1, height: 1, delays: []) }
    }
}
