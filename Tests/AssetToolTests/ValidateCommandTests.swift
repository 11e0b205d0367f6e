import ColladaKit
import AssetCatalog
import Foundation
import RigLint
import Testing
import TestSupport
import PipelineKit
import TestSupport

/// `assettool validate` end to end: exit codes, output formats, the default invocation, and
/// deterministic output whatever the thread count.
@Suite(.enabled(if: TestPaths.shared != nil, "needs ../shared/corpus/blender-made"))
struct ValidateCommandTests {
    static var blender: String { (TestPaths.shared ?? "") + "/corpus/blender-made" }

    /// Runs `assettool` in `directory`.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> CommandRunner.Output {
        try CommandRunner.run(arguments, in: directory)
    }

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("validate-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The Blender rig with its hips key times 1 and 2 swapped.
    static func brokenRig(in dir: URL) throws -> (path: String, line: Int, column: Int) {
        var t = ValidateFixtureText(text: try ValidateFixtures.cleanRig())
        t.editArray("Armature_Walk_hips_pose_matrix-input-array") { $0.swapAt(1, 2) }
        let path = dir.appendingPathComponent("broken.dae").path
        try Data(t.text.utf8).write(to: URL(fileURLWithPath: path))
        let p = t.position(ofValue: 2, after: ValidateFixtures.hipsInput, element: "float_array")
        return (path, p.line, p.column)
    }

    @Test func exitCodes() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = Self.blender + "/humanoid_default.dae"
        let clean = dir.appendingPathComponent("clean.dae").path
        try Data(try ValidateFixtures.cleanRig().utf8).write(to: URL(fileURLWithPath: clean))

        #expect(try Self.run(["validate", "--base", base, clean], in: dir).status == 0)
        // Warnings pass unless --strict.
        // (Blender's container id, action_container-Armature, against a catalog that asks for the original app's.)
        let warned = Self.blender + "/humanoid_anim_only.dae"
        let catalog = dir.appendingPathComponent("catalog.json").path
        let catalogJSON = try JSONSerialization.data(withJSONObject: ["baseModel": base, "animationContainer": "action_container-rig", "exercises": []])
        try catalogJSON.write(to: URL(fileURLWithPath: catalog))
        #expect(try Self.run(["validate", "--base", base, warned], in: dir).stdout.contains("rig-container-id") == false)
        let w = try Self.run(["validate", "--catalog", catalog, "--base", base, warned], in: dir)
        #expect(w.status == 0, "\(w.stdout)\(w.stderr)")
        #expect(w.stdout.contains("warning:") && w.stdout.contains("[rig-container-id]"), "\(w.stdout)")
        #expect(try Self.run(["validate", "--strict", "--catalog", catalog, "--base", base, warned], in: dir).status == 1)
        // Errors.
        let broken = try Self.brokenRig(in: dir)
        let e = try Self.run(["validate", "--base", base, broken.path], in: dir)
        #expect(e.status == 1)
        let lines = e.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("\(broken.path):\(broken.line):\(broken.column): error: ") && $0.hasSuffix("[anim-times-increasing]") })
        // The source line, then a caret under the offending value.
        #expect(lines[at + 1].contains("<float_array id=\"Armature_Walk_hips_pose_matrix-input-array\""))
        #expect(lines[at + 2] == String(repeating: " ", count: broken.column - 1) + "^")
        // A base model that does not load: its errors, and a note that the rig rules did not run.
        let badBase = try Self.run(["validate", "--base", broken.path.replacingOccurrences(of: "broken.dae", with: "nope-base.dae"), clean], in: dir)
        #expect(badBase.status == 66)
        #expect(badBase.stderr.contains("the rig rules were skipped"))
        // Usage and unreadable input.
        #expect(try Self.run(["validate", "--format", "xml", clean], in: dir).status == 64)
        let missing = try Self.run(["validate", "--base", base, dir.appendingPathComponent("nope.dae").path], in: dir)
        #expect(missing.status == 66)
        #expect(missing.stdout.contains("nope.dae"))
        // Every rule is listed with its severity.
        let list = try Self.run(["validate", "--list-rules"], in: dir)
        #expect(list.status == 0)
        for rule in ValidationRule.all { #expect(list.stdout.contains("\(rule.id)\t\(rule.severity.rawValue)\t\(rule.stage.rawValue)\t")) }
        let noAssets = try Self.run(["validate"], in: dir)
        #expect(noAssets.status == 66)
        #expect(noAssets.stderr.contains("Assets: error: no such folder"))
    }

    @Test func jsonAndGitHubFormats() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = try Self.brokenRig(in: dir)
        let base = Self.blender + "/humanoid_default.dae"
        let j = try Self.run(["validate", "--format", "json", "--base", base, broken.path], in: dir)
        #expect(j.status == 1)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [[String: Any]])
        let hit = try #require(items.first { $0["id"] as? String == "anim-times-increasing" })
        #expect(hit["file"] as? String == broken.path)
        #expect(hit["line"] as? Int == broken.line)
        #expect(hit["column"] as? Int == broken.column)
        #expect(hit["severity"] as? String == "error")
        #expect((hit["message"] as? String)?.contains("key 2") == true)

        let g = try Self.run(["validate", "--format", "github", "--base", base, broken.path], in: dir)
        #expect(g.status == 1)
        let annotation = g.stdout.split(separator: "\n").first { $0.contains("anim-times-increasing") }
        #expect(annotation?.hasPrefix("::error file=\(broken.path),line=\(broken.line),col=\(broken.column),title=anim-times-increasing::") == true)
    }

    @Test func defaultInvocationValidatesAssets() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let assets = dir.appendingPathComponent("Assets")
        for sub in ["Models", "Animations", "Poses"] {
            try FileManager.default.createDirectory(at: assets.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: Self.blender + "/humanoid_default.dae", toPath: assets.appendingPathComponent("Models/base-model.dae").path)
        let rig = try ValidateFixtures.cleanRig()
        try Data(rig.utf8).write(to: assets.appendingPathComponent("Animations/pushup-01.dae"))
        try Data(rig.utf8).write(to: assets.appendingPathComponent("Poses/pushup-01-pose.dae"))
        try Data("{}".utf8).write(to: assets.appendingPathComponent("icon-style.json"))
        try Data(ValidateFixtures.catalog(loops: true).utf8).write(to: assets.appendingPathComponent("catalog.json"))
        let r = try Self.run(["validate", "--strict"], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("validate: 3 file(s), 0 error(s), 0 warning(s)"))
        // A catalog naming a missing file fails the default run.
        try Data(ValidateFixtures.catalog(loops: true).replacingOccurrences(of: "Poses/pushup-01-pose.dae", with: "Poses/gone.dae").utf8)
            .write(to: assets.appendingPathComponent("catalog.json"))
        let bad = try Self.run(["validate"], in: dir)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("Assets/catalog.json:") && bad.stdout.contains("[catalog-file-missing]"))
        #expect(!bad.stdout.contains("[file-missing]"), "a missing file is the catalog's error, once: \(bad.stdout)")

        // A catalog naming a file outside the folder that is not COLLADA (as `/etc/passwd` would be): the file is
        // checked like the folder's own and its error fails the run, as `icons` and `export` refuse it.
        let outside = dir.appendingPathComponent("notes.txt")
        try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: outside)
        try Data(ValidateFixtures.catalog(loops: true).replacingOccurrences(of: "Animations/pushup-01.dae", with: outside.path).utf8)
            .write(to: assets.appendingPathComponent("catalog.json"))
        let foreign = try Self.run(["validate"], in: dir)
        #expect(foreign.status == 1, "\(foreign.stdout)\(foreign.stderr)")
        #expect(foreign.stdout.contains(outside.path + ":1:1: error:") && foreign.stdout.contains("[xml-malformed]"), "\(foreign.stdout)")
        #expect(foreign.stderr.contains("validate: 4 file(s), 1 error(s)"), "\(foreign.stderr)")
    }
}

/// `validate --list-rules` lists the reader's rules beside the linter's, every id once.
@Suite struct ValidateListRulesTests {
    @Test func readerAndLinterRulesOnce() throws {
        let r = try CommandRunner.run(["validate", "--list-rules"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.allSatisfy { $0.count == 4 && ["error", "warning"].contains($0[1]) && !$0[3].isEmpty }, "\(r.stdout)")
        let ids = rows.map { $0[0] }
        #expect(Set(ids).count == ids.count, "listed twice: \(Dictionary(grouping: ids) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        let area = Dictionary(rows.map { ($0[0], $0[2]) }, uniquingKeysWith: { a, _ in a })
        #expect(area["index-count"] == "reader-document")
        #expect(area["node-limit"] == "reader-scene")
        #expect(area["triangulation-budget"] == "reader-scene")
        #expect(area["xml-malformed"] == "reader-xml")
        #expect(area["anim-times-increasing"] == "animation")
        #expect(area["catalog-file-missing"] == "catalog")
        #expect(ids.count == DiagnosticRule.readerRules.count + DiagnosticRule.catalogRules.count + DiagnosticRule.batchRules.count
              + ValidationRule.all.count)
    }
}
