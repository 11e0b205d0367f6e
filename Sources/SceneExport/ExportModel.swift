import ColladaKit
import PipelineKit

/// A posed, animated scene in the shape glTF and USD want: a node tree with rest transforms as
/// translation, rotation and scale, meshes with one index per vertex (COLLADA indexes positions and
/// normals apart), at most four joint influences per vertex, and the animation sampled at the rig's
/// key rate as per-node translation, rotation and scale tracks.
///
/// Space: Y up, metres, right-handed (``Scene/axisConversion`` is folded into the root nodes'
/// transforms, so every node below keeps its own). Skinned vertices are in the Y-up bind space (`C · bindShape`
/// applied, `C` the axis conversion) and inverse binds are COLLADA's times `C⁻¹`, so `jointWorld · inverseBind ·
/// vertex` poses them as COLLADA does. Vertices keep the COLLADA position order; names follow ``exportName(_:)``;
/// key times are the COLLADA document's.
package struct ExportModel: Sendable {
    package struct Node: Sendable {
        /// The COLLADA node's name (else id, else sid) by ``ExportModel/exportName(_:)``, unique in the model.
        package var name: String
        package var parent: Int?
        package var rest: DecomposedTransform
        package var mesh: Int?
        package var skin: Int?
        package var camera: Int?
    }

    package struct Mesh: Sendable {
        package var name: String
        package var positions: [SIMD3<Float>]
        /// Empty when the COLLADA mesh has none.
        package var normals: [SIMD3<Float>]
        /// Per vertex, four joint indices into the skin's joints (skinned meshes only).
        package var joints: [SIMD4<UInt16>]
        /// Per vertex, four weights summing to 1 (skinned meshes only).
        package var weights: [SIMD4<Float>]
        package var parts: [Part]
    }

    package struct Part: Sendable {
        /// Three vertex indices per triangle.
        package var indices: [UInt32]
        package var material: Int?
    }

    package struct Skin: Sendable {
        package var name: String
        /// Node indices, in the order the mesh's joint indices use.
        package var joints: [Int]
        package var inverseBindMatrices: [Matrix4x4]
    }

    package struct Camera: Sendable {
        package var name: String
        package var projection: ColladaKit.Camera.Projection
        package var znear: Float
        package var zfar: Float
    }

    package struct Material: Sendable {
        package var name: String
        /// Linear RGBA base colour, 0...1.
        package var color: SIMD4<Float>
    }

    /// One node's sampled transform: a value per key of ``Animation/times``.
    package struct Track: Sendable {
        package var node: Int
        package var translations: [SIMD3<Float>]
        /// Unit quaternions, each on the same side as the one before (no flips between keys).
        package var rotations: [Quaternion]
        package var scales: [SIMD3<Float>]
    }

    package struct Animation: Sendable {
        package var name: String
        /// Seconds on the COLLADA document's clock (a clip's own clock for a clip), strictly increasing, one per key:
        /// `start + k / keysPerSecond` from the animation's first key, the last one clamped to the animation's end
        /// (so it may come sooner than a whole step after the one before). Not shifted to start at 0.
        package var times: [Float]
        package var tracks: [Track]
        /// The rate the keys were sampled at (``ColladaKit/Scene/keyRate(clip:)`` unless the caller chose one).
        package var keysPerSecond: Float
    }

    package var nodes: [Node] = []
    package var meshes: [Mesh] = []
    package var skins: [Skin] = []
    package var cameras: [Camera] = []
    package var materials: [Material] = []
    package var animation: Animation?
    /// The source file's space to Y up, metres (already folded into the root nodes; USD's skeleton
    /// binding needs it apart).
    package var axisConversion: Matrix4x4 = .identity
    /// What the formats cannot hold and was reduced (morph targets, shear, influences past four): located
    /// warnings under declared rules (``DiagnosticRule/exportMorphDropped``, ``DiagnosticRule/exportShearDropped``,
    /// ``DiagnosticRule/exportInfluencesReduced``).
    package var warnings: [Diagnostic] = []
}

