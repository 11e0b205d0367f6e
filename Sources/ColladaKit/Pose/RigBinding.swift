import PipelineKit
/// What applying an animation-only rig to a base model did: every rig channel is either matched to
/// base nodes or listed as unmatched with the reason (never silently dropped).
public struct RigBinding: Sendable {
    /// How a rig channel's target was found on the base model.
    public enum Mode: String, Sendable, Codable {
        /// The base node has a transform element of the same kind and sid.
        case sameSid
        /// No sid match; the base node's first transform element of the same kind.
        case sameKind
        /// The base node's transform elements were replaced by the rig node's (no element of that
        /// kind on the base node).
        case replacedStack
        /// Rig and base differ in up axis or unit: the base node's elements were replaced by
        /// `K · (rig node's elements) · K⁻¹`, `K` mapping rig file space to base file space.
        case converted
        /// The rig's "Camera" node (or one of its ancestors), copied into the base scene.
        case camera
    }

    /// A rig channel and the base nodes it now drives.
    public struct MatchedChannel: Sendable {
        /// Index into the rig's ``Scene/channels``.
        public var rigChannel: Int
        /// The target as the rig wrote it.
        public var targetPath: String
        /// Indices into the result scene's ``Scene/nodes``.
        public var baseNodes: [Int]
        /// How the target was found.
        public var mode: Mode
    }

    /// A rig channel that drives nothing in the result, and why.
    public struct UnmatchedChannel: Sendable {
        /// Index into the rig's ``Scene/channels``.
        public var rigChannel: Int
        /// The target as the rig wrote it.
        public var targetPath: String
        /// Why nothing in the base model matched.
        public var reason: String
        /// The `<channel>` in the rig file.
        public var location: SourceLocation
    }

    /// Rig channels now driving base nodes (or the copied camera).
    public var matchedChannels: [MatchedChannel] = []
    /// Rig channels that drive nothing in the result, with reasons.
    public var unmatchedChannels: [UnmatchedChannel] = []
    /// Rig joints (`type="JOINT"`) with their base node (label pairs).
    public var matchedJoints: [(rig: String, base: String)] = []
    /// Rig joints with no base node of the same name, id or sid.
    public var unmatchedRigJoints: [String] = []
    /// Base joints no rig channel drives: they keep the base model's visual-scene transform.
    public var undrivenBaseJoints: [String] = []
    /// The base model's own channels, replaced by the rig's.
    public var replacedBaseChannels = 0
    /// Whether the rig's "Camera" replaced the base model's camera.
    public var cameraReplaced = false
    /// Mesh instances copied from the rig's `props` node (static meshes drawn with the figure).
    public var propInstances = 0
    /// Rig file space to base file space (`base_C⁻¹ · rig_C`); identity when axes and units agree.
    public var rigToBase: Matrix4x4 = .identity
    /// A warning per unmatched channel, located in the rig file.
    public var diagnostics: [Diagnostic] = []
}

