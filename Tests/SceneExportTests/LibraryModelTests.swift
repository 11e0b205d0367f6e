import ColladaKit
import Foundation
@testable import SceneExport
import Testing
import TestSupport

/// `LibraryModel` and the library GLB, in process: one figure, a group per progression, clips that need no other clip.
@Suite struct LibraryModelTests {
    /// The mannequin with each rig applied, as `export` builds the models.
    static func models(_ rigs: [String]) throws -> [(id: String, model: ExportModel, path: String)] {
        let assets = TestPaths.repoRoot.path + "/Assets/"
        let base = try ColladaLoader.load(path: assets + "Models/base-model.dae")
        return try rigs.map { rig in
            let path = assets + "Animations/\(rig).dae"
            let applied = base.applying(rig: try ColladaLoader.load(path: path)).scene
            return (rig, ExportModel(scene: applied, name: rig), path)
        }
    }

    @Test(.enabled(if: GLBWriterTests.haveAssets, "Assets/ is not in this checkout"))
    func oneFigureAGroupPerProgressionTheSameBytesAgain() throws {
        let entries = try Self.models(["pullup-04", "squat-05"])
        let library = try LibraryModel(entries)
        let model = library.model
        // The figure once: as many figure nodes as one progression has.
        #expect(model.skins.count == 1 && model.nodes.filter { $0.skin != nil }.count == 1)
        let figure = LibraryModel.figure(entries[0].model).filter { $0 }.count
        #expect(model.nodes.count > figure + 2)
        #expect(Set(model.nodes.map(\.name)).count == model.nodes.count)
        for (k, id) in ["pullup-04", "squat-05"].enumerated() {
            let group = library.clips[k].group
            let name = ExportModel.exportName(id)
            #expect(model.nodes[group].name == name && model.nodes[group].parent == nil && model.nodes[group].rest.scale == .zero)
            // Its camera: a top-level node of its own (not at scale 0, not in the group), at the rig camera's world
            // transform.
            let cameras = library.clips[k].cameras
            #expect(cameras.count == 1 && cameras.allSatisfy { model.nodes[$0].parent == nil && model.nodes[$0].camera != nil })
            #expect(cameras.map { model.nodes[$0].name } == [name + "_Camera"])
            #expect(cameras.allSatisfy { let s = model.nodes[$0].rest.scale; return s.x != 0 && s.y != 0 && s.z != 0 })
            #expect(!model.nodes.contains { $0.parent == group && $0.camera != nil })
            if let c = cameras.first, let own = entries[k].model.nodes.firstIndex(where: { $0.camera != nil }) {
                let world = entries[k].model.restWorlds[own], rest = DecomposedTransform(world)
                let d = model.nodes[c].rest.translation - rest.translation
                #expect((d * d).sum() < 1e-10, "\(model.nodes[c].rest) \(rest)")
            }
            #expect(library.clips[k].name == id)
            // Its clip holds its group at scale 1 and moves only the figure, its own group's nodes and its own camera.
            #expect(library.clips[k].channels.contains { $0.node == group && $0.path == .scale && $0.values.allSatisfy { $0.x == 1 } })
            let other = library.clips[1 - k].group
            #expect(!library.clips[k].channels.contains { c in
                var n: Int? = c.node
                while let m = n { if m == other { return true }; n = model.nodes[m].parent }
                return false
            })
            #expect(!library.clips[k].channels.contains { library.clips[1 - k].cameras.contains($0.node) })
            // Key times: the rig's document clock, a value held still with two keys.
            let times = try #require(entries[k].model.animation?.times)
            #expect(library.clips[k].channels.allSatisfy { $0.times == times || $0.times == [times[0], times[times.count - 1]] })
        }
        let glb = try GLBWriter.write(library, generator: "test")
        #expect(try GLBWriter.write(try LibraryModel(try Self.models(["pullup-04", "squat-05"])), generator: "test") == glb)
        // Equal key times are one accessor: far fewer accessors than channels.
        let channels = library.clips.reduce(0) { $0 + $1.channels.count }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(glb[20..<(20 + (Int(glb[12]) | Int(glb[13]) << 8 | Int(glb[14]) << 16))])) as? [String: Any])
        #expect(((json["accessors"] as? [Any])?.count ?? .max) < channels + 12)
    }

    /// A camera the rig moves (here: hung from the hips, which the squat moves) is a top-level node whose clip takes
    /// it through the camera's world transform at every key; a still one gets no channel.
    @Test(.enabled(if: GLBWriterTests.haveAssets, "Assets/ is not in this checkout"))
    func aMovingCameraIsAnimatedAtItsWorldTransform() throws {
        var entries = try Self.models(["squat-05", "pullup-04"])
        var model = entries[0].model
        let camera = try #require(model.nodes.firstIndex { $0.camera != nil })
        let hips = try #require(model.nodes.firstIndex { $0.name == "hips" })
        try #require(hips < camera && model.animation?.tracks.contains { $0.node == hips } == true)
        model.nodes[camera].parent = hips
        entries[0].model = model
        let library = try LibraryModel(entries)
        let node = try #require(library.clips[0].cameras.first)
        #expect(library.model.nodes[node].parent == nil && library.model.nodes[node].camera != nil)
        let translation = try #require(library.clips[0].channels.first { $0.node == node && $0.path == .translation })
        let times = try #require(model.animation?.times)
        #expect(translation.times == times)
        for k in times.indices {
            let world = DecomposedTransform(model.worlds(atKey: k)[camera]).translation
            let d = SIMD3(translation.values[k].x, translation.values[k].y, translation.values[k].z) - world
            #expect((d * d).sum() < 1e-10, "key \(k): \(translation.values[k]) \(world)")
        }
        // The pull-up's camera does not move: its node's rest is its place, no channel.
        let still = try #require(library.clips[1].cameras.first)
        #expect(!library.clips[1].channels.contains { $0.node == still })
    }

    /// The batch on two workers (the progressions' jobs shelving their models for the library job, which runs last):
    /// `library.glb` is the library of the same models built here, byte for byte. (ThreadSanitizer runs this suite.)
    @Test(.enabled(if: GLBWriterTests.haveAssets, "Assets/ is not in this checkout"))
    func theBatchOnTwoWorkersWritesTheLibraryOfTheModels() async throws {
        let assets = TestPaths.repoRoot.path + "/Assets"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("library-batch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rigs = ["pullup-04", "squat-05", "pushup-09"]
        let entries = rigs.map { "{ \"id\": \"\($0)\", \"animation\": \"\(assets)/Animations/\($0).dae\" }" }.joined(separator: ", ")
        try """
            { "baseModel": "\(assets)/Models/base-model.dae", "exercises": [ { "id": "mixed", "progressions": [ \(entries) ] } ] }
            """.write(toFile: dir + "/catalog.json", atomically: true, encoding: .utf8)
        var options = ExportBatch.Options()
        options.assets = dir
        options.out = dir + "/out"
        options.formats = [.glb]
        options.library = true
        options.jobs = 2
        let summary = try await ExportBatch(options: options).run()
        #expect(summary.made == 4 && summary.failed == 0, "\(summary)")
        let written = FileManager.default.contents(atPath: dir + "/out/library.glb").map { [UInt8]($0) }
        let expected = try GLBWriter.write(try LibraryModel(try Self.models(rigs)), generator: ExportBatch.toolVersion)
        #expect(written == expected)
    }
}