extension ExportModel {
    /// Builds the model of `scene` (a base model, usually with a rig applied: see
    /// ``Scene/applying(rig:)``), its animation sampled at `keysPerSecond` (default: the rate of the
    /// scene's own keys) over the clip, or over the whole animation.
    ///
    /// Cost: one pose per key (O(keys · nodes)) and one pass over each mesh's corners.
    package init(scene: Scene, clip: AnimationClip? = nil, name: String, keysPerSecond: Float? = nil) {
        let c = scene.axisConversion
        axisConversion = c
        // Nodes, with the axis conversion on the roots, as they stand at the animation's first key (a
        // channel may hold a node still, away from its visual-scene transform).
        let (sampled, firstLocals) = Self.sample(scene, clip: clip, name: name, keysPerSecond: keysPerSecond)
        animation = sampled
        for (i, n) in scene.nodes.enumerated() {
            let local = firstLocals.map { $0[i] } ?? (n.parent == nil ? c * n.localMatrix : n.localMatrix)
            nodes.append(Node(name: n.name ?? n.id ?? n.sid ?? "node", parent: n.parent, rest: DecomposedTransform(local),
                              mesh: nil, skin: nil, camera: nil))
        }
        for material in scene.materials {
            // COLLADA colours are linear (Blender writes its scene-linear values), as glTF's and USD's are.
            let color = material.diffuseColor ?? SIMD4(0.8, 0.8, 0.8, 1)
            materials.append(Material(name: material.name ?? material.id, color: color.clamped(lowerBound: .zero, upperBound: .one)))
        }
        for inst in scene.meshInstances { addInstance(inst, of: scene) }
        // Morph targets: neither writer takes them yet; the base shape is written, and said so.
        let morphed = scene.meshInstances.filter { inst in
            if case .morph = inst.source { return true }
            if case .skin(let s) = inst.source, s < scene.skins.count { return scene.skins[s].morph != nil }
            return false
        }
        if !morphed.isEmpty {
            warnings.append(Diagnostic(.exportMorphDropped, "\(morphed.count) mesh(es) have morph targets; their base shape is written, without the targets",
                                       at: SourceLocation(path: scene.path, line: 0, column: 0)))
        }
        for cam in scene.cameraInstances where cam.index < scene.cameras.count && cam.node < nodes.count {
            let camera = scene.cameras[cam.index]
            nodes[cam.node].camera = cameras.count
            cameras.append(Camera(name: camera.name ?? camera.id, projection: camera.projection, znear: camera.znear, zfar: camera.zfar))
        }
        for (i, n) in scene.nodes.enumerated() where nodes[i].rest.matrix.maxDifference(
            firstLocals.map { $0[i] } ?? (n.parent == nil ? c * n.localMatrix : n.localMatrix)) > 1e-4 {
            warnings.append(Diagnostic(.exportShearDropped, "node '\(nodes[i].name)' is sheared; the shear is dropped (translation, rotation and scale kept)",
                                       at: n.location.path.isEmpty ? SourceLocation(path: scene.path, line: 0, column: 0) : n.location))
        }
        pruneAndName()
    }

