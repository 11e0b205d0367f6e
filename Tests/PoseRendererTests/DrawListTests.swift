import ColladaKit
import Testing
@testable import PoseRenderer

/// How ``DrawList/init(scene:meshes:coloring:)`` flattens posed meshes: every triangle's corners re-based, its
/// corner normals kept, and a corner whose normal is missing, not finite or zero given its face's normal; the same
/// whether a part takes the bulk path (all its corners in range) or the triangle-by-triangle one.
@Suite struct DrawListTests {
    /// Two triangles in the plane z = 0 (face normal +z for the first, -z for the second, wound the other way),
    /// and (1, 0, 0), (2, 0, 0) on a line with the first: a degenerate triangle.
    static let positions: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(2, 0, 0)]

    static func list(parts: [MeshPart], normals: [SIMD3<Float>]) -> DrawList {
        var scene = Scene(path: "drawlist", authoringTool: nil, upAxis: .y)
        scene.meshes = [Mesh(id: "g", name: nil, positions: positions, normals: normals, parts: parts)]
        scene.addNode(Node(id: "n", name: "n", isJoint: false, transforms: []), parent: nil)
        scene.meshInstances = [MeshInstance(node: 0, source: .mesh(0), materials: [:])]
        return DrawList(scene: scene, meshes: MeshDeformer(scene: scene).posedMeshes(scene.restPose),
                        coloring: .init(defaultColor: SIMD3(0.5, 0.5, 0.5)))
    }

    @Test func badCornerNormalsTakeTheFaceNormal() {
        let up = SIMD3<Float>(0, 0, 1)
        // Normal 0 is fine (tilted), 1 is NaN, 2 is zero: per-corner indices pick them.
        let normals: [SIMD3<Float>] = [simdNormalize(SIMD3(0, 1, 1)), SIMD3(.nan, 0, 0), .zero]
        let tris: [UInt32] = [0, 1, 2, 0, 2, 1, 0, 1, 3]
        let list = Self.list(parts: [MeshPart(materialSymbol: nil, positionIndices: tris, normalIndices: [0, 1, 2, 0, 0, 0, 1, 1, 1])],
                             normals: normals)
        #expect(list.indices == tris)
        #expect(list.triangleCount == 3 && list.colorIndex == [0, 0, 0] && list.layer == [.figure, .figure, .figure])
        let n = list.cornerNormals
        #expect(n.count == 9)
        // Triangle 0: its good corner keeps its normal, the NaN and zero corners get the face's (+z).
        func near(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Bool { simdLength(a - b) < 1e-6 }
        #expect(near(n[0], normals[0]) && n[1] == up && n[2] == up)
        // Triangle 1: all good.
        #expect(near(n[3], normals[0]) && near(n[4], normals[0]) && near(n[5], normals[0]))
        // Triangle 2: collinear corners with NaN normals: no face normal to give, so no NaN either (it covers no
        // sample; the resolve would shade a zero normal as facing the camera).
        #expect(n[6...8].allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0 == n[6] })
    }

    @Test func aPartWithoutNormalsUsesFaceNormals() {
        let list = Self.list(parts: [MeshPart(materialSymbol: nil, positionIndices: [0, 2, 1], normalIndices: [])], normals: [])
        #expect(list.cornerNormals == [SIMD3(0, 0, -1), SIMD3(0, 0, -1), SIMD3(0, 0, -1)])
    }

    /// A triangle with a corner out of range is left out (the other triangles of its part are kept, in order).
    @Test func trianglesWithCornersOutOfRangeAreLeftOut() {
        let list = Self.list(parts: [MeshPart(materialSymbol: nil, positionIndices: [0, 1, 2, 0, 1, 9, 0, 2, 1], normalIndices: [])], normals: [])
        #expect(list.indices == [0, 1, 2, 0, 2, 1])
        #expect(list.cornerNormals == [SIMD3(0, 0, 1), SIMD3(0, 0, 1), SIMD3(0, 0, 1), SIMD3(0, 0, -1), SIMD3(0, 0, -1), SIMD3(0, 0, -1)])
        #expect(list.colorIndex.count == 2 && list.layer.count == 2)
    }
}
