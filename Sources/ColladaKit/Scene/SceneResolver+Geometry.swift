import PipelineKit
extension SceneResolver {
    /// Per-mesh attribute tables, filled source by source so several primitives can share them.
    /// Each source's elements go straight into the mesh's vectors through its accessor, in one
    /// pass (no flat copy to regroup afterwards).
    struct AttributeTable<V: AttributeVector> {
        var vectors: [V] = []
        var added: [String: (base: Int, count: Int)] = [:]

        /// Adds `s` once; returns its first element index and the number of its elements that
        /// were added (those that fit in its array: fewer than its count when its params read
        /// less than its stride; every primitive that shares it gets the same bound).
        mutating func add(_ s: Collada.Source) -> (base: Int, count: Int) {
            if let a = added[s.id] { return a }
            let base = vectors.count
            if vectors.isEmpty {
                vectors = SceneResolver.vectors(s, as: V.self)
            } else {
                vectors += SceneResolver.vectors(s, as: V.self)
            }
            added[s.id] = (base, vectors.count - base)
            return (base, vectors.count - base)
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
        var positions = AttributeTable<SIMD3<Float>>()
        var normals = AttributeTable<SIMD3<Float>>()
        var texcoords = AttributeTable<SIMD2<Float>>()
        var colors = AttributeTable<SIMD4<Float>>()
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
                if positionCount == 0 { positionCount = positions.add(s).count }
            case "NORMAL": let r = normals.add(s); vertexNormal = Channel(offset: 0, base: r.base, count: r.count)
            case "TEXCOORD": if vertexTexcoord == nil { let r = texcoords.add(s); vertexTexcoord = Channel(offset: 0, base: r.base, count: r.count) }
            case "COLOR": if vertexColor == nil { let r = colors.add(s); vertexColor = Channel(offset: 0, base: r.base, count: r.count) }
            default: break
            }
        }
        if !g.primitives.isEmpty && g.vertexInputs.first(where: { $0.semantic == "POSITION" }) == nil {
            bag.error(.meshPositions, "mesh '\(g.id)' has no <vertices> POSITION input", at: g.location)
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
                        bag.error(.referenceMissing, "VERTEX input '\(input.source)' is not this mesh's <vertices> '#\(g.verticesID ?? "")'", at: input.location)
                    }
                case "NORMAL":
                    if normal == nil, let s = source(input) { let r = normals.add(s); normal = Channel(offset: input.offset, base: r.base, count: r.count) }
                case "TEXCOORD":
                    // The lowest set is the first UV set.
                    let set = input.set ?? 0
                    if set < texcoordSet, let s = source(input) {
                        texcoordSet = set
                        let r = texcoords.add(s)
                        texcoord = Channel(offset: input.offset, base: r.base, count: r.count)
                    }
                case "COLOR":
                    if color == nil, let s = source(input) { let r = colors.add(s); color = Channel(offset: input.offset, base: r.base, count: r.count) }
                default:
                    _ = source(input)  // still check the reference
                }
            }
            guard let vOffset = vertexOffset else {
                if !bag.hasErrors { bag.error(.primitiveVertex, "<\(p.kind.rawValue)> has no VERTEX input", at: p.location) }
                continue
            }
            if let part = buildPart(p, stride: stride, vertex: Channel(offset: vOffset, base: 0, count: positionCount),
                                    normal: normal ?? vertexNormal.map { Channel(offset: vOffset, base: $0.base, count: $0.count) },
                                    normalPerVertex: normal == nil && vertexNormal != nil,
                                    texcoord: texcoord ?? vertexTexcoord.map { Channel(offset: vOffset, base: $0.base, count: $0.count) },
                                    texcoordPerVertex: texcoord == nil && vertexTexcoord != nil,
                                    color: color ?? vertexColor.map { Channel(offset: vOffset, base: $0.base, count: $0.count) },
                                    colorPerVertex: color == nil && vertexColor != nil,
                                    positions: positions.vectors, mesh: &mesh) {
                triangleTotal += part.positionIndices.count / 3
                if triangleTotal > options.maxTriangles {
                    bag.error(.triangleLimit, "the meshes have more than \(options.maxTriangles) triangles", at: p.location)
                    return
                }
                mesh.parts.append(part)
            }
        }
        mesh.positions = positions.vectors
        mesh.normals = normals.vectors
        mesh.texcoords = texcoords.vectors
        mesh.colors = colors.vectors
        meshByID[g.id] = scene.meshes.count
        scene.meshes.append(mesh)
    }

    /// The elements of `s` through its accessor as vectors: the first `V.scalarCount` params of
    /// each (params beyond skipped, missing ones 0), for the elements that fit in the array (the
    /// accessor was checked against it already). One pass into uninitialised storage.
    static func vectors<V: AttributeVector>(_ s: Collada.Source, as: V.Type) -> [V] {
        let width = V.scalarCount
        let take = min(width, s.stride)
        let fitting = elementsThatFit(s, take: take)
        // Capacity 0 would make the standard library write the shared empty-array singleton's
        // count, a data race (ThreadSanitizer) with any thread reading another empty array.
        guard fitting > 0 else { return [] }
        return s.floats.withUnsafeBufferPointer { v -> [V] in
            guard let src = v.baseAddress else { return [] }
            return [V](unsafeUninitializedCapacity: fitting) { out, count in
                guard let dst = out.baseAddress else { return }
                var from = src + s.offset
                if take == width {
                    for e in 0..<fitting {
                        (dst + e).initialize(to: V(loading: from))
                        from += s.stride
                    }
                } else {
                    // Fewer params than lanes: the rest are 0.
                    var lanes = SIMD4<Float>.zero
                    for e in 0..<fitting {
                        for k in 0..<take { lanes[k] = from[k] }
                        (dst + e).initialize(to: V(lanes: lanes))
                        from += s.stride
                    }
                }
                count = fitting
            }
        }
    }

    /// Checks one primitive's index data and triangulates it.
    mutating func buildPart(_ p: Collada.Primitive, stride: Int, vertex: Channel, normal: Channel?, normalPerVertex: Bool,
                            texcoord: Channel?, texcoordPerVertex: Bool, color: Channel?, colorPerVertex: Bool,
                            positions: [SIMD3<Float>], mesh: inout Mesh) -> MeshPart? {
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
                bag.error(.primitiveCount, "<\(p.kind.rawValue)> count is \(p.count) but it has \(p.indexLists.count) \(what)", at: p.location)
                return nil
            }
        }
        for (k, list) in p.indexLists.enumerated() where list.count % stride != 0 {
            bag.error(.indexCount, "<p> has \(list.count) indices, not a multiple of the \(stride) inputs per corner",
                      at: p.indexLocations[k])
            return nil
        }
        // Holes too: their corners follow the outer ring's in one combined list, so a ragged hole would shift
        // every later corner onto another input's (unchecked) index.
        for (k, holes) in p.holes.enumerated() {
            for h in holes where h.count % stride != 0 {
                bag.error(.indexCount, "<h> has \(h.count) indices, not a multiple of the \(stride) inputs per corner",
                          at: k < p.indexLocations.count ? p.indexLocations[k] : p.location)
                return nil
            }
        }
        switch p.kind {
        case .triangles:
            let have = p.indexLists.first?.count ?? 0
            if have != p.count * 3 * stride {
                bag.error(.indexCount, "<triangles count=\"\(p.count)\"> needs \(p.count * 3 * stride) indices (\(stride) per corner); <p> has \(have)",
                          at: p.indexLocations.first ?? p.location)
                return nil
            }
        case .lines:
            let have = p.indexLists.first?.count ?? 0
            if have != p.count * 2 * stride {
                bag.error(.indexCount, "<lines count=\"\(p.count)\"> needs \(p.count * 2 * stride) indices; <p> has \(have)",
                          at: p.indexLocations.first ?? p.location)
                return nil
            }
        case .polylist:
            if p.vcount.count != p.count {
                bag.error(.vcountCount, "<polylist count=\"\(p.count)\"> has \(p.vcount.count) vcount values", at: p.location)
                return nil
            }
            var corners = 0
            for v in p.vcount {
                if v < 0 { bag.error(.vcountValue, "vcount has a negative value \(v)", at: p.location); return nil }
                corners += Int(v)
            }
            let have = p.indexLists.first?.count ?? 0
            if corners > have || have != corners * stride {
                bag.error(.indexCount, "<polylist> vcount needs \(corners * stride) indices (\(corners) corners x \(stride) inputs); <p> has \(have)",
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
                    bag.error(.indexOutOfRange, "<p> \(name) index \(list[bad]) is out of range (the source has \(c.count))",
                              at: p.indexLocations[k], notes: ["at position \(bad) of the index list"])
                    return false
                }
                for h in p.holes.indices where h == k {
                    for hole in p.holes[h] {
                        if let bad = firstBadIndex(hole, offset: c.offset, stride: stride, count: c.count) {
                            bag.error(.indexOutOfRange, "<h> \(name) index \(hole[bad]) is out of range (the source has \(c.count))",
                                      at: p.indexLocations[k])
                            return false
                        }
                    }
                }
            }
            return true
        }
        // One pass a list says whether every index is in range; only when one is not do the
        // checks above look for the first bad index (per input, in order) to report it.
        let ranged = [vertex, normalPerVertex ? nil : normal, texcoordPerVertex ? nil : texcoord, colorPerVertex ? nil : color]
        if !Self.indicesInRange(p.indexLists, holes: p.holes, stride: stride, ranged.compactMap { $0.map { ($0.offset, $0.count) } }) {
            guard check(vertex, "VERTEX"), check(normalPerVertex ? nil : normal, "NORMAL"),
                  check(texcoordPerVertex ? nil : texcoord, "TEXCOORD"), check(colorPerVertex ? nil : color, "COLOR")
            else { return nil }
        }
        if normalPerVertex, let n = normal, n.count < vertex.count {
            bag.warning(.attributeCount, "<vertices> NORMAL source has \(n.count) values for \(vertex.count) positions", at: p.location)
        }

        let hasNormal = normal != nil && (!normalPerVertex || normal!.count >= vertex.count)
        let hasTexcoord = texcoord != nil && (!texcoordPerVertex || texcoord!.count >= vertex.count)
        let hasColor = color != nil && (!colorPerVertex || color!.count >= vertex.count)
        var w = CornerWriter(stride: stride, vertexOffset: vertex.offset,
                             normal: hasNormal ? normal.map { ($0.offset, $0.base) } : nil,
                             texcoord: hasTexcoord ? texcoord.map { ($0.offset, $0.base) } : nil,
                             color: hasColor ? color.map { ($0.offset, $0.base) } : nil)
        defer { w.release() }
        func position(_ list: [Int32], _ k: Int) -> SIMD3<Float> {
            positions[Int(list[k * stride + vertex.offset])]
        }
        switch p.kind {
        case .triangles:
            // The counts were checked above: p.count * 3 corners of `stride` indices each.
            let list = p.indexLists.first ?? []
            let corners = p.count * 3
            list.withUnsafeBufferPointer { l in
                guard let l = l.baseAddress else { return }
                w.reserve(corners)
                for k in 0..<corners { w.add(l, k) }
            }
        case .polylist:
            // The counts were checked above: the vcount values add up to the corners in <p>, and
            // every VERTEX index addresses a position, so the unchecked reads below stay inside.
            let list = p.indexLists.first ?? []
            var tri = Triangulator()
            tri.budget = triangulationBudget
            defer { spendTriangulation(tri.budget, at: p.location) }
            let vcount = p.vcount
            w.reserve(vcount.reduce(0) { $0 + max(0, Int($1) - 2) } * 3)
            let vertexOffset = vertex.offset
            list.withUnsafeBufferPointer { lb in
                positions.withUnsafeBufferPointer { pb in
                    guard let l = lb.baseAddress, let pos = pb.baseAddress else { return }
                    @inline(__always) func position(_ k: Int) -> SIMD3<Float> {
                        pos[Int(l[k &* stride &+ vertexOffset])]
                    }
                    var ring: [SIMD3<Float>] = []
                    var start = 0
                    for vc in vcount {
                        let n = Int(vc)
                        if n == 3 {
                            w.add(l, start); w.add(l, start &+ 1); w.add(l, start &+ 2)
                        } else if n == 4 && Self.isConvexQuad(position(start), position(start &+ 1),
                                                              position(start &+ 2), position(start &+ 3)) {
                            w.add(l, start); w.add(l, start &+ 1); w.add(l, start &+ 2)
                            w.add(l, start); w.add(l, start &+ 2); w.add(l, start &+ 3)
                        } else if n > 3 {
                            ring.removeAll(keepingCapacity: true)
                            for k in 0..<n { ring.append(position(start + k)) }
                            tri.triangulate(outer: ring)
                            for c in tri.triangles { w.add(l, start + c) }
                        }
                        start &+= n
                    }
                }
            }
        case .polygons:
            var tri = Triangulator()
            tri.budget = triangulationBudget
            defer { spendTriangulation(tri.budget, at: p.location) }
            for (k, list) in p.indexLists.enumerated() {
                let n = list.count / stride
                let holes = k < p.holes.count ? p.holes[k] : []
                // Corner numbers: outer ring, then each hole's corners, in one combined index list.
                var combined = list
                for h in holes { combined += h }
                let ring = (0..<n).map { position(list, $0) }
                let holeRings = holes.map { h in (0..<(h.count / stride)).map { position(h, $0) } }
                tri.triangulate(outer: ring, holes: holeRings)
                for c in tri.triangles { w.add(combined, c) }
            }
        case .tristrips:
            for list in p.indexLists {
                let n = list.count / stride
                guard n >= 3 else { continue }
                for k in 0..<(n - 2) {
                    // Every other triangle is flipped to keep the strip's winding.
                    if k % 2 == 0 { w.add(list, k); w.add(list, k + 1); w.add(list, k + 2) } else { w.add(list, k + 1); w.add(list, k); w.add(list, k + 2) }
                }
            }
        case .trifans:
            for list in p.indexLists {
                let n = list.count / stride
                guard n >= 3 else { continue }
                for k in 1..<(n - 1) { w.add(list, 0); w.add(list, k); w.add(list, k + 1) }
            }
        case .lines:
            mesh.lineSegmentCount += p.count
            return nil
        case .linestrips:
            for list in p.indexLists { mesh.lineSegmentCount += max(0, list.count / stride - 1) }
            return nil
        }
        let part = MeshPart(kind: p.kind, materialSymbol: p.material, positionIndices: w.array(w.positions),
                            normalIndices: w.array(w.normals), texcoordIndices: w.array(w.texcoords), colorIndices: w.array(w.colors))
        return part
    }

    /// Records what a primitive left of the triangulation budget; warns once when it ran out.
    mutating func spendTriangulation(_ left: Int, at location: SourceLocation) {
        if left <= 0 && triangulationBudget > 0 {
            bag.warning(.triangulationBudget, "polygons need more than \(options.triangulationBudget) triangulation steps; the rest are fanned without ear clipping", at: location)
        }
        triangulationBudget = left
    }

    /// Gathers per-corner indices of a primitive's triangles into raw buffers (no uniqueness check
    /// or capacity test per corner beyond one compare); `release()` frees them.
    struct CornerWriter {
        let stride: Int
        let vertexOffset: Int
        let normal: (offset: Int, base: Int)?
        let texcoord: (offset: Int, base: Int)?
        let color: (offset: Int, base: Int)?
        var positions: UnsafeMutablePointer<UInt32>?
        var normals: UnsafeMutablePointer<UInt32>?
        var texcoords: UnsafeMutablePointer<UInt32>?
        var colors: UnsafeMutablePointer<UInt32>?
        var count = 0
        var capacity = 0

        init(stride: Int, vertexOffset: Int, normal: (Int, Int)?, texcoord: (Int, Int)?, color: (Int, Int)?) {
            self.stride = stride
            self.vertexOffset = vertexOffset
            self.normal = normal.map { (offset: $0.0, base: $0.1) }
            self.texcoord = texcoord.map { (offset: $0.0, base: $0.1) }
            self.color = color.map { (offset: $0.0, base: $0.1) }
        }

        /// Makes room for at least `n` corners in all.
        mutating func reserve(_ n: Int) {
            guard n > capacity else { return }
            func grow(_ p: UnsafeMutablePointer<UInt32>?, _ used: Bool) -> UnsafeMutablePointer<UInt32>? {
                guard used else { return nil }
                let q = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
                if let p { q.update(from: p, count: count); p.deallocate() }
                return q
            }
            positions = grow(positions, true)
            normals = grow(normals, normal != nil)
            texcoords = grow(texcoords, texcoord != nil)
            colors = grow(colors, color != nil)
            capacity = n
        }

        /// Appends corner `k` of `list` (indices already range-checked).
        @inline(__always)
        mutating func add(_ list: [Int32], _ k: Int) {
            list.withUnsafeBufferPointer { l in
                if let base = l.baseAddress { add(base, k) }
            }
        }

        /// Appends corner `k` of the index list at `list`: the caller has checked that corner `k`
        /// lies inside the list and its indices inside their sources.
        @inline(__always)
        mutating func add(_ list: UnsafePointer<Int32>, _ k: Int) {
            if count == capacity { reserve(max(16, capacity * 2)) }
            // Wrapping arithmetic: corner k lies in the list and its indices in their sources
            // (checked by the caller), so nothing here can overflow, and the checks cost.
            let b = k &* stride
            let i = count
            positions.unsafelyUnwrapped[i] = UInt32(truncatingIfNeeded: list[b &+ vertexOffset])
            if let n = normal { normals.unsafelyUnwrapped[i] = UInt32(truncatingIfNeeded: Int(list[b &+ n.offset]) &+ n.base) }
            if let t = texcoord { texcoords.unsafelyUnwrapped[i] = UInt32(truncatingIfNeeded: Int(list[b &+ t.offset]) &+ t.base) }
            if let c = color { colors.unsafelyUnwrapped[i] = UInt32(truncatingIfNeeded: Int(list[b &+ c.offset]) &+ c.base) }
            count = i &+ 1
        }

        /// The first `count` entries of a buffer as an array (empty for an attribute not written).
        func array(_ p: UnsafeMutablePointer<UInt32>?) -> [UInt32] {
            guard let p else { return [] }
            return Array(UnsafeBufferPointer(start: p, count: count))
        }

        func release() {
            positions?.deallocate()
            normals?.deallocate()
            texcoords?.deallocate()
            colors?.deallocate()
        }
    }

    /// A quad whose fan from corner 0 is valid: both triangles (0,1,2) and (0,2,3) face the same
    /// way as the quad's normal (so the diagonal 0-2 lies inside).
    @inline(__always)
    static func isConvexQuad(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>, _ d: SIMD3<Float>) -> Bool {
        let n1 = simdCross(b - a, c - a), n2 = simdCross(c - a, d - a)
        let n = simdCross(c - a, d - b)  // the quad's normal (diagonals' cross product)
        return simdDot(n1, n) > 0 && simdDot(n2, n) > 0
    }

    /// Whether, in every list and hole list, each index of each input (at `offset`, every
    /// `stride`) lies in `0..<count`: one pass a list, without a branch per index
    /// (``largestIndices(_:stride:into:)``), and no allocation per list (old exporters write a
    /// `<p>` per polygon). False also when a list is not whole corners; then
    /// ``firstBadIndex(_:offset:stride:count:)`` decides.
    static func indicesInRange(_ lists: [[Int32]], holes: [[[Int32]]] = [], stride: Int,
                               _ inputs: [(offset: Int, count: Int)]) -> Bool {
        guard !inputs.isEmpty else { return true }
        guard stride > 0, inputs.allSatisfy({ $0.offset >= 0 && $0.offset < stride }) else { return false }
        // Several inputs may share an offset: the smallest source bounds it. Offsets no input
        // reads are not checked (sources hold at most Int32.max elements, so .max is no bound).
        var limit = [UInt32](repeating: .max, count: stride)
        for i in inputs { limit[i.offset] = min(limit[i.offset], UInt32(clamping: i.count)) }
        var largest = [UInt32](repeating: 0, count: stride)
        func inRange(_ list: [Int32]) -> Bool {
            if list.isEmpty { return true }
            if list.count % stride != 0 { return false }
            list.withUnsafeBufferPointer { largestIndices($0, stride: stride, into: &largest) }
            for o in 0..<stride where limit[o] != .max && largest[o] >= limit[o] { return false }
            return true
        }
        for list in lists where !inRange(list) { return false }
        for polygon in holes { for list in polygon where !inRange(list) { return false } }
        return true
    }

    /// The largest index at each offset `0..<stride` of `list`, as a new array (see
    /// ``largestIndices(_:stride:into:)``).
    static func largestIndices(_ list: UnsafeBufferPointer<Int32>, stride: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: stride)
        largestIndices(list, stride: stride, into: &out)
        return out
    }

    /// Writes into `out` (`stride` entries) the largest index at each offset `0..<stride` of
    /// `list` (read as unsigned, so a negative index counts as too large).
    ///
    /// Strides 1 to 4 (nearly every file) take one vector pass: twelve indices (three loads) a
    /// step, a multiple of the stride, so each lane always holds the same offset. Others take a
    /// scalar pass per offset. Measured on 27,644 indices at stride 3: 5 µs, against 15 µs for a
    /// branching pass per input and 19 µs for gathering each corner's indices into one vector.
    static func largestIndices(_ list: UnsafeBufferPointer<Int32>, stride: Int, into out: inout [UInt32]) {
        for o in 0..<stride { out[o] = 0 }
        guard let base = list.baseAddress, !list.isEmpty else { return }
        let n = list.count
        var k = 0
        if stride <= 4 {
            let raw = UnsafeRawPointer(base)
            var a = SIMD4<UInt32>.zero, b = SIMD4<UInt32>.zero, c = SIMD4<UInt32>.zero
            while k &+ 12 <= n {
                a = pointwiseMax(a, raw.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt32>.self))
                b = pointwiseMax(b, raw.loadUnaligned(fromByteOffset: k &* 4 &+ 16, as: SIMD4<UInt32>.self))
                c = pointwiseMax(c, raw.loadUnaligned(fromByteOffset: k &* 4 &+ 32, as: SIMD4<UInt32>.self))
                k &+= 12
            }
            for t in 0..<4 {
                out[t % stride] = max(out[t % stride], a[t])
                out[(t + 4) % stride] = max(out[(t + 4) % stride], b[t])
                out[(t + 8) % stride] = max(out[(t + 8) % stride], c[t])
            }
            // k is a multiple of 12, so element k is at offset 0.
            while k < n {
                out[k % stride] = max(out[k % stride], UInt32(bitPattern: base[k]))
                k &+= 1
            }
            return
        }
        for o in 0..<stride {
            var m: UInt32 = 0
            var j = o
            while j < n { m = max(m, UInt32(bitPattern: base[j])); j &+= stride }
            out[o] = m
        }
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

/// A mesh attribute's vector type (positions and normals `SIMD3`, texture coordinates `SIMD2`,
/// colours `SIMD4`), made from consecutive floats.
protocol AttributeVector: SIMD where Scalar == Float {
    /// The vector of the `scalarCount` floats at `p`.
    init(loading p: UnsafePointer<Float>)
    /// The first `scalarCount` lanes of `lanes`.
    init(lanes: SIMD4<Float>)
}

extension SIMD2: AttributeVector where Scalar == Float {
    @inline(__always) init(loading p: UnsafePointer<Float>) { self.init(p[0], p[1]) }
    @inline(__always) init(lanes: SIMD4<Float>) { self = lanes.lowHalf }
}

extension SIMD3: AttributeVector where Scalar == Float {
    @inline(__always) init(loading p: UnsafePointer<Float>) { self.init(p[0], p[1], p[2]) }
    @inline(__always) init(lanes: SIMD4<Float>) { self.init(lanes.x, lanes.y, lanes.z) }
}

extension SIMD4: AttributeVector where Scalar == Float {
    @inline(__always) init(loading p: UnsafePointer<Float>) { self.init(p[0], p[1], p[2], p[3]) }
    @inline(__always) init(lanes: SIMD4<Float>) { self = lanes }
}