    /// The rule every exported name follows (nodes, joints, meshes; GLB and USD alike): each character outside
    /// `[A-Za-z0-9_]` becomes `_`, a name that is empty or starts with a digit gets a leading `_`
    /// (`upper_arm.L` -> `upper_arm_L`, `2nd` -> `_2nd`). Such a name is a USD identifier and is left as it is by
    /// three.js's `PropertyBinding.sanitizeNodeName` and by Blender.
    package static func exportName(_ name: String) -> String {
        var out = String(name.unicodeScalars.map { c -> Character in
            c.isASCII && (("A"..."Z").contains(c) || ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_") ? Character(c) : "_"
        })
        if out.first.map({ $0.isNumber }) ?? true { out = "_" + out }
        return out
    }

    /// Drops the nodes that hold nothing a player shows or moves (no mesh, camera or skin joint below them: a
    /// light, the node a skinned mesh left for its root node), and names every node by ``exportName(_:)``, unique
    /// (`_2`, `_3`... in node order, nodes with a mesh or camera first so they keep their names); a skinned mesh's
    /// root node takes the name of the COLLADA node that held the mesh. Meshes are named as their nodes.
    mutating func pruneAndName() {
        var keep = nodes.map { $0.mesh != nil || $0.camera != nil }
        for s in skins { for j in s.joints { keep[j] = true } }
        for i in nodes.indices where keep[i] {
            var p = nodes[i].parent
            while let q = p, !keep[q] { keep[q] = true; p = nodes[q].parent }
        }
        var index = [Int?](repeating: nil, count: nodes.count)
        var kept: [Node] = []
        for (i, n) in nodes.enumerated() where keep[i] {
            index[i] = kept.count
            var node = n
            node.parent = n.parent.flatMap { index[$0] }
            kept.append(node)
        }
        nodes = kept
        for s in skins.indices { skins[s].joints = skins[s].joints.map { index[$0] ?? 0 } }
        if var a = animation {
            a.tracks = a.tracks.compactMap { t in index[t.node].map { var t = t; t.node = $0; return t } }
            animation = a
        }
        var used = Set<String>()
        // Per base name, the first suffix not yet known to be taken: the names only grow, so a suffix found taken
        // stays taken and the search resumes there. The same names as trying 2, 3, ... each time, in linear time
        // (17,000 instances of one node named alike took 4 s, quadratic, before).
        var nextSuffix: [String: Int] = [:]
        let order = nodes.indices.filter { nodes[$0].mesh != nil || nodes[$0].camera != nil }
            + nodes.indices.filter { nodes[$0].mesh == nil && nodes[$0].camera == nil }
        for i in order {
            let label = nodes[i].skin != nil && nodes[i].name.hasSuffix("-skinned") ? String(nodes[i].name.dropLast(8)) : nodes[i].name
            let base = Self.exportName(label)
            var name = base
            if used.contains(name) {
                var k = nextSuffix[base] ?? 2
                repeat { name = "\(base)_\(k)"; k += 1 } while used.contains(name)
                nextSuffix[base] = k
            }
            used.insert(name)
            nodes[i].name = name
            if let m = nodes[i].mesh { meshes[m].name = name }
        }
    }

    /// Adds the mesh (and skin) of one instance.
    mutating func addInstance(_ inst: MeshInstance, of scene: Scene) {
        let meshIndex = inst.mesh(in: scene)
        guard meshIndex < scene.meshes.count, inst.node < nodes.count else { return }
        let source = scene.meshes[meshIndex]
        var skin: ColladaKit.Skin?
        if case .skin(let s) = inst.source, s < scene.skins.count { skin = scene.skins[s] }

        // One vertex per COLLADA position, in the COLLADA order, with the normal of its first corner (so data keyed
        // by vertex index lines up with `assettool pose`); a corner whose normal differs from that one gets a vertex
        // of its own after them, one per distinct (position, normal) pair. A skinned mesh is stored in the exported
        // Y-up frame (the axis conversion applied to the bind shape; the inverse bind matrices take it back out), so
        // its stored bounds are those of the figure as players draw it.
        var mesh = Mesh(name: nodes[inst.node].name, positions: [], normals: [], joints: [], weights: [], parts: [])
        let bind = skin.map { axisConversion * $0.bindShapeMatrix } ?? .identity
        let hasNormals = !source.normals.isEmpty && source.parts.allSatisfy { $0.normalIndices.count == $0.positionIndices.count }
        let count = source.positions.count
        var chosen = [UInt32?](repeating: nil, count: count)
        if hasNormals {
            for part in source.parts {
                for (k, p) in part.positionIndices.enumerated() where Int(p) < count && chosen[Int(p)] == nil
                    && Int(part.normalIndices[k]) < source.normals.count {
                    chosen[Int(p)] = part.normalIndices[k]
                }
            }
        }
        var positionOf: [UInt32] = Array(0..<UInt32(count))
        mesh.positions = source.positions.map { bind.transformPoint($0) }
        if hasNormals {
            mesh.normals = chosen.map { n in n.map { simdNormalize(bind.transformDirection(source.normals[Int($0)])) } ?? SIMD3(0, 1, 0) }
        }
        var key: [SIMD2<UInt32>: UInt32] = [:]
        for part in source.parts {
            var indices: [UInt32] = []
            indices.reserveCapacity(part.positionIndices.count)
            for (k, p) in part.positionIndices.enumerated() where Int(p) < count {
                guard hasNormals, let c = chosen[Int(p)] else { indices.append(p); continue }
                let n = part.normalIndices[k]
                if n == c || Int(n) >= source.normals.count || source.normals[Int(n)] == source.normals[Int(c)] {
                    indices.append(p)
                    continue
                }
                let pair = SIMD2(p, n)
                if let v = key[pair] { indices.append(v); continue }
                let v = UInt32(mesh.positions.count)
                key[pair] = v
                positionOf.append(p)
                mesh.positions.append(bind.transformPoint(source.positions[Int(p)]))
                mesh.normals.append(simdNormalize(bind.transformDirection(source.normals[Int(n)])))
                indices.append(v)
            }
            let material = part.materialSymbol.flatMap { inst.materials[$0] }
            mesh.parts.append(Part(indices: indices, material: material))
        }
        if mesh.normals.count != mesh.positions.count { mesh.normals = [] }
        if let skin {
            // glTF ignores a skinned mesh node's transforms, and its validator asks for it at the root:
            // the skinned mesh goes on a root node of its own; the COLLADA node stays as it was.
            addSkin(skin, instance: inst, positionOf: positionOf, to: &mesh)
            nodes.append(Node(name: nodes[inst.node].name + "-skinned", parent: nil,
                              rest: DecomposedTransform(.identity), mesh: meshes.count, skin: skins.count - 1, camera: nil))
        } else {
            nodes[inst.node].mesh = meshes.count
        }
        meshes.append(mesh)
    }

    /// Joints, inverse bind matrices and four influences per vertex for a skinned instance.
    mutating func addSkin(_ skin: ColladaKit.Skin, instance inst: MeshInstance, positionOf: [UInt32], to mesh: inout Mesh) {
        let weights = SkinWeights(skin)
        var joints: [Int] = []
        var inverseBinds: [Matrix4x4] = []
        // A joint COLLADA could not find, and COLLADA's joint -1, pose the vertex with the bind shape
        // (`world(instance node) · bindShape`): the instance's node as a joint with an identity
        // inverse bind matrix does the same (vertices are already in bind space).
        var bindShapeSlot: Int?
        func slot(_ j: Int) -> Int {
            if j < skin.jointNames.count, j < inst.jointNodes.count, inst.jointNodes[j] != nil, j < skin.inverseBindMatrices.count {
                return j
            }
            if let s = bindShapeSlot { return s }
            bindShapeSlot = skin.jointNames.count
            return skin.jointNames.count
        }
        // The mesh is stored in the Y-up frame (`C · bindShape · p`): `IBM · C⁻¹` poses it as COLLADA's `IBM` did.
        let fromYUp = axisConversion.inverse ?? .identity
        var truncated = 0
        for v in positionOf {
            let lo = Int(weights.influenceStart[Int(v)]), hi = Int(weights.influenceStart[Int(v) + 1])
            var pairs: [(joint: Int, weight: Float)] = (lo..<hi).map { (slot(Int(weights.influenceSlot[$0])), weights.influenceWeight[$0]) }
            if pairs.count > 4 {
                truncated += 1
                pairs.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.joint < $1.joint }
                pairs = Array(pairs.prefix(4))
            }
            let total = pairs.reduce(0) { $0 + $1.weight }
            var j = SIMD4<UInt16>(repeating: 0), w = SIMD4<Float>(repeating: 0)
            for (k, p) in pairs.enumerated() {
                j[k] = UInt16(clamping: p.joint)
                w[k] = total > 0 ? p.weight / total : (k == 0 ? 1 : 0)
            }
            mesh.joints.append(j)
            mesh.weights.append(w)
        }
        if truncated > 0 {
            warnings.append(Diagnostic(.exportInfluencesReduced,
                                       "\(truncated) vertices of '\(mesh.name)' have more than 4 joint influences; the 4 largest are kept, renormalised",
                                       at: inst.location))
        }
        for j in 0..<skin.jointNames.count {
            if j < inst.jointNodes.count, let node = inst.jointNodes[j], j < skin.inverseBindMatrices.count {
                joints.append(node)
                inverseBinds.append(skin.inverseBindMatrices[j] * fromYUp)
            } else {
                // Unused (its influences went to the bind-shape slot); any valid node keeps indices aligned.
                joints.append(inst.node)
                inverseBinds.append(fromYUp)
            }
        }
        if bindShapeSlot != nil {
            joints.append(inst.node)
            inverseBinds.append(fromYUp)
        }
        skins.append(Skin(name: skin.name ?? skin.id, joints: joints, inverseBindMatrices: inverseBinds))
    }

