import PipelineKit
/// Walks the XML tree once and fills a ``Collada/Document``.
struct DocumentReader {
    let path: String
    var bag = DiagnosticBag()
    var doc: Collada.Document! = nil

    init(path: String) { self.path = path }

    mutating func error(_ rule: DiagnosticRule, _ message: String, _ e: XMLElement) {
        bag.error(rule, message, at: e.location)
    }

    mutating func warning(_ rule: DiagnosticRule, _ message: String, _ e: XMLElement) {
        bag.warning(rule, message, at: e.location)
    }

    mutating func read(_ xml: XMLDocument) -> Collada.Document {
        guard let root = xml.root else {
            var d = Collada.Document(path: path, version: "", asset: .init(),
                                     rootLocation: SourceLocation(path: path, line: 1, column: 1))
            d.diagnostics.error(.colladaRoot, "the document is empty", at: d.rootLocation)
            return d
        }
        var version = root.attribute("version") ?? ""
        if root.name != "COLLADA" {
            error(.colladaRoot, "the root element is <\(root.name)>, not <COLLADA>", root)
        } else if !["1.4.0", "1.4.1", "1.5.0"].contains(version) {
            if version.isEmpty {
                warning(.colladaVersion, "<COLLADA> has no version attribute; reading as 1.4.1", root)
                version = "1.4.1"
            } else {
                error(.colladaVersion, "unsupported COLLADA version '\(version)' (1.4.0, 1.4.1 and 1.5.0 are read)", root)
            }
        }
        doc = Collada.Document(path: path, version: version, asset: .init(), rootLocation: root.location)
        if root.name == "COLLADA" && !bag.hasErrors {
            for child in root.children {
                switch child.name {
                case "asset": doc.asset = readAsset(child)
                case "library_geometries": for g in child.children("geometry") { readGeometry(g) }
                case "library_controllers": for c in child.children("controller") { readController(c) }
                case "library_animations": for a in child.children("animation") { doc.animations.append(readAnimation(a)) }
                case "library_animation_clips": for c in child.children("animation_clip") { readClip(c) }
                case "library_visual_scenes":
                    for v in child.children("visual_scene") {
                        doc.visualScenes.append(.init(
                            id: v.attribute("id"), name: v.attribute("name"),
                            nodes: v.children("node").map { readNode($0) }, location: v.location))
                    }
                case "library_nodes": for n in child.children("node") { doc.libraryNodes.append(readNode(n)) }
                case "library_cameras": for c in child.children("camera") { readCamera(c) }
                case "library_lights": for l in child.children("light") { readLight(l) }
                case "library_effects": for e in child.children("effect") { readEffect(e) }
                case "library_materials": for m in child.children("material") { readMaterial(m) }
                case "library_images": for i in child.children("image") { readImage(i) }
                case "scene":
                    if let ivs = child.child("instance_visual_scene") {
                        doc.sceneURL = ivs.attribute("url")
                        doc.sceneLocation = ivs.location
                    }
                default: break  // unknown elements and <extra> are ignored, as COLLADA requires
                }
            }
        }
        doc.diagnostics = bag
        return doc
    }

    // MARK: asset

    mutating func readAsset(_ e: XMLElement) -> Collada.Asset {
        var a = Collada.Asset()
        for c in e.children {
            switch c.name {
            case "up_axis":
                let t = c.text.trimmingSpaces
                if let axis = Collada.UpAxis(rawValue: t) { a.upAxis = axis; a.hasUpAxis = true } else {
                    warning(.assetUpAxis, "unknown up_axis '\(t)'; using Y_UP", c)
                }
            case "unit":
                if let m = c.attribute("meter") {
                    if let v = Float(m.trimmingSpaces), v.isFinite, v > 0 { a.unitMeters = v } else {
                        error(.assetUnit, "unit meter='\(m)' is not a positive number", c)
                    }
                }
                if let n = c.attribute("name") { a.unitName = n }
            case "contributor":
                if let t = c.child("authoring_tool")?.text.trimmingSpaces, !t.isEmpty { a.authoringTools.append(t) }
            default: break
            }
        }
        return a
    }

    // MARK: sources

