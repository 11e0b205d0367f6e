import PipelineKit
/// A resolved COLLADA scene: references turned into indices, primitives triangulated, nodes
/// flattened parents-first, skins bound to joint nodes, channels bound to node transforms.
///
/// Coordinates are kept as the file wrote them ("file space"). ``axisConversion`` maps file space
/// to this package's convention, **Y up, metres, right-handed** (SceneKit's and glTF's); posing
/// applies it, so everything a pose reports is in that convention unless the scene was resolved
/// with `keepFileSpace`.
public struct Scene: Sendable {
    public var path: String
    public var colladaVersion: String
    public var authoringTool: String?
    public var upAxis: Collada.UpAxis
    public var unitMeters: Float
    /// File space to the normalised convention: `scale(unitMeters) * rotation(upAxis -> +Y)`;
    /// identity when resolved with `keepFileSpace`.
    public var axisConversion: Matrix4x4

    public var nodes: [Node] = []
    public var meshes: [Mesh] = []
    public var skins: [Skin] = []
    public var morphs: [Morph] = []
    public var cameras: [Camera] = []
    public var lights: [Light] = []
    public var materials: [Material] = []
    public var meshInstances: [MeshInstance] = []
    public var cameraInstances: [NodeAttachment] = []
    public var lightInstances: [NodeAttachment] = []
    public var samplers: [AnimationSampler] = []
    public var channels: [AnimationChannel] = []
    public var clips: [AnimationClip] = []
    /// Number of `<animation>` elements, nested ones included.
    public var animationCount = 0
    public var visualSceneCount = 0
    /// Warnings found while reading and resolving (errors make loading fail instead).
    public var diagnostics: [Diagnostic] = []

    /// Indices of JOINT nodes.
    public var jointIndices: [Int] { nodes.indices.filter { nodes[$0].isJoint } }

    /// Every polygon of every library geometry triangulated, each geometry counted once.
    public var triangleCount: Int { meshes.reduce(0) { $0 + $1.triangleCount } }

    /// The first node whose name, then id, then sid equals `key`.
    public func node(named key: String) -> Int? {
        nodes.firstIndex { $0.name == key } ?? nodes.firstIndex { $0.id == key } ?? nodes.firstIndex { $0.sid == key }
    }

}

/// A node of the flattened tree. `parent` always precedes the node in ``Scene/nodes``.
public struct Node: Sendable {
    public var id: String?
    public var sid: String?
    public var name: String?
    public var isJoint: Bool
    public var parent: Int?
    public var children: [Int] = []
    /// The transform elements in document order, composed left to right.
    public var transforms: [Transform]
    public var location: SourceLocation
    /// For nodes copied by `<instance_node>`, the index of the first copy of the same COLLADA node.
    public var instanceOf: Int?

    /// The node's local matrix: its transform elements multiplied in document order.
    public var localMatrix: Matrix4x4 {
        var m = Matrix4x4.identity
        for t in transforms { m = m * t.matrix }
        return m
    }

    /// The most readable label: name, id, sid, or "(unnamed)".
    public var label: String { name ?? id ?? sid ?? "(unnamed)" }
}

/// One transform element with its values as COLLADA writes them.
public struct Transform: Sendable {
    public var kind: Collada.TransformKind
    public var sid: String?
    /// `kind.valueCount` values: a matrix row by row, translate xyz, rotate axis xyz + degrees,
    /// scale xyz, lookat eye/target/up, skew degrees + rotation axis + translation axis.
    public var values: [Float]

    /// The element as a matrix.
    public var matrix: Matrix4x4 { Transform.matrix(kind, values) }

    /// The matrix of `kind` with `v` as its values.
    public static func matrix(_ kind: Collada.TransformKind, _ v: [Float]) -> Matrix4x4 {
        switch kind {
        case .matrix: return Matrix4x4(rowMajor: v)
        case .translate: return .translation(SIMD3(v[0], v[1], v[2]))
        case .scale: return .scale(SIMD3(v[0], v[1], v[2]))
        case .rotate: return .rotation(axis: SIMD3(v[0], v[1], v[2]), degrees: v[3])
        case .lookat:
            return .lookAt(eye: SIMD3(v[0], v[1], v[2]), target: SIMD3(v[3], v[4], v[5]), up: SIMD3(v[6], v[7], v[8]))
        case .skew:
            return .skew(degrees: v[0], rotationAxis: SIMD3(v[1], v[2], v[3]), translationAxis: SIMD3(v[4], v[5], v[6]))
        }
    }
}

