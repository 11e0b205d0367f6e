extension ColladaWriter {
    /// `<geometry>`: positions, normals (in `<vertices>` when they share the position indices, else at
    /// offset 1), texture coordinates; one `<triangles>` per part.
    static func writeGeometry(_ m: Mesh, _ x: inout XMLTextBuffer) throws {
        if m.positions.isEmpty { throw WriterError.inconsistent("mesh \(m.id) has no positions") }
        let normalsShared = !m.normals.isEmpty && m.normals.count == m.positions.count
            && m.parts.allSatisfy { $0.normalIndices == $0.positionIndices }
        for p in m.parts {
            let c = p.positionIndices.count
            if c % 3 != 0 { throw WriterError.inconsistent("mesh \(m.id): \(c) corners is not a multiple of 3") }
            if !p.normalIndices.isEmpty && p.normalIndices.count != c || !p.texcoordIndices.isEmpty && p.texcoordIndices.count != c {
                throw WriterError.inconsistent("mesh \(m.id): index lists of different lengths")
            }
        }
        x.open("geometry", [("id", m.id), ("name", m.name)])
        x.open("mesh")
        floatSource("\(m.id)-positions", m.positions.flatMap { [$0.x, $0.y, $0.z] },
                    params: [("X", "float"), ("Y", "float"), ("Z", "float")], &x)
        if !m.normals.isEmpty {
            floatSource("\(m.id)-normals", m.normals.flatMap { [$0.x, $0.y, $0.z] },
                        params: [("X", "float"), ("Y", "float"), ("Z", "float")], &x)
        }
        if !m.texcoords.isEmpty {
            floatSource("\(m.id)-map-0", m.texcoords.flatMap { [$0.x, $0.y] }, params: [("S", "float"), ("T", "float")], &x)
        }
        x.open("vertices", [("id", "\(m.id)-vertices")])
        x.empty("input", [("semantic", "POSITION"), ("source", "#\(m.id)-positions")])
        if normalsShared { x.empty("input", [("semantic", "NORMAL"), ("source", "#\(m.id)-normals")]) }
        x.close()
        for p in m.parts {
            let corners = p.positionIndices.count
            x.open("triangles", [("material", p.materialSymbol), ("count", "\(corners / 3)")])
            var lists: [[UInt32]] = [p.positionIndices]
            x.empty("input", [("semantic", "VERTEX"), ("source", "#\(m.id)-vertices"), ("offset", "0")])
            if !normalsShared && !p.normalIndices.isEmpty {
                x.empty("input", [("semantic", "NORMAL"), ("source", "#\(m.id)-normals"), ("offset", "\(lists.count)")])
                lists.append(p.normalIndices)
            }
            if !p.texcoordIndices.isEmpty {
                x.empty("input", [("semantic", "TEXCOORD"), ("source", "#\(m.id)-map-0"), ("offset", "\(lists.count)"),
                                  ("set", "0")])
                lists.append(p.texcoordIndices)
            }
            var interleaved: [UInt32] = []
            interleaved.reserveCapacity(corners * lists.count)
            for i in 0..<corners { for l in lists { interleaved.append(l[i]) } }
            x.integers("p", [], interleaved)
            x.close()
        }
        x.close()
        x.close()
    }

    static func writeControllers(_ scene: Scene, _ x: inout XMLTextBuffer) throws {
        guard !scene.skins.isEmpty else { return }
        x.open("library_controllers")
        for s in scene.skins {
            guard s.mesh >= 0 && s.mesh < scene.meshes.count else { throw WriterError.inconsistent("skin \(s.id) mesh") }
            guard s.inverseBindMatrices.count == s.jointNames.count else {
                throw WriterError.inconsistent("skin \(s.id): \(s.jointNames.count) joints, \(s.inverseBindMatrices.count) bind matrices")
            }
            x.open("controller", [("id", s.id), ("name", s.name)])
            x.open("skin", [("source", "#\(scene.meshes[s.mesh].id)")])
            x.numbers("bind_shape_matrix", [], s.bindShapeMatrix.rowMajor)
            if s.jointNamesAreIDs {
                x.open("source", [("id", "\(s.id)-joints")])
                x.leaf("IDREF_array", [("id", "\(s.id)-joints-array"), ("count", "\(s.jointNames.count)")],
                       text: s.jointNames.joined(separator: " "))
                x.open("technique_common")
                x.open("accessor", [("source", "#\(s.id)-joints-array"), ("count", "\(s.jointNames.count)"), ("stride", "1")])
                x.empty("param", [("name", "JOINT"), ("type", "IDREF")])
                x.close(); x.close(); x.close()
            } else {
                nameSource("\(s.id)-joints", s.jointNames, param: "JOINT", &x)
            }
            floatSource("\(s.id)-bind_poses", s.inverseBindMatrices.flatMap(\.rowMajor), params: [("TRANSFORM", "float4x4")], &x)
            floatSource("\(s.id)-weights", s.influenceWeight, params: [("WEIGHT", "float")], &x)
            x.open("joints")
            x.empty("input", [("semantic", "JOINT"), ("source", "#\(s.id)-joints")])
            x.empty("input", [("semantic", "INV_BIND_MATRIX"), ("source", "#\(s.id)-bind_poses")])
            x.close()
            let vertexCount = max(0, s.influenceStart.count - 1)
            x.open("vertex_weights", [("count", "\(vertexCount)")])
            x.empty("input", [("semantic", "JOINT"), ("source", "#\(s.id)-joints"), ("offset", "0")])
            x.empty("input", [("semantic", "WEIGHT"), ("source", "#\(s.id)-weights"), ("offset", "1")])
            var vcount: [UInt32] = []
            vcount.reserveCapacity(vertexCount)
            for v in 0..<vertexCount { vcount.append(s.influenceStart[v + 1] - s.influenceStart[v]) }
            x.integers("vcount", [], vcount)
            var pairs: [Int64] = []
            pairs.reserveCapacity(s.influenceJoint.count * 2)
            for (i, j) in s.influenceJoint.enumerated() { pairs.append(Int64(j)); pairs.append(Int64(i)) }
            x.integers("v", [], pairs)
            x.close()
            x.close()
            x.close()
        }
        x.close()
    }

    /// One top-level `<animation>` per distinct ``AnimationChannel/animationID`` (in first-use order),
    /// holding one child `<animation>` per channel; channels without one get a top-level element each.
    static func writeAnimations(_ scene: Scene, _ x: inout XMLTextBuffer) throws {
        guard !scene.channels.isEmpty else { return }
        var groups: [(id: String?, channels: [Int])] = []
        for (i, c) in scene.channels.enumerated() {
            if let id = c.animationID, let g = groups.firstIndex(where: { $0.id == id }) {
                groups[g].channels.append(i)
            } else {
                groups.append((c.animationID, [i]))
            }
        }
        x.open("library_animations")
        for g in groups {
            if let id = g.id {
                x.open("animation", [("id", id), ("name", id.hasPrefix("action_container-") ? String(id.dropFirst(17)) : nil)])
                for c in g.channels { try writeChannel(scene, c, container: id, &x) }
                x.close()
            } else {
                for c in g.channels { try writeChannel(scene, c, container: nil, &x) }
            }
        }
        x.close()
    }

    static func writeChannel(_ scene: Scene, _ index: Int, container: String?, _ x: inout XMLTextBuffer) throws {
        let c = scene.channels[index]
        guard c.sampler >= 0 && c.sampler < scene.samplers.count else {
            throw WriterError.inconsistent("channel \(c.targetPath) has no sampler")
        }
        let s = scene.samplers[c.sampler]
        if s.stride < 1 || s.output.count != s.input.count * s.stride {
            throw WriterError.inconsistent("sampler for \(c.targetPath): \(s.output.count) values for \(s.input.count) keys")
        }
        var base = s.id ?? "\(container ?? "animation")-\(index)"
        if base.hasSuffix("-sampler") { base.removeLast(8) }
        x.open("animation", [("id", base), ("name", container.map { $0.hasPrefix("action_container-") ? String($0.dropFirst(17)) : $0 })])
        floatSource("\(base)-input", s.input, params: [("TIME", "float")], &x)
        let params: [(String, String)]
        switch s.stride {
        case 16: params = [("TRANSFORM", "float4x4")]
        case 1: params = [("ANGLE", "float")]
        case 3: params = [("X", "float"), ("Y", "float"), ("Z", "float")]
        default: params = (0..<s.stride).map { ("V\($0)", "float") }
        }
        floatSource("\(base)-output", s.output, params: params, &x)
        nameSource("\(base)-interpolation", s.interpolation.map(\.rawValue), param: "INTERPOLATION", &x)
        let tangentParams: [(String, String)] = (0..<max(s.tangentStride, 1)).map { ("V\($0)", "float") }
        let hasTangents = s.tangentStride > 0 && !s.inTangent.isEmpty && !s.outTangent.isEmpty
        if hasTangents {
            floatSource("\(base)-intangent", s.inTangent, params: tangentParams, &x)
            floatSource("\(base)-outtangent", s.outTangent, params: tangentParams, &x)
        }
        x.open("sampler", [("id", "\(base)-sampler")])
        x.empty("input", [("semantic", "INPUT"), ("source", "#\(base)-input")])
        x.empty("input", [("semantic", "OUTPUT"), ("source", "#\(base)-output")])
        x.empty("input", [("semantic", "INTERPOLATION"), ("source", "#\(base)-interpolation")])
        if hasTangents {
            x.empty("input", [("semantic", "IN_TANGENT"), ("source", "#\(base)-intangent")])
            x.empty("input", [("semantic", "OUT_TANGENT"), ("source", "#\(base)-outtangent")])
        }
        x.close()
        x.empty("channel", [("source", "#\(base)-sampler"), ("target", c.targetPath)])
        x.close()
    }
}
