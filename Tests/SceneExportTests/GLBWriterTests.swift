import ColladaKit
import Foundation
@testable import SceneExport
import Testing
import TestSupport

/// The GLB layout and the glTF rules `GLBWriter` promises, read back from the bytes.
@Suite struct GLBWriterTests {
    static let repoRoot = TestPaths.repoRoot
    static let haveAssets = FileManager.default.fileExists(atPath: repoRoot.path + "/Assets/Models/base-model.dae")

    /// The base mannequin with `rig` applied, as a GLB, and its JSON and BIN chunks.
    static func convert(_ rig: String) throws -> (glb: [UInt8], json: [String: Any], bin: [UInt8], model: ExportModel) {
        let assets = repoRoot.path + "/Assets/"
        let base = try ColladaLoader.load(path: assets + "Models/base-model.dae")
        let applied = base.applying(rig: try ColladaLoader.load(path: assets + "Animations/\(rig).dae")).scene
        let model = ExportModel(scene: applied, name: rig)
        let glb = try GLBWriter.write(model, generator: "test")
        func u32(_ at: Int) -> Int { Int(glb[at]) | Int(glb[at + 1]) << 8 | Int(glb[at + 2]) << 16 | Int(glb[at + 3]) << 24 }
        #expect(u32(0) == 0x4654_6C67 && u32(4) == 2 && u32(8) == glb.count)
        let jsonLength = u32(12)
        #expect(u32(16) == 0x4E4F_534A && jsonLength % 4 == 0)
        let binAt = 20 + jsonLength
        #expect(u32(binAt + 4) == 0x004E_4942 && u32(binAt) % 4 == 0 && binAt + 8 + u32(binAt) == glb.count)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(glb[20..<binAt])) as? [String: Any])
        return (glb, json, Array(glb[(binAt + 8)...]), model)
    }

    static func floats(_ json: [String: Any], _ bin: [UInt8], accessor index: Int) -> [Float] {
        let accessors = json["accessors"] as? [[String: Any]] ?? []
        let views = json["bufferViews"] as? [[String: Any]] ?? []
        let a = accessors[index]
        let view = views[a["bufferView"] as? Int ?? 0]
        let width = ["SCALAR": 1, "VEC3": 3, "VEC4": 4, "MAT4": 16][a["type"] as? String ?? ""] ?? 1
        let offset = view["byteOffset"] as? Int ?? 0, count = (a["count"] as? Int ?? 0) * width
        return (0..<count).map { k in
            let at = offset + 4 * k
            return Float(bitPattern: UInt32(bin[at]) | UInt32(bin[at + 1]) << 8 | UInt32(bin[at + 2]) << 16 | UInt32(bin[at + 3]) << 24)
        }
    }