/// A triangulated mesh. Positions keep the order of the geometry's POSITION source, so posed
/// vertices can be compared one for one with other tools.
public struct Mesh: Sendable {
    public var id: String
    public var name: String?
    public var positions: [SIMD3<Float>]
    public var normals: [SIMD3<Float>]
    public var texcoords: [SIMD2<Float>]
    public var colors: [SIMD4<Float>]
    public var parts: [MeshPart]
    /// Line segments read from `<lines>`/`<linestrips>` (pairs of position indices); not drawn.
    public var lineSegmentCount: Int
    public var location: SourceLocation

    public var triangleCount: Int { parts.reduce(0) { $0 + $1.positionIndices.count / 3 } }
}

/// The triangles of one primitive element, three corners each.
public struct MeshPart: Sendable {
    public var kind: Collada.PrimitiveKind
    public var materialSymbol: String?
    /// Per corner, an index into ``Mesh/positions``.
    public var positionIndices: [UInt32]
    /// Per corner, an index into ``Mesh/normals`` (empty: no normals).
    public var normalIndices: [UInt32]
    /// Per corner, an index into ``Mesh/texcoords`` (empty: none).
    public var texcoordIndices: [UInt32]
    /// Per corner, an index into ``Mesh/colors`` (empty: none).
    public var colorIndices: [UInt32]
}

/// A skin controller: bind data and per-vertex influences (compressed rows).
public struct Skin: Sendable {
    public var id: String
    public var name: String?
    /// The skinned mesh (index into ``Scene/meshes``).
    public var mesh: Int
    /// The morph the skin deforms, when its source is a morph controller.
    public var morph: Int?
    public var bindShapeMatrix: Matrix4x4
    /// Joint references as written: sids (`Name_array`) or ids (`IDREF_array`).
    public var jointNames: [String]
    public var jointNamesAreIDs: Bool
    public var inverseBindMatrices: [Matrix4x4]
    /// `influenceStart[v]..<influenceStart[v+1]` are vertex `v`'s influences.
    public var influenceStart: [UInt32]
    /// Joint index per influence; -1 means the bind shape itself (COLLADA's joint index -1).
    public var influenceJoint: [Int32]
    public var influenceWeight: [Float]
    /// Per vertex, the sum of its weights as written (before any normalisation).
    public var weightSums: [Float]
    public var maxInfluences: Int
    public var location: SourceLocation
}

public struct Morph: Sendable {
    public var id: String
    public var baseMesh: Int
    public var targets: [Int]
    public var weights: [Float]
    public var isRelative: Bool
    public var location: SourceLocation
}

/// A mesh, skin or morph placed at a node.
public struct MeshInstance: Sendable {
    public enum Source: Sendable {
        case mesh(Int)
        case skin(Int)
        case morph(Int)
    }
    public var node: Int
    public var source: Source
    /// Joint nodes per skin joint (for skins); `nil` where a joint could not be found.
    public var jointNodes: [Int?]
    public var skeletonRoots: [Int]
    /// Material symbol to index in ``Scene/materials``.
    public var materials: [String: Int]
    public var location: SourceLocation

    /// The mesh whose positions this instance draws.
    public func mesh(in scene: Scene) -> Int {
        switch source {
        case .mesh(let m): return m
        case .skin(let s): return scene.skins[s].mesh
        case .morph(let m): return scene.morphs[m].baseMesh
        }
    }
}

/// A camera or light placed at a node.
public struct NodeAttachment: Sendable {
    public var node: Int
    public var index: Int
}

public struct Camera: Sendable {
    public enum Projection: Sendable, Equatable {
        /// Vertical field of view in radians; aspect (width / height) when the file gives one.
        case perspective(yfov: Float, aspectRatio: Float?)
        /// Half-height of the view volume; aspect when given.
        case orthographic(ymag: Float, aspectRatio: Float?)
    }
    public var id: String
    public var name: String?
    public var projection: Projection
    public var znear: Float
    public var zfar: Float

    /// Vertical field of view in degrees for perspective cameras.
    public var yfovDegrees: Float? {
        if case .perspective(let y, _) = projection { return y * 180 / .pi }
        return nil
    }

    public var aspectRatio: Float? {
        switch projection {
        case .perspective(_, let a), .orthographic(_, let a): return a
        }
    }
}

public struct Light: Sendable {
    public var id: String
    public var name: String?
    public var kind: String
    public var color: SIMD3<Float>
}

public struct Material: Sendable {
    public var id: String
    public var name: String?
    public var shading: String?
    public var diffuseColor: SIMD4<Float>?
    public var diffuseTexture: String?
}
