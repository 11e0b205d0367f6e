import Foundation
import Testing
import TestSupport

/// `export --library` (one GLB, every progression a clip) and `export --layout shared` (mannequin.usdz and an
/// animation-only USDZ per progression), read by the independent readers: pygltflib and numpy skin the library's
/// clips by glTF's rules, usd-core validates every USDZ and skins the mannequin with a progression's animation.
@Suite(.serialized) struct ExportLayoutTests {
    /// The whole catalog exported once with `--library --layout shared` (both formats), and the summary of a second
    /// run; nil when it could not be.
    static let exported: (out: String, first: CommandRunner.Output, second: CommandRunner.Output)? = {
        guard TestPaths.haveAssets, let out = try? ExportCommandTests.folder("export-layouts") else { return nil }
        let arguments = ["export", "--assets", TestPaths.assets, "--out", out, "--library", "--layout", "shared", "--quiet"]
        guard let first = try? CommandRunner.run(arguments), let second = try? CommandRunner.run(arguments) else { return nil }
        return (out, first, second)
    }()

    static func catalogIDs() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.assets + "/catalog.json"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let exercises = try #require(catalog["exercises"] as? [[String: Any]])
        return exercises.flatMap { ($0["progressions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
    }

    /// The JSON chunk of a GLB.
    static func glbJSON(_ path: String) throws -> [String: Any] {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.count > 20 && bytes.prefix(4) == Data("glTF".utf8))
        let length = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
        return try #require(try JSONSerialization.jsonObject(with: bytes.subdata(in: 20..<(20 + length))) as? [String: Any])
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    /// One run makes the library, the mannequin and the 60 progressions' files; the second makes nothing.
    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"))
    func bothLayoutsThenANoOp() throws {
        let run = try #require(Self.exported, "export --library --layout shared")
        #expect(run.first.status == 0, "\(run.first.stderr)")
        #expect(run.first.stderr.contains("export: 62 made, 0 up to date, 0 failed"), "\(run.first.stderr)")
        #expect(run.second.status == 0 && run.second.stderr.contains("export: 0 made, 62 up to date, 0 failed"), "\(run.second.stderr)")
        let files = ExportCommandTests.files(run.out)
        #expect(files.count == 122 && files.contains("library.glb") && files.contains("mannequin.usdz"), "\(files.count) files")
        // The library made alone (no progression job builds a model for it this time): the same bytes.
        let library = run.out + "/library.glb"
        let made = FileManager.default.contents(atPath: library)
        try FileManager.default.removeItem(atPath: library)
        let again = try CommandRunner.run(["export", "--assets", TestPaths.assets, "--out", run.out, "--library", "--layout", "shared", "--quiet"])
        #expect(again.status == 0 && again.stderr.contains("export: 1 made, 61 up to date, 0 failed"), "\(again.stderr)")
        #expect(made != nil && FileManager.default.contents(atPath: library) == made)
    }

    /// The library GLB: at most 3 MB; the mannequin once (one skin, one skinned mesh); a clip per catalog progression,
    /// named by its id, in catalog order; per progression a root group node named by the id under the name rule, at
    /// scale 0 (its props), and a root camera node `<group>_Camera` beside it; no camera at or below a node at scale 0
    /// (three.js inverts every camera's world matrix); every node name unique and in [A-Za-z0-9_] (three.js keeps it).
    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"))
    func libraryHoldsEveryProgressionByName() throws {
        let run = try #require(Self.exported, "export --library --layout shared")
        let path = run.out + "/library.glb"
        #expect(Self.size(path) > 0 && Self.size(path) <= 3_000_000, "\(Self.size(path)) bytes")
        let doc = try Self.glbJSON(path)
        let ids = try Self.catalogIDs()
        let animations = try #require(doc["animations"] as? [[String: Any]])
        #expect(animations.compactMap { $0["name"] as? String } == ids)
        #expect((doc["skins"] as? [Any])?.count == 1)
        let nodes = try #require(doc["nodes"] as? [[String: Any]])
        let names = nodes.compactMap { $0["name"] as? String }
        #expect(names.count == nodes.count && Set(names).count == names.count, "node names are not unique")
        #expect(names.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } })
        #expect(nodes.filter { $0["skin"] != nil }.count == 1)
        let roots = Set(((doc["scenes"] as? [[String: Any]])?.first?["nodes"] as? [Int]) ?? [])
        for (k, id) in ids.enumerated() {
            let group = id.replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_")
            guard let g = names.firstIndex(of: group) else { Issue.record("no group node '\(group)'"); continue }
            #expect(roots.contains(g) && (nodes[g]["scale"] as? [Double]) == [0, 0, 0], "\(group)")
            let camera = names.firstIndex(of: group + "_Camera")
            #expect(camera.map { roots.contains($0) && nodes[$0]["camera"] != nil } == true, "\(group)_Camera")
            // Its clip shows it: scale 1 on the group.
            let channels = (animations[k]["channels"] as? [[String: Any]]) ?? []
            #expect(channels.contains { ($0["target"] as? [String: Any]).map { $0["node"] as? Int == g && $0["path"] as? String == "scale" } ?? false })
        }
        // Scale 0 only on the groups: no camera or mesh node at scale 0, no camera below one.
        var parent: [Int: Int] = [:]
        for (i, n) in nodes.enumerated() { for c in (n["children"] as? [Int]) ?? [] { parent[c] = i } }
        func zero(_ i: Int) -> Bool { ((nodes[i]["scale"] as? [Double]) ?? [1, 1, 1]).contains(0) }
        for (i, n) in nodes.enumerated() where n["camera"] != nil || n["mesh"] != nil {
            #expect(!zero(i), "\(names[i]) is at scale 0")
            var p = parent[i]
            while let q = p, n["camera"] != nil { #expect(!zero(q), "camera \(names[i]) is below \(names[q]) at scale 0"); p = parent[q] }
        }
    }

    /// pygltflib and numpy skin two clips of the library (a squat; a pull-up with its bar) as `assettool pose` poses the rig (within 0.2%, vertex k
    /// within 1e-5 of the figure's size).
    @Test(.enabled(if: TestPaths.haveAssets && ConvertCommandTests.havePython, "needs Assets/ and python3 with pygltflib and numpy"),
          arguments: ["squat-05", "pullup-04"])
    func libraryClipPosesAsAssettoolPose(_ id: String) throws {
        let run = try #require(Self.exported, "export --library --layout shared")
        let (rig, time) = try Self.rigAndTime(id, after: 1)
        let obj = run.out + "/.pose-\(id).obj"
        #expect(try Self.pose(rig, at: time, to: obj) == 0)
        let check = try ConvertCommandTests.python([TestPaths.repoRoot.path + "/scripts/glb_pose_check.py", run.out + "/library.glb", obj,
                                                    "\(time)", "--clip", id, "--tol", "0.002", "--index-tol", "1e-5"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Every clip of the library skinned by numpy poses the figure as the progression's own GLB (first, middle and last
    /// key, vertex by vertex within 1e-5 of the figure's size), and three.js's culling sphere (from the stored positions)
    /// holds it: the library's bounds are over every clip.
    @Test(.enabled(if: TestPaths.haveAssets && ConvertCommandTests.havePython, "needs Assets/ and python3 with pygltflib and numpy"))
    func everyLibraryClipPosesAsItsOwnGLB() throws {
        let run = try #require(Self.exported, "export --library --layout shared")
        let check = try ConvertCommandTests.python([TestPaths.repoRoot.path + "/scripts/glb_pose_check.py", run.out + "/library.glb",
                                                    "--clips-against", run.out, "--index-tol", "1e-5"])
        #expect(check.status == 0 && check.stdout.contains("\"clips\": 60"), "\(check.stdout)\(check.stderr)")
    }

    /// The shared layout: usd-core opens every USDZ, every UsdValidation validator passes on each, each root layer is
    /// a crate first in its package; the 61 files are at most 4 MB together.
    @Test(.enabled(if: TestPaths.haveAssets && ConvertCommandTests.haveUSD, "needs Assets/ and python3 with usd-core"))
    func sharedLayoutValidates() throws {
        let run = try #require(Self.exported, "export --library --layout shared")
        let usdz = ExportCommandTests.files(run.out).filter { $0.hasSuffix(".usdz") }
        #expect(usdz.count == 61)
        let total = usdz.reduce(0) { $0 + Self.size(run.out + "/" + $1) }
        #expect(total <= 4_000_000, "\(total) bytes")
        let check = try ConvertCommandTests.python([TestPaths.repoRoot.path + "/scripts/usd_validate.py", run.out])
        #expect(check.status == 0 && check.stdout.contains("61 files, 61 open and validate clean"), "\(check.stdout)\(check.stderr)")
    }

    /// UsdSkel skins the mannequin with a progression's animation (a stage whose root layer takes the animation's layer
    /// over the mannequin's, as an app plays one on the other) as `assettool pose` poses the rig at the same document
    /// time: within 0.2%, vertex k within 1e-5 of the figure's size; the two skeletons' joints are the same.
    @Test(.enabled(if: TestPaths.haveAssets && ConvertCommandTests.haveUSD, "needs Assets/ and python3 with usd-core and numpy"),
          arguments: ["squat-05", "pullup-04"])
    func sharedLayoutSkinsAsAssettoolPose(_ id: String) throws {
        let run = try #require(Self.exported, "export --library --layout shared")
        let (rig, time) = try Self.rigAndTime(id, after: 1.5)
        let obj = run.out + "/.pose-usd-\(id).obj"
        #expect(try Self.pose(rig, at: time, to: obj) == 0)
        // The bundled rigs are keyed at 24 a second: the time code is document seconds x 24.
        let check = try ConvertCommandTests.python([TestPaths.repoRoot.path + "/scripts/usdz_pose_check.py", run.out + "/\(id).usdz", obj,
                                                    "\(time * 24)", "--figure", run.out + "/mannequin.usdz", "--tol", "0.002", "--index-tol", "1e-5"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Blender 3.4's glTF importer plays three clips of the library GLB (each alone, from the rest:
    /// `scripts/blender_library_pose.py`) and its mannequin matches `assettool pose` at the same document times
    /// (`../shared/bench/compare_pose.py`, within 0.2% of the figure's size).
    @Test(.enabled(if: TestPaths.haveAssets && BlenderImportTests.haveBlender, "needs Assets/, ../shared and blender with numpy"))
    func blenderPosesTheLibraryClipsAsAssettoolPose() throws {
        let run = try #require(Self.exported, "export --library --layout shared")
        let shared = try #require(TestPaths.shared)
        let dir = run.out + "/.blender"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var asks: [String] = []
        var poses: [(id: String, rig: String, time: Float)] = []
        for id in ["squat-05", "pullup-04", "legraise-07"] {
            let (rig, time) = try Self.rigAndTime(id, after: 1)
            asks.append("\(id)=\(time)")
            poses.append((id, rig, time))
        }
        let blender = try ConvertCommandTests.run("/usr/bin/env", ["blender", "-b", "--factory-startup", "--python",
            TestPaths.repoRoot.path + "/scripts/blender_library_pose.py", "--", run.out + "/library.glb", dir] + asks)
        #expect(blender.status == 0, "\(blender.stdout.suffix(2000))")
        for (id, rig, time) in poses {
            let obj = dir + "/\(id).obj"
            #expect(try CommandRunner.run(["pose", TestPaths.assets + "/Models/base-model.dae", "--rig", rig, "--time", "\(time)",
                                           "--format", "obj", "-o", obj]).status == 0)
            let r = try ConvertCommandTests.run("/usr/bin/env", ["python3", shared + "/bench/compare_pose.py", obj, dir + "/\(id).npz",
                                                                "--time", "\(time)", "--object", "Mannequin", "--tol", "0.002"])
            #expect(r.status == 0, "\(id) at \(time) s: \(r.stdout.suffix(400))")
        }
    }

    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"))
    func badLayoutArguments() throws {
        let out = try ExportCommandTests.folder("export-bad-layout")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let unknown = try CommandRunner.run(["export", "--out", out, "--layout", "flat"], in: TestPaths.repoRoot)
        #expect(unknown.status == 64 && unknown.stderr.contains("--layout"), "\(unknown.stderr)")
        let text = try CommandRunner.run(["export", "--out", out, "--layout", "shared", "--usda"], in: TestPaths.repoRoot)
        #expect(text.status == 64 && text.stderr.contains("--usda"), "\(text.stderr)")
        #expect(ExportCommandTests.files(out).isEmpty)
    }

    /// `assettool pose` of the base model with `rig` at document time `time`, as OBJ into `obj`; its exit status.
    static func pose(_ rig: String, at time: Float, to obj: String) throws -> Int32 {
        try CommandRunner.run(["pose", TestPaths.assets + "/Models/base-model.dae", "--rig", rig, "--time", "\(time)",
                               "--format", "obj", "-o", obj]).status
    }

    /// The rig of progression `id` and the document time `seconds` after its animation's first key.
    static func rigAndTime(_ id: String, after seconds: Float) throws -> (rig: String, time: Float) {
        let rig = TestPaths.assets + "/Animations/\(id).dae"
        let info = try CommandRunner.run(["info", rig, "--json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let start = try #require(((summary["animations"] as? [String: Any])?["start"] as? NSNumber)?.floatValue, "\(info.stdout.prefix(300))")
        return (rig, start + seconds)
    }
}