    /// Reads a `<source>` into the document's source table and returns nothing; referenced by id.
    mutating func readSource(_ e: XMLElement) {
        let id = e.attribute("id") ?? ""
        var values = Collada.Source.Values.none
        var arrayCount = 0
        var arrayID: String?
        let errorsBefore = bag.errorCount
        for c in e.children {
            switch c.name {
            case "float_array":
                arrayID = c.attribute("id")
                let f = readFloatArray(c)
                arrayCount = f.count
                values = .floats(f)
            case "Name_array", "IDREF_array", "SIDREF_array", "token_array":
                arrayID = c.attribute("id")
                let names = c.textTokens()
                checkCount(c, actual: names.count)
                arrayCount = names.count
                values = .names(names)
            case "int_array":
                arrayID = c.attribute("id")
                let ints = readInts(c, what: "int_array")
                checkCount(c, actual: ints.count)
                arrayCount = ints.count
                values = .ints(ints)
            case "bool_array":
                arrayID = c.attribute("id")
                let bools = c.textTokens()
                checkCount(c, actual: bools.count)
                arrayCount = bools.count
                values = .ints(bools.map { $0 == "true" || $0 == "1" ? 1 : 0 })
            default: break
            }
        }
        var count = arrayCount
        var offset = 0
        var stride = 1
        var params: [(name: String?, type: String)] = []
        if let acc = e.child("technique_common")?.child("accessor") {
            count = intAttribute(acc, "count") ?? 0
            offset = intAttribute(acc, "offset") ?? 0
            stride = intAttribute(acc, "stride") ?? 1
            params = acc.children("param").map { ($0.attribute("name"), $0.attribute("type") ?? "float") }
            if let src = acc.attribute("source"), let arrayID, fragment(src) != arrayID {
                warning(.accessorSource, "accessor source '\(src)' is not this source's array '#\(arrayID)'", acc)
            }
            let paramSize = params.reduce(0) { $0 + Self.paramSize($1.type) }
            if stride < 1 {
                error(.accessorStride, "accessor stride is \(stride); it must be at least 1", acc)
            } else if stride < paramSize {
                error(.accessorStride, "accessor stride \(stride) is smaller than its params need (\(paramSize))", acc)
            } else if bag.errorCount > errorsBefore {
                // The array itself is broken (reported already); its length says nothing.
            } else if count < 0 || offset < 0 {
                error(.accessorCount, "accessor count and offset must not be negative", acc)
            } else if count > Self.maxCount || offset > Self.maxCount || stride > Self.maxCount {
                // Refused before any arithmetic: count x stride must not overflow.
                error(.accessorCount, "accessor count, stride and offset must be at most \(Self.maxCount)", acc)
            } else if count > 0 {
                let needed = offset + (count - 1) * stride + max(paramSize, 1)
                if needed > arrayCount {
                    error(.accessorOutOfRange,
                          "accessor reads \(needed) values (count \(count) x stride \(stride) from offset \(offset)) but its array has \(arrayCount)", acc)
                } else if offset + count * stride < arrayCount {
                    warning(.accessorPartial,
                            "accessor reads \(offset + count * stride) of its array's \(arrayCount) values (count \(count) x stride \(stride)); the rest is unused", acc)
                }
            }
        }
        let s = Collada.Source(id: id, values: values, count: count, offset: offset, stride: stride,
                               params: params, location: e.location)
        if !id.isEmpty {
            if doc.sourceIndex[id] != nil {
                warning(.duplicateId, "a source with id '\(id)' was already defined; the first is used", e)
            } else {
                doc.sourceIndex[id] = doc.sources.count
            }
        }
        doc.sources.append(s)
    }

    /// Largest count, stride, offset or index a COLLADA attribute may give (2^31 - 1): every
    /// product the reader and resolver form from them then fits in an `Int`.
    static let maxCount = Int(Int32.max)
    /// Largest `<input offset>`: the offsets of a primitive's inputs make its stride.
    static let maxInputOffset = 4095

    static func paramSize(_ type: String) -> Int {
        switch type {
        case "float4x4": return 16
        case "float3x3": return 9
        case "float2x2": return 4
        case "float4", "int4": return 4
        case "float3", "int3": return 3
        case "float2", "int2": return 2
        default: return 1
        }
    }

