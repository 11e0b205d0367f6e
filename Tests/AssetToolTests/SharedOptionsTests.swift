import Foundation
import Testing
import TestSupport

/// The options declared once (`--threads`, `--rig`, `export --format`) refuse the same way in every command
/// that takes them: a usage error (64) that says what is wrong, before any file is read or written.
@Suite struct SharedOptionsTests {
    static let cube = TestPaths.repoRoot.path + "/Tests/PoseRendererTests/Fixtures/lit_cube.dae"

    @Test(arguments: [
        (["export", "--format", "usdz,bogus"], "'bogus' is not a format (formats: usdz, glb)"),
        (["export", "--format", "usdz,,glb"], "an empty entry"),
        (["export", "--format", "GLB,glb"], "'glb' is named twice"),
        (["export", "--format", ""], "an empty entry"),
        (["render", cube, "-o", "/nonexistent/x.png", "--threads", "0"], "--threads must be at least 1"),
        (["preview", cube, "--threads=-2"], "--threads must be at least 1"),
        (["bench", "render", "--threads", "0"], "--threads must be at least 1"),
        (["bench", "preview", cube, "--threads", "0"], "--threads must be at least 1"),
    ])
    func refusedAsUsageErrors(arguments: [String], says: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("options-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CommandRunner.run(arguments + (arguments.first == "export" ? ["--out", out] : []))
        #expect(r.status == 64, "\(arguments): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains(says), "\(arguments): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote \(out)")
    }

    /// `--rig` is the same option (one declaration) in every command that applies a rig.
    @Test(arguments: ["pose", "render", "preview", "convert"])
    func rigHelpIsOneDeclaration(command: String) throws {
        let r = try CommandRunner.run([command, "--help"])
        #expect(r.stdout.contains("--rig <rig>"), "\(command): \(r.stdout)")
        #expect(r.stdout.contains("An animation-only rig applied to the base model by"), "\(command)")
    }
}
