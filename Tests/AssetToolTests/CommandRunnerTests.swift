import Foundation
import Testing

/// The runner itself: a child that writes more than a pipe holds (64 KB) to both stdout and stderr
/// finishes, and both streams arrive whole.
@Suite struct CommandRunnerTests {
    @Test(.timeLimit(.minutes(1)))
    func largeOutputOnBothStreams() throws {
        // 3000 materials without an effect: a warning each (up to the reader's cap), on stderr with its
        // source line and caret, and again in the JSON summary on stdout.
        let count = 3000
        let materials = (0..<count).map { "    <material id=\"dup\" name=\"m\($0)\"/>" }.joined(separator: "\n")
        let doc = """
            <?xml version="1.0" encoding="utf-8"?>
            <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
              <asset><unit meter="1"/><up_axis>Y_UP</up_axis></asset>
              <library_materials>
            \(materials)
              </library_materials>
              <library_visual_scenes><visual_scene id="s"><node id="n"/></visual_scene></library_visual_scenes>
              <scene><instance_visual_scene url="#s"/></scene>
            </COLLADA>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("noisy-\(UUID().uuidString).dae")
        try Data(doc.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try CommandRunner.run(["info", "--json", file.path])
        #expect(r.status == 0)
        let (outBytes, errBytes) = (r.stdout.utf8.count, r.stderr.utf8.count)
        #expect(outBytes > 64 * 1024 && errBytes > 64 * 1024, "stdout \(outBytes) B, stderr \(errBytes) B")
        // Both whole: one JSON object listing as many diagnostics as stderr prints, the last with its caret.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let listed = (json["diagnostics"] as? [Any])?.count ?? 0
        let printed = r.stderr.components(separatedBy: ": warning: ").count - 1
        let endsWithCaret = r.stderr.hasSuffix("^\n")
        #expect(listed > 500 && printed == listed && endsWithCaret, "\(listed) listed, \(printed) printed")
    }
}
