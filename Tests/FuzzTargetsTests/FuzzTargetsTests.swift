import Foundation
import FuzzTargets
import Testing
import TestSupport

/// The fuzz targets' entries, replayed in the suite: every input the fuzzers start from (the bundled catalog,
/// style and rigs, the fixtures) and every finding kept in `Regressions/<target>/` runs to its end without a
/// trap. A finding of `Tests/Fuzz/run.sh` is copied there (named after what it broke) with its fix.
@Suite struct FuzzTargetsTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions").path

    static func files(in dir: String, suffixes: [String], maxBytes: Int = 1 << 20) -> [String] {
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: dir) else { return [] }
        return names.filter { name in suffixes.isEmpty || suffixes.contains { name.hasSuffix($0) } }.map { dir + "/" + $0 }
            .filter { ((try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0).map { $0 > 0 && $0 <= maxBytes } ?? false }
            .sorted()
    }

    /// Every JSON file of the checkout (catalogs, styles, fixtures), then each with its last byte dropped and
    /// with a key doubled: read as catalog and as style, never trapping.
    @Test func catalogTargetOnSeedsAndFindings() throws {
        let seeds = Self.files(in: TestPaths.assets, suffixes: [".json"]) + Self.files(in: TestPaths.repoRoot.path + "/Tests", suffixes: [".json"])
            + Self.files(in: Self.regressions + "/CatalogFuzz", suffixes: [])
        #expect(seeds.count >= 2, "no seeds found")
        for path in seeds {
            let bytes = try TestPaths.bytes(path)
            #expect(CatalogFuzzTarget.run(bytes, assets: TestPaths.assets) > 0, "\(path)")
            CatalogFuzzTarget.run(Array(bytes.dropLast()), assets: TestPaths.assets)
            if let brace = bytes.firstIndex(of: UInt8(ascii: "{")) {
                var doubled = bytes
                doubled.insert(contentsOf: Array("\"format\": 1, \"format\": 2, ".utf8), at: brace + 1)
                CatalogFuzzTarget.run(doubled, assets: TestPaths.assets)
            }
        }
    }

    /// A dozen of the bundled pose files, two animated reps (the export fuzzer starts from all of them), the
    /// ColladaKit fixtures, and the findings: applied to the mannequin, then converted on their own.
    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"))
    func exportTargetOnSeedsAndFindings() throws {
        let base = try #require(ExportFuzzTarget.base(assets: TestPaths.assets), "the bundled base model did not load")
        let rigs = Array(Self.files(in: TestPaths.assets + "/Poses", suffixes: [".dae"], maxBytes: 64 << 10).prefix(12))
            + Self.files(in: TestPaths.assets + "/Animations", suffixes: [".dae"], maxBytes: 256 << 10).prefix(2)
        let inputs = Array(rigs) + Self.files(in: TestPaths.fixtures, suffixes: [".dae", ".zae"], maxBytes: 64 << 10)
            + Self.files(in: Self.regressions + "/ExportFuzz", suffixes: [])
        #expect(!rigs.isEmpty, "no rig seeds")
        for path in inputs {
            let written = ExportFuzzTarget.run(try TestPaths.bytes(path), base: base)
            if rigs.contains(path) { #expect(written > 0, "\(path) made nothing") }
        }
    }
}