extension Scene {
    /// This scene (the base model) animated by `rig`, an animation-only file of the same skeleton.
    ///
    /// The result keeps the base model's nodes, meshes and skins and takes the rig's samplers,
    /// channels and clips (the base model's own channels are replaced). Each rig channel that
    /// targets a node transform is moved to the base node whose name, else id, else sid equals the
    /// rig node's (all such base nodes, for instanced copies), onto the transform element with the
    /// same sid, else the first of the same kind. When the base node has no element of that kind,
    /// the rig node's elements replace the base node's. When the rig's up axis or unit differ, the
    /// driven base nodes get `K · rig elements · K⁻¹` with `K = base_C⁻¹ · rig_C`, so sampled
    /// matrices are conjugated into base space.
    ///
    /// A rig node named (or with id) "Camera" holding an `<instance_camera>` replaces the base
    /// model's camera: it is copied, with its ancestors and their channels, as a new root chain
    /// (placed by `K`), and becomes the only camera instance.
    ///
    /// Cost: O(rig channels · base nodes).
    public func applying(rig: Scene) -> (scene: Scene, binding: RigBinding) {
        var out = self
        var binding = RigBinding()
        binding.replacedBaseChannels = channels.count
        out.samplers = rig.samplers
        out.channels = []
        out.clips = []
        let baseC = SceneResolver.conversion(upAxis, unitMeters), rigC = SceneResolver.conversion(rig.upAxis, rig.unitMeters)
        let k = (baseC.inverse ?? .identity) * rigC
        let converting = k.maxDifference(.identity) > 1e-6
        binding.rigToBase = converting ? k : .identity
        let kInverse = converting ? (k.inverse ?? .identity) : .identity

        // Rig node -> (result node, offset added to its transform indices) for the copied chains.
        var copied: [Int: (node: Int, offset: Int)] = [:]
        /// Copies rig node `r` and, first, its ancestors (a root gets `K` when converting).
        func copy(_ r: Int) -> Int {
            if let c = copied[r] { return c.node }
            let parent = rig.nodes[r].parent.map { copy($0) }
            var node = rig.nodes[r]
            node.parent = parent
            node.children = []
            node.instanceOf = nil
            var offset = 0
            if parent == nil && converting {
                node.transforms.insert(Transform(kind: .matrix, sid: nil, values: k.rowMajor), at: 0)
                offset = 1
            }
            let index = out.nodes.count
            out.nodes.append(node)
            if let parent { out.nodes[parent].children.append(index) }
            copied[r] = (index, offset)
            return index
        }
        if let cam = rig.cameraInstances.first(where: { rig.nodes[$0.node].name == "Camera" || rig.nodes[$0.node].id == "Camera" }),
           cam.index < rig.cameras.count {
            let camNode = copy(cam.node)
            out.cameras.append(rig.cameras[cam.index])
            out.cameraInstances = [NodeAttachment(node: camNode, index: out.cameras.count - 1)]
            binding.cameraReplaced = true
        }

        // Props: the static meshes under a rig node named (or with id) "props" (a wall, a bar, a ball)
        // are copied with their nodes and materials, to be drawn with the figure.
        if let propsRoot = rig.nodes.indices.first(where: { rig.nodes[$0].name == "props" || rig.nodes[$0].id == "props" }) {
            var inSubtree = Set([propsRoot])
            for r in (propsRoot + 1)..<rig.nodes.count {
                if let p = rig.nodes[r].parent, inSubtree.contains(p) { inSubtree.insert(r) }
            }
            var meshMap: [Int: Int] = [:], materialMap: [Int: Int] = [:]
            for inst in rig.meshInstances where inSubtree.contains(inst.node) {
                guard case .mesh(let m) = inst.source, m >= 0, m < rig.meshes.count else { continue }
                var copyInst = inst
                copyInst.node = copy(inst.node)
                if meshMap[m] == nil { meshMap[m] = out.meshes.count; out.meshes.append(rig.meshes[m]) }
                copyInst.source = .mesh(meshMap[m] ?? 0)
                copyInst.materials = copyInst.materials.compactMapValues { mat in
                    guard mat >= 0, mat < rig.materials.count else { return nil }
                    if materialMap[mat] == nil { materialMap[mat] = out.materials.count; out.materials.append(rig.materials[mat]) }
                    return materialMap[mat]
                }
                out.meshInstances.append(copyInst)
                binding.propInstances += 1
            }
        }

        // Base nodes for a rig node: by name, then id, then sid (only the base model's own nodes).
        let baseCount = nodes.count
        func baseNodes(for r: Int) -> [Int] {
            let rn = rig.nodes[r]
            let keys: [(String?, (Node) -> String?)] = [(rn.name, { $0.name }), (rn.id, { $0.id }), (rn.sid, { $0.sid })]
            for (key, field) in keys {
                guard let key else { continue }
                let found = (0..<baseCount).filter { field(nodes[$0]) == key }
                if !found.isEmpty { return found }
            }
            return []
        }

        // Decide per driven base node how the rig node's elements map onto it.
        var driver: [Int: Int] = [:]          // base node -> rig node
        var offsetOf: [Int: Int] = [:]        // base node -> offset, when its stack was replaced
        var modeOf: [Int: RigBinding.Mode] = [:]
        var animatedRigNodes: [Int: [Int]] = [:]  // rig node -> transform indices its channels target
        for ch in rig.channels {
            if case .transform(let rn, let ti, _) = ch.target { for r in rn { animatedRigNodes[r, default: []].append(ti) } }
        }
        for r in animatedRigNodes.keys.sorted() where copied[r] == nil {
            for b in baseNodes(for: r) where driver[b] == nil {
                driver[b] = r
                let fits = animatedRigNodes[r, default: []].allSatisfy { ti in
                    ti < rig.nodes[r].transforms.count && matchTransform(rig.nodes[r].transforms[ti], in: nodes[b]) != nil
                }
                if converting || !fits {
                    out.nodes[b].transforms = (converting ? [Transform(kind: .matrix, sid: nil, values: k.rowMajor)] : [])
                        + rig.nodes[r].transforms
                        + (converting ? [Transform(kind: .matrix, sid: nil, values: kInverse.rowMajor)] : [])
                    offsetOf[b] = converting ? 1 : 0
                    modeOf[b] = converting ? .converted : .replacedStack
                }
            }
        }

        // Rewrite the channels.
        var newChannels: [Int: [Int]] = [:]  // rig channel -> result channels
        for (ci, ch) in rig.channels.enumerated() {
            func unmatched(_ reason: String) {
                binding.unmatchedChannels.append(.init(rigChannel: ci, targetPath: ch.targetPath, reason: reason, location: ch.location))
                binding.diagnostics.append(Diagnostic(.rigChannelUnmatched,
                                                      "rig channel '\(ch.targetPath)' drives nothing in the base model: \(reason)", at: ch.location))
            }
            guard case .transform(let rigNodes, let ti, let member) = ch.target else {
                unmatched("it animates a morph weight; only node transforms are applied from a rig")
                continue
            }
            // (result transform index) -> result nodes, and the mode used.
            var groups: [Int: [Int]] = [:]
            var mode: RigBinding.Mode = .sameSid
            var reasons: [String] = []
            for r in rigNodes where ti < rig.nodes[r].transforms.count {
                if let c = copied[r] {
                    groups[ti + c.offset, default: []].append(c.node)
                    mode = .camera
                    continue
                }
                let targets = baseNodes(for: r).filter { driver[$0] == r }
                if targets.isEmpty {
                    let label = rig.nodes[r].label
                    reasons.append(baseNodes(for: r).isEmpty
                        ? "no base node has the name, id or sid of rig node '\(label)'"
                        : "its base node is already driven by another rig node than '\(label)'")
                }
                for b in targets {
                    if let off = offsetOf[b] {
                        groups[ti + off, default: []].append(b)
                        mode = modeOf[b] ?? .replacedStack
                    } else if let (bi, m) = matchTransform(rig.nodes[r].transforms[ti], in: nodes[b]) {
                        groups[bi, default: []].append(b)
                        if m == .sameKind { mode = .sameKind }
                    }
                }
            }
            if groups.isEmpty {
                unmatched(reasons.first ?? "its target is not a transform of a rig node")
                continue
            }
            var driven: [Int] = []
            for (index, targetNodes) in groups.sorted(by: { $0.key < $1.key }) {
                newChannels[ci, default: []].append(out.channels.count)
                out.channels.append(AnimationChannel(sampler: ch.sampler, target: .transform(nodes: targetNodes, transform: index, member: member),
                                                     targetPath: ch.targetPath, animationID: ch.animationID, location: ch.location))
                driven += targetNodes
            }
            binding.matchedChannels.append(.init(rigChannel: ci, targetPath: ch.targetPath, baseNodes: driven, mode: mode))
        }
        out.clips = rig.clips.map { clip in
            var c = clip
            c.channels = clip.channels.flatMap { newChannels[$0] ?? [] }
            return c
        }

        // Joint report.
        for r in rig.nodes.indices where rig.nodes[r].isJoint && copied[r] == nil {
            if let b = baseNodes(for: r).first {
                binding.matchedJoints.append((rig.nodes[r].label, nodes[b].label))
            } else {
                binding.unmatchedRigJoints.append(rig.nodes[r].label)
            }
        }
        binding.undrivenBaseJoints = (0..<baseCount).filter { nodes[$0].isJoint && driver[$0] == nil }.map { nodes[$0].label }
        return (out, binding)
    }

    /// The element of `node` a rig element maps to: same kind and sid, else the first of the same kind.
    func matchTransform(_ t: Transform, in node: Node) -> (index: Int, mode: RigBinding.Mode)? {
        if let sid = t.sid, let i = node.transforms.firstIndex(where: { $0.kind == t.kind && $0.sid == sid }) {
            return (i, .sameSid)
        }
        if let i = node.transforms.firstIndex(where: { $0.kind == t.kind }) { return (i, .sameKind) }
        return nil
    }
}
