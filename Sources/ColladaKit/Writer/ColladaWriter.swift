/// Writes a ``Scene`` as a COLLADA 1.4.1 document: the inverse of ``ColladaLoader`` for what the
/// reader keeps (nodes and transform elements, triangle meshes with normals and texture coordinates,
/// skin controllers, perspective and orthographic cameras, lights, materials, animation samplers and
/// channels grouped under their top-level `<animation>`).
///
/// Layout follows Blender 3.4's exporter: library order cameras, lights, effects, materials,
/// geometries, controllers, animations, visual scenes, scene (Blender's empty `<library_images/>` is
/// left out: the schema requires at least one `<image>` in it); 2-space indentation; arrays on one line;
/// joints named by sid in `Name_array`; nested `<animation>` containers. Output is a pure function of
/// the scene: no clock, no dictionary order, numbers in ``XMLTextBuffer``'s fixed format, so identical
/// input gives identical bytes. The `<created>`/`<modified>` stamps are ``Options/timestamp``.
///
/// Lights of a kind other than ambient, directional, point or spot are written as directional.
/// Not written: morph controllers, `instance_node` copies, colours, line primitives and
/// `<animation_clip>`s (``write(_:options:)`` throws ``WriterError`` for the first two; the others are
/// dropped and listed in the type's doc here). Cost: O(size of the scene), one pass.
public enum ColladaWriter {
    public struct Options: Sendable {
        /// `<created>` and `<modified>`, an `xs:dateTime`; fixed so output is reproducible.
        public var timestamp = "2026-01-01T00:00:00Z"
        /// `<contributor><author>`.
        public var author = "Reps3D"
        public init() {}
    }

    public enum WriterError: Error, CustomStringConvertible, Equatable {
        /// The scene holds something this writer cannot express.
        case unsupported(String)
        /// An index or count in the scene is inconsistent.
        case inconsistent(String)

        public var description: String {
            switch self {
            case .unsupported(let s): return "cannot write: \(s)"
            case .inconsistent(let s): return "inconsistent scene: \(s)"
            }
        }
    }

