import PipelineKit
/// Public initialisers for building a ``Scene`` in code (authoring), the input of ``ColladaWriter``.
///
/// The reader builds scenes through internal memberwise initialisers; these are the same, with the
/// bookkeeping that a reader derives (source locations, skin weight sums) filled in.
extension Scene {
    /// An empty scene in `upAxis` and `unitMeters` (the axis conversion is derived as the reader does).
    public init(path: String, authoringTool: String?, upAxis: Collada.UpAxis = .z, unitMeters: Float = 1) {
        self.init(path: path, colladaVersion: "1.4.1", authoringTool: authoringTool, upAxis: upAxis,
                  unitMeters: unitMeters, axisConversion: SceneResolver.conversion(upAxis, unitMeters))
    }

    /// Appends `node` under `parent` (which must already be in the scene) and returns its index.
    @discardableResult
    public mutating func addNode(_ node: Node, parent: Int?) -> Int {
        var node = node
        node.parent = parent
        let index = nodes.count
        nodes.append(node)
        if let parent, parent >= 0, parent < index { nodes[parent].children.append(index) }
        return index
    }
}

extension Node {
    /// A node with its transform elements; `parent` and `children` are set by ``Scene/addNode(_:parent:)``.
    public init(id: String?, sid: String? = nil, name: String?, isJoint: Bool, transforms: [Transform]) {
        self.init(id: id, sid: sid, name: name, isJoint: isJoint, parent: nil, transforms: transforms,
                  location: SourceLocation(path: "", line: 0, column: 0), instanceOf: nil)
    }
}

extension Transform {
    public init(_ kind: Collada.TransformKind, sid: String?, values: [Float]) {
        self.kind = kind
        self.sid = sid
        self.values = values
    }

    /// A `<matrix>` element holding `m`.
    public static func matrix(_ m: Matrix4x4, sid: String? = "transform") -> Transform {
        Transform(.matrix, sid: sid, values: m.rowMajor)
    }
}

extension Mesh {
    /// A triangle mesh; `normals`/`texcoords` may be empty.
    public init(id: String, name: String?, positions: [SIMD3<Float>], normals: [SIMD3<Float>],
                texcoords: [SIMD2<Float>] = [], parts: [MeshPart]) {
        self.init(id: id, name: name, positions: positions, normals: normals, texcoords: texcoords, colors: [],
                  parts: parts, lineSegmentCount: 0, location: SourceLocation(path: "", line: 0, column: 0))
    }
}

extension MeshPart {
    /// Triangles (three corners each) bound to material `materialSymbol`.
    public init(materialSymbol: String?, positionIndices: [UInt32], normalIndices: [UInt32],
                texcoordIndices: [UInt32] = []) {
        self.init(kind: .triangles, materialSymbol: materialSymbol, positionIndices: positionIndices,
                  normalIndices: normalIndices, texcoordIndices: texcoordIndices, colorIndices: [])
    }
}

extension Skin {
    /// A skin of mesh `mesh` with joints named by sid (`Name_array`), influences as compressed rows.
    public init(id: String, name: String?, mesh: Int, bindShapeMatrix: Matrix4x4, jointNames: [String],
                inverseBindMatrices: [Matrix4x4], influenceStart: [UInt32], influenceJoint: [Int32],
                influenceWeight: [Float]) {
        var sums: [Float] = []
        var maxInf = 0
        for v in 0..<max(0, influenceStart.count - 1) {
            let lo = Int(influenceStart[v]), hi = Int(influenceStart[v + 1])
            var s: Float = 0
            for i in lo..<hi { s += influenceWeight[i] }
            sums.append(s)
            maxInf = max(maxInf, hi - lo)
        }
        self.init(id: id, name: name, mesh: mesh, morph: nil, bindShapeMatrix: bindShapeMatrix, jointNames: jointNames,
                  jointNamesAreIDs: false, inverseBindMatrices: inverseBindMatrices, influenceStart: influenceStart,
                  influenceJoint: influenceJoint, influenceWeight: influenceWeight, weightSums: sums,
                  maxInfluences: maxInf, location: SourceLocation(path: "", line: 0, column: 0))
    }
}

extension MeshInstance {
    public init(node: Int, source: Source, jointNodes: [Int?] = [], skeletonRoots: [Int] = [],
                materials: [String: Int] = [:]) {
        self.init(node: node, source: source, jointNodes: jointNodes, skeletonRoots: skeletonRoots,
                  materials: materials, location: SourceLocation(path: "", line: 0, column: 0))
    }
}

extension NodeAttachment {
    public init(node: Int, attaching index: Int) {
        self.init(node: node, index: index)
    }
}

extension Camera {
    /// `clipping`: near...far distances along the view direction.
    public init(id: String, name: String?, projection: Projection, clipping: ClosedRange<Float>) {
        self.id = id
        self.name = name
        self.projection = projection
        self.znear = clipping.lowerBound
        self.zfar = clipping.upperBound
    }
}

extension Light {
    /// `kind`: `directional`, `point`, `spot` or `ambient`; `color` linear RGB.
    public init(id: String, name: String?, type: String, color: SIMD3<Float>) {
        self.id = id
        self.name = name
        self.kind = type
        self.color = color
    }
}

extension Material {
    /// `shading`: `lambert`, `phong`, `blinn` or `constant`.
    public init(id: String, name: String?, shadingModel: String, diffuse: SIMD4<Float>) {
        self.id = id
        self.name = name
        self.shading = shadingModel
        self.diffuseColor = diffuse
        self.diffuseTexture = nil
    }
}

extension AnimationSampler {
    /// A sampler of `stride` values per key, every key `interpolation`.
    public init(id: String?, input: [Float], output: [Float], stride: Int, interpolation: Interpolation) {
        self.init(id: id, input: input, output: output, stride: stride,
                  interpolation: Array(repeating: interpolation, count: input.count), inTangent: [], outTangent: [],
                  tangentStride: 0, location: SourceLocation(path: "", line: 0, column: 0))
    }
}

extension AnimationChannel {
    /// A channel driving `nodes`' transform element `transform` (`targetPath` as written: `nodeID/sid`),
    /// inside the top-level `<animation id=animationID>`.
    public init(sampler: Int, node: Int, transform: Int, targetPath: String, animationID: String?) {
        self.init(sampler: sampler, target: .transform(nodes: [node], transform: transform, member: .all),
                  targetPath: targetPath, animationID: animationID,
                  location: SourceLocation(path: "", line: 0, column: 0))
    }
}
