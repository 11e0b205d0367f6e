import Foundation
import Testing
import TestSupport

/// Catalog ids are file names: hostile and broken ids are refused where the catalog is read, by `icons`,
/// `export` and `validate` alike, with a located `catalog-id-invalid` error and exit 65 (1 for `validate`), and
/// nothing outside `--out` is created, changed or removed. The test keeps a sentinel folder beside `--out` (and
/// one a level higher) and compares it, byte for byte, before and after every run.
@Suite(.serialized, .enabled(if: TestPaths.haveAssets, "needs Assets/catalog.json")) struct HostileCatalogTests {
    static let assets = TestPaths.repoRoot.path + "/Assets"

    /// The hostile ids: escapes out of `--out` (relative, absolute, through the imageset folder), names the file
    /// system or a terminal treats specially, ids that would collide with another icon's files, and sizes.
    static let hostileIDs: [(label: String, id: String)] = [
        ("climbs out of --out", "../sentinel/precious"),
        ("climbs further", "../../up/precious"),
        ("climbs from inside the imageset", "x/../../../sentinel/precious"),
        ("absolute path", "/tmp/assettool-hostile-absolute"),
        ("nested folder", "a/b"),
        ("empty", ""),
        ("dot", "."),
        ("dot dot", ".."),
        ("hidden file", ".hidden"),
        ("an option", "-rf"),
        ("newline", "pushup\n01"),
        ("ESC sequence", "a\u{1B}[31mred"),
        ("BEL", "bell\u{07}"),
        ("NUL", "nul\u{0}x"),
        ("space", "push up"),
        ("capital (merges with its lowercase on macOS)", "Pushup-02"),
        ("non-ASCII", "pompe-é"),
        ("backslash", "a\\b"),
        ("the done icon of another id", "pushup-01-complete"),
        ("the dark variant of another id", "pushup-01-dark"),
        ("over 100 bytes", String(repeating: "a", count: 101)),
        ("over 255 bytes", String(repeating: "b", count: 300)),
    ]

    /// A catalog of one exercise: `pushup-01` and a second progression with `id`, every path absolute into the
    /// bundled assets. Returns the catalog's text.
    static func catalog(progressionID id: String, exerciseID: String = "pushup") throws -> String {
        func quoted(_ s: String) throws -> String { String(decoding: try JSONEncoder().encode(s), as: UTF8.self) }
        let a = assets
        return """
        {
          "format": 1,
          "baseModel": \(try quoted(a + "/Models/base-model.dae")),
          "style": \(try quoted(a + "/icon-style.json")),
          "exercises": [
            {
              "id": \(try quoted(exerciseID)),
              "progressions": [
                { "id": "pushup-01", "animation": \(try quoted(a + "/Animations/pushup-01.dae")), "pose": \(try quoted(a + "/Poses/pushup-01-pose.dae")) },
                { "id": \(try quoted(id)), "animation": \(try quoted(a + "/Animations/pushup-02.dae")), "pose": \(try quoted(a + "/Poses/pushup-02-pose.dae")) }
              ]
            }
          ]
        }

        """
    }

    /// Every file and folder under `dir` (relative path -> bytes; folders map to empty data with a trailing `/`).
    static func snapshot(_ dir: String) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(atPath: dir) else { return out }
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + p, isDirectory: &isDir), isDir.boolValue {
                out[p + "/"] = Data()
            } else {
                out[p] = FileManager.default.contents(atPath: dir + "/" + p) ?? Data()
            }
        }
        return out
    }

    /// `root/work/assets/catalog.json` (the hostile catalog), `root/work/out` (`--out`), `root/work/sentinel/precious`
    /// and `root/up/precious` (what an escape would reach).
    static func layout(catalog text: String) throws -> (root: String, assets: String, out: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
        let fm = FileManager.default
        for d in ["work/assets", "work/out", "work/sentinel", "up"] {
            try fm.createDirectory(atPath: root + "/" + d, withIntermediateDirectories: true)
        }
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: root + "/work/sentinel/precious"))
        try Data("keep me too\n".utf8).write(to: URL(fileURLWithPath: root + "/up/precious"))
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/work/assets/catalog.json"))
        return (root, root + "/work/assets", root + "/work/out")
    }

    @Test(arguments: hostileIDs.map(\.label))
    func hostileProgressionIDIsRefusedAndNothingOutsideOutChanges(label: String) throws {
        let id = Self.hostileIDs.first { $0.label == label }!.id
        try refused(catalog: try Self.catalog(progressionID: id), what: "progression id", label: label)
    }

    @Test func hostileExerciseIDIsRefused() throws {
        try refused(catalog: try Self.catalog(progressionID: "pushup-02", exerciseID: "../sentinel"), what: "exercise id", label: "exercise")
    }

    func refused(catalog text: String, what: String, label: String) throws {
        let (root, assets, out) = try Self.layout(catalog: text)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The line of the second progression's id (where the error must point): the 10th line of the catalog above,
        // or the exercise's id on the 7th.
        let line = what == "exercise id" ? 7 : 10
        let before = Self.snapshot(root)
        let absolute = "/tmp/assettool-hostile-absolute"
        let absoluteExisted = FileManager.default.fileExists(atPath: absolute + ".imageset")
        for command in [["icons", "--assets", assets, "--out", out, "--quiet"],
                        ["export", "--assets", assets, "--out", out, "--quiet"]] {
            let r = try CommandRunner.run(command)
            #expect(r.status == 65, "\(label): \(command[0]) exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("catalog.json:\(line):"), "\(label): \(command[0]) does not locate the id: \(r.stderr)")
            #expect(r.stderr.contains("[catalog-id-invalid]") && r.stderr.contains(what), "\(label): \(command[0]): \(r.stderr)")
            // Nothing the terminal would act on is printed raw.
            #expect(!r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(label): \(command[0]) prints a control character")
            #expect(Self.snapshot(root) == before, "\(label): \(command[0]) changed files under the test's folder")
        }
        #expect(FileManager.default.fileExists(atPath: absolute + ".imageset") == absoluteExisted)
        #expect(!FileManager.default.fileExists(atPath: absolute + ".usdz") && !FileManager.default.fileExists(atPath: absolute + ".glb"))
        let v = try CommandRunner.run(["validate", assets])
        #expect(v.status == 1, "\(label): validate exit \(v.status): \(v.stderr)")
        #expect(v.stdout.contains("[catalog-id-invalid]"), "\(label): validate: \(v.stdout)")
    }

    /// `init` gives files whose names are not ids the nearest id (and the catalog it writes reads back clean).
    @Test func initMakesIDsFromAnyFileName() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.assets + "/Models/base-model.dae", toPath: root + "/base-model.dae")
        try fm.copyItem(atPath: Self.assets + "/Animations/pushup-01.dae", toPath: root + "/Push Up 01.dae")
        try fm.copyItem(atPath: Self.assets + "/Animations/pushup-02.dae", toPath: root + "/pushup-02-complete.dae")
        let r = try CommandRunner.run(["init", root])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: root + "/catalog.json", encoding: .utf8)
        #expect(text.contains("\"push-up-01\""), "\(text)")
        #expect(text.contains("\"pushup-02-complete-1\""), "\(text)")
        let v = try CommandRunner.run(["validate", root])
        #expect(!v.stdout.contains("catalog-id-invalid"), "\(v.stdout)")
    }

    /// Blender's default export (every clip with its mesh, no separate base model): `init` takes the mesh once from
    /// the first file, makes every file a rig (the first too), says how to export lighter rigs, and the icons follow.
    @Test func initTakesFullExports() throws {
        let shared = TestPaths.repoRoot.deletingLastPathComponent().path + "/shared/corpus/blender-made/humanoid_default.dae"
        try #require(FileManager.default.fileExists(atPath: shared), "needs ../shared")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("full-exports-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for i in 1...3 { try FileManager.default.copyItem(atPath: shared, toPath: root + "/squat-0\(i).dae") }
        let r = try CommandRunner.run(["init", root])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("base model   squat-01.dae"), "\(r.stdout)")
        for i in 1...3 { #expect(r.stdout.contains("rig          squat-0\(i).dae -> squat-0\(i)"), "\(r.stdout)") }
        #expect(r.stdout.contains("2 rig(s) hold their own copy of the mesh") && r.stdout.contains("Selection Only"), "\(r.stdout)")
        let icons = try CommandRunner.run(["icons", "--assets", root, "--out", root + "/out", "--quiet"])
        #expect(icons.status == 0 && icons.stderr.contains("3 made"), "\(icons.stderr)")
    }
}