    mutating func checkCount(_ e: XMLElement, actual: Int) {
        guard let c = e.attribute("count") else { return }
        guard let n = Int(c.trimmingSpaces), n >= 0 else {
            error(.arrayCount, "<\(e.name)> count '\(c)' is not a count", e)
            return
        }
        if n != actual {
            error(.arrayCount, "<\(e.name)> count is \(n) but it holds \(actual) values", e)
        }
    }

    mutating func readFloatArray(_ e: XMLElement) -> [Float] {
        // Storage is sized from the text (a value takes at least 2 bytes), never from the declared count.
        var out: [Float] = []
        if let failure = e.withTextBytes({ NumberParser.parseFloats($0, into: &out) }) {
            report(failure, in: e, what: "float_array")
            return out
        }
        checkCount(e, actual: out.count)
        // Non-finite values: report the first.
        if let bad = out.firstIndex(where: { !$0.isFinite }) {
            error(.numberNonFinite, "<float_array> value \(bad) is \(out[bad]); every value must be finite", e)
        }
        return out
    }

    mutating func readInts(_ e: XMLElement, what: String) -> [Int32] {
        var out: [Int32] = []
        if let failure = e.withTextBytes({ NumberParser.parseInts($0, into: &out) }) {
            report(failure, in: e, what: what)
        }
        return out
    }

    mutating func report(_ failure: NumberParser.Failure, in e: XMLElement, what: String) {
        switch failure {
        case .badToken(let offset, let token, let comma):
            let hint = comma ? " (a decimal comma? COLLADA numbers use '.')" : ""
            bag.error(.numberSyntax, "'\(token)' in <\(e.name)> is not a number\(hint)", at: e.locationInText(offset))
        case .outOfRange(let offset, let token):
            bag.error(.numberRange, "'\(token)' in <\(e.name)> does not fit in 32 bits", at: e.locationInText(offset))
        }
    }

    func intAttribute(_ e: XMLElement, _ name: String) -> Int? {
        e.attribute(name).flatMap { Int($0.trimmingSpaces) }
    }

    mutating func readInputs(_ e: XMLElement, shared: Bool) -> [Collada.Input] {
        var out: [Collada.Input] = []
        for i in e.children("input") {
            guard let semantic = i.attribute("semantic"), let source = i.attribute("source") else {
                error(.inputIncomplete, "<input> needs semantic and source attributes", i)
                continue
            }
            var offset = 0
            if shared {
                if let raw = i.attribute("offset") {
                    guard let o = Int(raw.trimmingSpaces), o >= 0 else {
                        error(.inputOffset, "<input semantic=\"\(semantic)\"> offset '\(raw)' is not a non-negative integer", i)
                        continue
                    }
                    guard o <= Self.maxInputOffset else {
                        error(.inputOffset, "<input semantic=\"\(semantic)\"> offset \(o) is larger than \(Self.maxInputOffset)", i)
                        continue
                    }
                    offset = o
                } else {
                    warning(.inputOffset, "shared <input semantic=\"\(semantic)\"> has no offset; 0 is assumed", i)
                }
            }
            out.append(.init(semantic: semantic, source: source, offset: offset, set: intAttribute(i, "set"),
                             location: i.location))
        }
        return out
    }

    // MARK: geometry

    mutating func readGeometry(_ g: XMLElement) {
        let id = g.attribute("id") ?? ""
        var geometry = Collada.Geometry(id: id, name: g.attribute("name"), verticesID: nil, vertexInputs: [],
                                        primitives: [], isMesh: false, location: g.location)
        guard let mesh = g.child("mesh") else {
            if g.child("convex_mesh") != nil || g.child("spline") != nil || g.child("brep") != nil {
                warning(.geometryUnsupported, "geometry '\(id)' is not a <mesh>; it is skipped", g)
            }
            doc.geometries.append(geometry)
            return
        }
        geometry.isMesh = true
        for c in mesh.children {
            switch c.name {
            case "source": readSource(c)
            case "vertices":
                geometry.verticesID = c.attribute("id")
                geometry.vertexInputs = readInputs(c, shared: false)
            case "triangles", "polylist", "polygons", "tristrips", "trifans", "lines", "linestrips":
                if let p = readPrimitive(c) { geometry.primitives.append(p) }
            default: break
            }
        }
        doc.geometries.append(geometry)
    }

