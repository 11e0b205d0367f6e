import ColladaKit

/// Triangles ready to draw: world-space positions (Y up, metres), per-corner normals and a colour per
/// triangle, flattened from every posed mesh of a scene (structure of arrays).
public struct DrawList: Sendable {
    /// Vertex positions, world space.
    public var positions: [SIMD3<Float>] = []
    /// Three vertex indices per triangle.
    public var indices: [UInt32] = []
    /// Three unit normals per triangle (corner order), world space.
    public var cornerNormals: [SIMD3<Float>] = []
    /// Per triangle, an index into ``palette``.
    public var colorIndex: [UInt16] = []
    /// Linear-light diffuse colours.
    public var palette: [SIMD3<Float>] = []
    /// Per triangle, what it belongs to (``Layer``): the figure, a prop or the floor. Icons ink the figure's
    /// outline and draw the rest flat and light.
    public var layer: [Layer] = []

    /// What a triangle belongs to.
    public enum Layer: UInt8, Sendable {
        /// The skinned figure (everything, in a scene without skins).
        case figure = 0
        /// An unskinned mesh in a scene with skins: a wall, a bar, a ball.
        case prop = 1
        /// The floor the icon draws under the figure.
        case floor = 2
    }

    public init() {}

    /// Number of triangles.
    public var triangleCount: Int { indices.count / 3 }

    /// How triangles get their colour.
    public struct Coloring: Sendable {
        /// Diffuse colour (linear) of meshes whose material gives none.
        public var defaultColor: SIMD3<Float>
        /// Colour (linear) of unskinned meshes in a scene that has skinned ones (props); `nil` keeps their materials.
        public var propColor: SIMD3<Float>?
        /// Use the COLLADA materials' diffuse colours (linear, as COLLADA stores them).
        public var useMaterials: Bool

        public init(defaultColor: SIMD3<Float>, propColor: SIMD3<Float>? = SIMD3(repeating: 0.2), useMaterials: Bool = true) {
            self.defaultColor = defaultColor
            self.propColor = propColor
            self.useMaterials = useMaterials
        }

        /// The icon style's figure and prop colours, materials on (for the figure).
        public init(style: IconStyle) {
            self.init(defaultColor: SRGB.linear(style.figureColor), propColor: SRGB.linear(style.propColor))
        }
    }

    /// Every triangle of `meshes` (from ``MeshDeformer/posedMeshes(_:normals:)`` of `scene`). Corners without
    /// normals get the face normal. O(corners).
    public init(scene: Scene, meshes: [PosedMesh], coloring: Coloring) {
        let hasSkins = scene.meshInstances.contains { if case .skin = $0.source { return true } else { return false } }
        var paletteIndex: [SIMD3<Float>: UInt16] = [:]
        func colorSlot(_ c: SIMD3<Float>) -> UInt16 {
            if let i = paletteIndex[c] { return i }
            // At most 65536 colours (UInt16 slots); past that, triangles take the last one.
            guard palette.count <= Int(UInt16.max) else { return UInt16.max }
            let i = UInt16(palette.count)
            palette.append(c)
            paletteIndex[c] = i
            return i
        }
        let total = meshes.reduce(0) { $0 + scene.meshes[$1.mesh].triangleCount }
        indices.reserveCapacity(3 * total)
        cornerNormals.reserveCapacity(3 * total)
        colorIndex.reserveCapacity(total)
        layer.reserveCapacity(total)
        for posed in meshes {
            let mesh = scene.meshes[posed.mesh]
            let inst = scene.meshInstances[posed.instance]
            var isSkinned = false
            if case .skin = inst.source { isSkinned = true }
            let base = UInt32(positions.count)
            positions.append(contentsOf: posed.positions)
            let vcount = posed.positions.count
            for (k, part) in mesh.parts.enumerated() {
                var color = coloring.defaultColor
                if hasSkins && !isSkinned, let prop = coloring.propColor {
                    color = prop
                } else if coloring.useMaterials, let sym = part.materialSymbol, let m = inst.materials[sym],
                          m >= 0, m < scene.materials.count, let d = scene.materials[m].diffuseColor {
                    color = SIMD3(d.x, d.y, d.z).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                }
                let slot = colorSlot(color)
                let kind: Layer = hasSkins && !isSkinned ? .prop : .figure
                let normals = k < posed.normals.count && posed.normals[k].count == part.positionIndices.count ? posed.normals[k] : []
                let idx = part.positionIndices
                let whole = idx.count / 3 * 3
                let firstCorner = cornerNormals.count
                let missing = SIMD3<Float>(.nan, .nan, .nan)
                if whole > 0, idx.prefix(whole).max().map({ Int($0) < vcount }) == true {
                    // Every triangle's corners are in range (a mesh as the resolver builds it): copied in bulk.
                    indices.append(contentsOf: idx.prefix(whole).lazy.map { base + $0 })
                    if normals.isEmpty {
                        cornerNormals.append(contentsOf: repeatElement(missing, count: whole))
                    } else {
                        cornerNormals.append(contentsOf: normals.prefix(whole))
                    }
                } else {
                    // A triangle with a corner out of range is left out.
                    var c = 0
                    while c + 2 < idx.count {
                        if Int(idx[c]) < vcount && Int(idx[c + 1]) < vcount && Int(idx[c + 2]) < vcount {
                            for q in 0..<3 {
                                indices.append(base + idx[c + q])
                                cornerNormals.append(normals.isEmpty ? missing : normals[c + q])
                            }
                        }
                        c += 3
                    }
                }
                let added = (cornerNormals.count - firstCorner) / 3
                colorIndex.append(contentsOf: repeatElement(slot, count: added))
                layer.append(contentsOf: repeatElement(kind, count: added))
                // The face's normal stands in for a missing, non-finite or zero corner normal (computed only then).
                cornerNormals.withUnsafeMutableBufferPointer { out in
                    positions.withUnsafeBufferPointer { p in
                        indices.withUnsafeBufferPointer { tri in
                            for corner in stride(from: firstCorner, to: out.count, by: 3) {
                                var faceOK: SIMD3<Float>? = nil
                                for q in 0..<3 {
                                    let n = out[corner + q]
                                    guard !(n.x.isFinite && n.y.isFinite && n.z.isFinite) || simdDot(n, n) < 1e-12 else { continue }
                                    if faceOK == nil {
                                        let a = Int(tri[corner]), b = Int(tri[corner + 1]), d = Int(tri[corner + 2])
                                        let face = simdNormalize(simdCross(p[b] - p[a], p[d] - p[a]))
                                        faceOK = face.x.isFinite ? face : SIMD3<Float>(0, 0, 1)
                                    }
                                    out[corner + q] = faceOK!
                                }
                            }
                        }
                    }
                }
            }
        }
        if palette.isEmpty { palette.append(coloring.defaultColor) }
    }

    /// Appends another list's triangles (indices and colours re-based). Colour slots past 65535 take the last
    /// one (slots are `UInt16`).
    public mutating func append(_ other: DrawList) {
        let base = UInt32(positions.count), pbase = palette.count
        positions.append(contentsOf: other.positions)
        indices.append(contentsOf: other.indices.map { $0 + base })
        cornerNormals.append(contentsOf: other.cornerNormals)
        palette.append(contentsOf: other.palette.prefix(max(0, Int(UInt16.max) + 1 - pbase)))
        colorIndex.append(contentsOf: other.colorIndex.map { UInt16(max(0, min(Int($0) + pbase, palette.count - 1, Int(UInt16.max)))) })
        layer.append(contentsOf: other.layer)
    }
}
