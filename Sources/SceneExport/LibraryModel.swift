import ColladaKit
import PipelineKit

/// Every progression in one asset (`export --library`, `<out>/library.glb`): the mannequin once (its skinned mesh,
/// skin and skeleton, from the first progression's model) and per progression one named clip, one top-level group
/// node holding that progression's props, and its camera as a top-level node of its own.
///
/// Names (every one by ``ExportModel/exportName(_:)``, unique in the file, `_2`... on a clash): the clip is the catalog
/// id as it is (`pushup-01`); the group node is the id by the name rule (`pushup_01`); a prop or camera node is the group's
/// name, `_`, and its name in the progression's own GLB (`pushup_01_Camera`, `pullup_04_Bar`); the camera and the prop
/// meshes are named as their nodes. None of these has a character three.js's `sanitizeNodeName` changes.
///
/// Showing one progression: every group node rests at scale 0 (hidden), and clip `id` holds its own group at scale 1;
/// a player that returns what a stopped clip drove to its rest (three.js's `AnimationMixer` does when an action is
/// stopped) shows only the playing progression's props. Only props are in the groups: a camera (which a player does
/// not draw, but three.js inverts its world matrix every frame) is a top-level node at the camera's world transform,
/// never at scale 0 (unless the rig's camera is), moved by the clip where the rig moves it; a node the progression hung
/// below its camera or below the figure goes into the group at its world transform. A page that draws the whole
/// scene hides the groups not playing itself (three.js: `group.visible = false`, which its renderer skips; drawing a
/// mesh at scale 0 makes three.js warn that it cannot invert its normal matrix). Each clip drives every joint channel
/// whose value in that progression differs anywhere from the library's rest (the first progression's first key), so a
/// clip never relies on what another one left behind. Key times are each rig's COLLADA document times.
package struct LibraryModel: Sendable {
    /// One animation channel: a node's translation, rotation (x, y, z, w) or scale, a value per time.
    package struct Channel: Sendable {
        package enum Path: String, Sendable { case translation, rotation, scale }
        package var node: Int
        package var path: Path
        /// Strictly increasing seconds (the clip's times, or its first and last for a value held still).
        package var times: [Float]
        /// xyz for translation and scale, xyzw for rotation.
        package var values: [SIMD4<Float>]
    }

    package struct Clip: Sendable {
        /// The catalog id.
        package var name: String
        /// The group node holding this progression's props.
        package var group: Int
        /// This progression's camera nodes (top-level, outside the group).
        package var cameras: [Int] = []
        package var channels: [Channel]
    }

    /// Nodes, meshes, skins, cameras and materials of the library (its `animation` is nil).
    package var model: ExportModel
    package var clips: [Clip]
    /// Per skinned mesh of ``model``, a box holding it posed at every key of every clip (Y up).
    package var posedBounds: [Int: (lo: SIMD3<Float>, hi: SIMD3<Float>)]
}

extension LibraryModel {
    /// The library of `entries` (catalog id, the progression's model as `export` builds it), in that order.
    ///
    /// - Throws: ``BatchJobFailure`` when a progression's figure (its skinned meshes, joints and their ancestors) is
    ///   not the first one's, named at `path` of that progression.
    package init(_ entries: [(id: String, model: ExportModel, path: String)]) throws(BatchJobFailure) {
        try self.init(entries.map { ($0.id, $0.model, $0.path, nil) })
    }

    /// A model as the library needs it after the first: each skinned mesh's box over the animation
    /// (``ExportModel/posedBounds(mesh:skin:)``) kept, its vertex arrays and triangles dropped (the library takes the
    /// figure's mesh from the first progression only). What the export keeps of each progression until the library is
    /// made.
    package static func lightened(_ model: ExportModel) -> (model: ExportModel, bounds: [Int: (lo: SIMD3<Float>, hi: SIMD3<Float>)]) {
        var light = model
        var bounds: [Int: (lo: SIMD3<Float>, hi: SIMD3<Float>)] = [:]
        for n in model.nodes {
            guard let m = n.mesh, let s = n.skin, bounds[m] == nil else { continue }
            bounds[m] = model.posedBounds(mesh: m, skin: s)
            light.meshes[m].positions = []
            light.meshes[m].normals = []
            light.meshes[m].joints = []
            light.meshes[m].weights = []
            light.meshes[m].parts = []
        }
        return (light, bounds)
    }

