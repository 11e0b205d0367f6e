import ColladaKit
import Foundation
@testable import RigLint
import Testing
import TestSupport
@testable import PipelineKit

/// The rule engine and the output formats, without the command line.
@Suite(.enabled(if: TestPaths.shared != nil, "needs ../shared/corpus/blender-made"))
struct ValidatorTests {
    static var blender: String { (TestPaths.shared ?? "") + "/corpus/blender-made" }

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("validator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func gitHubAnnotationsEscapeWorkflowCommands() {
        let d = Diagnostic(.warning, "x", "50% done\nnext", at: SourceLocation(path: "a,b:c.dae", line: 3, column: 4))
        #expect(DiagnosticFormat.github(d) == "::warning file=a%2Cb%3Ac.dae,line=3,col=4,title=x::50%25 done%0Anext [x]\n")
    }

    @Test func outputIsDeterministicAcrossThreads() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        for i in 0..<20 {
            for name in ["humanoid_anim_only.dae", "humanoid_wave_anim_only.dae"] {
                let p = dir.appendingPathComponent("\(i)-\(name)").path
                try FileManager.default.copyItem(atPath: Self.blender + "/" + name, toPath: p)
                files.append(p)
            }
        }
        let v = Validator(basePath: Self.blender + "/humanoid_default.dae", catalogPath: nil, animationContainer: "action_container-rig")
        let a = v.run(files: files), b = v.run(files: files)
        #expect(a.diagnostics == b.diagnostics)
        #expect(a.fileCount == 41)
        // Each rig warns once (its container id), in input order.
        #expect(a.diagnostics.map(\.id) == Array(repeating: "rig-container-id", count: 40))
        #expect(a.diagnostics.map(\.location.path) == files)
    }
}
