/// One skin's influences, normalised per vertex, as compressed rows (structure of arrays).
/// Prepared once per skin and reused for every pose.
///
/// Palette slot `jointCount` is the bind shape alone: COLLADA's joint index -1, and the single
/// influence given to a vertex whose weights sum to zero (it stays at `bind_shape_matrix · v` in
/// the skinned instance's node space).
public struct SkinWeights: Sendable {
    /// Vertices of the skinned mesh (its POSITION count).
    public let vertexCount: Int
    /// Joints of the skin; palettes have `jointCount + 1` matrices.
    public let jointCount: Int
    /// `influenceStart[v]..<influenceStart[v+1]` are vertex `v`'s influences.
    public let influenceStart: [UInt32]
    /// Palette slot per influence: a joint index, or `jointCount` for the bind shape.
    public let influenceSlot: [UInt32]
    /// Weight per influence; each vertex's weights sum to 1.
    public let influenceWeight: [Float]
    /// Vertices whose written weights did not sum to 1 within 1e-3 (every vertex is normalised;
    /// these needed it).
    public let normalizedVertexCount: Int
    /// Vertices with zero (or non-finite) total weight, left at the bind shape.
    public let unweightedVertices: [Int]

    /// Total influences (vertex-joint pairs), the unit of skinning cost.
    public var influenceCount: Int { influenceWeight.count }

    /// Normalises `skin`'s weights: each vertex's weights are divided by their sum.
    public init(_ skin: Skin) {
        let jointCount = skin.jointNames.count
        let vertexCount = max(0, skin.influenceStart.count - 1)
        var start: [UInt32] = [0]
        start.reserveCapacity(vertexCount + 1)
        var slots: [UInt32] = []
        slots.reserveCapacity(skin.influenceJoint.count)
        var weights: [Float] = []
        weights.reserveCapacity(skin.influenceWeight.count)
        var normalized = 0
        var unweighted: [Int] = []
        for v in 0..<vertexCount {
            let lo = Int(skin.influenceStart[v]), hi = min(Int(skin.influenceStart[v + 1]), skin.influenceJoint.count)
            var sum: Float = 0
            if lo < hi { for i in lo..<hi { sum += skin.influenceWeight[i] } }
            if !(abs(sum) > 1e-12) || !sum.isFinite {
                unweighted.append(v)
                slots.append(UInt32(jointCount))
                weights.append(1)
            } else {
                if abs(sum - 1) > 1e-3 { normalized += 1 }
                let inv = 1 / sum
                for i in lo..<hi {
                    let j = Int(skin.influenceJoint[i])
                    slots.append(j >= 0 && j < jointCount ? UInt32(j) : UInt32(jointCount))
                    weights.append(skin.influenceWeight[i] * inv)
                }
            }
            start.append(UInt32(slots.count))
        }
        self.init(vertexCount: vertexCount, jointCount: jointCount, influenceStart: start, influenceSlot: slots,
                  influenceWeight: weights, normalizedVertexCount: normalized, unweightedVertices: unweighted)
    }

    /// Rows as given (no normalisation); slots must be `<= jointCount` and `start` ascending.
    package init(vertexCount: Int, jointCount: Int, influenceStart: [UInt32], influenceSlot: [UInt32], influenceWeight: [Float],
                 normalizedVertexCount: Int, unweightedVertices: [Int]) {
        self.vertexCount = vertexCount
        self.jointCount = jointCount
        self.influenceStart = influenceStart
        self.influenceSlot = influenceSlot
        self.influenceWeight = influenceWeight
        self.normalizedVertexCount = normalizedVertexCount
        self.unweightedVertices = unweightedVertices
    }
}