    @Test(.enabled(if: haveAssets, "Assets/ is not in this checkout"), arguments: ["squat-05", "pushup-09"])
    func layoutAndRules(rig: String) throws {
        let (glb, json, bin, model) = try Self.convert(rig)
        let accessors = try #require(json["accessors"] as? [[String: Any]])
        for view in try #require(json["bufferViews"] as? [[String: Any]]) { #expect((view["byteOffset"] as? Int ?? 0) % 4 == 0) }
        // POSITION and animation inputs carry min and max.
        let meshes = try #require(json["meshes"] as? [[String: Any]])
        for mesh in meshes {
            for p in mesh["primitives"] as? [[String: Any]] ?? [] {
                let attributes = try #require(p["attributes"] as? [String: Int])
                let position = accessors[try #require(attributes["POSITION"])]
                #expect(position["min"] != nil && position["max"] != nil)
                if let j = attributes["JOINTS_0"], let w = attributes["WEIGHTS_0"] {
                    #expect(accessors[j]["componentType"] as? Int == 5121, "joint indices as unsigned bytes")
                    let weights = Self.floats(json, bin, accessor: w)
                    for v in stride(from: 0, to: weights.count, by: 4) {
                        #expect(abs(weights[v] + weights[v + 1] + weights[v + 2] + weights[v + 3] - 1) < 1e-5)
                    }
                }
            }
        }
        let animation = try #require((json["animations"] as? [[String: Any]])?.first)
        for s in animation["samplers"] as? [[String: Any]] ?? [] {
            let input = try #require(s["input"] as? Int)
            #expect(accessors[input]["min"] != nil && accessors[input]["max"] != nil)
            let times = Self.floats(json, bin, accessor: input)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "strictly increasing key times")
        }
        for (c, s) in zip(animation["channels"] as? [[String: Any]] ?? [], animation["samplers"] as? [[String: Any]] ?? []) {
            guard (c["target"] as? [String: Any])?["path"] as? String == "rotation", let output = s["output"] as? Int else { continue }
            let q = Self.floats(json, bin, accessor: output)
            for k in stride(from: 0, to: q.count, by: 4) {
                let n = (q[k] * q[k] + q[k + 1] * q[k + 1] + q[k + 2] * q[k + 2] + q[k + 3] * q[k + 3]).squareRoot()
                #expect(abs(n - 1) < 1e-5)
                if k >= 4 { #expect(q[k] * q[k - 4] + q[k + 1] * q[k - 3] + q[k + 2] * q[k - 2] + q[k + 3] * q[k - 1] >= 0, "sign-continuous") }
            }
        }
        // Names as the rig names its joints; one skin; the rig's camera.
        let names = Set((json["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["hips", "spine", "thigh_L", "Camera"]), "names by ExportModel.exportName: \(names.sorted())")
        #expect((json["skins"] as? [Any])?.count == 1 && (json["cameras"] as? [Any])?.count == 1)
        #expect(model.warnings.isEmpty, "\(model.warnings)")
        // The same model gives the same bytes.
        #expect(try GLBWriter.write(model, generator: "test") == glb)
    }

    @Test(.enabled(if: haveAssets, "Assets/ is not in this checkout"))
    func propsComeAlong() throws {
        let (_, json, _, _) = try Self.convert("pushup-09")
        let meshNames = (json["meshes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(meshNames.contains("ball"), "\(meshNames)")
    }

    @Test func moreThanFourInfluencesAreReducedWithAWarning() throws {
        let path = Self.repoRoot.path + "/Tests/ColladaKitTests/Fixtures/rig_semantics.dae"
        let scene = try ColladaLoader.load(path: path)
        let model = ExportModel(scene: scene, name: "rig")
        for mesh in model.meshes where !mesh.weights.isEmpty {
            for w in mesh.weights { #expect(abs(w.sum() - 1) < 1e-5) }
        }
        let glb = try GLBWriter.write(model, generator: "test")
        #expect(glb.count % 4 == 0)
    }
}

/// The USDZ package: a ZIP of stored entries, data 64-byte aligned, the root layer first, the same
/// bytes for the same input.
@Suite struct USDZPackageTests {
    @Test(arguments: [1, 7, 63, 64, 65, 1000])
    func entriesAreStoredAndAligned(size: Int) throws {
        let files: [(name: String, bytes: [UInt8])] = [
            (name: "root.usda", bytes: Array(repeating: 0x61, count: size)),
            (name: "textures/a.png", bytes: (0..<(size * 3)).map { UInt8($0 & 0xFF) }),
        ]
        let bytes = USDZPackage.pack(files)
        #expect(USDZPackage.pack(files) == bytes)
        // Read back with the package's own ZIP reader: names, order and contents.
        let archive = try ZipArchive(bytes)
        #expect(archive.entries.map(\.name) == ["root.usda", "textures/a.png"])
        for (entry, file) in zip(archive.entries, files) { #expect(try archive.contents(of: entry) == file.bytes) }
        // Each local header: stored (method 0), data at a multiple of 64.
        var at = 0
        for file in files {
            func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
            #expect(bytes[at] == 0x50 && bytes[at + 1] == 0x4B && bytes[at + 2] == 3 && bytes[at + 3] == 4)
            #expect(u16(at + 8) == 0)
            let data = at + 30 + u16(at + 26) + u16(at + 28)
            #expect(data % 64 == 0)
            at = data + file.bytes.count
        }
    }
    /// Export names are unique: a name met again takes `_2`, `_3`, ... (the first suffix free), also when a node's own
    /// name is one of those suffixed names; 8,192 instances of one node are named in linear time (the fuzzer's
    /// slow unit, kept in `Tests/FuzzTargetsTests/Regressions/ExportFuzz`, took 4 s in release before).
    @Test func namesMetAgainTakeTheFirstFreeSuffix() throws {
        func dae(_ nodes: String) -> [UInt8] {
            Array("""
            <?xml version="1.0"?><COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
            <library_geometries><geometry id="g"><mesh><source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
            <technique_common><accessor source="#pa" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/>
            <param name="Z" type="float"/></accessor></technique_common></source><vertices id="v"><input semantic="POSITION" source="#p"/>
            </vertices><triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles></mesh></geometry>
            </library_geometries><library_visual_scenes><visual_scene id="s">\(nodes)</visual_scene></library_visual_scenes>
            <scene><instance_visual_scene url="#s"/></scene></COLLADA>
            """.utf8)
        }
        let leaf = { (name: String) in "<node id=\"\(name)-\(UUID().uuidString.prefix(8))\" name=\"\(name)\"><instance_geometry url=\"#g\"/></node>" }
        let scene = try ColladaLoader.load(bytes: dae(leaf("a") + leaf("a") + leaf("a_2") + leaf("a") + leaf("b") + leaf("a")), path: "names.dae")
        let names = ExportModel(scene: scene, name: "names").nodes.filter { $0.mesh != nil }.map(\.name)
        #expect(names == ["a", "a_2", "a_2_2", "a_3", "b", "a_4"], "\(names)")
        let slow = try TestPaths.bytes(TestPaths.repoRoot.path + "/Tests/FuzzTargetsTests/Regressions/ExportFuzz/slow-unit-17408-instances-one-name.dae")
        let many = ExportModel(scene: try ColladaLoader.load(bytes: slow, path: "slow.dae"), name: "slow").nodes.map(\.name)
        #expect(Set(many).count == many.count && many.count > 8192)
    }
}
