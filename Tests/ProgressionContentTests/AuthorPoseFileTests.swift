import ColladaKit
import Foundation
import Testing
@testable import ProgressionContent

/// Pose files hold the iconic moment of their animation at the catalog's `poseTime`; every rig's
/// camera looks at the figure from its progression's view with the whole rep in view; and the steps
/// of one exercise share one camera distance (one figure scale in the icons).
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

        // The camera: looking from the definition's view (armature space is file space: Z up), every joint of
        // every frame in view.
        let cam = try #require(a.camera(in: pa))
        let world = a.pose(at: 0).worldMatrices[cam.node]
        let (back, _, up) = RigCamera.basis(def.view)
        #expect(simdLength(world.transformDirection(SIMD3(0, 0, 1)) - back) < 1e-4 && simdLength(world.transformDirection(SIMD3(0, 1, 0)) - up) < 1e-4,
                "\(id): the camera does not look from azimuth \(def.view.azimuth), elevation \(def.view.elevation)")
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

    /// The icon's camera (the pose file's) is at one distance for all ten steps of an exercise, and from there
    /// every vertex of the figure at the pose file's frames and every prop corner is inside the frame with
    /// the framing margin to spare (the committed files equal this regeneration: AssetsRegenerationTests).
    @Test func stepsOfAnExerciseShareOneFigureScaleWithEverythingInFrame() throws {
        let author = AssetAuthor()
        let defs = ProgressionLibrary.all
        let motions = defs.map { author.builder.bake($0) }
        let cameras = AssetAuthor.cameras(defs, motions: motions, builder: author.builder)
        var distances: [Substring: Set<Float>] = [:]
        for (i, def) in defs.enumerated() {
            let pose = cameras[i].pose
            distances[def.exercise, default: []].insert(pose.distance)
            let points = RigCamera.points(motions[i], frames: AssetAuthor.poseFrames(motions[i]), builder: author.builder)
            #expect(pose.leastDistance(points) <= pose.distance + 1e-4, "\(def.id): something is outside the icon camera's frame")
        }
        #expect(distances.count == 6)
        for (exercise, set) in distances.sorted(by: { $0.key < $1.key }) {
            #expect(set.count == 1, "\(exercise): \(set.count) different camera distances")
            print("\(exercise): icon camera \(set.first ?? 0) m from its target")
        }
    }
}
