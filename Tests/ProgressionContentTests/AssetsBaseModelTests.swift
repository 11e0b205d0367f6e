import ColladaKit
import Foundation
import Testing
@testable import ProgressionContent

/// The mannequin as the reader loads it back from `Assets/Models/base-model.dae`.
@Suite struct AssetsBaseModelTests {
    static let joints = ["hips", "spine", "chest", "neck", "head"]
        + ["L", "R"].flatMap { s in ["shoulder", "upper_arm", "forearm", "hand", "thigh", "shin", "foot", "toe"].map { "\($0).\(s)" } }

    @Test func skeletonIsNamedAsBlenderNamesIt() throws {
        let scene = try #require(AssetsFixture.base)
        #expect(scene.upAxis == .z && scene.unitMeters == 1)
        let rig = try #require(scene.nodes.firstIndex { $0.id == "rig" && $0.name == "rig" && !$0.isJoint })
        let joints = scene.jointIndices.map { scene.nodes[$0] }
        #expect(joints.count == Self.joints.count && joints.count >= 20)
        for name in Self.joints {
            let sid = name.replacingOccurrences(of: ".", with: "_")
            let j = joints.first { $0.name == name }
            #expect(j?.sid == sid && j?.id == "rig_\(sid)", "joint \(name)")
        }
        #expect(scene.nodes[scene.jointIndices[0]].parent == rig)
        #expect(scene.cameraInstances.count == 1 && scene.nodes[scene.cameraInstances[0].node].name == "Camera")
    }

    @Test func meshIsAClosedMannequinWithNormals() throws {
        let scene = try #require(AssetsFixture.base)
        let mesh = try #require(scene.meshes.first)
        #expect((5_000...30_000).contains(mesh.triangleCount))
        #expect(mesh.normals.count == mesh.positions.count)
        #expect(mesh.parts.allSatisfy { $0.normalIndices.count == $0.positionIndices.count })
        // Closed: every edge is used once in each direction.
        var edges: [UInt64: Int] = [:]
        for part in mesh.parts {
            let p = part.positionIndices
            for t in stride(from: 0, to: p.count, by: 3) {
                for (a, b) in [(p[t], p[t + 1]), (p[t + 1], p[t + 2]), (p[t + 2], p[t])] {
                    edges[UInt64(a) << 32 | UInt64(b), default: 0] += 1
                }
            }
        }
        let open = edges.filter { key, n in n != 1 || edges[(key & 0xFFFF_FFFF) << 32 | key >> 32] != 1 }
        #expect(open.isEmpty, "\(open.count) edges are not shared by exactly two triangles")
        // Height about 1.75 m, standing on the floor, in the normalised (Y up) convention.
        let posed = MeshDeformer(scene: scene).posedMeshes(scene.restPose)[0].positions
        let lo = posed.map(\.y).min() ?? 0, hi = posed.map(\.y).max() ?? 0
        #expect(abs(hi - lo - 1.75) < 0.03 && abs(lo) < 0.01, "height \(hi - lo), lowest \(lo)")
        #expect(scene.materials.count == 1 && scene.materials[0].diffuseColor != nil)
    }

    @Test func weightsAreNormalisedAndBlendAcrossEveryJoint() throws {
        let scene = try #require(AssetsFixture.base)
        let skin = try #require(scene.skins.first)
        #expect(skin.maxInfluences <= 4)
        #expect(skin.weightSums.allSatisfy { abs($0 - 1) < 1e-4 })
        #expect(scene.meshInstances[0].jointNodes.allSatisfy { $0 != nil })
        // Every bone has vertices it shares at a blend (0.25...0.75) with a neighbour: no rigid cracks.
        let names = skin.jointNames
        var blended = Set<String>()
        for v in 0..<(skin.influenceStart.count - 1) {
            let lo = Int(skin.influenceStart[v]), hi = Int(skin.influenceStart[v + 1])
            for i in lo..<hi where (0.25...0.75).contains(skin.influenceWeight[i]) { blended.insert(names[Int(skin.influenceJoint[i])]) }
        }
        let mustBlend = Self.joints.map { $0.replacingOccurrences(of: ".", with: "_") }
        for sid in mustBlend { #expect(blended.contains(sid), "no smooth blend at \(sid)") }
    }
}