/// Linear blend skinning kernels over structure-of-arrays data.
public enum LinearBlendSkinning {
    /// `out[v] = (Σᵢ wᵢ · palette[slotᵢ]) · positions[v]` for every vertex.
    ///
    /// - Parameters:
    ///   - positions: rest positions (the skin's mesh, or its morph result), `weights.vertexCount` of them.
    ///   - palette: per slot the full skinning matrix (see ``Scene/skinningMatrices(for:pose:)``),
    ///     `weights.jointCount + 1` matrices.
    ///   - out: resized to the vertex count and overwritten.
    ///   - normalFrames: when not `nil`, receives per vertex three columns (`3v ..< 3v+3`) of the
    ///     blended matrix's cofactor matrix, signed so that it maps normals like the inverse
    ///     transpose up to a positive scale; see ``transformNormals(of:frames:)``.
    /// - Returns: `false` (and leaves `out` empty) when the inputs do not fit together.
    ///
    /// Cost: O(influences); no allocation beyond resizing the outputs.
    @discardableResult
    public static func deform(_ positions: [SIMD3<Float>], weights: SkinWeights, palette: [Matrix4x4],
                              into out: inout [SIMD3<Float>], normalFrames: inout [SIMD3<Float>]?) -> Bool {
        let n = weights.vertexCount
        guard positions.count >= n, palette.count > weights.jointCount, weights.influenceStart.count == n + 1,
              Int(weights.influenceStart[n]) <= weights.influenceSlot.count,
              weights.influenceSlot.count == weights.influenceWeight.count else {
            out.removeAll()
            normalFrames = nil
            return false
        }
        if out.count != n { out = [SIMD3<Float>](repeating: .zero, count: n) }
        let wantFrames = normalFrames != nil
        var frames = normalFrames ?? []
        normalFrames = nil
        if wantFrames && frames.count != 3 * n { frames = [SIMD3<Float>](repeating: .zero, count: 3 * n) }
        let pos = positions.span, start = weights.influenceStart.span
        let slot = weights.influenceSlot.span, weight = weights.influenceWeight.span
        let pal = palette.span
        var o = out.mutableSpan
        var f = frames.mutableSpan
        var i = Int(start[0])
        for v in 0..<n {
            // Blend the matrices first (4 fused multiply-adds per influence), then transform once.
            var c0 = SIMD4<Float>.zero, c1 = SIMD4<Float>.zero, c2 = SIMD4<Float>.zero, c3 = SIMD4<Float>.zero
            let end = Int(start[v + 1])
            while i < end {
                let m = pal[Int(slot[i])]
                let w = weight[i]
                c0 += m.columns.0 * w
                c1 += m.columns.1 * w
                c2 += m.columns.2 * w
                c3 += m.columns.3 * w
                i += 1
            }
            let p = pos[v]
            let r = c0 * p.x + c1 * p.y + c2 * p.z + c3
            o[v] = SIMD3(r.x, r.y, r.z)
            if wantFrames {
                let a = SIMD3(c0.x, c0.y, c0.z), b = SIMD3(c1.x, c1.y, c1.z), c = SIMD3(c2.x, c2.y, c2.z)
                let bc = simdCross(b, c)
                let sign: Float = simdDot(a, bc) < 0 ? -1 : 1
                f[3 * v] = bc * sign
                f[3 * v + 1] = simdCross(c, a) * sign
                f[3 * v + 2] = simdCross(a, b) * sign
            }
        }
        if wantFrames { normalFrames = frames }
        return true
    }

    /// Per part of `mesh`, per corner, the corner's normal mapped by its vertex's frame (from
    /// ``deform(_:weights:palette:into:normalFrames:)``) and normalised. Parts without normals give
    /// an empty array. O(corners).
    ///
    /// Per-vertex normals (COLLADA's `NORMAL` input on `<vertices>`, as Blender writes a smooth mesh: every corner's
    /// normal index is its position index) are mapped once per vertex, and each corner copies its vertex's: the same
    /// arithmetic, so the same bits, for a sixth of the work on a closed triangle mesh (a vertex has about six corners).
    public static func transformNormals(of mesh: Mesh, frames: [SIMD3<Float>]) -> [[SIMD3<Float>]] {
        if mesh.parts.contains(where: { !$0.normalIndices.isEmpty }),
           mesh.parts.allSatisfy({ $0.normalIndices.isEmpty || $0.normalIndices == $0.positionIndices }) {
            return transformVertexNormals(of: mesh, frames: frames)
        }
        return mesh.parts.map { part in
            guard !part.normalIndices.isEmpty, part.normalIndices.count == part.positionIndices.count else { return [] }
            let count = part.normalIndices.count
            let normals = mesh.normals.span, f = frames.span
            let nIndex = part.normalIndices.span, pIndex = part.positionIndices.span
            let normalCount = normals.count, frameCount = f.count
            return [SIMD3<Float>](unsafeUninitializedCapacity: count) { out, made in
                for c in 0..<count {
                    let v = Int(pIndex[c]), k = Int(nIndex[c])
                    guard k < normalCount, 3 * v + 2 < frameCount else { out[c] = .zero; continue }
                    let nn = normals[k]
                    out[c] = simdNormalize(f[3 * v] * nn.x + f[3 * v + 1] * nn.y + f[3 * v + 2] * nn.z)
                }
                made = count
            }
        }
    }

