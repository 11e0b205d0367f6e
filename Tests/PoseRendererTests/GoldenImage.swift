import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer
import PipelineKit

/// Golden-image comparison: each channel of the 8-bit straight-alpha sRGB bytes within 2/255, at most 0.1% of
/// the pixels beyond. On failure the actual image and a diff (red where beyond, grey elsewhere) are written
/// next to each other in `<tmp>/PoseRendererGoldens/`. Goldens are (re-)recorded only with `RECORD_GOLDENS=1`.
enum GoldenImage {
    static let channelTolerance = 2
    static let pixelFraction = 0.001

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    static func check(_ image: LinearImage, named name: String) throws {
        let path = RendererPaths.golden + "/" + name + ".png"
        let actual = SRGB.encodeStraight(image)
        if recording {
            try AtomicFile.write(PNGEncoder.encode(rgba: actual, width: image.width, height: image.height), to: path)
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("golden \(name).png is missing: run the tests with RECORD_GOLDENS=1 to record it")
            return
        }
        let golden = try PNGEncoder.decode([UInt8](data))
        guard golden.width == image.width, golden.height == image.height else {
            Issue.record("golden \(name): size \(golden.width)x\(golden.height), rendered \(image.width)x\(image.height)")
            try writeFailure(name, actual: actual, diff: nil, width: image.width, height: image.height)
            return
        }
        var beyond = 0, worst = 0
        var diff = [UInt8](repeating: 0, count: actual.count)
        for p in stride(from: 0, to: actual.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actual[p + c]) - Int(golden.rgba[p + c]))) }
            worst = max(worst, d)
            if d > channelTolerance {
                beyond += 1
                diff[p] = 255; diff[p + 3] = 255
            } else {
                let g = UInt8(min(255, d * 60))
                diff[p] = g; diff[p + 1] = g; diff[p + 2] = g; diff[p + 3] = 255
            }
        }
        let allowed = Int(Double(image.width * image.height) * pixelFraction)
        if beyond > allowed {
            let dir = try writeFailure(name, actual: actual, diff: diff, width: image.width, height: image.height)
            Issue.record("golden \(name): \(beyond) pixels differ by more than \(channelTolerance)/255 (allowed \(allowed), worst \(worst)); actual and diff in \(dir)")
        }
    }

    @discardableResult
    static func writeFailure(_ name: String, actual: [UInt8], diff: [UInt8]?, width: Int, height: Int) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("PoseRendererGoldens").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try AtomicFile.write(PNGEncoder.encode(rgba: actual, width: width, height: height), to: dir + "/\(name).actual.png")
        if let diff { try AtomicFile.write(PNGEncoder.encode(rgba: diff, width: width, height: height), to: dir + "/\(name).diff.png") }
        return dir
    }
}
