import AssetCatalog
import ColladaKit
import Foundation
import Testing
@testable import ProgressionContent

/// `Assets/` is what `assettool author` writes: regenerated into a temporary folder, every file is
/// byte-identical to the committed one, and nothing else is committed there.
@Suite struct AssetsRegenerationTests {
    @Test func committedAssetsEqualAFreshRegeneration() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reps3d-author-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try AssetAuthor().files()
        try AssetAuthor.write(files, to: dir)
        #expect(files.map(\.0).sorted() == AssetsFixture.relativePaths.sorted())
        for (rel, _) in files {
            let fresh = try Data(contentsOf: dir.appendingPathComponent(rel))
            let committed = try? Data(contentsOf: AssetsFixture.assets.appendingPathComponent(rel))
            #expect(committed == fresh, "Assets/\(rel) differs from a fresh `assettool author`; regenerate and commit")
        }
        let committed = try FileManager.default.subpathsOfDirectory(atPath: AssetsFixture.assets.path)
            .filter { !$0.hasPrefix(".") && ($0.hasSuffix(".dae") || $0.hasSuffix(".json")) }
        #expect(Set(committed) == Set(AssetsFixture.relativePaths), "files in Assets/ that author does not write")
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let defs = Array(ProgressionLibrary.all.prefix(2))
        let a = try AssetAuthor().files(definitions: defs), b = try AssetAuthor().files(definitions: defs)
        #expect(a.map(\.0) == b.map(\.0))
        #expect(zip(a, b).allSatisfy { $0.1 == $1.1 })
    }

    @Test func sizesAreWithinBudget() throws {
        func size(_ rel: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: AssetsFixture.path(rel)))?[.size] as? Int) ?? Int.max
        }
        #expect(size("Models/base-model.dae") < 2_000_000)
        for id in AssetsFixture.ids {
            #expect(size("Animations/\(id).dae") < 500_000, "\(id) animation")
            #expect(size("Poses/\(id)-pose.dae") < 100_000, "\(id) pose")
        }
    }

    @Test func catalogListsTheSixtyProgressions() throws {
        let data = try Data(contentsOf: AssetsFixture.assets.appendingPathComponent("catalog.json"))
        let catalog = try JSONDecoder().decode(Catalog.self, from: data)
        #expect(catalog.exercises.map(\.id) == ["pushup", "squat", "pullup", "legraise", "bridge", "handstand"])
        #expect(catalog.progressions.map(\.id) == AssetsFixture.ids)
        #expect(FileManager.default.fileExists(atPath: AssetsFixture.path(catalog.baseModel)))
        #expect(FileManager.default.fileExists(atPath: AssetsFixture.path(try #require(catalog.style))))
        for e in catalog.exercises {
            #expect(e.progressions.map(\.stage) == Array(0..<10))
            for p in e.progressions {
                #expect(p.name == AssetsFixture.definition(p.id)?.name)
                #expect(p.standards.map(\.level) == ["beginner", "intermediate", "progression"])
                #expect(p.standards.allSatisfy { ($0.sets ?? 0) > 0 && ($0.reps ?? 0) > 0 || ($0.holdSeconds ?? 0) > 0 }, "\(p.id)")
                let pose = try ColladaLoader.load(path: AssetsFixture.path(try #require(p.pose)))
                let range = try #require(pose.animationRange())
                let poseTime = try #require(p.poseTime)
                #expect(range.contains(poseTime), "\(p.id): poseTime \(poseTime) outside \(range)")
                #expect(FileManager.default.fileExists(atPath: AssetsFixture.path(try #require(p.animation))))
            }
        }
        // Spot checks against PROGRESSIONS.md.
        let byID = Dictionary(uniqueKeysWithValues: catalog.progressions.map { ($0.id, $0) })
        #expect(byID["handstand-01"]?.standards.map(\.holdSeconds) == [30, 60, 120])
        #expect(byID["pushup-10"]?.standards.last.map { [$0.sets, $0.reps] } == [1, 100])
        #expect(byID["pushup-10"]?.standards.allSatisfy { $0.eachSide == true } == true)
        #expect(byID["squat-01"]?.standards.contains { $0.eachSide != nil } == false)
    }

    @Test func iconStyleIsTheStandardRecipe() throws {
        let data = try Data(contentsOf: AssetsFixture.assets.appendingPathComponent("icon-style.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["themeColor"] as? [Double] == [1, 0.4, 0.2])
        #expect((json["circles"] as? [[String: Any]])?.count == 2)
        #expect(json["pointSize"] as? Int == 60)
    }
}
