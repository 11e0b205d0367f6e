import Foundation
import Testing
import TestSupport

@Suite struct RenderCommandTests {
    static let cube = TestPaths.repoRoot.path + "/Tests/PoseRendererTests/Fixtures/lit_cube.dae"

    static func tempDir() throws -> String {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("render-cmd-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    @Test func rendersAPNGIdenticalAtAnyThreadCount() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let one = try CommandRunner.run(["render", Self.cube, "--size", "48", "--threads", "1", "-o", dir + "/a.png"])
        let two = try CommandRunner.run(["render", Self.cube, "--size", "48", "--threads", "2", "-o", dir + "/b.png"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png")), b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.png"))
        #expect(a == b)
        #expect(Array(a.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.png", "b.png"])
    }

    @Test func exitCodes() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CommandRunner.run(["render", dir + "/missing.dae", "-o", dir + "/x.png"]).status == 66)
        let unwritable = try CommandRunner.run(["render", Self.cube, "--size", "16", "-o", dir + "/no/such/dir/x.png"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr.contains("x.png"))
        #expect(try CommandRunner.run(["render", Self.cube, "--scale", "0", "-o", dir + "/x.png"]).status == 64)
        #expect(try CommandRunner.run(["render", Self.cube, "--time", "1", "--frame", "3", "-o", dir + "/x.png"]).status == 64)
    }

    @Test(.enabled(if: TestPaths.shared != nil, "needs ../shared (the Blender-made humanoid)"))
    func iconReportsItsOffset() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let h = try #require(TestPaths.shared) + "/corpus/blender-made/humanoid_default.dae"
        let r = try CommandRunner.run(["render", h, "--time", "0.4", "--icon", "incomplete", "--scale", "2", "-o", dir + "/i.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("icon incomplete 120px") && r.stderr.contains("from the silhouette"))
    }

    @Test func benchRenderPrintsFigures() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CommandRunner.run(["bench", "render", "--model", Self.cube, "--synthetic", "200", "--sizes", "32",
                                       "--runs", "1", "--json", "--out", dir])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("\"raster_ms\"") && $0.contains("\"full_ms\"") })
    }
}