    /// At most this many keys are sampled for one animation (about 14 minutes at 24 keys a second): a rep lasts
    /// seconds, and a key typed as 100000 s would otherwise make gigabytes of output.
    package static let maxSampledKeys = 20_000

    /// Why the animation of `scene` (over `clip`, or whole) cannot be sampled at `keysPerSecond`, as a located
    /// error at the sampler whose last key makes it too long (at `path`, the file the animation came from, when no
    /// sampler is known); nil when it can. O(samplers).
    package static func lengthProblem(_ scene: Scene, clip: AnimationClip? = nil, keysPerSecond: Float? = nil, path: String) -> Diagnostic? {
        // A key time that is not a finite number of seconds (`inf` typed for a time) has no place on any clock.
        for c in clip?.channels ?? Array(scene.channels.indices) where c >= 0 && c < scene.channels.count {
            let s = scene.channels[c].sampler
            guard s >= 0, s < scene.samplers.count, let bad = scene.samplers[s].input.first(where: { !$0.isFinite }) else { continue }
            let sampler = scene.samplers[s]
            return Diagnostic(.animationTooLong,
                              "the key time \(bad) s\(sampler.id.map { " in sampler '\($0)'" } ?? "") is not a finite number of seconds; the key looks mistyped",
                              at: sampler.location.path.isEmpty ? SourceLocation(path: path, line: 0, column: 0) : sampler.location)
        }
        guard let range = scene.animationRange(clip: clip) else { return nil }
        let rate = keysPerSecond ?? scene.keyRate(clip: clip)
        let span = range.upperBound - range.lowerBound
        let keys = span * rate
        guard !(keys.isFinite && keys <= Float(maxSampledKeys)) else { return nil }
        // The sampler with the latest (or earliest) key: what to fix. A clip's range is in its own time.
        let keyed = clip.map { $0.start...max($0.start, $0.end) } ?? range
        var culprit: AnimationSampler?
        for c in scene.channels where c.sampler >= 0 && c.sampler < scene.samplers.count {
            let sampler = scene.samplers[c.sampler]
            guard let f = sampler.input.first, let l = sampler.input.last else { continue }
            if l == keyed.upperBound || f == keyed.lowerBound { culprit = sampler; break }
        }
        let last = culprit.flatMap { $0.input.last } ?? range.upperBound
        let message = "the animation runs from \(range.lowerBound) s to \(range.upperBound) s (\(span) s): at \(rate) keys a second that is "
            + "more than the \(maxSampledKeys) keys an export holds; the key at \(last) s\(culprit?.id.map { " in sampler '\($0)'" } ?? "") looks mistyped"
        return Diagnostic(.animationTooLong, message, at: culprit.map(\.location).flatMap { $0.path.isEmpty ? nil : $0 } ?? SourceLocation(path: path, line: 0, column: 0))
    }

