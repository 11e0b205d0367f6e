import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes an ``ExportModel`` as glTF 2.0 binary (GLB): a 12-byte header, a JSON chunk padded with
/// spaces to 4 bytes, a BIN chunk padded with zeros to 4 bytes.
///
/// What the specification asks and this writes: POSITION accessors and animation inputs with `min`
/// and `max`; joint indices as unsigned bytes (up to 256 joints) or shorts; weights that sum to 1;
/// inverse bind matrices column-major; strictly increasing key times; rotations as unit quaternions
/// (x, y, z, w), each on the same side as the one before; every buffer view 4-byte aligned. The same
/// model always gives the same bytes (sorted JSON keys, no clock, no dictionary order).
package enum GLBWriter {
    /// The GLB file of `model`; `generator` goes into `asset.generator`.
    package static func write(_ model: ExportModel, generator: String) throws -> [UInt8] {
        var b = Builder()
        var doc = document(model, generator: generator, into: &b) { m, s in model.posedBounds(mesh: m, skin: s) }
        if let animation = model.animation, animation.times.count >= 2, !animation.tracks.isEmpty {
            let input = b.scalars(animation.times)
            var out = GLTF.Animation(name: animation.name, channels: [], samplers: [])
            for track in animation.tracks {
                let paths: [(String, Int)] = [
                    ("translation", b.vec3(track.translations, bounds: false)),
                    ("rotation", b.vec4(track.rotations.map(\.vector))),
                    ("scale", b.vec3(track.scales, bounds: false)),
                ]
                for (path, output) in paths {
                    out.channels.append(.init(sampler: out.samplers.count, target: .init(node: track.node, path: path)))
                    out.samplers.append(.init(input: input, output: output, interpolation: "LINEAR"))
                }
            }
            doc.animations = [out]
        }
        return try pack(&doc, b)
    }

    /// The library GLB (``LibraryModel``): its nodes, meshes, skin and cameras once, one animation per clip, named as
    /// the clip. Equal accessors (the key times rigs share, a value held still) are written once.
    package static func write(_ library: LibraryModel, generator: String) throws -> [UInt8] {
        var b = Builder()
        b.dedupe = true
        var doc = document(library.model, generator: generator, into: &b) { m, _ in library.posedBounds[m] }
        for clip in library.clips {
            var out = GLTF.Animation(name: clip.name, channels: [], samplers: [])
            for channel in clip.channels {
                let output = channel.path == .rotation ? b.vec4(channel.values)
                    : b.accessor(Builder.bytes(Builder.flat(channel.values, lanes: 3)), target: 34962, componentType: 5126,
                                 count: channel.values.count, type: "VEC3")
                out.channels.append(.init(sampler: out.samplers.count, target: .init(node: channel.node, path: channel.path.rawValue)))
                out.samplers.append(.init(input: b.scalars(channel.times), output: output, interpolation: "LINEAR"))
            }
            doc.animations.append(out)
        }
        return try pack(&doc, b)
    }

    /// The document of `model` without animations: materials, meshes (a skinned mesh padded to hold `posed(mesh, skin)`,
    /// see ``pad(_:toHold:)``), skins, cameras, nodes and the scene.
    static func document(_ model: ExportModel, generator: String, into b: inout Builder,
                         posed: (Int, Int) -> (lo: SIMD3<Float>, hi: SIMD3<Float>)?) -> GLTF.Document {
        var doc = GLTF.Document(asset: .init(generator: generator, version: "2.0"))

        for m in model.materials {
            doc.materials.append(.init(name: m.name, pbrMetallicRoughness: .init(
                baseColorFactor: [m.color.x, m.color.y, m.color.z, m.color.w], metallicFactor: 0, roughnessFactor: 0.8)))
        }
        // Per mesh, the skin of the first node that draws it skinned (one pass over the nodes, not one per mesh).
        var skinOfMesh: [Int: Int] = [:]
        for n in model.nodes { if let m = n.mesh, let s = n.skin, skinOfMesh[m] == nil { skinOfMesh[m] = s } }
        for (m, original) in model.meshes.enumerated() {
            var mesh = original
            if let s = skinOfMesh[m], let box = posed(m, s) {
                Self.pad(&mesh, toHold: box)
            }
            var attributes: [String: Int] = [:]
            attributes["POSITION"] = b.vec3(mesh.positions, bounds: true)
            if !mesh.normals.isEmpty { attributes["NORMAL"] = b.vec3(mesh.normals, bounds: false) }
            if !mesh.joints.isEmpty {
                attributes["JOINTS_0"] = b.joints(mesh.joints)
                attributes["WEIGHTS_0"] = b.vec4(mesh.weights)
            }
            let primitives = mesh.parts.filter { !$0.indices.isEmpty }.map { part in
                GLTF.Primitive(attributes: attributes, indices: b.indices(part.indices, vertexCount: mesh.positions.count),
                               material: part.material, mode: 4)
            }
            doc.meshes.append(.init(name: mesh.name, primitives: primitives))
        }
        for skin in model.skins {
            let ibm = b.matrices(skin.inverseBindMatrices)
            doc.skins.append(.init(name: skin.name, inverseBindMatrices: ibm, joints: skin.joints,
                                   skeleton: Self.commonRoot(of: skin.joints, in: model)))
        }
        for camera in model.cameras {
            switch camera.projection {
            case .perspective(let yfov, let aspect):
                doc.cameras.append(.init(name: camera.name, type: "perspective",
                                         perspective: .init(aspectRatio: aspect, yfov: yfov, znear: max(camera.znear, 1e-6), zfar: camera.zfar),
                                         orthographic: nil))
            case .orthographic(let ymag, let aspect):
                doc.cameras.append(.init(name: camera.name, type: "orthographic", perspective: nil,
                                         orthographic: .init(xmag: ymag * (aspect ?? 1), ymag: ymag, znear: max(camera.znear, 0), zfar: camera.zfar)))
            }
        }
        var children = [[Int]](repeating: [], count: model.nodes.count)
        for (i, n) in model.nodes.enumerated() { if let p = n.parent { children[p].append(i) } }
        for (i, n) in model.nodes.enumerated() {
            let r = n.rest
            let q = r.rotation.normalized
            doc.nodes.append(.init(
                name: n.name, children: children[i].isEmpty ? nil : children[i],
                translation: r.translation == .zero ? nil : [r.translation.x, r.translation.y, r.translation.z],
                rotation: q == .identity ? nil : [q.x, q.y, q.z, q.w],
                scale: r.scale == .one ? nil : [r.scale.x, r.scale.y, r.scale.z],
                mesh: n.mesh, skin: n.skin, camera: n.camera))
        }
        doc.scenes = [.init(name: "Scene", nodes: model.nodes.indices.filter { model.nodes[$0].parent == nil })]
        doc.scene = 0
        return doc
    }

    /// The GLB of `doc` with `b`'s buffer.
    static func pack(_ doc: inout GLTF.Document, _ b: Builder) throws -> [UInt8] {
        doc.accessors = b.accessors
        doc.bufferViews = b.views
        doc.buffers = [.init(byteLength: b.bin.count)]

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var json = Array(try encoder.encode(doc))
        while json.count % 4 != 0 { json.append(0x20) }
        var bin = b.bin
        while bin.count % 4 != 0 { bin.append(0) }
        var out: [UInt8] = []
        out.reserveCapacity(12 + 8 + json.count + 8 + bin.count)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out += $0 } }
        u32(0x4654_6C67)  // "glTF"
        u32(2)
        u32(12 + 8 + json.count + 8 + bin.count)
        u32(json.count); u32(0x4E4F_534A)  // "JSON"
        out += json
        u32(bin.count); u32(0x004E_4942)  // "BIN\0"
        out += bin
        return out
    }

    /// three.js culls a skinned mesh by the bounding sphere of its stored positions (r111: centred on their box, out to
    /// the farthest), not of the posed figure: when the figure leaves the stored box at some key, two vertices no
    /// triangle uses are appended at the corners of the box holding both (the stored vertices and their indices are
    /// unchanged), so that sphere holds the figure in every frame. POSITION's min/max are then those of the box.
    static func pad(_ mesh: inout ExportModel.Mesh, toHold posed: (lo: SIMD3<Float>, hi: SIMD3<Float>)) {
        guard let first = mesh.positions.first, !mesh.joints.isEmpty else { return }
        var lo = first, hi = first
        for p in mesh.positions { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let outerLo = pointwiseMin(lo, posed.lo), outerHi = pointwiseMax(hi, posed.hi)
        guard outerLo != lo || outerHi != hi else { return }
        for corner in [outerLo, outerHi] {
            mesh.positions.append(corner)
            if !mesh.normals.isEmpty { mesh.normals.append(SIMD3(0, 1, 0)) }
            mesh.joints.append(mesh.joints[0])
            mesh.weights.append(mesh.weights[0])
        }
    }

    /// The nearest node that is an ancestor (or itself) of every joint, if any.
    static func commonRoot(of joints: [Int], in model: ExportModel) -> Int? {
        func chain(_ n: Int) -> [Int] {
            var out = [n]
            var p = model.nodes[n].parent
            while let q = p { out.append(q); p = model.nodes[q].parent }
            return out
        }
        guard let first = joints.first else { return nil }
        var common = chain(first)
        for j in joints.dropFirst() {
            let c = Set(chain(j))
            common = common.filter { c.contains($0) }
        }
        return common.first
    }

    /// The binary buffer, its views and accessors as they are added.
    struct Builder {
        var bin: [UInt8] = []
        var views: [GLTF.BufferView] = []
        var accessors: [GLTF.Accessor] = []
        /// Whether an accessor equal to one already written (same bytes, type and target) is that one.
        var dedupe = false
        var written: [AccessorKey: Int] = [:]

        struct AccessorKey: Hashable {
            /// Hashed as one block (an array's own hashing takes a byte at a time: most of the library's writing time).
            var bytes: ByteBlock
            var componentType: Int
            var type: String
            var target: Int?
        }

        /// Appends `bytes` as a new 4-byte aligned buffer view; returns its index.
        mutating func view(_ bytes: [UInt8], target: Int?) -> Int {
            while bin.count % 4 != 0 { bin.append(0) }
            views.append(.init(buffer: 0, byteOffset: bin.count, byteLength: bytes.count, target: target))
            bin += bytes
            return views.count - 1
        }

        mutating func accessor(_ bytes: [UInt8], target: Int?, componentType: Int, count: Int, type: String,
                               min: [Float]? = nil, max: [Float]? = nil) -> Int {
            let key = dedupe ? AccessorKey(bytes: ByteBlock(bytes), componentType: componentType, type: type, target: target) : nil
            if let key, let known = written[key] { return known }
            let v = view(bytes, target: target)
            accessors.append(.init(bufferView: v, componentType: componentType, count: count, type: type, min: min, max: max))
            if let key { written[key] = accessors.count - 1 }
            return accessors.count - 1
        }

        static func bytes<T>(_ values: [T]) -> [UInt8] { values.withUnsafeBytes { Array($0) } }

        /// The `lanes` first lanes of every vector, one after the other (no array per vector).
        static func flat<V: SIMD>(_ v: [V], lanes: Int) -> [V.Scalar] {
            var out: [V.Scalar] = []
            out.reserveCapacity(v.count * lanes)
            for p in v { for i in 0..<lanes { out.append(p[i]) } }
            return out
        }

        mutating func vec3(_ v: [SIMD3<Float>], bounds: Bool) -> Int {
            let flat = Self.flat(v, lanes: 3)
            var lo: [Float]?, hi: [Float]?
            if bounds, let first = v.first {
                var a = first, b = first
                for p in v { a = pointwiseMin(a, p); b = pointwiseMax(b, p) }
                lo = [a.x, a.y, a.z]; hi = [b.x, b.y, b.z]
            }
            return accessor(Self.bytes(flat), target: 34962, componentType: 5126, count: v.count, type: "VEC3", min: lo, max: hi)
        }

        mutating func vec4(_ v: [SIMD4<Float>]) -> Int {
            accessor(Self.bytes(v), target: 34962, componentType: 5126, count: v.count, type: "VEC4")
        }

        mutating func joints(_ j: [SIMD4<UInt16>]) -> Int {
            let largest = j.reduce(UInt16(0)) { Swift.max($0, $1.max()) }
            if largest < 256 {
                return accessor(j.flatMap { [UInt8($0.x), UInt8($0.y), UInt8($0.z), UInt8($0.w)] }, target: 34962,
                                componentType: 5121, count: j.count, type: "VEC4")
            }
            return accessor(Self.bytes(j.flatMap { [$0.x, $0.y, $0.z, $0.w] }), target: 34962, componentType: 5123, count: j.count, type: "VEC4")
        }

        mutating func indices(_ i: [UInt32], vertexCount: Int) -> Int {
            if vertexCount <= 65_535 {
                return accessor(Self.bytes(i.map { UInt16($0) }), target: 34963, componentType: 5123, count: i.count, type: "SCALAR")
            }
            return accessor(Self.bytes(i), target: 34963, componentType: 5125, count: i.count, type: "SCALAR")
        }

        mutating func matrices(_ m: [Matrix4x4]) -> Int {
            let flat = m.flatMap { m -> [Float] in
                let c = m.columns
                return [c.0.x, c.0.y, c.0.z, c.0.w, c.1.x, c.1.y, c.1.z, c.1.w, c.2.x, c.2.y, c.2.z, c.2.w, c.3.x, c.3.y, c.3.z, c.3.w]
            }
            return accessor(Self.bytes(flat), target: nil, componentType: 5126, count: m.count, type: "MAT4")
        }

        mutating func scalars(_ t: [Float]) -> Int {
            accessor(Self.bytes(t), target: nil, componentType: 5126, count: t.count, type: "SCALAR",
                     min: t.min().map { [$0] }, max: t.max().map { [$0] })
        }
    }
}
