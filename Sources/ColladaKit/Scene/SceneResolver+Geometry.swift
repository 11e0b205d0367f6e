extension SceneResolver {
    /// Per-mesh attribute tables, filled source by source so several primitives can share them.
    struct AttributeTable {
        var width: Int
        var values: [Float] = []
        var baseBySource: [String: Int] = [:]

        /// Adds `s` once; returns its first element index and element count.
        mutating func add(_ s: Collada.Source, _ resolver: SceneResolver) -> (base: Int, count: Int) {
            if let b = baseBySource[s.id] { return (b, s.count) }
            let base = values.count / width
            values += resolver.floats(s, width: width)
            baseBySource[s.id] = base
            return (base, values.count / width - base)
        }
    }

    /// One indexed attribute of a primitive: which offset in `<p>`, where its elements start in the
    /// mesh's table, how many it has, and whether it is indexed through `<vertices>`.
    struct Channel {
        var offset: Int
        var base: Int
        var count: Int
    }

    mutating func readGeometry(_ g: Collada.Geometry) {
        guard g.isMesh else { return }
        var positions = AttributeTable(width: 3)
        var normals = AttributeTable(width: 3)
        var texcoords = AttributeTable(width: 2)
        var colors = AttributeTable(width: 4)
        var mesh = Mesh(id: g.id, name: g.name, positions: [], normals: [], texcoords: [], colors: [], parts: [],
                        lineSegmentCount: 0, location: g.location)
        // <vertices>: POSITION plus per-vertex attributes.
        var positionCount = 0
        var vertexNormal: Channel?
        var vertexTexcoord: Channel?
        var vertexColor: Channel?
        for input in g.vertexInputs {
            guard let s = source(input) else { continue }
            switch input.semantic {
            case "POSITION":
                if positionCount == 0 { positionCount = positions.add(s, self).count }
            case "NORMAL": let r = normals.add(s, self); vertexNormal = Channel(offset: 0, base: r.base, count: r.count)
            case "TEXCOORD": if vertexTexcoord == nil { let r = texcoords.add(s, self); vertexTexcoord = Channel(offset: 0, base: r.base, count: r.count) }
            case "COLOR": if vertexColor == nil { let r = colors.add(s, self); vertexColor = Channel(offset: 0, base: r.base, count: r.count) }
            default: break
            }
        }
        if !g.primitives.isEmpty && g.vertexInputs.first(where: { $0.semantic == "POSITION" }) == nil {
            bag.error("mesh-positions", "mesh '\(g.id)' has no <vertices> POSITION input", at: g.location)
            return
        }
        for p in g.primitives {
            var stride = 0
            var vertexOffset: Int?
            var normal: Channel?
            var texcoord: Channel?
            var color: Channel?
            var texcoordSet = Int.max
            for input in p.inputs {
                stride = max(stride, input.offset + 1)
                switch input.semantic {
                case "VERTEX":
                    if let id = fragment(input.source), id == g.verticesID {
                        vertexOffset = input.offset
                    } else {
                        bag.error("reference-missing", "VERTEX input '\(input.source)' is not this mesh's <vertices> '#\(g.verticesID ?? "")'", at: input.location)
                    }
                case "NORMAL":
                    if normal == nil, let s = source(input) { let r = normals.add(s, self); normal = Channel(offset: input.offset, base: r.base, count: r.count) }
                case "TEXCOORD":
                    // The lowest set is the first UV set.
                    let set = input.set ?? 0
                    if set < texcoordSet, let s = source(input) {
                        texcoordSet = set
                        let r = texcoords.add(s, self)
                        texcoord = Channel(offset: input.offset, base: r.base, count: r.count)
                    }
                case "COLOR":
                    if color == nil, let s = source(input) { let r = colors.add(s, self); color = Channel(offset: input.offset, base: r.base, count: r.count) }
                default:
                    _ = source(input)  // still check the reference
                }
            }
            guard let vOffset = vertexOffset else {
                if !bag.hasErrors { bag.error("primitive-vertex", "<\(p.kind.rawValue)> has no VERTEX input", at: p.location) }
                continue
            }
            if let part = buildPart(p, stride: stride, vertex: Channel(offset: vOffset, base: 0, count: positionCount),
                                    normal: normal ?? vertexNormal.map { Channel(offset: vOffset, base: $0.base, count: $0.count) },
                                    normalPerVertex: normal == nil && vertexNormal != nil,
                                    texcoord: texcoord ?? vertexTexcoord.map { Channel(offset: vOffset, base: $0.base, count: $0.count) },
                                    texcoordPerVertex: texcoord == nil && vertexTexcoord != nil,
                                    color: color ?? vertexColor.map { Channel(offset: vOffset, base: $0.base, count: $0.count) },
                                    colorPerVertex: color == nil && vertexColor != nil,
                                    positions: positions.values, mesh: &mesh) {
                mesh.parts.append(part)
            }
        }
        mesh.positions = stride(from: 0, to: positions.values.count - 2, by: 3).map {
            SIMD3(positions.values[$0], positions.values[$0 + 1], positions.values[$0 + 2])
        }
        mesh.normals = stride(from: 0, to: normals.values.count - 2, by: 3).map {
            SIMD3(normals.values[$0], normals.values[$0 + 1], normals.values[$0 + 2])
        }
        mesh.texcoords = stride(from: 0, to: texcoords.values.count - 1, by: 2).map {
            SIMD2(texcoords.values[$0], texcoords.values[$0 + 1])
        }
        mesh.colors = stride(from: 0, to: colors.values.count - 3, by: 4).map {
            SIMD4(colors.values[$0], colors.values[$0 + 1], colors.values[$0 + 2], colors.values[$0 + 3])
        }
        meshByID[g.id] = scene.meshes.count
        scene.meshes.append(mesh)
    }

    /// Checks one primitive's index data and triangulates it.
    mutating func buildPart(_ p: Collada.Primitive, stride: Int, vertex: Channel, normal: Channel?, normalPerVertex: Bool,
                            texcoord: Channel?, texcoordPerVertex: Bool, color: Channel?, colorPerVertex: Bool,
                            positions: [Float], mesh: inout Mesh) -> MeshPart? {
        guard stride > 0 else { return nil }
        // Shape of the index data.
        let expectedLists: Int
        switch p.kind {
        case .triangles, .lines, .polylist: expectedLists = p.count == 0 ? 0 : 1
        case .polygons, .tristrips, .trifans, .linestrips: expectedLists = p.count
        }
        if p.indexLists.count < expectedLists || (p.kind != .polygons && p.indexLists.count > max(expectedLists, 1)) {
            let what = p.kind == .polygons ? "polygons" : (p.kind == .triangles || p.kind == .lines || p.kind == .polylist ? "<p> elements" : "strips")
            if p.indexLists.count < expectedLists || p.kind == .polygons {
                bag.error("primitive-count", "<\(p.kind.rawValue)> count is \(p.count) but it has \(p.indexLists.count) \(what)", at: p.location)
                return nil
            }
        }
        for (k, list) in p.indexLists.enumerated() where list.count % stride != 0 {
            bag.error("index-count", "<p> has \(list.count) indices, not a multiple of the \(stride) inputs per corner",
                      at: p.indexLocations[k])
            return nil
        }
        switch p.kind {
        case .triangles:
            let have = p.indexLists.first?.count ?? 0
            if have != p.count * 3 * stride {
                bag.error("index-count", "<triangles count=\"\(p.count)\"> needs \(p.count * 3 * stride) indices (\(stride) per corner); <p> has \(have)",
                          at: p.indexLocations.first ?? p.location)
                return nil
            }
        case .lines:
            let have = p.indexLists.first?.count ?? 0
            if have != p.count * 2 * stride {
                bag.error("index-count", "<lines count=\"\(p.count)\"> needs \(p.count * 2 * stride) indices; <p> has \(have)",
                          at: p.indexLocations.first ?? p.location)
                return nil
            }
        case .polylist:
            if p.vcount.count != p.count {
                bag.error("vcount-count", "<polylist count=\"\(p.count)\"> has \(p.vcount.count) vcount values", at: p.location)
                return nil
            }
            var corners = 0
            for v in p.vcount {
                if v < 0 { bag.error("vcount-value", "vcount has a negative value \(v)", at: p.location); return nil }
                corners += Int(v)
            }
            let have = p.indexLists.first?.count ?? 0
            if have != corners * stride {
                bag.error("index-count", "<polylist> vcount needs \(corners * stride) indices (\(corners) corners x \(stride) inputs); <p> has \(have)",
                          at: p.indexLocations.first ?? p.location)
                return nil
            }
        default: break
        }
        // Index ranges: every index of every input must address its source.
        func check(_ c: Channel?, _ name: String) -> Bool {
            guard let c else { return true }
            for (k, list) in p.indexLists.enumerated() {
                if let bad = firstBadIndex(list, offset: c.offset, stride: stride, count: c.count) {
                    bag.error("index-out-of-range", "<p> \(name) index \(list[bad]) is out of range (the source has \(c.count))",
                              at: p.indexLocations[k], notes: ["at position \(bad) of the index list"])
                    return false
                }
                for h in p.holes.indices where h == k {
                    for hole in p.holes[h] {
                        if let bad = firstBadIndex(hole, offset: c.offset, stride: stride, count: c.count) {
                            bag.error("index-out-of-range", "<h> \(name) index \(hole[bad]) is out of range (the source has \(c.count))",
                                      at: p.indexLocations[k])
                            return false
                        }
                    }
                }
            }
            return true
        }
        guard check(vertex, "VERTEX"), check(normalPerVertex ? nil : normal, "NORMAL"),
              check(texcoordPerVertex ? nil : texcoord, "TEXCOORD"), check(colorPerVertex ? nil : color, "COLOR")
        else { return nil }
        if normalPerVertex, let n = normal, n.count < vertex.count {
            bag.warning("attribute-count", "<vertices> NORMAL source has \(n.count) values for \(vertex.count) positions", at: p.location)
        }

        var part = MeshPart(kind: p.kind, materialSymbol: p.material, positionIndices: [], normalIndices: [],
                            texcoordIndices: [], colorIndices: [])
        let hasNormal = normal != nil && (!normalPerVertex || normal!.count >= vertex.count)
        let hasTexcoord = texcoord != nil && (!texcoordPerVertex || texcoord!.count >= vertex.count)
        let hasColor = color != nil && (!colorPerVertex || color!.count >= vertex.count)
        // Appends corner `k` (an index into the flat list) to the part.
        @inline(__always)
        func corner(_ list: UnsafeBufferPointer<Int32>, _ k: Int) {
            let b = k * stride
            part.positionIndices.append(UInt32(truncatingIfNeeded: list[b + vertex.offset]))
            if hasNormal { part.normalIndices.append(UInt32(truncatingIfNeeded: Int(list[b + normal!.offset]) + normal!.base)) }
            if hasTexcoord { part.texcoordIndices.append(UInt32(truncatingIfNeeded: Int(list[b + texcoord!.offset]) + texcoord!.base)) }
            if hasColor { part.colorIndices.append(UInt32(truncatingIfNeeded: Int(list[b + color!.offset]) + color!.base)) }
        }
        func position(_ list: [Int32], _ k: Int) -> SIMD3<Float> {
            let v = Int(list[k * stride + vertex.offset]) * 3
            return SIMD3(positions[v], positions[v + 1], positions[v + 2])
        }
        switch p.kind {
        case .triangles:
            let list = p.indexLists.first ?? []
            part.positionIndices.reserveCapacity(p.count * 3)
            list.withUnsafeBufferPointer { l in for k in 0..<(p.count * 3) { corner(l, k) } }
        case .polylist:
            let list = p.indexLists.first ?? []
            var tri = Triangulator()
            var start = 0
            list.withUnsafeBufferPointer { l in
                for vc in p.vcount {
                    let n = Int(vc)
                    if n == 3 {
                        corner(l, start); corner(l, start + 1); corner(l, start + 2)
                    } else if n > 3 {
                        let ring = (0..<n).map { position(list, start + $0) }
                        tri.triangulate(outer: ring) { a, b, c in corner(l, start + a); corner(l, start + b); corner(l, start + c) }
                    }
                    start += n
                }
            }
        case .polygons:
            var tri = Triangulator()
            for (k, list) in p.indexLists.enumerated() {
                let n = list.count / stride
                let holes = k < p.holes.count ? p.holes[k] : []
                // Corner numbers: outer ring, then each hole's corners, in one combined index list.
                var combined = list
                for h in holes { combined += h }
                let ring = (0..<n).map { position(list, $0) }
                let holeRings = holes.map { h in (0..<(h.count / stride)).map { position(h, $0) } }
                combined.withUnsafeBufferPointer { l in
                    tri.triangulate(outer: ring, holes: holeRings) { a, b, c in corner(l, a); corner(l, b); corner(l, c) }
                }
            }
        case .tristrips:
            for list in p.indexLists {
                let n = list.count / stride
                guard n >= 3 else { continue }
                list.withUnsafeBufferPointer { l in
                    for k in 0..<(n - 2) {
                        if k % 2 == 0 { corner(l, k); corner(l, k + 1); corner(l, k + 2) } else { corner(l, k + 1); corner(l, k); corner(l, k + 2) }
                    }
                }
            }
        case .trifans:
            for list in p.indexLists {
                let n = list.count / stride
                guard n >= 3 else { continue }
                list.withUnsafeBufferPointer { l in
                    for k in 1..<(n - 1) { corner(l, 0); corner(l, k); corner(l, k + 1) }
                }
            }
        case .lines:
            mesh.lineSegmentCount += p.count
            return nil
        case .linestrips:
            for list in p.indexLists { mesh.lineSegmentCount += max(0, list.count / stride - 1) }
            return nil
        }
        return part
    }

    /// Position in `list` of the first index (at `offset`, every `stride`) outside `0..<count`.
    func firstBadIndex(_ list: [Int32], offset: Int, stride: Int, count: Int) -> Int? {
        list.withUnsafeBufferPointer { l -> Int? in
            var k = offset
            let limit = UInt32(truncatingIfNeeded: count)
            while k < l.count {
                // One unsigned compare catches negatives too.
                if UInt32(bitPattern: l[k]) >= limit { return k }
                k += stride
            }
            return nil
        }
    }
}