    /// The document's UTF-8 bytes.
    public static func write(_ scene: Scene, options: Options = Options()) throws -> [UInt8] {
        if !scene.morphs.isEmpty { throw WriterError.unsupported("morph controllers") }
        if scene.nodes.contains(where: { $0.instanceOf != nil }) { throw WriterError.unsupported("instance_node copies") }
        for (i, n) in scene.nodes.enumerated() {
            if let p = n.parent, !(p >= 0 && p < i) { throw WriterError.inconsistent("node \(i) has parent \(p)") }
        }
        var x = XMLTextBuffer()
        x.append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        x.open("COLLADA", [("xmlns", "http://www.collada.org/2005/11/COLLADASchema"), ("version", "1.4.1"),
                           ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance")])
        writeAsset(scene, options, &x)
        writeCameras(scene, &x)
        writeLights(scene, &x)
        writeMaterials(scene, &x)
        if !scene.meshes.isEmpty {
            x.open("library_geometries")
            for m in scene.meshes { try writeGeometry(m, &x) }
            x.close()
        }
        try writeControllers(scene, &x)
        try writeAnimations(scene, &x)
        try writeVisualScene(scene, &x)
        x.open("scene")
        x.empty("instance_visual_scene", [("url", "#Scene")])
        x.close()
        x.close()
        return x.bytes
    }

    static func writeAsset(_ scene: Scene, _ options: Options, _ x: inout XMLTextBuffer) {
        x.open("asset")
        x.open("contributor")
        x.leaf("author", text: options.author)
        if let tool = scene.authoringTool { x.leaf("authoring_tool", text: tool) }
        x.close()
        x.leaf("created", text: options.timestamp)
        x.leaf("modified", text: options.timestamp)
        let x1 = XMLTextBuffer.format(scene.unitMeters)
        x.empty("unit", [("name", scene.unitMeters == 1 ? "meter" : "unit"), ("meter", x1)])
        x.leaf("up_axis", text: scene.upAxis.rawValue)
        x.close()
    }

    static func writeCameras(_ scene: Scene, _ x: inout XMLTextBuffer) {
        guard !scene.cameras.isEmpty else { return }
        x.open("library_cameras")
        for c in scene.cameras {
            x.open("camera", [("id", c.id), ("name", c.name)])
            x.open("optics")
            x.open("technique_common")
            switch c.projection {
            case .perspective(let yfov, let aspect):
                x.open("perspective")
                x.numbers("yfov", [("sid", "yfov")], [yfov * 180 / .pi])
                if let aspect { x.numbers("aspect_ratio", [], [aspect]) }
            case .orthographic(let ymag, let aspect):
                x.open("orthographic")
                x.numbers("ymag", [("sid", "ymag")], [ymag])
                if let aspect { x.numbers("aspect_ratio", [], [aspect]) }
            }
            x.numbers("znear", [("sid", "znear")], [c.znear])
            x.numbers("zfar", [("sid", "zfar")], [c.zfar])
            x.close()
            x.close()
            x.close()
            x.close()
        }
        x.close()
    }

    static func writeLights(_ scene: Scene, _ x: inout XMLTextBuffer) {
        guard !scene.lights.isEmpty else { return }
        x.open("library_lights")
        for l in scene.lights {
            x.open("light", [("id", l.id), ("name", l.name)])
            x.open("technique_common")
            let kind = ["ambient", "directional", "point", "spot"].contains(l.kind) ? l.kind : "directional"
            x.open(kind)
            x.numbers("color", [("sid", "color")], [l.color.x, l.color.y, l.color.z])
            x.close()
            x.close()
            x.close()
        }
        x.close()
    }

    static func effectID(_ m: Material) -> String { "\(m.id)-effect" }

    static func writeMaterials(_ scene: Scene, _ x: inout XMLTextBuffer) {
        guard !scene.materials.isEmpty else { return }
        x.open("library_effects")
        for m in scene.materials {
            x.open("effect", [("id", effectID(m))])
            x.open("profile_COMMON")
            x.open("technique", [("sid", "common")])
            let shading = ["constant", "lambert", "phong", "blinn"].contains(m.shading ?? "") ? m.shading! : "lambert"
            x.open(shading)
            let c = m.diffuseColor ?? SIMD4(0.8, 0.8, 0.8, 1)
            if shading == "constant" {
                x.open("emission")
                x.numbers("color", [("sid", "emission")], [c.x, c.y, c.z, c.w])
                x.close()
            } else {
                x.open("emission")
                x.numbers("color", [("sid", "emission")], [Float(0), 0, 0, 1])
                x.close()
                x.open("diffuse")
                x.numbers("color", [("sid", "diffuse")], [c.x, c.y, c.z, c.w])
                x.close()
            }
            x.close()
            x.close()
            x.close()
            x.close()
        }
        x.close()
        x.open("library_materials")
        for m in scene.materials {
            x.open("material", [("id", m.id), ("name", m.name)])
            x.empty("instance_effect", [("url", "#\(effectID(m))")])
            x.close()
        }
        x.close()
    }

    /// A `<source>` of `values` with an accessor of `params` (name, type) per element.
    static func floatSource(_ id: String, _ values: [Float], params: [(String, String)], _ x: inout XMLTextBuffer) {
        let stride = params.count == 1 && params[0].1 == "float4x4" ? 16 : params.count
        x.open("source", [("id", id)])
        x.numbers("float_array", [("id", "\(id)-array"), ("count", "\(values.count)")], values)
        x.open("technique_common")
        x.open("accessor", [("source", "#\(id)-array"), ("count", "\(values.count / max(stride, 1))"),
                            ("stride", "\(stride)")])
        for (n, t) in params { x.empty("param", [("name", n), ("type", t)]) }
        x.close()
        x.close()
        x.close()
    }

    static func nameSource(_ id: String, _ names: [String], param: String, _ x: inout XMLTextBuffer) {
        x.open("source", [("id", id)])
        x.leaf("Name_array", [("id", "\(id)-array"), ("count", "\(names.count)")], text: names.joined(separator: " "))
        x.open("technique_common")
        x.open("accessor", [("source", "#\(id)-array"), ("count", "\(names.count)"), ("stride", "1")])
        x.empty("param", [("name", param), ("type", "name")])
        x.close()
        x.close()
        x.close()
    }
}

extension XMLTextBuffer {
    /// `value` in the buffer's number format, as a string.
    static func format(_ value: Float) -> String {
        var b = XMLTextBuffer()
        b.appendNumber(value)
        return String(decoding: b.bytes, as: UTF8.self)
    }
}
