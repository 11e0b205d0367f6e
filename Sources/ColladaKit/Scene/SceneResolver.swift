import PipelineKit
/// Turns a ``Collada/Document`` into a ``Scene``: resolves every `#id` once, triangulates,
/// flattens the node tree (expanding `instance_node`), binds skins and animation channels.
///
/// Problems are collected; any error makes ``resolve(_:options:)`` throw a ``LoadError`` holding
/// all of them, so one run reports everything wrong with a file.
package struct SceneResolver {
    /// What a load may do and how much it accepts (``LoadOptions``).
    package typealias Options = LoadOptions

    let doc: Collada.Document
    let options: Options
    var bag: DiagnosticBag
    var scene: Scene

    var meshByID: [String: Int] = [:]
    var skinByID: [String: Int] = [:]
    var morphByID: [String: Int] = [:]
    var materialByID: [String: Int] = [:]
    var cameraByID: [String: Int] = [:]
    var lightByID: [String: Int] = [:]
    var libraryNodeByID: [String: Collada.Node] = [:]
    /// Flattened node indices per COLLADA node id (several when instanced).
    var nodesByID: [String: [Int]] = [:]
    var pendingInstances: [(node: Int, instance: Collada.Instance)] = []
    /// Running totals checked against ``Options``.
    var triangleTotal = 0
    var instancedVertices = 0
    var instancedTriangles = 0
    var channelTargets = 0
    var triangulationBudget = 0
    /// Joint lookup tables, built once when the first skin is bound.
    var jointIndex: JointIndex?
    /// Document nodes by id for `instance_node` targets outside `library_nodes`, built on first use.
    var sceneNodeByID: [String: Collada.Node]?

    /// Resolves `doc`.
    ///
    /// - Throws: ``LoadError`` when the document or its resolution has errors.
    package static func resolve(_ doc: Collada.Document, options: Options = Options()) throws -> Scene {
        var r = SceneResolver(doc: doc, options: options)
        r.run()
        if r.bag.hasErrors { throw LoadError(kind: .invalid, diagnostics: r.bag.diagnostics) }
        r.scene.diagnostics = r.bag.diagnostics
        return r.scene
    }

    init(doc: Collada.Document, options: Options) {
        self.doc = doc
        self.options = options
        self.bag = doc.diagnostics
        self.triangulationBudget = options.triangulationBudget
        let asset = doc.asset
        scene = Scene(
            path: doc.path, colladaVersion: doc.version, authoringTool: asset.authoringTools.first,
            upAxis: asset.upAxis, unitMeters: asset.unitMeters,
            axisConversion: options.keepFileSpace ? .identity : Self.conversion(asset.upAxis, asset.unitMeters))
    }

    /// File space to Y-up metres. COLLADA's axes: Y_UP right +X, up +Y; Z_UP right +X, up +Z, in -Y;
    /// X_UP right -Y, up +X.
    package static func conversion(_ up: Collada.UpAxis, _ unit: Float) -> Matrix4x4 {
        let r: Matrix4x4
        switch up {
        case .y: r = .identity
        // (x, y, z) -> (x, z, -y)
        case .z: r = Matrix4x4(SIMD4(1, 0, 0, 0), SIMD4(0, 0, -1, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 0, 1))
        // (x, y, z) -> (-y, x, z)
        case .x: r = Matrix4x4(SIMD4(0, 1, 0, 0), SIMD4(-1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
        }
        return .scale(SIMD3(repeating: unit)) * r
    }

    mutating func run() {
        if bag.hasErrors { return }  // the document itself is broken (root, version, numbers)
        readMaterials()
        readCamerasAndLights()
        for g in doc.geometries { readGeometry(g) }
        if bag.hasErrors { return }
        for c in doc.controllers where c.morph != nil { readMorph(c) }
        for c in doc.controllers where c.skin != nil { readSkin(c) }
        for n in doc.libraryNodes { if let id = n.id { libraryNodeByID[id] = n } }
        readVisualScene()
        for (node, instance) in pendingInstances { bindInstance(instance, at: node) }
        readAnimations()
        scene.visualSceneCount = doc.visualScenes.count
    }

    // MARK: references

    /// The source an input refers to, or an error at the input.
    mutating func source(_ input: Collada.Input) -> Collada.Source? {
        guard let id = fragment(input.source) else {
            bag.error(.referenceExternal, "input source '\(input.source)' is not a reference into this document", at: input.location)
            return nil
        }
        guard let i = doc.sourceIndex[id] else {
            bag.error(.referenceMissing, "input \(input.semantic) refers to '#\(id)', which does not exist", at: input.location)
            return nil
        }
        return doc.sources[i]
    }

    /// `width` floats per element through the source's accessor (params beyond `width` skipped,
    /// missing ones as 0), `count` elements.
    func floats(_ s: Collada.Source, width: Int) -> [Float] {
        let take = min(width, s.stride)
        let fitting = Self.elementsThatFit(s, take: take)
        if fitting == 0 { return [] }  // see `vectors`: no zero-capacity uninitialised arrays
        return s.floats.withUnsafeBufferPointer { v in
            [Float](unsafeUninitializedCapacity: fitting * width) { out, written in
                guard let src = v.baseAddress, let dst = out.baseAddress else { return }
                if take == width && s.stride == width {
                    dst.initialize(from: src + s.offset, count: fitting * width)
                } else {
                    for e in 0..<fitting {
                        let from = src + s.offset + e * s.stride, to = dst + e * width
                        for k in 0..<take { to[k] = from[k] }
                        for k in take..<width { to[k] = 0 }
                    }
                }
                written = fitting * width
            }
        }
    }

    /// How many of `s`'s elements can be read `take` floats wide, from its offset by its stride,
    /// inside its array: at most its count (the accessor was checked against the array, but its
    /// params may read less than `take`); 0 for a source without elements.
    static func elementsThatFit(_ s: Collada.Source, take: Int) -> Int {
        guard s.count > 0, s.stride >= 1, s.offset >= 0 else { return 0 }
        let n = s.floats.count
        return n >= s.offset + take ? min(s.count, (n - s.offset - take) / s.stride + 1) : 0
    }

    // MARK: materials, cameras, lights

    mutating func readMaterials() {
        var effects: [String: Collada.Effect] = [:]
        for e in doc.effects where !e.id.isEmpty { effects[e.id] = e }
        for m in doc.materials {
            let effect = fragment(m.effectURL).flatMap { effects[$0] }
            if effect == nil {
                bag.warning(.referenceMissing, "material '\(m.id)' refers to effect '\(m.effectURL)', which does not exist", at: m.location)
            }
            materialByID[m.id] = scene.materials.count
            scene.materials.append(Material(
                id: m.id, name: m.name, shading: effect?.shading,
                diffuseColor: effect?.diffuseColor ?? (effect?.shading == "constant" ? effect?.emissionColor : nil),
                diffuseTexture: effect?.diffuseTexture))
        }
    }

    /// What makes a camera see nothing (every renderer and exporter divides by these), in words; nil when it can.
    static func degenerate(_ projection: Camera.Projection, znear: Float, zfar: Float) -> String? {
        switch projection {
        case .perspective(let yfov, let aspect):
            if !(yfov > 0 && yfov < .pi) { return "its field of view is \(yfov * 180 / .pi) degrees (it must lie between 0 and 180)" }
            if let aspect, !(aspect > 0 && aspect.isFinite) { return "its aspect ratio is \(aspect) (it must be above 0)" }
            if !(znear >= 0) { return "its znear is \(znear) (it must not be negative)" }
        case .orthographic(let ymag, let aspect):
            if !(ymag > 0 && ymag.isFinite) { return "its orthographic size is \(ymag) (it must be above 0)" }
            if let aspect, !(aspect > 0 && aspect.isFinite) { return "its aspect ratio is \(aspect) (it must be above 0)" }
        }
        if !(znear.isFinite && zfar.isFinite && zfar > znear) { return "its zfar (\(zfar)) is not beyond its znear (\(znear))" }
        return nil
    }

    mutating func readCamerasAndLights() {
        for c in doc.cameras {
            let deg = Float.pi / 180
            var projection: Camera.Projection
            switch c.kind {
            case .perspective:
                // Any allowed combination: yfov; xfov with aspect_ratio; xfov and yfov; xfov alone.
                if let y = c.yfov {
                    let aspect = c.aspectRatio ?? c.xfov.map { tan($0 * deg / 2) / tan(y * deg / 2) }
                    projection = .perspective(yfov: y * deg, aspectRatio: aspect)
                } else if let x = c.xfov {
                    if let a = c.aspectRatio, a > 0 {
                        projection = .perspective(yfov: 2 * atan(tan(x * deg / 2) / a), aspectRatio: a)
                    } else {
                        // xfov alone: the view's aspect decides; recorded as square until rendered.
                        projection = .perspective(yfov: x * deg, aspectRatio: nil)
                        bag.warning(.cameraFov, "camera '\(c.id)' gives only xfov; its vertical field of view depends on the output's aspect", at: c.location)
                    }
                } else {
                    bag.warning(.cameraFov, "perspective camera '\(c.id)' has neither xfov nor yfov; using 45 degrees", at: c.location)
                    projection = .perspective(yfov: 45 * deg, aspectRatio: c.aspectRatio)
                }
            case .orthographic:
                if let y = c.ymag {
                    projection = .orthographic(ymag: y, aspectRatio: c.aspectRatio ?? c.xmag.map { $0 / y })
                } else if let x = c.xmag {
                    let a = c.aspectRatio
                    projection = .orthographic(ymag: a.map { x / $0 } ?? x, aspectRatio: a)
                } else {
                    projection = .orthographic(ymag: 1, aspectRatio: c.aspectRatio)
                }
            }
            let znear = c.znear ?? 0.1, zfar = c.zfar ?? 1000
            if let problem = Self.degenerate(projection, znear: znear, zfar: zfar) {
                bag.error(.cameraDegenerate, "camera '\(c.id)' cannot show anything: \(problem)", at: c.location)
            }
            cameraByID[c.id] = scene.cameras.count
            scene.cameras.append(Camera(id: c.id, name: c.name, projection: projection, znear: znear, zfar: zfar))
        }
        for l in doc.lights {
            lightByID[l.id] = scene.lights.count
            scene.lights.append(Light(id: l.id, name: l.name, kind: l.kind, color: l.color))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