    /// The animation at `keysPerSecond` (default: the scene's own key rate), from the clip's or the
    /// animation's start, with tracks only for nodes that move; and every node's local matrix at the
    /// first key (the roots' with the axis conversion). Nil without animation.
    static func sample(_ scene: Scene, clip: AnimationClip?, name: String, keysPerSecond: Float?) -> (Animation?, [Matrix4x4]?) {
        guard let range = scene.animationRange(clip: clip) else { return (nil, nil) }
        let rate = keysPerSecond ?? scene.keyRate(clip: clip)
        // Callers check ``lengthProblem``; the clamp keeps this from trapping if one does not. A span that is not
        // a whole number of steps gets one more key, at its end (clamped below), so the last pose is kept; the
        // 1/1000 of a step forgives the rounding of key times baked at this rate.
        let steps = ((range.upperBound - range.lowerBound) * rate - 1e-3).rounded(.up)
        let count = max(1, Int(min(max(0, steps), Float(maxSampledKeys))) + 1)
        var times: [Float] = []
        var locals: [[Matrix4x4]] = []
        for k in 0..<count {
            // The document's clock (a clip's own): key k at `start + k / rate`, the last clamped to the end.
            let t = min(Float(Double(range.lowerBound) + Double(k) / Double(rate)), range.upperBound)
            if let last = times.last, t <= last { break }
            times.append(t)
            let pose = clip == nil ? scene.pose(at: t) : scene.pose(at: t, clip: clip)
            locals.append(pose.localMatrices)
        }
        let c = scene.axisConversion
        var tracks: [Track] = []
        var first: [Matrix4x4] = []
        for n in scene.nodes.indices {
            let matrices = locals.map { scene.nodes[n].parent == nil ? c * $0[n] : $0[n] }
            first.append(matrices.first ?? .identity)
            guard let first = matrices.first, matrices.contains(where: { $0.maxDifference(first) > 1e-7 }) else { continue }
            var track = Track(node: n, translations: [], rotations: [], scales: [])
            for m in matrices {
                let d = DecomposedTransform(m)
                var q = d.rotation.normalized
                if let previous = track.rotations.last, previous.dot(q) < 0 { q = Quaternion(-q.vector) }
                track.translations.append(d.translation)
                track.rotations.append(q)
                track.scales.append(d.scale)
            }
            tracks.append(track)
        }
        return (Animation(name: name, times: times, tracks: tracks, keysPerSecond: rate), first)
    }

