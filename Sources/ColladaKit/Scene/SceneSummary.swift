/// A compact, Codable description of a loaded scene: what `assettool info` prints.
public struct SceneSummary: Codable, Sendable {
    public struct Geometry: Codable, Sendable {
        public var id: String
        public var name: String?
        public var primitives: Int
        public var positions: Int
        public var triangles: Int
        public var lines: Int
    }
    public struct Controller: Codable, Sendable {
        public var id: String
        public var kind: String
        public var source: String
        public var joints: Int
        public var maxInfluences: Int
        public var vertices: Int
        /// Vertices whose weights do not sum to 1 within 1e-3.
        public var unnormalizedVertices: Int
    }
    public struct Animations: Codable, Sendable {
        public var count: Int
        public var channels: Int
        public var samplers: Int
        public var start: Float?
        public var end: Float?
        public var interpolations: [String]
    }
    public struct Clip: Codable, Sendable {
        public var id: String?
        public var name: String?
        public var start: Float
        public var end: Float
        public var channels: Int
    }
    public struct CameraInfo: Codable, Sendable {
        public var id: String
        public var kind: String
        public var yfovDegrees: Float?
        public var aspectRatio: Float?
    }
    public struct Totals: Codable, Sendable {
        public var triangles: Int
        public var joints: Int
        public var channels: Int
        public var cameras: Int
    }
    public struct DiagnosticInfo: Codable, Sendable {
        public var severity: String
        public var line: Int
        public var column: Int
        public var id: String
        public var message: String
    }

    public var file: String
    public var colladaVersion: String
    public var authoringTool: String?
    public var upAxis: String
    public var unitMeters: Float
    public var geometries: [Geometry]
    public var controllers: [Controller]
    public var nodes: Int
    public var joints: Int
    public var visualScenes: Int
    public var animations: Animations
    public var clips: [Clip]
    public var cameras: [CameraInfo]
    public var lights: Int
    public var materials: Int
    public var totals: Totals
    public var diagnostics: [DiagnosticInfo]

    public init(_ scene: Scene) {
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
        let range = scene.animationRange
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
