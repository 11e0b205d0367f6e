import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// What `assettool init` makes of a folder of COLLADA exports: the base model (the file with a
/// skinned mesh), the rigs (animation-only files) and their pose files (`<id>-pose.dae`), grouped
/// into exercises by file name, as a ``Catalog`` with every default spelled out.
///
/// File names give the ids (made to fit ``IDGrammar``: `Push Up 01.dae` gives `push-up-01`): `pushup-01.dae` is progression `pushup-01` of exercise `pushup`
/// (stage 0); a name not of the `<type>-NN` form goes into one exercise, ``otherExercise``.
package struct CatalogScaffold: Sendable {
    /// One file of the folder and what it was taken for.
    package struct Finding: Sendable, Equatable {
        package enum Role: Sendable, Equatable {
            case baseModel
            /// The rig of progression `id`.
            case rig(id: String)
            /// The pose file of progression `id`.
            case pose(id: String)
            /// Not used, and why.
            case notPlaced(reason: String)
        }
        /// Relative to the folder.
        package var file: String
        package var role: Role
        /// A short description of what it holds (joints, vertices, seconds, keys).
        package var detail: String
    }

    package var catalog: Catalog
    package var findings: [Finding]
    /// Advice on the folder as a whole (rigs exported with their mesh).
    package var notes: [String] = []

    /// The exercise a file whose name is not `<type>-NN` goes into.
    package static let otherExercise = "other"

    /// The Big Six in the app's order, with their names.
    static let knownExercises: [(id: String, name: String)] = [
        ("pushup", "Pushups"), ("squat", "Squats"), ("pullup", "Pullups"),
        ("legraise", "Leg raises"), ("bridge", "Bridges"), ("handstand", "Handstand pushups"),
    ]

    /// The catalog's style file, written beside it.
    package static let styleFile = "icon-style.json"

    /// Looks at every `.dae` and `.zae` below `folder` (hidden folders skipped).
    ///
    /// Cost: one load of each file.
    package static func scan(folder: String) -> CatalogScaffold {
        var findings: [Finding] = []
        var bases: [(file: String, scene: Scene)] = []
        var rigs: [String: (file: String, scene: Scene)] = [:]
        var poses: [String: (file: String, scene: Scene)] = [:]
        /// A file with an animation: a rig, or the pose file `<id>-pose` of rig `<id>`.
        func place(_ file: String, _ scene: Scene) {
            let name = PathName.deletingExtension(PathName.lastComponent(file))
            if name.lowercased().hasSuffix("-pose") {
                guard let id = IDGrammar.id(fromName: String(name.dropLast(5))) else {
                    findings.append(Finding(file: file, role: .notPlaced(reason: "its name gives no id (letters or digits)"), detail: ""))
                    return
                }
                if poses[id] != nil {
                    findings.append(Finding(file: file, role: .notPlaced(reason: "a second pose file for '\(id)'"), detail: ""))
                } else {
                    poses[id] = (file, scene)
                }
            } else if let id = IDGrammar.id(fromName: name) {
                if rigs[id] != nil {
                    findings.append(Finding(file: file, role: .notPlaced(reason: "a second rig named '\(id)'"), detail: ""))
                } else {
                    rigs[id] = (file, scene)
                }
            } else {
                findings.append(Finding(file: file, role: .notPlaced(reason: "its name gives no id (letters or digits)"), detail: ""))
            }
        }
        for file in colladaFiles(in: folder) {
            let scene: Scene
            do {
                scene = try ColladaLoader.load(path: folder + "/" + file)
            } catch let e as LoadError {
                let first = e.diagnostics.first { $0.severity == .error }
                findings.append(Finding(file: file, role: .notPlaced(reason: "does not load: \(first.map { "\($0.location): \($0.message)" } ?? "an error")"), detail: ""))
                continue
            } catch {
                findings.append(Finding(file: file, role: .notPlaced(reason: "does not load"), detail: ""))
                continue
            }
            if scene.meshInstances.contains(where: { if case .skin = $0.source { true } else { false } }) {
                bases.append((file, scene))
            } else if scene.channels.isEmpty {
                findings.append(Finding(file: file, role: .notPlaced(reason: "neither a skinned mesh (a base model) nor an animation (a rig)"), detail: ""))
            } else {
                place(file, scene)
            }
        }
        // One base model: the one named "base" if there are several, else the first without an animation, else the
        // first by path. Blender's default export writes every clip with its mesh: the other skinned files that
        // animate are taken as rigs (their mesh unused), and the notes say how to export lighter ones.
        let base = bases.first { $0.file.lowercased().contains("base") } ?? bases.first { $0.scene.channels.isEmpty } ?? bases.first
        var withMesh = 0
        for b in bases where b.file != base?.file {
            if b.scene.channels.isEmpty {
                findings.append(Finding(file: b.file, role: .notPlaced(reason: "a second model with a skinned mesh and no animation (the base model is \(base?.file ?? ""))"), detail: ""))
            } else {
                withMesh += 1
                place(b.file, b.scene)
            }
        }
        // In a folder of full exports (or when it is the only file that animates), the base model is also the rig of
        // its own clip, unless it is named as the base; beside animation-only rigs its animation is just Blender's.
        if let base, !base.scene.channels.isEmpty, !base.file.lowercased().contains("base"), withMesh > 0 || (rigs.isEmpty && poses.isEmpty) {
            place(base.file, base.scene)
        }
        var notes: [String] = []
        if withMesh > 0 {
            notes.append("\(withMesh) rig(s) hold their own copy of the mesh, which is not used (the base model's is): to make them "
                         + "lighter, export each action with only the armature and the camera selected (File > Export > Collada, "
                         + "Selection Only), or delete the mesh before exporting")
        }
        if let base {
            let s = base.scene
            findings.insert(Finding(file: base.file, role: .baseModel,
                                    detail: "\(s.jointIndices.count) joints, \(s.meshes.reduce(0) { $0 + $1.positions.count }) vertices"), at: 0)
        }

        // Progressions: every rig, and every pose file (with its rig when there is one).
        var progressions: [String: Catalog.Progression] = [:]
        for id in Set(rigs.keys).union(poses.keys).sorted() {
            let rig = rigs[id], pose = poses[id]
            if let rig { findings.append(Finding(file: rig.file, role: .rig(id: id), detail: describe(rig.scene))) }
            if let pose { findings.append(Finding(file: pose.file, role: .pose(id: id), detail: describe(pose.scene))) }
            let posed = (pose ?? rig)?.scene
            let time = posed?.animationRange().map { ($0.lowerBound + $0.upperBound) / 2 } ?? 0
            progressions[id] = Catalog.Progression(
                id: id, stage: Catalog.Progression.stage(fromID: id) ?? 0, name: id, standards: [],
                animation: rig?.file, pose: pose?.file, poseTime: (time * 10_000).rounded() / 10_000,
                loops: rig.map { loops($0.scene) } ?? false)
        }
        var groups: [String: [Catalog.Progression]] = [:]
        for p in progressions.values { groups[exerciseID(of: p.id), default: []].append(p) }
        let known = knownExercises.map(\.id)
        let order = known.filter { groups[$0] != nil } + groups.keys.filter { !known.contains($0) }.sorted()
        let exercises = order.map { id -> Catalog.Exercise in
            var list = (groups[id] ?? []).sorted { ($0.stage, $0.id) < ($1.stage, $1.id) }
            if id == otherExercise { for i in list.indices { list[i].stage = i } }
            let name = knownExercises.first { $0.id == id }?.name ?? id.prefix(1).uppercased() + id.dropFirst()
            return Catalog.Exercise(id: id, name: name, progressions: list)
        }
        let catalog = Catalog(format: 1, baseModel: base?.file ?? "", style: styleFile, exercises: exercises)
        return CatalogScaffold(catalog: catalog, findings: findings, notes: notes)
    }

    /// `pushup` for `pushup-03`; ``otherExercise`` for a name not of the `<type>-NN` form.
    static func exerciseID(of id: String) -> String {
        guard Catalog.Progression.stage(fromID: id) != nil, let dash = id.lastIndex(of: "-") else { return otherExercise }
        let type = String(id[..<dash])
        return type.isEmpty ? otherExercise : type
    }

    /// Whether every channel's last key equals its first (within 1e-4 of the values' size): a loop.
    static func loops(_ scene: Scene) -> Bool {
        for s in scene.samplers where s.keyCount >= 2 && s.stride > 0 && s.output.count >= s.keyCount * s.stride {
            let first = s.output[0..<s.stride], last = s.output[(s.keyCount - 1) * s.stride..<(s.keyCount * s.stride)]
            for (a, b) in zip(first, last) where abs(a - b) > 1e-4 * max(1, abs(a)) { return false }
        }
        return true
    }

    static func describe(_ scene: Scene) -> String {
        guard let range = scene.animationRange() else { return "no animation" }
        let keys = scene.samplers.map(\.keyCount).max() ?? 0
        return String(cFormat: "%.2f s, %d keys, %d channels", Double(range.upperBound - range.lowerBound), keys, scene.channels.count)
    }

    /// The `.dae` and `.zae` files below `folder`, relative to it, sorted; hidden folders and files skipped.
    static func colladaFiles(in folder: String) -> [String] {
        DirectoryWalk.colladaFiles(under: folder, skippingHidden: true)
    }

    /// `catalog.json` and `icon-style.json` as written: sorted keys, two-space indent, every default
    /// spelled out (the style in full; standards empty, to be filled in).
    package func files() throws -> (catalog: [UInt8], style: [UInt8]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (Array(try encoder.encode(catalog)) + [10], Array(try encoder.encode(IconStyle.standard)) + [10])
    }
}
