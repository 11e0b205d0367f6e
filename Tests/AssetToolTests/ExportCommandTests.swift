import Foundation
import Testing
import TestSupport

/// `assettool export`: every progression as USDZ and GLB, incremental, fault tolerant, deterministic.
@Suite(.serialized) struct ExportCommandTests {
    static func folder(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"))
    func wholeCatalogThenANoOpAndUSDValidates() throws {
        let out = try Self.folder("export-all")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let assets = TestPaths.repoRoot.path + "/Assets"
        let first = try CommandRunner.run(["export", "--assets", assets, "--out", out, "--format", "usdz,glb", "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        let made = Self.files(out)
        #expect(made.count == 120, "\(made.count) files")
        #expect(made.filter { $0.hasSuffix(".usdz") }.count == 60 && made.filter { $0.hasSuffix(".glb") }.count == 60)
        let second = try CommandRunner.run(["export", "--assets", assets, "--out", out, "--quiet"])
        #expect(second.status == 0)
        #expect(second.stderr.contains("export: 0 made, 60 up to date, 0 failed"), "\(second.stderr)")
        if ConvertCommandTests.haveUSD {
            let check = try ConvertCommandTests.python([TestPaths.repoRoot.path + "/scripts/usd_validate.py", out])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
        if ConvertCommandTests.havePython {
            let check = try ConvertCommandTests.python([TestPaths.repoRoot.path + "/scripts/gltf_load_all.py", out])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
    }

    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"))
    func identicalBytesWhateverTheJobs() throws {
        let a = try Self.folder("export-j1"), b = try Self.folder("export-j2")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        let only = "pushup-01,squat-05,pullup-09,bridge-05"
        let one = try CommandRunner.run(["export", "--out", a, "--only", only, "--jobs", "1", "--quiet"], in: TestPaths.repoRoot)
        let two = try CommandRunner.run(["export", "--out", b, "--only", only, "--jobs", "2", "--quiet"], in: TestPaths.repoRoot)
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        #expect(Self.files(a) == Self.files(b) && Self.files(a).count == 8)
        for name in Self.files(a) {
            #expect(FileManager.default.contents(atPath: a + "/" + name) == FileManager.default.contents(atPath: b + "/" + name), "\(name)")
        }
    }

    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"))
    func oneBadRigFailsAlone() throws {
        let dir = try Self.folder("export-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let assets = TestPaths.repoRoot.path + "/Assets"
        for sub in ["Models", "Animations"] { try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: assets + "/Models/base-model.dae", toPath: dir + "/Models/base-model.dae")
        try FileManager.default.copyItem(atPath: assets + "/Animations/squat-01.dae", toPath: dir + "/Animations/squat-01.dae")
        try FileManager.default.copyItem(atPath: assets + "/Animations/squat-02.dae", toPath: dir + "/Animations/squat-02.dae")
        try """
            { "baseModel": "Models/base-model.dae", "exercises": [ { "id": "squat", "progressions": [
              { "id": "squat-01", "animation": "Animations/squat-01.dae" },
              { "id": "squat-02", "animation": "Animations/squat-02.dae" } ] } ] }
            """.write(toFile: dir + "/catalog.json", atomically: true, encoding: .utf8)
        let out = dir + "/out"
        #expect(try CommandRunner.run(["export", "--assets", dir, "--out", out, "--quiet"]).status == 0)
        let good = FileManager.default.contents(atPath: out + "/squat-02.glb")
        // Break squat-02's rig: it fails, reported at its line; squat-01 is made again; squat-02's files stay.
        try "<COLLADA version=\"1.4.1\"><library_animations>".write(toFile: dir + "/Animations/squat-02.dae", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: out + "/squat-01.usdz")
        let r = try CommandRunner.run(["export", "--assets", dir, "--out", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("squat-02.dae:1:") && r.stderr.contains("[xml-malformed]"), "\(r.stderr)")
        #expect(r.stderr.contains("export: 1 made, 0 up to date, 1 failed"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/squat-01.usdz"))
        #expect(FileManager.default.contents(atPath: out + "/squat-02.glb") == good)
        // An output folder that cannot be written: the same located error path, exit 73 (as every batch).
        let blocked = try CommandRunner.run(["export", "--assets", dir, "--out", "/proc/export", "--quiet"])
        #expect(blocked.status == 73 && blocked.stderr.contains("cannot write") && blocked.stderr.contains("[batch-output-unwritable]"), "\(blocked.stderr)")
    }
}
