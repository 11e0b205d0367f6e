import PipelineKit
/// The COLLADA vocabulary: what a document says, with references still as strings and every
/// value carrying the location it came from. Built from an ``XMLDocument`` by
/// ``Collada/Document/init(_:)``; resolved into a ``Scene`` by ``SceneResolver``.
///
/// Matrices are converted from COLLADA's row-major text to column-major ``Matrix4x4`` here, at
/// the Document edge.
public enum Collada {
    /// `<asset>`: units, axes and provenance.
    public struct Asset: Sendable {
        public var upAxis: UpAxis = .y
        public var unitMeters: Float = 1
        public var unitName: String = "meter"
        public var authoringTools: [String] = []
        public var hasUpAxis = false
    }

    public enum UpAxis: String, Sendable, Codable {
        case x = "X_UP", y = "Y_UP", z = "Z_UP"
    }

    /// A `<source>`: one typed array and the accessor that reads it.
    public struct Source: Sendable {
        public enum Values: Sendable {
            case floats([Float])
            case names([String])
            case ints([Int32])
            case none
        }
        public var id: String
        public var values: Values
        /// `accessor` count, offset and stride, and the params' names and types.
        public var count: Int
        public var offset: Int
        public var stride: Int
        public var params: [(name: String?, type: String)]
        public var location: SourceLocation

        public var floats: [Float] {
            if case .floats(let f) = values { return f }
            return []
        }
        public var names: [String] {
            if case .names(let n) = values { return n }
            return []
        }
        /// True when the accessor's params name the value (have a `name`); COLLADA skips unnamed params.
        public var firstParamName: String? { params.first?.name }
    }

    /// An `<input>`: semantic, source reference, offset and set.
    public struct Input: Sendable {
        public var semantic: String
        public var source: String
        public var offset: Int
        public var set: Int?
        public var location: SourceLocation
    }

    public enum PrimitiveKind: String, Sendable, Codable {
        case triangles, polylist, polygons, tristrips, trifans, lines, linestrips
    }

    /// One primitive element of a `<mesh>`, with its index data as written.
    public struct Primitive: Sendable {
        public var kind: PrimitiveKind
        public var material: String?
        public var count: Int
        public var inputs: [Input]
        /// Index data: one `<p>` for triangles, polylist and lines; one per polygon or strip otherwise.
        public var indexLists: [[Int32]]
        /// Holes per polygon for `<polygons>` `<ph>` (parallel to `indexLists`, empty when none).
        public var holes: [[[Int32]]]
        public var vcount: [Int32]
        public var location: SourceLocation
        /// Location of each index list (for error reports).
        public var indexLocations: [SourceLocation]
    }

    public struct Geometry: Sendable {
        public var id: String
        public var name: String?
        /// `<vertices>` id and inputs.
        public var verticesID: String?
        public var vertexInputs: [Input]
        public var primitives: [Primitive]
        public var isMesh: Bool
        public var location: SourceLocation
    }

    public struct Skin: Sendable {
        public var source: String
        public var bindShapeMatrix: Matrix4x4
        public var jointInputs: [Input]
        public var weightInputs: [Input]
        public var vertexWeightCount: Int
        public var vcount: [Int32]
        public var v: [Int32]
        public var location: SourceLocation
        public var vertexWeightsLocation: SourceLocation
    }

    public struct Morph: Sendable {
        public var source: String
        public var method: String
        public var targetInputs: [Input]
        public var location: SourceLocation
    }

    public struct Controller: Sendable {
        public var id: String
        public var name: String?
        public var skin: Skin?
        public var morph: Morph?
        public var location: SourceLocation
    }

    public struct Sampler: Sendable {
        public var id: String?
        public var inputs: [Input]
        public var location: SourceLocation
    }

    public struct Channel: Sendable {
        public var source: String
        public var target: String
        public var location: SourceLocation
    }

    /// An `<animation>`, possibly nested.
    public struct Animation: Sendable {
        public var id: String?
        public var name: String?
        public var samplers: [Sampler]
        public var channels: [Channel]
        public var children: [Animation]
        public var location: SourceLocation

        /// Every channel of this animation and its descendants, depth first.
        public var allChannels: [Channel] {
            channels + children.flatMap(\.allChannels)
        }
    }

    public struct AnimationClip: Sendable {
        public var id: String?
        public var name: String?
        public var start: Float
        public var end: Float?
        public var animationURLs: [String]
        public var location: SourceLocation
    }

    public enum TransformKind: String, Sendable, Codable {
        case matrix, translate, rotate, scale, lookat, skew

        /// Number of values the element holds.
        public var valueCount: Int {
            switch self {
            case .matrix: return 16
            case .translate, .scale: return 3
            case .rotate: return 4
            case .lookat: return 9
            case .skew: return 7
            }
        }
    }

    public struct Transform: Sendable {
        public var kind: TransformKind
        public var sid: String?
        /// The values as written (a matrix row by row).
        public var values: [Float]
        public var location: SourceLocation
    }

    public struct MaterialBinding: Sendable {
        public var symbol: String
        public var target: String
    }

    public struct Instance: Sendable {
        public enum Kind: String, Sendable { case geometry, controller, camera, light, node }
        public var kind: Kind
        public var url: String
        public var skeletons: [String]
        public var materials: [MaterialBinding]
        public var location: SourceLocation
    }

    public struct Node: Sendable {
        public var id: String?
        public var sid: String?
        public var name: String?
        public var isJoint: Bool
        public var transforms: [Transform]
        public var instances: [Instance]
        public var children: [Node]
        public var location: SourceLocation
    }

    public struct VisualScene: Sendable {
        public var id: String?
        public var name: String?
        public var nodes: [Node]
        public var location: SourceLocation
    }

    public struct Camera: Sendable {
        public enum Kind: String, Sendable { case perspective, orthographic }
        public var id: String
        public var name: String?
        public var kind: Kind
        public var xfov: Float?
        public var yfov: Float?
        public var xmag: Float?
        public var ymag: Float?
        public var aspectRatio: Float?
        public var znear: Float?
        public var zfar: Float?
        public var location: SourceLocation
    }

    public struct Light: Sendable {
        public var id: String
        public var name: String?
        public var kind: String
        public var color: SIMD3<Float>
        public var location: SourceLocation
    }

    public struct Effect: Sendable {
        public var id: String
        public var shading: String?
        public var diffuseColor: SIMD4<Float>?
        public var diffuseTexture: String?
        public var emissionColor: SIMD4<Float>?
        public var transparency: Float?
        public var location: SourceLocation
    }

    public struct Material: Sendable {
        public var id: String
        public var name: String?
        public var effectURL: String
        public var location: SourceLocation
    }

    public struct Image: Sendable {
        public var id: String
        public var initFrom: String?
    }
}