    mutating func readPrimitive(_ e: XMLElement) -> Collada.Primitive? {
        guard let kind = Collada.PrimitiveKind(rawValue: e.name) else { return nil }
        let count = intAttribute(e, "count") ?? -1
        if count > Self.maxCount {
            error(.primitiveCount, "<\(e.name)> count \(count) is larger than \(Self.maxCount)", e)
            return nil
        }
        if count < 0 {
            if e.attribute("count") != nil {
                error(.primitiveCount, "<\(e.name)> count '\(e.attribute("count") ?? "")' is not a count", e)
            } else {
                error(.primitiveCount, "<\(e.name)> has no count attribute", e)
            }
            return nil
        }
        var p = Collada.Primitive(kind: kind, material: e.attribute("material"), count: count,
                                  inputs: readInputs(e, shared: true), indexLists: [], holes: [], vcount: [],
                                  location: e.location, indexLocations: [])
        for c in e.children {
            switch c.name {
            case "p":
                p.indexLists.append(readInts(c, what: "p"))
                p.indexLocations.append(c.location)
                if kind == .polygons { p.holes.append([]) }
            case "ph":
                guard kind == .polygons else { continue }
                var outer: [Int32] = []
                var holes: [[Int32]] = []
                for pc in c.children {
                    if pc.name == "p" { outer = readInts(pc, what: "p") }
                    if pc.name == "h" { holes.append(readInts(pc, what: "h")) }
                }
                p.indexLists.append(outer)
                p.indexLocations.append(c.location)
                p.holes.append(holes)
            case "vcount":
                p.vcount = readInts(c, what: "vcount")
            default: break
            }
        }
        return p
    }

    // MARK: controllers

    mutating func readController(_ c: XMLElement) {
        let id = c.attribute("id") ?? ""
        var controller = Collada.Controller(id: id, name: c.attribute("name"), skin: nil, morph: nil, location: c.location)
        if let s = c.child("skin") {
            for src in s.children("source") { readSource(src) }
            var bsm = Matrix4x4.identity
            if let b = s.child("bind_shape_matrix") {
                var v: [Float] = []
                if let f = b.withTextBytes({ NumberParser.parseFloats($0, into: &v) }) {
                    report(f, in: b, what: "bind_shape_matrix")
                } else if v.count != 16 {
                    error(.matrixSize, "<bind_shape_matrix> has \(v.count) values; it needs 16", b)
                } else if v.contains(where: { !$0.isFinite }) {
                    error(.numberNonFinite, "<bind_shape_matrix> has a non-finite value", b)
                } else {
                    bsm = Matrix4x4(rowMajor: v)
                }
            }
            let joints = s.child("joints").map { readInputs($0, shared: false) } ?? []
            var skin = Collada.Skin(source: s.attribute("source") ?? "", bindShapeMatrix: bsm, jointInputs: joints,
                                    weightInputs: [], vertexWeightCount: 0, vcount: [], v: [], location: s.location,
                                    vertexWeightsLocation: s.location)
            if s.child("joints") == nil { error(.skinJoints, "<skin> has no <joints>", s) }
            if let vw = s.child("vertex_weights") {
                skin.vertexWeightsLocation = vw.location
                skin.vertexWeightCount = intAttribute(vw, "count") ?? 0
                skin.weightInputs = readInputs(vw, shared: true)
                if let vc = vw.child("vcount") { skin.vcount = readInts(vc, what: "vcount") }
                if let v = vw.child("v") { skin.v = readInts(v, what: "v") }
            } else {
                error(.skinWeights, "<skin> has no <vertex_weights>", s)
            }
            controller.skin = skin
        } else if let m = c.child("morph") {
            for src in m.children("source") { readSource(src) }
            controller.morph = Collada.Morph(
                source: m.attribute("source") ?? "", method: m.attribute("method") ?? "NORMALIZED",
                targetInputs: m.child("targets").map { readInputs($0, shared: false) } ?? [], location: m.location)
        } else {
            warning(.controllerEmpty, "controller '\(id)' has neither <skin> nor <morph>", c)
        }
        doc.controllers.append(controller)
    }

