import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A USD layer in memory, as specs with fields: what ``USDCWriter`` serializes. ``USDLayer/init(_:)`` builds the
/// layer ``USDAWriter`` prints for the same ``ExportModel`` (the same prims, properties, metadata and values, in
/// the same order); a test holds the two equal through usd-core.
///
/// Values hold what the text says: a `double` field (a matrix entry, a time code) is the double the text's
/// shortest float spelling parses to, and a float is never -0 (the text prints it 0), so the binary and the text
/// layer hold the same numbers.
package struct USDLayer: Sendable {
    /// A spec's path: prim names from the root, and a property name for a property spec.
    package struct Path: Hashable, Sendable {
        package var prims: [String]
        package var property: String?
        package init(_ prims: [String], property: String? = nil) { self.prims = prims; self.property = property }
        package static let root = Path([])
        package func child(_ name: String) -> Path { Path(prims + [name]) }
        package func property(_ name: String) -> Path { Path(prims, property: name) }
        /// The parent in the path tree: the prim of a property, the parent prim of a prim (nil for the root).
        package var parent: Path? {
            if property != nil { return Path(prims) }
            return prims.isEmpty ? nil : Path(Array(prims.dropLast()))
        }
        package var text: String {
            let p = "/" + prims.joined(separator: "/")
            return property.map { p + "." + $0 } ?? p
        }
    }

    /// Crate spec types (`SdfSpecType`).
    package enum SpecType: UInt32, Sendable {
        case attribute = 1, prim = 6, pseudoRoot = 7, relationship = 8
    }

    /// A field's value, one case per crate value type this layer uses.
    package indirect enum Value: Sendable, Equatable {
        case bool(Bool)
        case int(Int32)
        case float(Float)
        case double(Double)
        case token(String)
        case string(String)
        /// `SdfSpecifier`: def = 0.
        case specifier(UInt32)
        /// `SdfVariability`: varying = 0, uniform = 1.
        case variability(UInt32)
        case vec2f(SIMD2<Float>)
        case vec3f(SIMD3<Float>)
        /// 16 doubles, row by row as USD stores them.
        case matrix4d([Double])
        case tokenArray([String])
        case intArray([Int32])
        case floatArray([Float])
        case vec3fArray([SIMD3<Float>])
        /// Quaternions as (x, y, z, w): GfQuatf's memory order (imaginary, then real).
        case quatfArray([SIMD4<Float>])
        /// Half-precision vectors, given as floats.
        case vec3hArray([SIMD3<Float>])
        case matrix4dArray([[Double]])
        /// `std::vector<TfToken>` (`primChildren`, `properties`).
        case tokenVector([String])
        /// A token list op with prepended items (`prepend apiSchemas = [...]`).
        case prependedTokens([String])
        /// A path list op, explicit (`rel x = </a>`, `.connect = </b>`).
        case explicitPaths([Path])
        /// Time samples: times in time codes, a value each.
        case timeSamples([(Double, Value)])

        package static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.timeSamples(let x), .timeSamples(let y)):
                return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            case (.bool(let x), .bool(let y)): return x == y
            case (.int(let x), .int(let y)): return x == y
            case (.float(let x), .float(let y)): return x == y
            case (.double(let x), .double(let y)): return x == y
            case (.token(let x), .token(let y)), (.string(let x), .string(let y)): return x == y
            case (.specifier(let x), .specifier(let y)), (.variability(let x), .variability(let y)): return x == y
            case (.vec2f(let x), .vec2f(let y)): return x == y
            case (.vec3f(let x), .vec3f(let y)): return x == y
            case (.matrix4d(let x), .matrix4d(let y)): return x == y
            case (.tokenArray(let x), .tokenArray(let y)), (.tokenVector(let x), .tokenVector(let y)),
                 (.prependedTokens(let x), .prependedTokens(let y)): return x == y
            case (.intArray(let x), .intArray(let y)): return x == y
            case (.floatArray(let x), .floatArray(let y)): return x == y
            case (.vec3fArray(let x), .vec3fArray(let y)), (.vec3hArray(let x), .vec3hArray(let y)): return x == y
            case (.quatfArray(let x), .quatfArray(let y)): return x == y
            case (.matrix4dArray(let x), .matrix4dArray(let y)): return x == y
            case (.explicitPaths(let x), .explicitPaths(let y)): return x == y
            default: return false
            }
        }
    }

    package struct Spec: Sendable {
        package var path: Path
        package var type: SpecType
        /// Fields by name, in the order they were set.
        package var fields: [(name: String, value: Value)]
    }

    /// Specs in the text layer's order: the pseudo-root first, each prim before its properties and children.
    package var specs: [Spec] = []

    package init() {}
}