    /// ``transformNormals(of:frames:)`` for a mesh whose corners all take their vertex's normal: each vertex's
    /// normal mapped once (those with a frame and a normal), then gathered per corner (`.zero` where the corner's
    /// vertex has none, as the per-corner path gives).
    static func transformVertexNormals(of mesh: Mesh, frames: [SIMD3<Float>]) -> [[SIMD3<Float>]] {
        let vertices = min(frames.count / 3, mesh.normals.count)
        let normals = mesh.normals.span, f = frames.span
        let mapped = [SIMD3<Float>](unsafeUninitializedCapacity: vertices) { out, made in
            for v in 0..<vertices {
                let nn = normals[v]
                out[v] = simdNormalize(f[3 * v] * nn.x + f[3 * v + 1] * nn.y + f[3 * v + 2] * nn.z)
            }
            made = vertices
        }
        let m = mapped.span
        return mesh.parts.map { part in
            guard !part.normalIndices.isEmpty else { return [] }
            let pIndex = part.positionIndices.span
            let count = pIndex.count
            return [SIMD3<Float>](unsafeUninitializedCapacity: count) { out, made in
                for c in 0..<count {
                    let v = Int(pIndex[c])
                    out[c] = v < vertices ? m[v] : .zero
                }
                made = count
            }
        }
    }

    /// Per part, per corner, the corner's normal mapped by the inverse transpose of `m`'s 3x3 and
    /// normalised (for rigidly placed meshes). O(corners).
    public static func transformNormals(of mesh: Mesh, matrix m: Matrix4x4) -> [[SIMD3<Float>]] {
        let a = SIMD3(m.columns.0.x, m.columns.0.y, m.columns.0.z)
        let b = SIMD3(m.columns.1.x, m.columns.1.y, m.columns.1.z)
        let c = SIMD3(m.columns.2.x, m.columns.2.y, m.columns.2.z)
        let sign: Float = m.determinant3x3 < 0 ? -1 : 1
        let (f0, f1, f2) = (simdCross(b, c) * sign, simdCross(c, a) * sign, simdCross(a, b) * sign)
        return mesh.parts.map { part in
            guard !part.normalIndices.isEmpty, part.normalIndices.count == part.positionIndices.count else { return [] }
            return part.normalIndices.map { ni in
                let k = Int(ni)
                guard k < mesh.normals.count else { return SIMD3<Float>.zero }
                let n = mesh.normals[k]
                return simdNormalize(f0 * n.x + f1 * n.y + f2 * n.z)
            }
        }
    }
}

/// One mesh instance posed: world-space positions in the order of the mesh's POSITION source.
public struct PosedMesh: Sendable {
    /// Index into ``Scene/meshInstances``.
    public var instance: Int
    /// The instance's node (index into ``Scene/nodes``).
    public var node: Int
    /// The mesh drawn (index into ``Scene/meshes``); its parts give the triangles.
    public var mesh: Int
    /// The instance node's name, else its id, else the mesh id.
    public var name: String
    /// Posed positions, one per ``Mesh/positions`` entry, same order; normalised space (Y up,
    /// metres) unless the scene keeps file space.
    public var positions: [SIMD3<Float>]
    /// Per part of the mesh, per corner, the posed unit normal; empty for parts without normals
    /// or when normals were not requested. Morph targets' normals are not blended (base normals).
    public var normals: [[SIMD3<Float>]]
    /// Skinned vertices whose weights needed normalising (0 for unskinned meshes).
    public var normalizedVertexCount: Int
    /// Skinned vertices without weight, left at the bind shape.
    public var unweightedVertices: [Int]
}

/// Poses a scene's meshes; keeps each skin's normalised weights so repeated poses cost only the
/// skinning itself.
public struct MeshDeformer: Sendable {
    /// The scene whose mesh instances are posed.
    public let scene: Scene
    /// Per skin (index into ``Scene/skins``), its prepared weights.
    public let skinWeights: [SkinWeights]

    /// Prepares every skin of `scene`. O(influences).
    public init(scene: Scene) {
        self.scene = scene
        skinWeights = scene.skins.map(SkinWeights.init)
    }

    /// Every mesh instance posed, in ``Scene/meshInstances`` order.
    public func posedMeshes(_ pose: Pose, normals: Bool = true) -> [PosedMesh] {
        scene.meshInstances.indices.map { posedMesh(instance: $0, pose: pose, normals: normals) }
    }