    // MARK: animations

    mutating func readAnimation(_ a: XMLElement) -> Collada.Animation {
        var anim = Collada.Animation(id: a.attribute("id"), name: a.attribute("name"), samplers: [], channels: [],
                                     children: [], location: a.location)
        for c in a.children {
            switch c.name {
            case "source": readSource(c)
            case "sampler":
                anim.samplers.append(.init(id: c.attribute("id"), inputs: readInputs(c, shared: false), location: c.location))
            case "channel":
                guard let s = c.attribute("source"), let t = c.attribute("target") else {
                    error(.channelIncomplete, "<channel> needs source and target attributes", c)
                    continue
                }
                anim.channels.append(.init(source: s, target: t, location: c.location))
            case "animation":
                anim.children.append(readAnimation(c))
            default: break
            }
        }
        return anim
    }

    mutating func readClip(_ c: XMLElement) {
        let start = c.attribute("start").flatMap { Float($0.trimmingSpaces) } ?? 0
        let end = c.attribute("end").flatMap { Float($0.trimmingSpaces) }
        doc.clips.append(.init(
            id: c.attribute("id"), name: c.attribute("name"), start: start, end: end,
            animationURLs: c.children("instance_animation").compactMap { $0.attribute("url") }, location: c.location))
    }

    // MARK: nodes

    mutating func readNode(_ n: XMLElement) -> Collada.Node {
        var node = Collada.Node(id: n.attribute("id"), sid: n.attribute("sid"), name: n.attribute("name"),
                                isJoint: n.attribute("type") == "JOINT", transforms: [], instances: [], children: [],
                                location: n.location)
        for c in n.children {
            switch c.name {
            case "matrix", "translate", "rotate", "scale", "lookat", "skew":
                guard let kind = Collada.TransformKind(rawValue: c.name) else { continue }
                var v: [Float] = []
                v.reserveCapacity(kind.valueCount)
                if let f = c.withTextBytes({ NumberParser.parseFloats($0, into: &v) }) {
                    report(f, in: c, what: c.name)
                    continue
                }
                if v.count != kind.valueCount {
                    error(.transformSize, "<\(c.name)> has \(v.count) values; it needs \(kind.valueCount)", c)
                    continue
                }
                if v.contains(where: { !$0.isFinite }) {
                    error(.numberNonFinite, "<\(c.name)> has a non-finite value", c)
                    continue
                }
                node.transforms.append(.init(kind: kind, sid: c.attribute("sid"), values: v, location: c.location))
            case "instance_geometry", "instance_controller", "instance_camera", "instance_light", "instance_node":
                let kind = Collada.Instance.Kind(rawValue: String(c.name.dropFirst("instance_".count)))!
                guard let url = c.attribute("url") else {
                    error(.instanceURL, "<\(c.name)> has no url", c)
                    continue
                }
                var bindings: [Collada.MaterialBinding] = []
                if let tc = c.child("bind_material")?.child("technique_common") {
                    for im in tc.children("instance_material") {
                        if let s = im.attribute("symbol"), let t = im.attribute("target") { bindings.append(.init(symbol: s, target: t)) }
                    }
                }
                node.instances.append(.init(
                    kind: kind, url: url,
                    skeletons: c.children("skeleton").map { $0.text.trimmingSpaces },
                    materials: bindings, location: c.location))
            case "node":
                node.children.append(readNode(c))
            default: break
            }
        }
        return node
    }

    // MARK: cameras, lights, materials

