import ColladaKit
import Foundation
import Testing
@testable import ProgressionContent

/// Pose files hold the iconic moment of their animation at the catalog's `poseTime`, and every rig's
/// camera looks at the figure from its side with the whole rep in view.
@Suite struct AuthorPoseFileTests {
    @Test(arguments: AssetsFixture.ids)
    func poseFileFreezesTheIconicMomentInView(id: String) throws {
        let base = try #require(AssetsFixture.base)
        let def = try #require(AssetsFixture.definition(id))
        let motion = AssetAuthor().builder.bake(def)
        let anim = try ColladaLoader.load(path: AssetsFixture.path("Animations/\(id).dae"))
        let pose = try ColladaLoader.load(path: AssetsFixture.path("Poses/\(id)-pose.dae"))
        let (a, _) = base.applying(rig: anim)
        let (p, _) = base.applying(rig: pose)
        let pa = a.pose(at: Float(motion.iconicFrame + 1) / BakedMotion.fps)
        let pp = p.pose(at: AssetAuthor.poseTime)
        var worst: Float = 0
        for j in base.jointIndices { worst = max(worst, pa.worldMatrices[j].maxDifference(pp.worldMatrices[j])) }
        #expect(worst < 1e-4, "\(id): pose file differs from the animation's iconic frame by \(worst)")

        // The camera: side view (looking along -X, up +Z in file space), every joint of every frame in view.
        let cam = try #require(a.camera(in: pa))
        let world = a.pose(at: 0).worldMatrices[cam.node]
        let look = world.transformDirection(SIMD3(0, 0, -1))
        #expect(simdLength(look - SIMD3(-1, 0, 0)) < 1e-4 && simdLength(world.transformDirection(SIMD3(0, 1, 0)) - SIMD3(0, 0, 1)) < 1e-4)
        guard case .perspective(let yfov, _) = cam.camera.projection, let view = world.inverse else {
            Issue.record("\(id): camera is not perspective"); return
        }
        let limit = tan(yfov / 2)
        for t in try #require(anim.samplers.first?.input) {
            let pose = a.pose(at: t)
            for j in base.jointIndices {
                let q = view.transformPoint(pose.worldMatrices[j].translation)
                #expect(-q.z > 0 && abs(q.x) / -q.z < limit && abs(q.y) / -q.z < limit, "\(id): \(base.nodes[j].label) out of view at \(t)")
            }
        }
    }
}
