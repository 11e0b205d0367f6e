import Foundation
import Testing
import TestSupport

/// A person's own Blender exports in, icons out: `init`, then `icons` and `validate` on that folder.
@Suite struct InitCommandTests {
    /// A new folder with the Blender-made base model and two animation-only rigs renamed as a person
    /// would name them.
    static func blenderFolder() throws -> String {
        let shared = try #require(TestPaths.shared)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("init-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let made = shared + "/corpus/blender-made/"
        try FileManager.default.copyItem(atPath: made + "humanoid_default.dae", toPath: dir + "/humanoid_default.dae")
        try FileManager.default.copyItem(atPath: made + "humanoid_anim_only.dae", toPath: dir + "/pushup-01.dae")
        try FileManager.default.copyItem(atPath: made + "humanoid_wave_anim_only.dae", toPath: dir + "/squat-01.dae")
        return dir
    }

    @Test(.enabled(if: TestPaths.shared != nil, "../shared (the Blender-made files) is not beside this checkout"))
    func blenderExportsToIconsInTwoCommands() throws {
        let dir = try Self.blenderFolder()
        let out = dir + "-out"
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: out) }

        let initialized = try CommandRunner.run(["init", dir])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(initialized.stdout.contains("base model   humanoid_default.dae"))
        #expect(initialized.stdout.contains("pushup-01.dae -> pushup-01") && initialized.stdout.contains("squat-01.dae -> squat-01"))
        let catalog = try String(contentsOfFile: dir + "/catalog.json", encoding: .utf8)
        for key in ["\"baseModel\"", "\"style\"", "\"poseTime\"", "\"loops\"", "\"stage\"", "\"name\"", "\"standards\""] {
            #expect(catalog.contains(key), "init spells out \(key)")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/icon-style.json"))

        let icons = try CommandRunner.run(["icons", "--assets", dir, "--out", out, "--quiet"])
        #expect(icons.status == 0, "\(icons.stderr)")
        let pngs = (FileManager.default.enumerator(atPath: out + "/ProgressionIcons.xcassets")?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }
        // Two rigs, two states, three scales, each for the light and the dark appearance.
        #expect(pngs.count == 2 * 2 * 3 * 2, "\(pngs.sorted())")
        for id in ["pushup-01", "pushup-01-complete", "squat-01", "squat-01-complete"] {
            #expect(pngs.contains("\(id).imageset/\(id)@3x.png") && pngs.contains("\(id).imageset/\(id)-dark@3x.png"))
        }

        let validate = try CommandRunner.run(["validate", "--assets", dir])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")

        // A second init refuses to replace the catalog, and leaves it as it was.
        let again = try CommandRunner.run(["init", dir])
        #expect(again.status == 73)
        #expect(again.stderr.contains("--force"))
        #expect(try String(contentsOfFile: dir + "/catalog.json", encoding: .utf8) == catalog)
        let forced = try CommandRunner.run(["init", dir, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test func folderWithoutABaseModelWritesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("init-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/notes.dae", contents: Data("<COLLADA version=\"1.4.1\"></COLLADA>".utf8))
        let r = try CommandRunner.run(["init", dir])
        #expect(r.status == 65)
        #expect(r.stdout.contains("not placed   notes.dae"))
        #expect(r.stderr.contains("no base model"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/catalog.json"))
        let missing = try CommandRunner.run(["init", dir + "/nope"])
        #expect(missing.status == 66)
    }

    @Test(.enabled(if: TestPaths.shared != nil, "../shared (the Blender-made files) is not beside this checkout"))
    func renamedBoneIsAnErrorInValidate() throws {
        let dir = try Self.blenderFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The rig's channel still drives "Armature_spine", but the bone was renamed: its motion is lost.
        let rig = dir + "/pushup-01.dae"
        var text = try String(contentsOfFile: rig, encoding: .utf8)
        text = text.replacingOccurrences(of: "id=\"Armature_spine\"", with: "id=\"Armature_chest\"")
        try text.write(toFile: rig, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["validate", rig, "--base", dir + "/humanoid_default.dae"])
        #expect(r.status == 1, "\(r.stdout)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.contains("[channel-target-missing]") })
        #expect(line.contains(": error: ") && line.contains("motion is lost"))
        #expect(line.hasPrefix(rig + ":"))
    }
}

/// Catalog mistakes as a person makes them: each a located error in words, with the right exit status.
@Suite struct CatalogErrorTests {
    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var catalog: String?
        var status: Int32
        /// `catalog.json:LINE:COL` expected in the first error line (nil: the catalog's path alone).
        var at: (line: Int, column: Int)?
        var rule: String
        var testDescription: String { name }
    }

    static let base = """
        "baseModel": "Models/base-model.dae", "style": "icon-style.json"
        """

    static let mistakes: [Mistake] = [
        Mistake(name: "syntax error", catalog: "{\n  \(base),\n  \"exercises\": [\n}\n", status: 65, at: (4, 1), rule: "catalog-syntax"),
        Mistake(name: "wrong type deep inside", catalog: """
            {
              \(base),
              "exercises": [ { "id": "pushup", "progressions": [
                { "id": "pushup-01", "pose": "Poses/pushup-01-pose.dae", "loops": "yes" } ] } ]
            }
            """, status: 65, at: (4, 71), rule: "catalog-schema"),
        Mistake(name: "missing file", catalog: """
            {
              \(base),
              "exercises": [ { "id": "pushup", "progressions": [
                { "id": "pushup-01", "pose": "Poses/pushup-99-pose.dae" } ] } ]
            }
            """, status: 65, at: (4, 34), rule: "catalog-file-missing"),
        Mistake(name: "missing required key", catalog: """
            {
              "style": "icon-style.json",
              "exercises": []
            }
            """, status: 65, at: (1, 1), rule: "catalog-schema"),
        Mistake(name: "unreadable catalog", catalog: nil, status: 66, at: nil, rule: "catalog-unreadable"),
    ]

    /// A copy of the checkout's Assets with `catalog` as its catalog.json (none when nil).
    static func assets(_ catalog: String?) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-err-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Models", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/Poses", withIntermediateDirectories: true)
        let assets = TestPaths.repoRoot.path + "/Assets/"
        try FileManager.default.copyItem(atPath: assets + "Models/base-model.dae", toPath: dir + "/Models/base-model.dae")
        try FileManager.default.copyItem(atPath: assets + "Poses/pushup-01-pose.dae", toPath: dir + "/Poses/pushup-01-pose.dae")
        try FileManager.default.copyItem(atPath: assets + "icon-style.json", toPath: dir + "/icon-style.json")
        if let catalog { try catalog.write(toFile: dir + "/catalog.json", atomically: true, encoding: .utf8) }
        return dir
    }

    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"), arguments: mistakes)
    func iconsReportsTheMistakeWhereItIs(_ m: Mistake) throws {
        let dir = try Self.assets(m.catalog)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CommandRunner.run(["icons", "--assets", dir, "--out", dir + "/out", "--quiet"])
        #expect(r.status == m.status, "\(r.stderr)")
        let first = try #require(r.stderr.split(separator: "\n").first { $0.contains(": error: ") }, "\(r.stderr)")
        let place = m.at.map { "\(dir)/catalog.json:\($0.line):\($0.column): error: " } ?? "\(dir)/catalog.json: error: "
        #expect(first.hasPrefix(place), "\(first)")
        #expect(first.hasSuffix("[\(m.rule)]"), "\(first)")
        if m.at != nil { #expect(r.stderr.contains("\n") && r.stderr.contains("^"), "a source line and caret: \(r.stderr)") }
        for leak in ["Index ", "CodingKeys", "Error Domain=", "UserInfo=", "DecodingError", "NSCocoaErrorDomain"] {
            #expect(!r.stderr.contains(leak), "\(r.stderr)")
        }
    }

    /// No command shows Foundation's error text for a missing or unreadable input.
    @Test(arguments: [
        ["info", "/nonexistent/x.dae"], ["pose", "/nonexistent/x.dae"], ["render", "/nonexistent/x.dae", "-o", "/tmp/x.png"],
        ["preview", "/nonexistent/x.dae"], ["validate", "/nonexistent/x.dae"], ["icons", "--assets", "/nonexistent"],
        ["validate", "--assets", "/nonexistent"], ["init", "/nonexistent"], ["render", "/", "-o", "/tmp/x.png"],
        ["info", "/"],
    ])
    func missingInputsSayItInWords(_ arguments: [String]) throws {
        let r = try CommandRunner.run(arguments)
        #expect(r.status != 0)
        #expect(!r.stderr.isEmpty)
        for leak in ["Error Domain=", "UserInfo=", "NSCocoaErrorDomain", "NSFilePath"] {
            #expect(!(r.stderr + r.stdout).contains(leak), "\(arguments): \(r.stderr)")
        }
    }
}