    /// ``init(_:)`` with, per entry, the boxes of its skinned meshes already known (nil: computed here); every entry
    /// but the first may be ``lightened(_:)``.
    package init(_ entries: [(id: String, model: ExportModel, path: String, bounds: [Int: (lo: SIMD3<Float>, hi: SIMD3<Float>)]?)])
        throws(BatchJobFailure) {
        guard let first = entries.first?.model else {
            throw BatchJobFailure([Diagnostic(.batchJobError, "the library needs at least one progression",
                                              at: SourceLocation(path: "catalog.json", line: 0, column: 0))])
        }
        var lib = ExportModel()
        lib.axisConversion = first.axisConversion
        var materialIndex: [String: Int] = [:]
        func material(_ k: Int?, of m: ExportModel) -> Int? {
            guard let k, k < m.materials.count else { return nil }
            let mat = m.materials[k]
            let key = "\(mat.name)|\(mat.color)"
            if let i = materialIndex[key] { return i }
            materialIndex[key] = lib.materials.count
            lib.materials.append(mat)
            return lib.materials.count - 1
        }
        func copyMesh(_ m: Int, of model: ExportModel, named name: String) -> Int {
            var mesh = model.meshes[m]
            mesh.name = name
            for p in mesh.parts.indices { mesh.parts[p].material = material(mesh.parts[p].material, of: model) }
            lib.meshes.append(mesh)
            return lib.meshes.count - 1
        }

        // The figure, from the first model.
        let figure0 = Self.figure(first)
        var map0 = [Int?](repeating: nil, count: first.nodes.count)
        for i in first.nodes.indices where figure0[i] { map0[i] = lib.nodes.count; lib.nodes.append(first.nodes[i]) }
        for l in lib.nodes.indices {
            lib.nodes[l].parent = lib.nodes[l].parent.flatMap { map0[$0] }
            lib.nodes[l].camera = nil
            if let m = lib.nodes[l].mesh { lib.nodes[l].mesh = copyMesh(m, of: first, named: lib.nodes[l].name) }
        }
        for s in first.skins {
            var skin = s
            skin.joints = s.joints.map { map0[$0] ?? 0 }
            lib.skins.append(skin)
        }
        let figureCount = lib.nodes.count
        var byName: [String: Int] = [:]
        for (l, n) in lib.nodes.enumerated() { byName[n.name] = l }
        var used = Set(lib.nodes.map(\.name))
        func unique(_ base: String) -> String {
            var name = base, k = 2
            while used.contains(name) { name = "\(base)_\(k)"; k += 1 }
            used.insert(name)
            return name
        }
        var bounds: [Int: (lo: SIMD3<Float>, hi: SIMD3<Float>)] = [:]
        var clips: [Clip] = []

        for (id, model, path, known) in entries {
            let figure = Self.figure(model)
            var map = [Int?](repeating: nil, count: model.nodes.count)
            for i in model.nodes.indices where figure[i] {
                guard let l = byName[model.nodes[i].name], l < figureCount else {
                    throw BatchJobFailure([Diagnostic(.batchJobError, "progression '\(id)': its figure has node '\(model.nodes[i].name)', "
                        + "which the first progression's has not; one library holds one figure", at: SourceLocation(path: path, line: 0, column: 0))])
                }
                map[i] = l
            }
            guard figure.filter({ $0 }).count == figureCount else {
                throw BatchJobFailure([Diagnostic(.batchJobError, "progression '\(id)': its figure has other nodes than the first progression's; "
                    + "one library holds one figure", at: SourceLocation(path: path, line: 0, column: 0))])
            }
            // The figure's box over this clip.
            for (i, n) in model.nodes.enumerated() {
                guard let m = n.mesh, let s = n.skin, let l = map[i], let lm = lib.nodes[l].mesh else { continue }
                let b = known?[m] ?? model.posedBounds(mesh: m, skin: s)
                bounds[lm] = bounds[lm].map { (pointwiseMin($0.lo, b.lo), pointwiseMax($0.hi, b.hi)) } ?? b
            }
            // The group, hidden at rest.
            let groupName = unique(ExportModel.exportName(id))
            let group = lib.nodes.count
            lib.nodes.append(.init(name: groupName, parent: nil,
                                   rest: DecomposedTransform(translation: .zero, rotation: .identity, scale: .zero),
                                   mesh: nil, skin: nil, camera: nil))
            let worlds0 = model.restWorlds
            // Nodes placed at their world transform (their series from the worlds at each key): the cameras, out
            // of the group at the top level; nodes hung from the figure or from a camera, into the group.
            var reRooted: [Int] = []
            var cameraNodes: [Int] = []
            var lifted = [Bool](repeating: false, count: model.nodes.count)
            for (i, n) in model.nodes.enumerated() where !figure[i] && n.camera != nil { lifted[i] = true }
            // Whether the rig moves node `i` (a track on it or on an ancestor): a camera that does not move needs no
            // worlds at every key (its rest is its place).
            let tracked = Set(model.animation?.tracks.map(\.node) ?? [])
            func moves(_ i: Int) -> Bool {
                var n: Int? = i
                while let m = n { if tracked.contains(m) { return true }; n = model.nodes[m].parent }
                return false
            }
            for (i, n) in model.nodes.enumerated() where !figure[i] {
                var node = n
                node.name = unique(groupName + "_" + n.name)
                if lifted[i] {
                    node.parent = nil
                    node.rest = DecomposedTransform(worlds0[i])
                    if moves(i) { reRooted.append(i) }
                    cameraNodes.append(lib.nodes.count)
                } else if let p = n.parent, !lifted[p], let mp = map[p], mp >= figureCount {
                    node.parent = mp
                } else {
                    // Under the group, in world space: the figure node or camera it hung from (if any) is not in the group.
                    node.parent = group
                    node.rest = DecomposedTransform(worlds0[i])
                    if n.parent != nil { reRooted.append(i) }
                }
                if let c = n.camera {
                    var camera = model.cameras[c]
                    camera.name = node.name
                    node.camera = lib.cameras.count
                    lib.cameras.append(camera)
                }
                if let m = n.mesh { node.mesh = copyMesh(m, of: model, named: node.name) }
                node.skin = nil
                map[i] = lib.nodes.count
                lib.nodes.append(node)
            }

            // The clip.
            let animation = model.animation
            let times: [Float] = {
                guard let t = animation?.times, let f = t.first else { return [0, 1] }
                return t.count >= 2 ? t : [f, f + 1]
            }()
            let keys = times.count
            var channels: [Channel] = []
            var tracks: [Int: ExportModel.Track] = [:]
            for t in animation?.tracks ?? [] { tracks[t.node] = t }
            func values(_ i: Int, _ k: Int) -> DecomposedTransform {
                if let t = tracks[i], k < t.translations.count {
                    return DecomposedTransform(translation: t.translations[k], rotation: t.rotations[k], scale: t.scales[k])
                }
                return model.nodes[i].rest
            }
            let reRootedSet = Set(reRooted)
            var worldsByKey: [[Matrix4x4]] = []
            if !reRooted.isEmpty { worldsByKey = (0..<keys).map { model.worlds(atKey: min($0, max(0, (animation?.times.count ?? 1) - 1))) } }
            for i in model.nodes.indices {
                guard let l = map[i] else { continue }
                let series: [DecomposedTransform]
                if reRootedSet.contains(i) {
                    series = worldsByKey.map { DecomposedTransform($0[i]) }
                } else if figure[i] || tracks[i] != nil {
                    series = (0..<keys).map { values(i, $0) }
                } else {
                    continue
                }
                channels += Self.channels(node: l, rest: lib.nodes[l].rest, series: series, times: times)
            }
            channels.append(Channel(node: group, path: .scale, times: [times[0], times[keys - 1]], values: [SIMD4(1, 1, 1, 0), SIMD4(1, 1, 1, 0)]))
            clips.append(Clip(name: id, group: group, cameras: cameraNodes, channels: channels))
        }
        self.model = lib
        self.clips = clips
        self.posedBounds = bounds
    }