    mutating func readCamera(_ c: XMLElement) {
        let id = c.attribute("id") ?? ""
        guard let tc = c.child("optics")?.child("technique_common"), let proj = tc.children.first(where: { _ in true }) else {
            warning(.cameraOptics, "camera '\(id)' has no optics/technique_common", c)
            return
        }
        func value(_ name: String) -> Float? {
            guard let e = proj.child(name) else { return nil }
            guard let v = Float(e.text.trimmingSpaces), v.isFinite else {
                error(.numberSyntax, "<\(name)> '\(e.text.trimmingSpaces)' is not a number", e)
                return nil
            }
            return v
        }
        let kind: Collada.Camera.Kind
        switch proj.name {
        case "perspective": kind = .perspective
        case "orthographic": kind = .orthographic
        default:
            warning(.cameraKind, "camera '\(id)' has unknown projection <\(proj.name)>", proj)
            return
        }
        doc.cameras.append(.init(
            id: id, name: c.attribute("name"), kind: kind, xfov: value("xfov"), yfov: value("yfov"),
            xmag: value("xmag"), ymag: value("ymag"), aspectRatio: value("aspect_ratio"),
            znear: value("znear"), zfar: value("zfar"), location: c.location))
    }

    mutating func readLight(_ l: XMLElement) {
        guard let tc = l.child("technique_common"), let kindElement = tc.children.first(where: { _ in true }) else {
            doc.lights.append(.init(id: l.attribute("id") ?? "", name: l.attribute("name"), kind: "unknown",
                                    color: SIMD3(1, 1, 1), location: l.location))
            return
        }
        var color = SIMD3<Float>(1, 1, 1)
        if let ce = kindElement.child("color") {
            let v = floats(ce)
            if v.count >= 3 { color = SIMD3(v[0], v[1], v[2]) }
        }
        doc.lights.append(.init(id: l.attribute("id") ?? "", name: l.attribute("name"), kind: kindElement.name,
                                color: color, location: l.location))
    }

    mutating func floats(_ e: XMLElement) -> [Float] {
        var v: [Float] = []
        if let f = e.withTextBytes({ NumberParser.parseFloats($0, into: &v) }) {
            report(f, in: e, what: e.name)
            return []
        }
        return v
    }

    mutating func readEffect(_ e: XMLElement) {
        var effect = Collada.Effect(id: e.attribute("id") ?? "", location: e.location)
        let profile = e.child("profile_COMMON")
        if let technique = profile?.child("technique") {
            for model in technique.children where ["lambert", "phong", "blinn", "constant"].contains(model.name) {
                effect.shading = model.name
                for prop in model.children {
                    switch prop.name {
                    case "diffuse", "emission":
                        if let col = prop.child("color") {
                            let v = floats(col)
                            if v.count >= 3 {
                                let c = SIMD4<Float>(v[0], v[1], v[2], v.count >= 4 ? v[3] : 1)
                                if prop.name == "diffuse" { effect.diffuseColor = c } else { effect.emissionColor = c }
                            }
                        } else if prop.name == "diffuse", let tex = prop.child("texture") {
                            effect.diffuseTexture = tex.attribute("texture")
                        }
                    case "transparency":
                        if let f = prop.child("float") { effect.transparency = floats(f).first }
                    default: break
                    }
                }
            }
        }
        doc.effects.append(effect)
    }

    mutating func readMaterial(_ m: XMLElement) {
        guard let ie = m.child("instance_effect"), let url = ie.attribute("url") else {
            warning(.materialEffect, "material '\(m.attribute("id") ?? "")' has no instance_effect", m)
            return
        }
        doc.materials.append(.init(id: m.attribute("id") ?? "", name: m.attribute("name"), effectURL: url, location: m.location))
    }

    mutating func readImage(_ i: XMLElement) {
        let initFrom = i.child("init_from").map { f in f.child("ref")?.text ?? f.text }
        doc.images.append(.init(id: i.attribute("id") ?? "", initFrom: initFrom?.trimmingSpaces))
    }
}

extension Collada.Effect {
    init(id: String, location: SourceLocation) {
        self.init(id: id, shading: nil, diffuseColor: nil, diffuseTexture: nil, emissionColor: nil,
                  transparency: nil, location: location)
    }
}

extension String {
    /// The string without leading and trailing XML white space.
    var trimmingSpaces: String {
        let u = utf8
        var s = u.startIndex, e = u.endIndex
        while s < e && isXMLWhiteSpace(u[s]) { s = u.index(after: s) }
        while e > s && isXMLWhiteSpace(u[u.index(before: e)]) { e = u.index(before: e) }
        return String(self[s..<e])
    }

    /// Tokens separated by XML white space.
    var splitOnSpaces: [String] {
        split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }).map(String.init)
    }
}
