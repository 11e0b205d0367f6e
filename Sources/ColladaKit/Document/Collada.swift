import PipelineKit
/// The COLLADA vocabulary: what a document says, with references still as strings and every
/// value carrying the location it came from. Built from an ``XMLDocument`` by
/// ``Collada/Document/init(_:)``; resolved into a ``Scene`` by ``SceneResolver``.
///
/// Matrices are converted from COLLADA's row-major text to column-major ``Matrix4x4`` here, at
/// the Document edge.
public enum Collada {
    /// `<asset>`: units, axes and provenance.
    package struct Asset: Sendable {
        package var upAxis: UpAxis = .y
        package var unitMeters: Float = 1
        package var unitName: String = "meter"
        package var authoringTools: [String] = []
        package var hasUpAxis = false
    }

    public enum UpAxis: String, Sendable, Codable {
        case x = "X_UP", y = "Y_UP", z = "Z_UP"
    }

    /// A `<source>`: one typed array and the accessor that reads it.
    package struct Source: Sendable {
        package enum Values: Sendable {
            case floats([Float])
            case names([String])
            case ints([Int32])
            case none
        }
        package var id: String
        package var values: Values
        /// `accessor` count, offset and stride, and the params' names and types.
        package var count: Int
        package var offset: Int
        package var stride: Int
        package var params: [(name: String?, type: String)]
        package var location: SourceLocation

        package var floats: [Float] {
            if case .floats(let f) = values { return f }
            return []
        }
        package var names: [String] {
            if case .names(let n) = values { return n }
            return []
        }
        /// True when the accessor's params name the value (have a `name`); COLLADA skips unnamed params.
        package var firstParamName: String? { params.first?.name }
    }

    /// An `<input>`: semantic, source reference, offset and set.
    package struct Input: Sendable {
        package var semantic: String
        package var source: String
        package var offset: Int
        package var set: Int?
        package var location: SourceLocation
    }

    public enum PrimitiveKind: String, Sendable, Codable {
        case triangles, polylist, polygons, tristrips, trifans, lines, linestrips
    }

    /// One primitive element of a `<mesh>`, with its index data as written.
    package struct Primitive: Sendable {
        package var kind: PrimitiveKind
        package var material: String?
        package var count: Int
        package var inputs: [Input]
        /// Index data: one `<p>` for triangles, polylist and lines; one per polygon or strip otherwise.
        package var indexLists: [[Int32]]
        /// Holes per polygon for `<polygons>` `<ph>` (parallel to `indexLists`, empty when none).
        package var holes: [[[Int32]]]
        package var vcount: [Int32]
        package var location: SourceLocation
        /// Location of each index list (for error reports).
        package var indexLocations: [SourceLocation]
    }

    package struct Geometry: Sendable {
        package var id: String
        package var name: String?
        /// `<vertices>` id and inputs.
        package var verticesID: String?
        package var vertexInputs: [Input]
        package var primitives: [Primitive]
        package var isMesh: Bool
        package var location: SourceLocation
    }

    package struct Skin: Sendable {
        package var source: String
        package var bindShapeMatrix: Matrix4x4
        package var jointInputs: [Input]
        package var weightInputs: [Input]
        package var vertexWeightCount: Int
        package var vcount: [Int32]
        package var v: [Int32]
        package var location: SourceLocation
        package var vertexWeightsLocation: SourceLocation
    }

    package struct Morph: Sendable {
        package var source: String
        package var method: String
        package var targetInputs: [Input]
        package var location: SourceLocation
    }

    package struct Controller: Sendable {
        package var id: String
        package var name: String?
        package var skin: Skin?
        package var morph: Morph?
        package var location: SourceLocation
    }

    package struct Sampler: Sendable {
        package var id: String?
        package var inputs: [Input]
        package var location: SourceLocation
    }

    package struct Channel: Sendable {
        package var source: String
        package var target: String
        package var location: SourceLocation
    }

    /// An `<animation>`, possibly nested.
    package struct Animation: Sendable {
        package var id: String?
        package var name: String?
        package var samplers: [Sampler]
        package var channels: [Channel]
        package var children: [Animation]
        package var location: SourceLocation

        /// Every channel of this animation and its descendants, depth first.
        package var allChannels: [Channel] {
            channels + children.flatMap(\.allChannels)
        }
    }

    package struct AnimationClip: Sendable {
        package var id: String?
        package var name: String?
        package var start: Float
        package var end: Float?
        package var animationURLs: [String]
        package var location: SourceLocation
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

    package struct Transform: Sendable {
        package var kind: TransformKind
        package var sid: String?
        /// The values as written (a matrix row by row).
        package var values: [Float]
        package var location: SourceLocation
    }

    package struct MaterialBinding: Sendable {
        package var symbol: String
        package var target: String
    }

    package struct Instance: Sendable {
        package enum Kind: String, Sendable { case geometry, controller, camera, light, node }
        package var kind: Kind
        package var url: String
        package var skeletons: [String]
        package var materials: [MaterialBinding]
        package var location: SourceLocation
    }

    package struct Node: Sendable {
        package var id: String?
        package var sid: String?
        package var name: String?
        package var isJoint: Bool
        package var transforms: [Transform]
        package var instances: [Instance]
        package var children: [Node]
        package var location: SourceLocation
    }

    package struct VisualScene: Sendable {
        package var id: String?
        package var name: String?
        package var nodes: [Node]
        package var location: SourceLocation
    }

    package struct Camera: Sendable {
        package enum Kind: String, Sendable { case perspective, orthographic }
        package var id: String
        package var name: String?
        package var kind: Kind
        package var xfov: Float?
        package var yfov: Float?
        package var xmag: Float?
        package var ymag: Float?
        package var aspectRatio: Float?
        package var znear: Float?
        package var zfar: Float?
        package var location: SourceLocation
    }

    package struct Light: Sendable {
        package var id: String
        package var name: String?
        package var kind: String
        package var color: SIMD3<Float>
        package var location: SourceLocation
    }

    package struct Effect: Sendable {
        package var id: String
        package var shading: String?
        package var diffuseColor: SIMD4<Float>?
        package var diffuseTexture: String?
        package var emissionColor: SIMD4<Float>?
        package var transparency: Float?
        package var location: SourceLocation
    }

    package struct Material: Sendable {
        package var id: String
        package var name: String?
        package var effectURL: String
        package var location: SourceLocation
    }

    package struct Image: Sendable {
        package var id: String
        package var initFrom: String?
    }
}