extension USDLayer {
    /// What of a model a layer holds.
    package enum Part: Sendable {
        /// Everything (``USDAWriter/write(_:)`` prints the same layer).
        case whole
        /// The figure: the skeleton without its animation, the skinned meshes, every material; no camera, no prop
        /// (the shared layout's `mannequin.usdz`).
        case figure
        /// The motion: the skeleton with its SkelAnimation, the camera, the props and their materials; for each
        /// skinned mesh only an `over` holding its `extent` over this animation, which a stage that also holds the
        /// figure's layer takes (the shared layout's `<id>.usdz`).
        case motion
    }

    /// The layer of `model` (``Part/whole``: as ``USDAWriter/write(_:)`` prints it).
    package init(_ model: ExportModel, part: Part = .whole) {
        var b = Builder()
        let rate = model.animation?.keysPerSecond ?? 30
        let start = model.animation?.times.first.map { USDAWriter.timeCode($0, rate: rate) } ?? "0"
        let end = model.animation?.times.last.map { USDAWriter.timeCode($0, rate: rate) } ?? "0"
        let root = b.spec(.root, .pseudoRoot)
        b.set(root, "defaultPrim", .token("Root"))
        b.set(root, "documentation", .string("Written by assettool"))
        b.set(root, "endTimeCode", .double(Double(end) ?? 0))
        b.set(root, "metersPerUnit", .double(1))
        b.set(root, "startTimeCode", .double(Double(start) ?? 0))
        b.set(root, "timeCodesPerSecond", .double(Self.parsed(rate)))
        b.set(root, "upAxis", .token("Y"))
        let top = b.prim(.root.child("Root"), type: "SkelRoot")
        let worlds = model.restWorlds
        let names = USDAWriter.primNames(model)
        var skeletonPaths: [Int: Path] = [:]
        for (s, skin) in model.skins.enumerated() {
            let name = model.skins.count == 1 ? "Skeleton" : "Skeleton_\(s)"
            skeletonPaths[s] = top.child(name)
            Self.addSkeleton(skin, at: top.child(name), model: model, names: names, worlds: worlds, animated: part != .figure, into: &b)
        }
        var materialsUsed = Set<Int>()
        for (i, node) in model.nodes.enumerated() {
            guard let m = node.mesh else { continue }
            let mesh = model.meshes[m]
            let skinned = node.skin.flatMap { skeletonPaths[$0] } != nil
            if part == .figure && !skinned { continue }
            if part == .motion && skinned, let s = node.skin {
                let (lo, hi) = model.posedBounds(mesh: m, skin: s)
                let path = top.child(names[i])
                b.over(path)
                b.attribute(path, "extent", type: "float3[]", .vec3fArray([lo + 0, hi + 0]))
                continue
            }
            for p in mesh.parts { if let k = p.material { materialsUsed.insert(k) } }
            if let s = node.skin, let skeleton = skeletonPaths[s] {
                Self.addMesh(mesh, at: top.child(names[i]), transform: nil,
                             skin: (skeleton, USDAWriter.jointMap(model.skins[s], model: model)),
                             geomBind: .identity, extent: model.posedBounds(mesh: m, skin: s), model: model, into: &b)
            } else {
                Self.addMesh(mesh, at: top.child(names[i]), transform: worlds[i], skin: nil, geomBind: nil, model: model, into: &b)
            }
        }
        for (i, node) in model.nodes.enumerated() where part != .figure {
            guard let c = node.camera else { continue }
            Self.addCamera(model.cameras[c], at: top.child(names[i]), transform: worlds[i], into: &b)
        }
        // The whole layer and the figure hold every material; the motion those its props use.
        let materials = model.materials.indices.filter { part != .motion || materialsUsed.contains($0) }
        if !materials.isEmpty {
            let scope = b.prim(top.child("Materials"), type: "Scope")
            for k in materials {
                let m = model.materials[k]
                let material = b.prim(scope.child(USDAWriter.materialName(k, model)), type: "Material")
                let surface = material.child("Surface")
                b.attribute(material, "outputs:surface", type: "token",
                            extra: [("connectionPaths", .explicitPaths([surface.property("outputs:surface")]))])
                b.prim(surface, type: "Shader")
                b.attribute(surface, "info:id", type: "token", uniform: true, .token("UsdPreviewSurface"))
                b.attribute(surface, "inputs:diffuseColor", type: "color3f", .vec3f(SIMD3(m.color.x, m.color.y, m.color.z) + 0))
                b.attribute(surface, "inputs:metallic", type: "float", .float(0))
                b.attribute(surface, "inputs:opacity", type: "float", .float(m.color.w + 0))
                b.attribute(surface, "inputs:roughness", type: "float", .float(0.8))
                b.attribute(surface, "outputs:surface", type: "token")
            }
        }
        self = b.layer
    }

