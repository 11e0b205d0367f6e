import Foundation
import Testing
@testable import ColladaKit
import PipelineKit
import TestSupport

/// The real-world corpus in ../shared: every file loads, or is rejected with a located error.
@Suite struct CorpusTests {
    struct Entry: Decodable {
        var path: String
        var features: [String]
    }

    struct PeerFile: Decodable {
        struct Pycollada: Decodable {
            struct Stats: Decodable { var triangles: Int? }
            var ok: Bool?
            var mode: String?
            var stats: Stats?
        }
        var path: String
        var pycollada: Pycollada?
    }
    struct Peers: Decodable { var files: [PeerFile] }

    /// Files we reject on purpose, and the rule that must reject them.
    static let expectedRejections: [String: String] = [
        "assimp/earthCylindrical.DAE": "asset-unit",  // decimal commas throughout ("0,010000")
        "gz-common/malformed_polylist_short_p.dae": "index-count",
        "gz-common/malformed_position_zero_stride.dae": "accessor-stride",
        "gz-common/no_collada_tag.dae": "collada-root",
        "gz-common/bad_version.dae": "collada-version",
        // References into other documents of the archive are not supported yet.
        "khronos-cts/complex_archive.zae": "reference-external",
    ]

    @Test(.enabled(if: TestPaths.shared != nil, "../shared/corpus is not beside this checkout"))
    func everyManifestFileLoadsOrIsRejectedWithALocatedError() throws {
        let shared = try #require(TestPaths.shared)
        let dir = shared + "/corpus/collada/"
        let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: URL(fileURLWithPath: dir + "corpus.json")))
        let peers = try JSONDecoder().decode(Peers.self, from: Data(contentsOf: URL(fileURLWithPath: shared + "/bench/reference/public-peers.json")))
        var pycollada: [String: Int] = [:]
        for f in peers.files where f.pycollada?.ok == true { pycollada[f.path] = f.pycollada?.stats?.triangles }
        #expect(entries.count == 63)
        var loaded = 0, rejected = 0, compared = 0
        var disagreements: [String] = []
        for e in entries {
            let path = dir + e.path
            do {
                let scene = try ColladaLoader.load(path: path)
                loaded += 1
                #expect(Self.expectedRejections[e.path] == nil, "\(e.path) loaded but should be rejected")
                if let theirs = pycollada[e.path] {
                    compared += 1
                    if theirs != scene.triangleCount { disagreements.append("\(e.path): ours \(scene.triangleCount), pycollada \(theirs)") }
                }
            } catch let error as LoadError {
                rejected += 1
                let first = try #require(error.diagnostics.first { $0.severity == .error })
                #expect(first.location.path.hasPrefix(path), "\(e.path): \(first)")
                #expect(first.location.line >= 1, "\(e.path): unlocated error \(first)")
                #expect(Self.expectedRejections[e.path] == first.id, "\(e.path) rejected unexpectedly: \(first)")
            }
        }
        print("CorpusTests: \(loaded) loaded, \(rejected) rejected with located errors, of \(entries.count); triangle counts compared with pycollada on \(compared), \(disagreements.count) disagree")
        for d in disagreements { print("  disagree: \(d)") }
        #expect(disagreements.isEmpty)
        #expect(loaded == entries.count - Self.expectedRejections.count)
    }

    @Test(.enabled(if: TestPaths.shared != nil, "../shared is not beside this checkout"))
    func blenderMadeHumanoidAndItsRigs() throws {
        let shared = try #require(TestPaths.shared)
        let dir = shared + "/corpus/blender-made/"
        let base = try ColladaLoader.load(path: dir + "humanoid_default.dae")
        let walk = try ColladaLoader.load(path: dir + "humanoid_anim_only.dae")
        let wave = try ColladaLoader.load(path: dir + "humanoid_wave_anim_only.dae")
        for s in [base, walk, wave] {
            #expect(s.jointIndices.count == 13)
            #expect(s.upAxis == .z)
            let camera = try #require(s.cameras.first)
            // Blender writes xfov 39.6 and aspect_ratio 16:9: yfov = 2 atan(tan(xfov/2) / aspect).
            let expected = 2 * atan(tan(39.59775 * Float.pi / 360) / 1.777778) * 180 / .pi
            #expect(approx(try #require(camera.yfovDegrees), expected, 1e-3))
        }
        #expect(base.channels.count == 9)
        #expect(walk.channels.count == 9)
        #expect(wave.channels.count == 2)
        #expect(base.triangleCount == 1608)
        #expect(base.meshes.first?.positions.count == 818)
        #expect(walk.meshes.isEmpty && wave.meshes.isEmpty)
        // Joints named by sid in the skin; names keep Blender's dots.
        let skin = try #require(base.skins.first)
        #expect(skin.jointNames.contains("upper_arm_L"))
        #expect(base.node(named: "upper_arm.L") != nil)
        #expect(try #require(base.meshInstances.first).jointNodes.allSatisfy { $0 != nil })
        // Baked matrix channels target the joints' "transform" matrices, 30 keys from 1/30 s.
        let channel = try #require(walk.channels.first)
        let sampler = walk.samplers[channel.sampler]
        #expect(sampler.stride == 16 && sampler.keyCount == 30)
        #expect(approx(try #require(sampler.input.first), 1 / 30, 1e-4))
    }
}
