import PipelineKit
extension SceneResolver {
    mutating func readVisualScene() {
        var chosen: Collada.VisualScene?
        if let url = doc.sceneURL {
            if let id = fragment(url), let v = doc.visualScenes.first(where: { $0.id == id }) {
                chosen = v
            } else if fragment(url) == nil {
                bag.error(.referenceExternal, "<instance_visual_scene url=\"\(url)\"> refers to another document; references across documents are not supported",
                          at: doc.sceneLocation ?? doc.rootLocation)
                return
            } else {
                bag.error(.referenceMissing, "<instance_visual_scene url=\"\(url)\"> does not name a visual scene in this document",
                          at: doc.sceneLocation ?? doc.rootLocation)
                return
            }
        } else if let first = doc.visualScenes.first {
            chosen = first
            bag.warning(.sceneMissing, "the document has no <scene>; using the first visual scene", at: first.location)
        }
        guard let vs = chosen else { return }
        var stack: [String] = []
        for n in vs.nodes { addNode(n, parent: nil, instancing: &stack, depth: 0) }
    }

    /// Appends `n` and its subtree, parents first; expands `<instance_node>` below the instancing node.
    /// Recursive: `depth` (the tree depth of `n`, instanced levels included) is bounded by
    /// ``Options/maxNodeDepth`` so a long chain of instanced nodes cannot overflow the stack.
    mutating func addNode(_ n: Collada.Node, parent: Int?, instancing stack: inout [String], depth: Int) {
        guard depth < options.maxNodeDepth else {
            if !bag.diagnostics.contains(where: { $0.id == DiagnosticRule.nodeDepth.id }) {
                bag.error(.nodeDepth, "the node tree is more than \(options.maxNodeDepth) levels deep (instance_node levels included)", at: n.location)
            }
            return
        }
        guard scene.nodes.count < options.maxNodes else {
            if !bag.diagnostics.contains(where: { $0.id == DiagnosticRule.nodeLimit.id }) {
                bag.error(.nodeLimit, "the scene expands to more than \(options.maxNodes) nodes", at: n.location)
            }
            return
        }
        let index = scene.nodes.count
        var firstCopy: Int?
        if let id = n.id {
            if let existing = nodesByID[id] { firstCopy = existing.first }
            nodesByID[id, default: []].append(index)
        }
        scene.nodes.append(Node(
            id: n.id, sid: n.sid, name: n.name, isJoint: n.isJoint, parent: parent,
            transforms: n.transforms.map { Transform(kind: $0.kind, sid: $0.sid, values: $0.values) },
            location: n.location, instanceOf: firstCopy))
        if let parent { scene.nodes[parent].children.append(index) }
        for inst in n.instances {
            if inst.kind == .node {
                guard let id = fragment(inst.url) else {
                    bag.warning(.referenceExternal, "instance_node '\(inst.url)' refers outside this document; skipped", at: inst.location)
                    continue
                }
                if stack.contains(id) {
                    bag.error(.instanceCycle, "instance_node '#\(id)' instantiates itself (cycle: \((stack + [id]).joined(separator: " -> ")))", at: inst.location)
                    continue
                }
                guard let target = libraryNodeByID[id] ?? findSceneNode(id) else {
                    bag.error(.referenceMissing, "instance_node url '#\(id)' does not name a node in this document", at: inst.location)
                    continue
                }
                stack.append(id)
                addNode(target, parent: index, instancing: &stack, depth: depth + 1)
                stack.removeLast()
            } else if pendingInstances.count >= options.maxInstances {
                if !bag.diagnostics.contains(where: { $0.id == DiagnosticRule.instanceLimit.id }) {
                    bag.error(.instanceLimit, "the scene expands to more than \(options.maxInstances) instances", at: inst.location)
                }
            } else {
                pendingInstances.append((index, inst))
            }
        }
        for c in n.children { addNode(c, parent: index, instancing: &stack, depth: depth + 1) }
    }

    /// The first node with id `id` in the visual scenes (depth first), then inside library nodes.
    /// The table is built on the first call: O(document nodes) once, then O(1).
    mutating func findSceneNode(_ id: String) -> Collada.Node? {
        if sceneNodeByID == nil {
            var table: [String: Collada.Node] = [:]
            func add(_ nodes: [Collada.Node]) {
                for n in nodes {
                    if let nid = n.id, table[nid] == nil { table[nid] = n }
                    add(n.children)
                }
            }
            for v in doc.visualScenes { add(v.nodes) }
            for n in doc.libraryNodes { add(n.children) }
            sceneNodeByID = table
        }
        return sceneNodeByID?[id]
    }

    mutating func bindMaterials(_ inst: Collada.Instance) -> [String: Int] {
        var out: [String: Int] = [:]
        for b in inst.materials {
            if let id = fragment(b.target), let m = materialByID[id] { out[b.symbol] = m } else {
                bag.warning(.referenceMissing, "material binding '\(b.symbol)' targets '\(b.target)', which does not exist", at: inst.location)
            }
        }
        return out
    }

