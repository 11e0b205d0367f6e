import Foundation
import Testing
import TestSupport

/// `pose`, `render` and `preview` share their pose options (`--rig --clip --time --frame --fps`): the
/// three accept and refuse exactly the same values.
@Suite struct PoseOptionsTests {
    static let cube = TestPaths.repoRoot.path + "/Tests/PoseRendererTests/Fixtures/lit_cube.dae"

    /// Each command on the cube, small and quick; `render` writes into `dir`.
    static func command(_ name: String, dir: String) -> [String] {
        switch name {
        case "render": return ["render", cube, "--size", "16", "-o", dir + "/x.png"]
        case "preview": return ["preview", cube, "--width", "20", "--height", "10"]
        default: return ["pose", cube]
        }
    }

    static let refused: [[String]] = [
        ["--time", "1", "--frame", "2"], ["--time", "nan"], ["--time", "inf"], ["--frame", "-1"], ["--frame", "1.5"],
        ["--frame", "1", "--fps", "0"], ["--frame", "1", "--fps", "241"], ["--fps", "-3"], ["--clip", "nope"],
    ]
    static let accepted: [[String]] = [
        [], ["--time", "0.5"], ["--time", "-1"], ["--frame", "3"], ["--frame", "12", "--fps", "24"], ["--fps", "240"],
    ]

    @Test(arguments: ["pose", "render", "preview"])
    func sameRulesEverywhere(_ name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pose-options-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for args in Self.refused {
            let r = try CommandRunner.run(Self.command(name, dir: dir) + args)
            #expect(r.status == 64, "\(name) \(args): \(r.status) \(r.stderr)")
        }
        for args in Self.accepted {
            let r = try CommandRunner.run(Self.command(name, dir: dir) + args)
            #expect(r.status == 0, "\(name) \(args): \(r.status) \(r.stderr)")
        }
        #expect(try CommandRunner.run(["help", name]).stdout.contains("--frame <frame>"))
    }
}
