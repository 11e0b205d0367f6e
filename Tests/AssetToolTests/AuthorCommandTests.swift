import Foundation
import Testing

/// `assettool author` as a user runs it: what it writes, its arguments and exit codes.
@Suite struct AuthorCommandTests {
    @Test func writesTheRequestedProgressionsAndTheSheet() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("author-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheet = dir.appendingPathComponent("docs/sheet.png")
        let r = try CommandRunner.run(["author", "--out", dir.path, "--only", "squat-05", "pullup-05", "--sheet", sheet.path,
                                       "--cell", "64"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote 7 files"))
        for rel in ["Models/base-model.dae", "Animations/squat-05.dae", "Poses/squat-05-pose.dae", "Animations/pullup-05.dae",
                    "Poses/pullup-05-pose.dae", "catalog.json", "icon-style.json"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(rel).path), "\(rel)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Animations/squat-04.dae").path))
        let png = try Data(contentsOf: sheet)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // No temporary files are left behind.
        let left = try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty)
    }

    @Test func badArgumentsAndUnwritableOutput() throws {
        let unknown = try CommandRunner.run(["author", "--out", FileManager.default.temporaryDirectory.path + "/never", "--only", "pushup-11"])
        #expect(unknown.status == 64 && unknown.stderr.contains("pushup-11"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("author-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let blocked = try CommandRunner.run(["author", "--out", file.path, "--only", "pushup-01"])
        #expect(blocked.status == 73 && blocked.stderr.contains(file.path))
    }
}