    /// Each node's world transform (Y up, metres) at key `k` of the animation (the rest where a node has no
    /// track): parents first.
    package func worlds(atKey k: Int) -> [Matrix4x4] {
        var locals = nodes.map { $0.rest.matrix }
        for t in animation?.tracks ?? [] where k < t.translations.count {
            locals[t.node] = DecomposedTransform(translation: t.translations[k], rotation: t.rotations[k].normalized, scale: t.scales[k]).matrix
        }
        var out: [Matrix4x4] = []
        out.reserveCapacity(nodes.count)
        for (i, n) in nodes.enumerated() { out.append((n.parent.map { out[$0] } ?? .identity) * locals[i]) }
        return out
    }

    /// A box holding skinned mesh `m` posed by skin `s` at every key of the animation (the first key's pose without
    /// one), in the exported Y-up frame: the mesh's extent over the whole animation. A posed vertex is a weighted mean
    /// of `jointWorld · IBM · p` over its joints, so it lies in the hull of the boxes that hold, per joint, the
    /// vertices it moves (in the joint's bind frame) carried by that joint at the key: the box is the union of their
    /// corners. It holds the figure at every key, a little larger than the figure (a rotated box's corners).
    /// O(vertices + keys · joints), not a skinning of every vertex at every key.
    package func posedBounds(mesh m: Int, skin s: Int) -> (lo: SIMD3<Float>, hi: SIMD3<Float>) {
        let mesh = meshes[m], skin = skins[s]
        guard mesh.joints.count == mesh.positions.count, !skin.joints.isEmpty else { return (.zero, .zero) }
        var boxLo = [SIMD3<Float>](repeating: SIMD3(repeating: .infinity), count: skin.joints.count)
        var boxHi = [SIMD3<Float>](repeating: SIMD3(repeating: -.infinity), count: skin.joints.count)
        let used = Set(mesh.parts.flatMap(\.indices))
        for v in used where Int(v) < mesh.positions.count {
            let j = mesh.joints[Int(v)], weight = mesh.weights[Int(v)]
            for i in 0..<4 where weight[i] > 0 && Int(j[i]) < skin.joints.count {
                let q = skin.inverseBindMatrices[Int(j[i])].transformPoint(mesh.positions[Int(v)])
                boxLo[Int(j[i])] = pointwiseMin(boxLo[Int(j[i])], q); boxHi[Int(j[i])] = pointwiseMax(boxHi[Int(j[i])], q)
            }
        }
        var lo = SIMD3<Float>(repeating: .infinity), hi = -lo
        for k in 0..<max(1, animation?.times.count ?? 0) {
            let w = worlds(atKey: k)
            for (slot, node) in skin.joints.enumerated() where boxLo[slot].x <= boxHi[slot].x {
                let a = boxLo[slot], b = boxHi[slot]
                for corner in 0..<8 {
                    let c = SIMD3(corner & 1 == 0 ? a.x : b.x, corner & 2 == 0 ? a.y : b.y, corner & 4 == 0 ? a.z : b.z)
                    let q = w[node].transformPoint(c)
                    lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q)
                }
            }
        }
        return lo.x <= hi.x ? (lo, hi) : (.zero, .zero)
    }

    /// Each node's world transform (Y up, metres) at the first key: parents first.
    package var restWorlds: [Matrix4x4] {
        var out: [Matrix4x4] = []
        out.reserveCapacity(nodes.count)
        for n in nodes { out.append((n.parent.map { out[$0] } ?? .identity) * n.rest.matrix) }
        return out
    }
}
