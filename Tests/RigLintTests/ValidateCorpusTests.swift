import TestSupport
@testable import RigLint
import ColladaKit
import Foundation
import Testing
import PipelineKit

/// `validate` over the shared corpus of real COLLADA files: no crash, the known-bad files caught,
/// and a tally of which rules fire (printed for the record).
@Suite(.enabled(if: TestPaths.shared != nil, "needs ../shared/corpus/collada"))
struct ValidateCorpusTests {
    static var corpus: String { (TestPaths.shared ?? "") + "/corpus/collada" }

    static func manifestPaths() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: corpus + "/corpus.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return entries.compactMap { $0["path"] as? String }.map { corpus + "/" + $0 }
    }

    static func tally(_ d: [Diagnostic]) -> String {
        var counts: [String: (n: Int, files: Set<String>)] = [:]
        for x in d { counts["\(x.id) (\(x.severity.rawValue))", default: (0, [])].n += 1; counts["\(x.id) (\(x.severity.rawValue))"]?.files.insert(x.location.path) }
        return counts.sorted { $0.value.n > $1.value.n }.map { "\($0.value.n)\t\($0.value.files.count) file(s)\t\($0.key)" }.joined(separator: "\n")
    }

    @Test func everyCorpusFileValidatesWithoutCrashing() throws {
        let paths = try Self.manifestPaths()
        #expect(paths.count == 63)
        let alone = Validator(basePath: nil, catalogPath: nil).run(files: paths)
        #expect(alone.fileCount == paths.count)
        #expect(!alone.hasUnreadable)
        #expect(alone.diagnostics.allSatisfy { $0.location.path.hasPrefix(Self.corpus) })
        print("validate over the corpus, no base:\n" + Self.tally(alone.diagnostics))
        // The corpus's deliberately broken files are caught, each by its own rule.
        let expected: [(String, String)] = [
            ("gz-common/bad_version.dae", "collada-version"),
            ("gz-common/no_collada_tag.dae", "collada-root"),
            ("gz-common/malformed_position_zero_stride.dae", "accessor-stride"),
            ("gz-common/malformed_polylist_short_p.dae", "index-count"),
            ("gz-common/malformed_texcoord_mismatch.dae", "accessor-partial"),
            ("assimp/earthCylindrical.DAE", "number-syntax"),
        ]
        for (file, id) in expected {
            #expect(alone.diagnostics.contains { $0.location.path == Self.corpus + "/" + file && $0.id == id }, "\(file): no \(id)")
        }
        // Against the Blender mannequin, every foreign rig is told why it does not fit.
        let base = (TestPaths.shared ?? "") + "/corpus/blender-made/humanoid_default.dae"
        let against = Validator(basePath: base, catalogPath: nil).run(files: paths)
        #expect(against.fileCount == paths.count + 1)
        print("validate over the corpus against humanoid_default.dae:\n" + Self.tally(against.diagnostics))
        #expect(!against.diagnostics.contains { $0.location.path == base })
        let walk = Self.corpus + "/gz-common/walk.dae"
        #expect(against.diagnostics.contains { $0.location.path == walk && $0.id == "rig-joint-missing" })
    }

    @Test func skinnedCorpusFilesAsTheBaseModel() throws {
        // A joint posed away from its bind pose: null1 sits 4 units off (its inverse bind says z -4, the scene x +4, z +4).
        let morph = Self.corpus + "/khronos-cts/skin_on_morph.dae"
        let m = Validator(basePath: morph, catalogPath: nil).run(files: [])
        let bind = m.diagnostics.filter { $0.id == "base-bind-matrices" }
        #expect(bind.count == 1)
        #expect(bind.first?.message.contains("'null1'") == true)
        // RiggedFigure has vertices with up to 8 influences.
        let figure = Self.corpus + "/khronos-gltf/RiggedFigure.dae"
        let f = Validator(basePath: figure, catalogPath: nil).run(files: [])
        let over = try #require(f.diagnostics.first { $0.id == "base-influences-max" })
        #expect(over.message.contains("up to 8"))
        #expect(over.severity == .warning)
    }
}
