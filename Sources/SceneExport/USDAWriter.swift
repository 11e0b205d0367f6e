import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an ``ExportModel`` as a USD text layer (`.usda`) with UsdSkel: a `SkelRoot` holding one
/// `Skeleton` per skin (its `SkelAnimation` inside), the skinned meshes bound to it
/// (`SkelBindingAPI`: joint indices and weights, four per vertex), the props as static meshes, the
/// camera, and `UsdPreviewSurface` materials.
///
/// Stage metadata: `upAxis = "Y"`, `metersPerUnit = 1`, `defaultPrim = "Root"`, time codes at the
/// animation's key rate (`timeCodesPerSecond`), on the COLLADA document's clock: `startTimeCode` is the first
/// key's document time times the rate, `endTimeCode` the last's (time code / timeCodesPerSecond = COLLADA seconds).
///
/// Skinning matches COLLADA's: the skeleton's joints are the skin's joints and their ancestors, with
/// the axis conversion on the root joint; the skinned mesh's points are stored Y-up (`C · p`, ``ExportModel``),
/// `bindTransforms` are `inverse(IBM · C⁻¹) = C · inverse(IBM)` and `geomBindTransform` is the identity, so
/// UsdSkel's `joint · inverse(bind) · C · p` equals COLLADA's `C · jointWorld · IBM · p` for points `p` in bind space.
package enum USDAWriter {
    /// The root layer's text.
    package static func write(_ model: ExportModel) -> String {
        var w = Text()
        // Time codes at the key rate: key k at `times[k] · rate` (a whole number but for a last key that ends the
        // animation between two steps), so the USD clock is the GLB's, second for second.
        let rate = model.animation?.keysPerSecond ?? 30
        let start = model.animation?.times.first.map { timeCode($0, rate: rate) } ?? "0"
        let end = model.animation?.times.last.map { timeCode($0, rate: rate) } ?? "0"
        w.line("#usda 1.0")
        w.line("(")
        w.line("    defaultPrim = \"Root\"")
        w.line("    doc = \"Written by assettool\"")
        w.line("    endTimeCode = \(end)")
        w.line("    metersPerUnit = 1")
        w.line("    startTimeCode = \(start)")
        w.line("    timeCodesPerSecond = \(number(rate))")
        w.line("    upAxis = \"Y\"")
        w.line(")")
        w.line("")
        w.open("def SkelRoot \"Root\"")
        let worlds = model.restWorlds
        let names = primNames(model)
        var skeletonPaths: [Int: String] = [:]
        for (s, skin) in model.skins.enumerated() {
            let name = model.skins.count == 1 ? "Skeleton" : "Skeleton_\(s)"
            skeletonPaths[s] = "/Root/" + name
            writeSkeleton(skin, named: name, model: model, names: names, worlds: worlds, into: &w)
        }
        for (i, node) in model.nodes.enumerated() {
            guard let m = node.mesh else { continue }
            let mesh = model.meshes[m]
            if let s = node.skin, let skeleton = skeletonPaths[s] {
                writeMesh(mesh, named: names[i], transform: nil, skin: (skeleton, jointMap(model.skins[s], model: model)),
                          geomBind: .identity, extent: model.posedBounds(mesh: m, skin: s), model: model, into: &w)
            } else {
                writeMesh(mesh, named: names[i], transform: worlds[i], skin: nil, geomBind: nil, model: model, into: &w)
            }
        }
        for (i, node) in model.nodes.enumerated() {
            guard let c = node.camera else { continue }
            writeCamera(model.cameras[c], named: names[i], transform: worlds[i], into: &w)
        }
        if !model.materials.isEmpty {
            w.open("def Scope \"Materials\"")
            for (k, m) in model.materials.enumerated() {
                let name = materialName(k, model)
                w.open("def Material \"\(name)\"")
                w.line("token outputs:surface.connect = </Root/Materials/\(name)/Surface.outputs:surface>")
                w.open("def Shader \"Surface\"")
                w.line("uniform token info:id = \"UsdPreviewSurface\"")
                w.line("color3f inputs:diffuseColor = (\(number(m.color.x)), \(number(m.color.y)), \(number(m.color.z)))")
                w.line("float inputs:metallic = 0")
                w.line("float inputs:opacity = \(number(m.color.w))")
                w.line("float inputs:roughness = 0.8")
                w.line("token outputs:surface")
                w.close()
                w.close()
            }
            w.close()
        }
        w.close()
        return w.text
    }

    /// A USD identifier for every node: its name with what an identifier cannot hold as `_`
    /// (`thigh.L` -> `thigh_L`), made unique with `_2`, `_3`...
    static func primNames(_ model: ExportModel) -> [String] {
        var used = Set(["Skeleton", "Materials", "Anim"])
        // Prims first (meshes and cameras under the root), so they keep their names; a skinned mesh
        // is named as the COLLADA node that held it.
        let order = model.nodes.indices.filter { model.nodes[$0].mesh != nil || model.nodes[$0].camera != nil }
            + model.nodes.indices.filter { model.nodes[$0].mesh == nil && model.nodes[$0].camera == nil }
        var names = [String](repeating: "", count: model.nodes.count)
        for i in order {
            let node = model.nodes[i]
            let label = node.skin != nil && node.name.hasSuffix("-skinned") ? String(node.name.dropLast(8)) : node.name
            var base = String(label.map { $0.isLetter || $0.isNumber || $0 == "_" ? ($0.isASCII ? $0 : "_") : "_" })
            if base.first.map({ $0.isNumber }) ?? true { base = "_" + base }
            var name = base, k = 2
            while used.contains(name) { name = "\(base)_\(k)"; k += 1 }
            used.insert(name)
            names[i] = name
        }
        return names
    }

    static func materialName(_ k: Int, _ model: ExportModel) -> String {
        let base = String(model.materials[k].name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return "M\(k)_" + base
    }

    /// The skeleton's joints: the skin's joint nodes and their ancestors, parents first.
    static func skeletonNodes(_ skin: ExportModel.Skin, model: ExportModel) -> [Int] {
        var set = Set<Int>()
        for j in skin.joints {
            var n: Int? = j
            while let m = n, !set.contains(m) { set.insert(m); n = model.nodes[m].parent }
        }
        return set.sorted()
    }

    /// Skin joint k -> skeleton joint index.
    static func jointMap(_ skin: ExportModel.Skin, model: ExportModel) -> [Int] {
        let nodes = skeletonNodes(skin, model: model)
        let position = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1, $0) })
        return skin.joints.map { position[$0] ?? 0 }
    }

    static func writeSkeleton(_ skin: ExportModel.Skin, named name: String, model: ExportModel, names: [String],
                              worlds: [Matrix4x4], into w: inout Text) {
        let nodes = skeletonNodes(skin, model: model)
        let tokens = nodes.map { n -> String in
            var path = [names[n]]
            var p = model.nodes[n].parent
            while let q = p { path.insert(names[q], at: 0); p = model.nodes[q].parent }
            return path.joined(separator: "/")
        }
        // Bind transforms: C · inverse(IBM) for the skin's joints; the rest world for ancestors only.
        var bind = nodes.map { worlds[$0] }
        let position = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1, $0) })
        var seen = Set<Int>()
        for (k, j) in skin.joints.enumerated() where seen.insert(j).inserted {
            if let p = position[j], let inverse = skin.inverseBindMatrices[k].inverse { bind[p] = inverse }
        }
        w.open("def Skeleton \"\(name)\" (\n    prepend apiSchemas = [\"SkelBindingAPI\"]\n)")
        w.line("uniform token[] joints = [\(tokens.map { "\"\($0)\"" }.joined(separator: ", "))]")
        w.line("uniform matrix4d[] bindTransforms = [\(bind.map(matrix).joined(separator: ", "))]")
        w.line("uniform matrix4d[] restTransforms = [\(nodes.map { matrix(model.nodes[$0].rest.matrix) }.joined(separator: ", "))]")
        if let animation = model.animation, animation.times.count >= 2 {
            w.line("rel skel:animationSource = </Root/\(name)/Anim>")
            w.open("def SkelAnimation \"Anim\"")
            w.line("uniform token[] joints = [\(tokens.map { "\"\($0)\"" }.joined(separator: ", "))]")
            let track = Dictionary(uniqueKeysWithValues: animation.tracks.map { ($0.node, $0) })
            func samples(_ type: String, _ attribute: String, _ value: (Int, Int) -> String) {
                w.open("\(type) \(attribute).timeSamples = {", brace: false)
                for k in animation.times.indices {
                    w.line("\(timeCode(animation.times[k], rate: animation.keysPerSecond)): [\(nodes.map { value($0, k) }.joined(separator: ", "))],")
                }
                w.close(brace: false)
            }
            samples("float3[]", "translations") { n, k in
                vector(track[n].map { $0.translations[k] } ?? model.nodes[n].rest.translation)
            }
            samples("quatf[]", "rotations") { n, k in
                let q = track[n].map { $0.rotations[k] } ?? model.nodes[n].rest.rotation.normalized
                return "(\(number(q.w)), \(number(q.x)), \(number(q.y)), \(number(q.z)))"
            }
            samples("half3[]", "scales") { n, k in
                vector(track[n].map { $0.scales[k] } ?? model.nodes[n].rest.scale)
            }
            w.close()
        }
        w.close()
    }

    static func writeMesh(_ mesh: ExportModel.Mesh, named name: String, transform: Matrix4x4?, skin: (path: String, joints: [Int])?,
                          geomBind: Matrix4x4?, extent: (SIMD3<Float>, SIMD3<Float>)? = nil, model: ExportModel, into w: inout Text) {
        let indices = mesh.parts.flatMap(\.indices)
        guard !indices.isEmpty else { return }
        var schemas: [String] = []
        if skin != nil { schemas.append("\"SkelBindingAPI\"") }
        let material = mesh.parts.first { $0.material != nil }?.material
        if material != nil { schemas.append("\"MaterialBindingAPI\"") }
        w.open("def Mesh \"\(name)\"" + (schemas.isEmpty ? "" : " (\n    prepend apiSchemas = [\(schemas.joined(separator: ", "))]\n)"))
        if let transform {
            w.line("matrix4d xformOp:transform = \(matrix(transform))")
            w.line("uniform token[] xformOpOrder = [\"xformOp:transform\"]")
        }
        var lo = mesh.positions.first ?? .zero, hi = lo
        for p in mesh.positions { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        if let extent { (lo, hi) = extent }
        w.line("float3[] extent = [\(vector(lo)), \(vector(hi))]")
        w.line("int[] faceVertexCounts = [\(Array(repeating: "3", count: indices.count / 3).joined(separator: ", "))]")
        w.line("int[] faceVertexIndices = [\(indices.map { "\($0)" }.joined(separator: ", "))]")
        w.line("point3f[] points = [\(mesh.positions.map(vector).joined(separator: ", "))]")
        if !mesh.normals.isEmpty {
            w.line("normal3f[] normals = [\(mesh.normals.map(vector).joined(separator: ", "))] (\n    interpolation = \"vertex\"\n)")
        }
        w.line("uniform token subdivisionScheme = \"none\"")
        if let material { w.line("rel material:binding = </Root/Materials/\(materialName(material, model))>") }
        if let skin, let geomBind {
            w.line("matrix4d primvars:skel:geomBindTransform = \(matrix(geomBind))")
            let joints = mesh.joints.flatMap { j in (0..<4).map { "\(skin.joints[Int(j[$0])])" } }
            w.line("int[] primvars:skel:jointIndices = [\(joints.joined(separator: ", "))] (\n    elementSize = 4\n    interpolation = \"vertex\"\n)")
            let weights = mesh.weights.flatMap { v in (0..<4).map { number(v[$0]) } }
            w.line("float[] primvars:skel:jointWeights = [\(weights.joined(separator: ", "))] (\n    elementSize = 4\n    interpolation = \"vertex\"\n)")
            w.line("rel skel:skeleton = <\(skin.path)>")
        }
        w.close()
    }

    static func writeCamera(_ camera: ExportModel.Camera, named name: String, transform: Matrix4x4, into w: inout Text) {
        w.open("def Camera \"\(name)\"")
        w.line("matrix4d xformOp:transform = \(matrix(transform))")
        w.line("uniform token[] xformOpOrder = [\"xformOp:transform\"]")
        w.line("float2 clippingRange = (\(number(max(camera.znear, 1e-4))), \(number(camera.zfar)))")
        switch camera.projection {
        case .perspective(let yfov, let aspect):
            // Field of view = 2 atan(aperture / (2 focal length)); apertures in the focal length's units.
            let focal: Float = 50
            let vertical = 2 * focal * tan(yfov / 2)
            w.line("float focalLength = \(number(focal))")
            w.line("float horizontalAperture = \(number(vertical * (aspect ?? 1)))")
            w.line("token projection = \"perspective\"")
            w.line("float verticalAperture = \(number(vertical))")
        case .orthographic(let ymag, let aspect):
            // Orthographic apertures are in tenths of a scene unit.
            w.line("float horizontalAperture = \(number(20 * ymag * (aspect ?? 1)))")
            w.line("token projection = \"orthographic\"")
            w.line("float verticalAperture = \(number(20 * ymag))")
        }
        w.close()
    }

    /// A float as USD reads it back exactly (the shortest text that round-trips).
    /// The time code of `seconds` at `rate` codes a second: a whole number when it is one to within 1/1000 of a
    /// code (`k / rate · rate` need not be exact in floating point), else the fraction.
    static func timeCode(_ seconds: Float, rate: Float) -> String {
        let code = Double(seconds) * Double(rate)
        let whole = code.rounded()
        if abs(code - whole) < 1e-3, abs(whole) < 1e9 { return "\(Int(whole))" }
        return "\(Float(code))"
    }

    static func number(_ v: Float) -> String {
        if v == v.rounded(), abs(v) < 1e7 { return "\(Int(v))" }
        return "\(v)"
    }

    static func vector(_ v: SIMD3<Float>) -> String { "(\(number(v.x)), \(number(v.y)), \(number(v.z)))" }

    /// A matrix as USD writes it: rows of the row-vector convention, i.e. our columns.
    static func matrix(_ m: Matrix4x4) -> String {
        let c = [m.columns.0, m.columns.1, m.columns.2, m.columns.3]
        return "(" + c.map { "(\(number($0.x)), \(number($0.y)), \(number($0.z)), \(number($0.w)))" }.joined(separator: ", ") + ")"
    }

    /// Indented text.
    struct Text {
        var text = ""
        var depth = 0
        /// Appends `s` indented by `depth`, its own line breaks indented too. The long array lines (points,
        /// weights, keyframes) have none: they are appended as they are, without a search or a copy.
        mutating func line(_ s: String) {
            var rest = Substring(s)
            repeat {
                for _ in 0..<depth { text += "    " }
                if let nl = rest.utf8.firstIndex(of: 10) {
                    text += rest[..<nl]
                    text += "\n"
                    rest = rest[rest.utf8.index(after: nl)...]
                } else {
                    text += rest
                    text += "\n"
                    rest = ""
                    break
                }
            } while true
        }
        mutating func open(_ s: String, brace: Bool = true) {
            line(s)
            if brace { line("{") }
            depth += 1
        }
        /// Closes what ``open(_:brace:)`` opened; a block (`brace`) is followed by a blank line.
        mutating func close(brace: Bool = true) {
            depth -= 1
            line("}")
            if brace { line("") }
        }
    }
}
