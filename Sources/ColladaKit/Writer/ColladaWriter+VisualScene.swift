extension ColladaWriter {
    /// `<library_visual_scenes>` with one visual scene `Scene`: the node tree with its instances.
    static func writeVisualScene(_ scene: Scene, _ x: inout XMLTextBuffer) throws {
        var cameras = [[Int]](repeating: [], count: scene.nodes.count)
        var lights = [[Int]](repeating: [], count: scene.nodes.count)
        var meshes = [[Int]](repeating: [], count: scene.nodes.count)
        for a in scene.cameraInstances {
            guard a.node >= 0 && a.node < scene.nodes.count && a.index >= 0 && a.index < scene.cameras.count else {
                throw WriterError.inconsistent("camera instance at node \(a.node)")
            }
            cameras[a.node].append(a.index)
        }
        for a in scene.lightInstances {
            guard a.node >= 0 && a.node < scene.nodes.count && a.index >= 0 && a.index < scene.lights.count else {
                throw WriterError.inconsistent("light instance at node \(a.node)")
            }
            lights[a.node].append(a.index)
        }
        for (i, m) in scene.meshInstances.enumerated() {
            guard m.node >= 0 && m.node < scene.nodes.count else { throw WriterError.inconsistent("mesh instance at node \(m.node)") }
            meshes[m.node].append(i)
        }
        var children = [[Int]](repeating: [], count: scene.nodes.count)
        var roots: [Int] = []
        for (i, n) in scene.nodes.enumerated() {
            if let p = n.parent { children[p].append(i) } else { roots.append(i) }
        }
        x.open("library_visual_scenes")
        x.open("visual_scene", [("id", "Scene"), ("name", "Scene")])
        var stack: [(node: Int, closing: Bool)] = roots.reversed().map { ($0, false) }
        while let (n, closing) = stack.popLast() {
            if closing { x.close(); continue }
            let node = scene.nodes[n]
            x.open("node", [("id", node.id), ("name", node.name), ("sid", node.sid), ("type", node.isJoint ? "JOINT" : "NODE")])
            for t in node.transforms {
                guard t.values.count == t.kind.valueCount else {
                    throw WriterError.inconsistent("node \(node.label): \(t.kind.rawValue) with \(t.values.count) values")
                }
                x.numbers(t.kind.rawValue, [("sid", t.sid)], t.values)
            }
            for c in cameras[n] { x.empty("instance_camera", [("url", "#\(scene.cameras[c].id)")]) }
            for i in meshes[n] { try writeInstance(scene, scene.meshInstances[i], &x) }
            for l in lights[n] { x.empty("instance_light", [("url", "#\(scene.lights[l].id)")]) }
            stack.append((n, true))
            for c in children[n].reversed() { stack.append((c, false)) }
        }
        x.close()
        x.close()
    }

    static func writeInstance(_ scene: Scene, _ m: MeshInstance, _ x: inout XMLTextBuffer) throws {
        switch m.source {
        case .mesh(let g):
            guard g >= 0 && g < scene.meshes.count else { throw WriterError.inconsistent("instance of mesh \(g)") }
            x.open("instance_geometry", [("url", "#\(scene.meshes[g].id)"), ("name", scene.meshes[g].name)])
        case .skin(let s):
            guard s >= 0 && s < scene.skins.count else { throw WriterError.inconsistent("instance of skin \(s)") }
            x.open("instance_controller", [("url", "#\(scene.skins[s].id)")])
            for r in m.skeletonRoots {
                guard r >= 0 && r < scene.nodes.count, let id = scene.nodes[r].id else {
                    throw WriterError.inconsistent("skeleton root \(r) has no id")
                }
                x.leaf("skeleton", text: "#\(id)")
            }
        case .morph:
            throw WriterError.unsupported("morph controllers")
        }
        let bindings = m.materials.sorted { $0.key < $1.key }
        if !bindings.isEmpty {
            x.open("bind_material")
            x.open("technique_common")
            for (symbol, mat) in bindings {
                guard mat >= 0 && mat < scene.materials.count else { throw WriterError.inconsistent("material \(mat)") }
                x.empty("instance_material", [("symbol", symbol), ("target", "#\(scene.materials[mat].id)")])
            }
            x.close()
            x.close()
        }
        x.close()
    }
}