    /// Which nodes of `model` are the figure: skinned-mesh nodes, skin joints and their ancestors.
    static func figure(_ model: ExportModel) -> [Bool] {
        var f = [Bool](repeating: false, count: model.nodes.count)
        for s in model.skins { for j in s.joints where j < f.count { f[j] = true } }
        for (i, n) in model.nodes.enumerated() where n.skin != nil { f[i] = true }
        for i in model.nodes.indices where f[i] {
            var p = model.nodes[i].parent
            while let q = p, !f[q] { f[q] = true; p = model.nodes[q].parent }
        }
        return f
    }

    /// The channels node `node` needs so that it takes `series` (a transform per time of `times`) when its rest is
    /// `rest`: none for a path equal to the rest at every key, two keys (the first and last time) for a path held
    /// still at another value, every key for one that moves. Rotations are kept on one side (no flips).
    static func channels(node: Int, rest: DecomposedTransform, series: [DecomposedTransform], times: [Float]) -> [Channel] {
        var out: [Channel] = []
        func add(_ path: Channel.Path, _ values: [SIMD4<Float>], _ restValue: SIMD4<Float>, rotation: Bool = false) {
            guard let first = values.first else { return }
            func far(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
                max(max(abs(a.x - b.x), abs(a.y - b.y)), max(abs(a.z - b.z), abs(a.w - b.w)))
            }
            // A rotation and its negation are the same rotation.
            func same(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool { far(a, b) <= 1e-7 || (rotation && far(a, -b) <= 1e-7) }
            if values.allSatisfy({ same($0, restValue) }) { return }
            if values.allSatisfy({ same($0, first) }) {
                out.append(Channel(node: node, path: path, times: [times[0], times[times.count - 1]], values: [first, first]))
            } else {
                out.append(Channel(node: node, path: path, times: times, values: values))
            }
        }
        add(.translation, series.map { SIMD4($0.translation, 0) }, SIMD4(rest.translation, 0))
        var rotations: [SIMD4<Float>] = []
        for d in series {
            var q = d.rotation.normalized.vector
            if let previous = rotations.last, (previous * q).sum() < 0 { q = -q }
            rotations.append(q)
        }
        add(.rotation, rotations, rest.rotation.normalized.vector, rotation: true)
        add(.scale, series.map { SIMD4($0.scale, 0) }, SIMD4(rest.scale, 0))
        return out
    }
}
