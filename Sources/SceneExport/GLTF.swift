/// The parts of glTF 2.0's JSON this package writes (keys as the specification names them; `nil`
/// fields are left out).
enum GLTF {
    struct Document: Encodable {
        struct Asset: Encodable {
            var generator: String
            var version: String
        }
        var asset: Asset
        var scene: Int?
        var scenes: [Scene] = []
        var nodes: [Node] = []
        var meshes: [Mesh] = []
        var materials: [Material] = []
        var skins: [Skin] = []
        var cameras: [Camera] = []
        var animations: [Animation] = []
        var accessors: [Accessor] = []
        var bufferViews: [BufferView] = []
        var buffers: [Buffer] = []

        init(asset: Asset) { self.asset = asset }

        enum CodingKeys: String, CodingKey {
            case asset, scene, scenes, nodes, meshes, materials, skins, cameras, animations, accessors, bufferViews, buffers
        }

        /// Empty lists are left out (the specification requires lists present to be non-empty).
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(asset, forKey: .asset)
            try c.encodeIfPresent(scene, forKey: .scene)
            func list<T: Encodable>(_ v: [T], _ key: CodingKeys) throws { if !v.isEmpty { try c.encode(v, forKey: key) } }
            try list(scenes, .scenes)
            try list(nodes, .nodes)
            try list(meshes, .meshes)
            try list(materials, .materials)
            try list(skins, .skins)
            try list(cameras, .cameras)
            try list(animations, .animations)
            try list(accessors, .accessors)
            try list(bufferViews, .bufferViews)
            try list(buffers, .buffers)
        }
    }

    struct Scene: Encodable {
        var name: String
        var nodes: [Int]
    }

    struct Node: Encodable {
        var name: String
        var children: [Int]?
        var translation: [Float]?
        /// x, y, z, w.
        var rotation: [Float]?
        var scale: [Float]?
        var mesh: Int?
        var skin: Int?
        var camera: Int?
    }

    struct Mesh: Encodable {
        var name: String
        var primitives: [Primitive]
    }

    struct Primitive: Encodable {
        var attributes: [String: Int]
        var indices: Int
        var material: Int?
        /// 4: triangles.
        var mode: Int
    }

    struct Material: Encodable {
        struct PBR: Encodable {
            var baseColorFactor: [Float]
            var metallicFactor: Float
            var roughnessFactor: Float
        }
        var name: String
        var pbrMetallicRoughness: PBR
    }

    struct Skin: Encodable {
        var name: String
        var inverseBindMatrices: Int
        var joints: [Int]
        var skeleton: Int?
    }

    struct Camera: Encodable {
        struct Perspective: Encodable {
            var aspectRatio: Float?
            var yfov: Float
            var znear: Float
            var zfar: Float
        }
        struct Orthographic: Encodable {
            var xmag: Float
            var ymag: Float
            var znear: Float
            var zfar: Float
        }
        var name: String
        var type: String
        var perspective: Perspective?
        var orthographic: Orthographic?
    }

    struct Animation: Encodable {
        struct Channel: Encodable {
            struct Target: Encodable {
                var node: Int
                var path: String
            }
            var sampler: Int
            var target: Target
        }
        struct Sampler: Encodable {
            var input: Int
            var output: Int
            var interpolation: String
        }
        var name: String
        var channels: [Channel]
        var samplers: [Sampler]
    }

    struct Accessor: Encodable {
        var bufferView: Int
        /// 5121 unsigned byte, 5123 unsigned short, 5125 unsigned int, 5126 float.
        var componentType: Int
        var count: Int
        var type: String
        var min: [Float]?
        var max: [Float]?
    }

    struct BufferView: Encodable {
        var buffer: Int
        var byteOffset: Int
        var byteLength: Int
        /// 34962 vertex attributes, 34963 indices; nil for animation data and matrices.
        var target: Int?
    }

    struct Buffer: Encodable {
        var byteLength: Int
    }
}
