import Foundation
import Testing

/// Golden-text comparison, exact: on failure the actual text is written to `<tmp>/PoseRendererGoldens/<name>` and the
/// first differing line is reported. Goldens are (re-)recorded only with `RECORD_GOLDENS=1`.
enum GoldenText {
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = RendererPaths.golden + "/preview/" + name
        if GoldenImage.recording {
            try FileManager.default.createDirectory(atPath: RendererPaths.golden + "/preview", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("golden preview/\(name) is missing: run the tests with RECORD_GOLDENS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let golden = String(decoding: data, as: UTF8.self)
        guard golden != text else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("PoseRendererGoldens").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        let a = text.split(separator: "\n", omittingEmptySubsequences: false), g = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, g.count)).first { a[$0] != g[$0] } ?? min(a.count, g.count)
        Issue.record("preview/\(name) differs from its golden at line \(line + 1) (actual written to \(dir)/\(name))",
                     sourceLocation: sourceLocation)
    }
}
