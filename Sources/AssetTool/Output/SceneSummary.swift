import ColladaKit

/// A compact, Codable description of a loaded scene: what `assettool info` prints.
struct SceneSummary: Codable, Sendable {
    struct Geometry: Codable, Sendable {
        var id: String
        var name: String?
        var primitives: Int
        var positions: Int
        var triangles: Int
        var lines: Int
    }
    struct Controller: Codable, Sendable {
        var id: String
        var kind: String
        var source: String
        var joints: Int
        var maxInfluences: Int
        var vertices: Int
        /// Vertices whose weights do not sum to 1 within 1e-3.
        var unnormalizedVertices: Int
    }
    struct Animations: Codable, Sendable {
        var count: Int
        var channels: Int
        var samplers: Int
        var start: Float?
        var end: Float?
        var interpolations: [String]
    }
    struct Clip: Codable, Sendable {
        var id: String?
        var name: String?
        var start: Float
        var end: Float
        var channels: Int
    }
    struct CameraInfo: Codable, Sendable {
        var id: String
        var kind: String
        var yfovDegrees: Float?
        var aspectRatio: Float?
    }
    struct Totals: Codable, Sendable {
        var triangles: Int
        var joints: Int
        var channels: Int
        var cameras: Int
    }
    struct DiagnosticInfo: Codable, Sendable {
        var severity: String
        var line: Int
        var column: Int
        var id: String
        var message: String
    }

    var file: String
    var colladaVersion: String
    var authoringTool: String?
    var upAxis: String
    var unitMeters: Float
    var geometries: [Geometry]
    var controllers: [Controller]
    var nodes: Int
    var joints: Int
    var visualScenes: Int
    var animations: Animations
    var clips: [Clip]
    var cameras: [CameraInfo]
    var lights: Int
    var materials: Int
    var totals: Totals
    var diagnostics: [DiagnosticInfo]

    init(_ scene: Scene) {
        file = scene.path
        colladaVersion = scene.colladaVersion
        authoringTool = scene.authoringTool
        upAxis = scene.upAxis.rawValue
        unitMeters = scene.unitMeters
        geometries = scene.meshes.map {
            Geometry(id: $0.id, name: $0.name, primitives: $0.parts.count, positions: $0.positions.count,
                     triangles: $0.triangleCount, lines: $0.lineSegmentCount)
        }
        var controllers: [Controller] = scene.skins.map { s in
            Controller(id: s.id, kind: "skin", source: scene.meshes[s.mesh].id, joints: s.jointNames.count,
                       maxInfluences: s.maxInfluences, vertices: s.weightSums.count,
                       unnormalizedVertices: s.weightSums.filter { abs($0 - 1) > 1e-3 }.count)
        }
        controllers += scene.morphs.map { m in
            Controller(id: m.id, kind: "morph", source: scene.meshes[m.baseMesh].id, joints: 0, maxInfluences: 0,
                       vertices: scene.meshes[m.baseMesh].positions.count, unnormalizedVertices: 0)
        }
        self.controllers = controllers
        nodes = scene.nodes.count
        joints = scene.nodes.filter(\.isJoint).count
        visualScenes = scene.visualSceneCount
        var kinds = Set<String>()
        for s in scene.samplers { for i in s.interpolation { kinds.insert(i.rawValue) } }
        let range = scene.animationRange()
        animations = Animations(count: scene.animationCount, channels: scene.channels.count, samplers: scene.samplers.count,
                                start: range?.lowerBound, end: range?.upperBound, interpolations: kinds.sorted())
        clips = scene.clips.map { Clip(id: $0.id, name: $0.name, start: $0.start, end: $0.end, channels: $0.channels.count) }
        cameras = scene.cameras.map { c in
            switch c.projection {
            case .perspective(let y, let a):
                return CameraInfo(id: c.id, kind: "perspective", yfovDegrees: y * 180 / .pi, aspectRatio: a)
            case .orthographic(_, let a):
                return CameraInfo(id: c.id, kind: "orthographic", yfovDegrees: nil, aspectRatio: a)
            }
        }
        lights = scene.lights.count
        materials = scene.materials.count
        totals = Totals(triangles: scene.triangleCount, joints: joints, channels: scene.channels.count, cameras: scene.cameras.count)
        diagnostics = scene.diagnostics.map {
            DiagnosticInfo(severity: $0.severity.rawValue, line: $0.location.line, column: $0.location.column, id: $0.id, message: $0.message)
        }
    }
}