    mutating func bindInstance(_ inst: Collada.Instance, at node: Int) {
        let id = fragment(inst.url)
        switch inst.kind {
        case .geometry:
            guard let id, let m = meshByID[id] else {
                if let id, doc.geometries.contains(where: { $0.id == id && !$0.isMesh }) { return }
                bag.error(.referenceMissing, "instance_geometry url '\(inst.url)' does not name a geometry in this document", at: inst.location)
                return
            }
            guard countInstance(mesh: m, at: inst) else { return }
            scene.meshInstances.append(MeshInstance(node: node, source: .mesh(m), jointNodes: [], skeletonRoots: [],
                                                    materials: bindMaterials(inst), location: inst.location))
        case .controller:
            guard let id else {
                bag.error(.referenceMissing, "instance_controller url '\(inst.url)' is not a reference into this document", at: inst.location)
                return
            }
            if let m = morphByID[id] {
                guard countInstance(mesh: scene.morphs[m].baseMesh, at: inst) else { return }
                scene.meshInstances.append(MeshInstance(node: node, source: .morph(m), jointNodes: [], skeletonRoots: [],
                                                        materials: bindMaterials(inst), location: inst.location))
                return
            }
            guard let s = skinByID[id] else {
                bag.error(.referenceMissing, "instance_controller url '\(inst.url)' does not name a controller in this document", at: inst.location)
                return
            }
            guard countInstance(mesh: scene.skins[s].mesh, at: inst) else { return }
            var roots: [Int] = []
            for sk in inst.skeletons {
                if let sid = fragment(sk), let n = nodesByID[sid]?.first { roots.append(n) } else {
                    bag.warning(.referenceMissing, "<skeleton>\(sk)</skeleton> does not name a node; joints are searched in the whole scene", at: inst.location)
                }
            }
            let skin = scene.skins[s]
            var jointNodes: [Int?] = []
            var missing: [String] = []
            for name in skin.jointNames {
                let n = findJoint(name, byID: skin.jointNamesAreIDs, roots: roots)
                if n == nil { missing.append(name) }
                jointNodes.append(n)
            }
            if !missing.isEmpty {
                bag.error(.skinJointMissing,
                          "skin '\(skin.id)': \(missing.count) joint(s) not found in the scene: \(missing.prefix(5).joined(separator: ", "))",
                          at: inst.location)
            }
            scene.meshInstances.append(MeshInstance(node: node, source: .skin(s), jointNodes: jointNodes, skeletonRoots: roots,
                                                    materials: bindMaterials(inst), location: inst.location))
        case .camera:
            guard let id, let c = cameraByID[id] else {
                bag.warning(.referenceMissing, "instance_camera url '\(inst.url)' does not name a camera", at: inst.location)
                return
            }
            scene.cameraInstances.append(NodeAttachment(node: node, index: c))
        case .light:
            guard let id, let l = lightByID[id] else {
                bag.warning(.referenceMissing, "instance_light url '\(inst.url)' does not name a light", at: inst.location)
                return
            }
            scene.lightInstances.append(NodeAttachment(node: node, index: l))
        case .node:
            break
        }
    }

    /// A skin joint: by sid under the skeleton roots (COLLADA's rule for `Name_array`), by id for
    /// `IDREF_array`; failing that, by sid, name, then id anywhere in the scene.
    ///
    /// O(log nodes) per joint through ``JointIndex`` (built on the first call).
    mutating func findJoint(_ name: String, byID: Bool, roots: [Int]) -> Int? {
        if byID, let n = nodesByID[name]?.first { return n }
        if jointIndex == nil { jointIndex = JointIndex(scene.nodes) }
        guard let index = jointIndex else { return nil }
        for r in roots { if let n = index.firstSID(name, under: r) { return n } }
        return index.firstSID(name) ?? index.firstByName[name] ?? nodesByID[name]?.first
    }

    /// Adds a mesh instance of `mesh` to the running totals; `false` (with an error, reported
    /// once) when that would pass ``Options/maxInstancedVertices`` or ``Options/maxInstancedTriangles``.
    mutating func countInstance(mesh: Int, at inst: Collada.Instance) -> Bool {
        let m = scene.meshes[mesh]
        instancedVertices += m.positions.count
        instancedTriangles += m.triangleCount
        if instancedVertices <= options.maxInstancedVertices && instancedTriangles <= options.maxInstancedTriangles { return true }
        if !bag.diagnostics.contains(where: { $0.id == DiagnosticRule.instanceLimit.id }) {
            bag.error(.instanceLimit, "the scene's mesh instances add up to more than \(options.maxInstancedVertices) vertices or \(options.maxInstancedTriangles) triangles",
                      at: inst.location)
        }
        return false
    }
}