    /// Mesh instance `index` posed by `pose` (which must come from this scene).
    ///
    /// - `.mesh`: positions mapped by the node's normalised world matrix.
    /// - `.morph`: RELATIVE `base + Σ wᵢ (targetᵢ - base)` or NORMALIZED `(1 - Σ wᵢ) base + Σ wᵢ targetᵢ`,
    ///   with ``Pose/morphWeights``, then the node's world matrix.
    /// - `.skin`: (the morph first, when the skin's source is one) then linear blend skinning,
    ///   `v' = Σ wᵢ (C · Jᵢ · IBMᵢ · BSM) v`; the instance node's own transform does not apply
    ///   (COLLADA's joints place the skin), except for bind-shape influences.
    public func posedMesh(instance index: Int, pose: Pose, normals wantNormals: Bool = true) -> PosedMesh {
        let inst = scene.meshInstances[index]
        let meshIndex = inst.mesh(in: scene)
        let mesh = scene.meshes[meshIndex]
        let node = scene.nodes[inst.node]
        var result = PosedMesh(instance: index, node: inst.node, mesh: meshIndex, name: node.name ?? node.id ?? mesh.id,
                               positions: [], normals: [], normalizedVertexCount: 0, unweightedVertices: [])
        switch inst.source {
        case .mesh, .morph:
            var rest = mesh.positions
            if case .morph(let m) = inst.source, m < pose.morphWeights.count {
                rest = scene.morphedPositions(morph: m, weights: pose.morphWeights[m])
            }
            let world = pose.normalizedWorld(inst.node)
            result.positions = rest.map { world.transformPoint($0) }
            if wantNormals { result.normals = LinearBlendSkinning.transformNormals(of: mesh, matrix: world) }
        case .skin(let s):
            let skin = scene.skins[s]
            let weights = skinWeights[s]
            var rest = mesh.positions
            if let m = skin.morph, m < pose.morphWeights.count {
                rest = scene.morphedPositions(morph: m, weights: pose.morphWeights[m])
            }
            let palette = scene.skinningMatrices(for: inst, pose: pose)
            var frames: [SIMD3<Float>]? = wantNormals ? [] : nil
            if LinearBlendSkinning.deform(rest, weights: weights, palette: palette, into: &result.positions, normalFrames: &frames) {
                if let frames { result.normals = LinearBlendSkinning.transformNormals(of: mesh, frames: frames) }
            } else {
                // Weights that do not fit the mesh (not produced by the resolver): the bind shape, placed rigidly.
                let bind = palette.last ?? pose.normalizedWorld(inst.node)
                result.positions = rest.map { bind.transformPoint($0) }
                if wantNormals { result.normals = LinearBlendSkinning.transformNormals(of: mesh, matrix: bind) }
            }
            result.normalizedVertexCount = weights.normalizedVertexCount
            result.unweightedVertices = weights.unweightedVertices
        }
        return result
    }
}

extension Scene {
    /// The skinning palette of a skinned instance at `pose`: per joint `C · Jworld · IBM · BSM`
    /// (C = ``axisConversion``), then one more, `C · W(instance node) · BSM`, for the bind shape
    /// alone. A joint that was not found uses the bind-shape matrix. O(joints).
    public func skinningMatrices(for instance: MeshInstance, pose: Pose) -> [Matrix4x4] {
        guard case .skin(let s) = instance.source, s < skins.count else { return [] }
        let skin = skins[s]
        let c = pose.axisConversion
        let bindShape = c * pose.worldMatrices[instance.node] * skin.bindShapeMatrix
        var palette = [Matrix4x4](repeating: bindShape, count: skin.jointNames.count + 1)
        for j in 0..<skin.jointNames.count {
            guard j < instance.jointNodes.count, let n = instance.jointNodes[j], n < pose.worldMatrices.count,
                  j < skin.inverseBindMatrices.count else { continue }
            palette[j] = c * pose.worldMatrices[n] * skin.inverseBindMatrices[j] * skin.bindShapeMatrix
        }
        return palette
    }

    /// Morph `morph`'s positions with `weights`: RELATIVE `base + Σ wᵢ (targetᵢ - base)`,
    /// NORMALIZED `(1 - Σ wᵢ) base + Σ wᵢ targetᵢ`. Targets of another size are skipped.
    /// O(targets · vertices).
    public func morphedPositions(morph: Int, weights: [Float]) -> [SIMD3<Float>] {
        let m = morphs[morph]
        let base = meshes[m.baseMesh].positions
        var out = base
        var total: Float = 0
        for (k, t) in m.targets.enumerated() where k < weights.count {
            let target = meshes[t].positions
            guard target.count == base.count else { continue }
            let w = weights[k]
            total += w
            if m.isRelative {
                for v in out.indices { out[v] += (target[v] - base[v]) * w }
            } else {
                for v in out.indices { out[v] += target[v] * w }
            }
        }
        if !m.isRelative {
            // out = base + Σ w t  ->  (1 - Σ w) base + Σ w t
            for v in out.indices { out[v] -= base[v] * total }
        }
        return out
    }

    /// Every mesh instance posed at time `t` (see ``pose(at:clip:)`` and ``MeshDeformer``).
    public func posedMeshes(at t: Float, clip: AnimationClip? = nil, normals: Bool = true) -> [PosedMesh] {
        MeshDeformer(scene: self).posedMeshes(pose(at: t, clip: clip), normals: normals)
    }
}