    /// The double USD reads from the text ``USDAWriter`` writes for `v`.
    static func parsed(_ v: Float) -> Double { Double(USDAWriter.number(v)) ?? Double(v) }

    static func matrix(_ m: Matrix4x4) -> [Double] {
        [m.columns.0, m.columns.1, m.columns.2, m.columns.3].flatMap { [parsed($0.x), parsed($0.y), parsed($0.z), parsed($0.w)] }
    }

    static func addSkeleton(_ skin: ExportModel.Skin, at path: Path, model: ExportModel, names: [String],
                            worlds: [Matrix4x4], animated: Bool = true, into b: inout Builder) {
        let nodes = USDAWriter.skeletonNodes(skin, model: model)
        let tokens = nodes.map { n -> String in
            var path = [names[n]]
            var p = model.nodes[n].parent
            while let q = p { path.insert(names[q], at: 0); p = model.nodes[q].parent }
            return path.joined(separator: "/")
        }
        var bind = nodes.map { worlds[$0] }
        let position = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1, $0) })
        var seen = Set<Int>()
        for (k, j) in skin.joints.enumerated() where seen.insert(j).inserted {
            if let p = position[j], let inverse = skin.inverseBindMatrices[k].inverse { bind[p] = inverse }
        }
        b.prim(path, type: "Skeleton", schemas: ["SkelBindingAPI"])
        b.attribute(path, "joints", type: "token[]", uniform: true, .tokenArray(tokens))
        b.attribute(path, "bindTransforms", type: "matrix4d[]", uniform: true, .matrix4dArray(bind.map(matrix)))
        b.attribute(path, "restTransforms", type: "matrix4d[]", uniform: true,
                    .matrix4dArray(nodes.map { matrix(model.nodes[$0].rest.matrix) }))
        guard animated, let animation = model.animation, animation.times.count >= 2 else { return }
        let anim = path.child("Anim")
        b.relationship(path, "skel:animationSource", targets: [anim])
        b.prim(anim, type: "SkelAnimation")
        b.attribute(anim, "joints", type: "token[]", uniform: true, .tokenArray(tokens))
        let track = Dictionary(uniqueKeysWithValues: animation.tracks.map { ($0.node, $0) })
        let times = animation.times.map { Double(USDAWriter.timeCode($0, rate: animation.keysPerSecond)) ?? 0 }
        func samples(_ value: (Int) -> Value) -> Value { .timeSamples(times.indices.map { (times[$0], value($0)) }) }
        b.attribute(anim, "translations", type: "float3[]", samples { k in
            .vec3fArray(nodes.map { n in (track[n].map { $0.translations[k] } ?? model.nodes[n].rest.translation) + 0 })
        }, field: "timeSamples")
        b.attribute(anim, "rotations", type: "quatf[]", samples { k in
            .quatfArray(nodes.map { n in
                let q = track[n].map { $0.rotations[k] } ?? model.nodes[n].rest.rotation.normalized
                return SIMD4(q.x, q.y, q.z, q.w) + 0
            })
        }, field: "timeSamples")
        b.attribute(anim, "scales", type: "half3[]", samples { k in
            .vec3hArray(nodes.map { n in (track[n].map { $0.scales[k] } ?? model.nodes[n].rest.scale) + 0 })
        }, field: "timeSamples")
    }

    static func addMesh(_ mesh: ExportModel.Mesh, at path: Path, transform: Matrix4x4?, skin: (path: Path, joints: [Int])?,
                        geomBind: Matrix4x4?, extent: (SIMD3<Float>, SIMD3<Float>)? = nil, model: ExportModel, into b: inout Builder) {
        let indices = mesh.parts.flatMap(\.indices)
        guard !indices.isEmpty else { return }
        var schemas: [String] = []
        if skin != nil { schemas.append("SkelBindingAPI") }
        let material = mesh.parts.first { $0.material != nil }?.material
        if material != nil { schemas.append("MaterialBindingAPI") }
        b.prim(path, type: "Mesh", schemas: schemas)
        if let transform {
            b.attribute(path, "xformOp:transform", type: "matrix4d", .matrix4d(matrix(transform)))
            b.attribute(path, "xformOpOrder", type: "token[]", uniform: true, .tokenArray(["xformOp:transform"]))
        }
        var lo = mesh.positions.first ?? .zero, hi = lo
        for p in mesh.positions { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        if let extent { (lo, hi) = extent }
        b.attribute(path, "extent", type: "float3[]", .vec3fArray([lo + 0, hi + 0]))
        b.attribute(path, "faceVertexCounts", type: "int[]", .intArray(Array(repeating: 3, count: indices.count / 3)))
        b.attribute(path, "faceVertexIndices", type: "int[]", .intArray(indices.map { Int32(truncatingIfNeeded: $0) }))
        b.attribute(path, "points", type: "point3f[]", .vec3fArray(mesh.positions.map { $0 + 0 }))
        if !mesh.normals.isEmpty {
            b.attribute(path, "normals", type: "normal3f[]", .vec3fArray(mesh.normals.map { $0 + 0 }), extra: [("interpolation", .token("vertex"))])
        }
        b.attribute(path, "subdivisionScheme", type: "token", uniform: true, .token("none"))
        if let material {
            b.relationship(path, "material:binding", targets: [Path(["Root", "Materials", USDAWriter.materialName(material, model)])])
        }
        if let skin, let geomBind {
            b.attribute(path, "primvars:skel:geomBindTransform", type: "matrix4d", .matrix4d(matrix(geomBind)))
            let joints = mesh.joints.flatMap { j in (0..<4).map { Int32(skin.joints[Int(j[$0])]) } }
            let primvar: [(String, Value)] = [("elementSize", .int(4)), ("interpolation", .token("vertex"))]
            b.attribute(path, "primvars:skel:jointIndices", type: "int[]", .intArray(joints), extra: primvar)
            b.attribute(path, "primvars:skel:jointWeights", type: "float[]", .floatArray(mesh.weights.flatMap { v in (0..<4).map { v[$0] + 0 } }),
                        extra: primvar)
            b.relationship(path, "skel:skeleton", targets: [skin.path])
        }
    }

    static func addCamera(_ camera: ExportModel.Camera, at path: Path, transform: Matrix4x4, into b: inout Builder) {
        b.prim(path, type: "Camera")
        b.attribute(path, "xformOp:transform", type: "matrix4d", .matrix4d(matrix(transform)))
        b.attribute(path, "xformOpOrder", type: "token[]", uniform: true, .tokenArray(["xformOp:transform"]))
        b.attribute(path, "clippingRange", type: "float2", .vec2f(SIMD2(max(camera.znear, 1e-4), camera.zfar) + 0))
        switch camera.projection {
        case .perspective(let yfov, let aspect):
            let focal: Float = 50
            let vertical = 2 * focal * tan(yfov / 2)
            b.attribute(path, "focalLength", type: "float", .float(focal))
            b.attribute(path, "horizontalAperture", type: "float", .float(vertical * (aspect ?? 1) + 0))
            b.attribute(path, "projection", type: "token", .token("perspective"))
            b.attribute(path, "verticalAperture", type: "float", .float(vertical + 0))
        case .orthographic(let ymag, let aspect):
            b.attribute(path, "horizontalAperture", type: "float", .float(20 * ymag * (aspect ?? 1) + 0))
            b.attribute(path, "projection", type: "token", .token("orthographic"))
            b.attribute(path, "verticalAperture", type: "float", .float(20 * ymag + 0))
        }
    }

    /// Builds specs, keeping each prim's `primChildren` and `properties` in the order they were added.
    struct Builder {
        var layer = USDLayer()
        var index: [Path: Int] = [:]

        @discardableResult
        mutating func spec(_ path: Path, _ type: SpecType) -> Path {
            index[path] = layer.specs.count
            layer.specs.append(Spec(path: path, type: type, fields: []))
            return path
        }

        mutating func set(_ path: Path, _ name: String, _ value: Value) {
            guard let i = index[path] else { return }
            if let f = layer.specs[i].fields.firstIndex(where: { $0.name == name }) {
                layer.specs[i].fields[f].value = value
            } else {
                layer.specs[i].fields.append((name, value))
            }
        }

        /// Appends `name` to a token-vector field (`primChildren`, `properties`).
        mutating func append(_ path: Path, _ field: String, _ name: String) {
            guard let i = index[path] else { return }
            if let f = layer.specs[i].fields.firstIndex(where: { $0.name == field }), case .tokenVector(let v) = layer.specs[i].fields[f].value {
                layer.specs[i].fields[f].value = .tokenVector(v + [name])
            } else {
                layer.specs[i].fields.append((field, .tokenVector([name])))
            }
        }

        /// An `over`: a prim spec that only adds opinions to a prim another layer defines.
        mutating func over(_ path: Path) {
            if let parent = path.parent, let name = path.prims.last { append(parent, "primChildren", name) }
            spec(path, .prim)
            set(path, "specifier", .specifier(1))
        }

        @discardableResult
        mutating func prim(_ path: Path, type: String, schemas: [String] = []) -> Path {
            if let parent = path.parent, let name = path.prims.last { append(parent, "primChildren", name) }
            spec(path, .prim)
            set(path, "specifier", .specifier(0))
            set(path, "typeName", .token(type))
            if !schemas.isEmpty { set(path, "apiSchemas", .prependedTokens(schemas)) }
            return path
        }

        mutating func attribute(_ prim: Path, _ name: String, type: String, uniform: Bool = false, _ value: Value? = nil,
                                field: String = "default", extra: [(String, Value)] = []) {
            append(prim, "properties", name)
            let path = spec(prim.property(name), .attribute)
            set(path, "custom", .bool(false))
            set(path, "typeName", .token(type))
            set(path, "variability", .variability(uniform ? 1 : 0))
            if let value { set(path, field, value) }
            for (k, v) in extra { set(path, k, v) }
        }

        mutating func relationship(_ prim: Path, _ name: String, targets: [Path]) {
            append(prim, "properties", name)
            let path = spec(prim.property(name), .relationship)
            set(path, "custom", .bool(false))
            set(path, "targetPaths", .explicitPaths(targets))
            set(path, "variability", .variability(1))
        }
    }
}
