import ColladaKit
import Foundation
import Testing
@testable import ProgressionContent

/// Physical checks of every progression at every frame, on the committed files as the reader loads
/// them (the rig applied to the base model):
/// - planted contacts (the anchor points and the hands/feet held by IK) stay within 3 cm of where
///   they are at the first frame; a hand held on a body point (a thigh, the other wrist) stays within
///   3 cm of it;
/// - no vertex of the skinned mannequin goes more than 1 cm below the floor;
/// - joint limits: knee (shin) flexion in [-3°, 160°] and elbow (forearm) flexion in [-160°, 3°],
///   both hinges (sideways bend under 6°); wrist and ankle turn under 110°; neck and head under 80°;
///   spine and chest under 45° each; hip (thigh) under 150°.
/// - the animation loops (first sample equals the last), lasts 2-4 s, and every joint has a channel.
@Suite struct AuthorPhysicalTests {
    @Test(arguments: AssetsFixture.ids)
    func progressionIsPhysical(id: String) throws {
        let base = try #require(AssetsFixture.base)
        let def = try #require(AssetsFixture.definition(id))
        let rig = try ColladaLoader.load(path: AssetsFixture.path("Animations/\(id).dae"))
        #expect(rig.meshInstances.allSatisfy { if case .mesh = $0.source { return true } else { return false } })
        #expect(rig.skins.isEmpty)
        #expect(rig.channels.count == rig.jointIndices.count && rig.channels.allSatisfy { $0.animationID == "action_container-rig" })
        let times = try #require(rig.samplers.first?.input)
        #expect((2...4).contains(times.last! - times.first!), "\(id) lasts \(times.last! - times.first!) s")
        for s in rig.samplers { #expect(Array(s.output.prefix(16)) == Array(s.output.suffix(16)), "\(id) does not loop") }

        let (scene, binding) = base.applying(rig: rig)
        #expect(binding.unmatchedChannels.isEmpty && binding.unmatchedRigJoints.isEmpty && binding.undrivenBaseJoints.isEmpty)
        #expect(binding.matchedJoints.count == base.jointIndices.count && binding.cameraReplaced)

        var points: [(String, Int, SIMD3<Float>)] = def.anchor.compactMap { p in scene.node(named: p.bone).map { (p.bone, $0, p.offset) } }
        // A hand held on a moving body point (a thigh, the other wrist) rides with it: checked against it below.
        var riders: [(hand: Int, on: Int, offset: SIMD3<Float>)] = []
        for c in def.contacts {
            guard let n = scene.node(named: c.bone) else { Issue.record("\(id): no joint \(c.bone)"); continue }
            if let at = c.at {
                guard let m = scene.node(named: at.bone) else { Issue.record("\(id): no joint \(at.bone)"); continue }
                riders.append((n, m, at.offset))
                continue
            }
            // The palm or the middle of the foot.
            points.append((c.bone, n, SIMD3(0, c.bone.hasPrefix("foot") ? 0.07 : 0.08, 0)))
        }
        let deformer = MeshDeformer(scene: scene)
        var start: [SIMD3<Float>] = []
        var worstDrift: Float = 0, worstRide: Float = 0, lowest: Float = .infinity
        var limitIssues: [String] = []
        for (f, t) in times.enumerated() {
            let pose = scene.pose(at: t)
            let here = points.map { pose.worldMatrices[$0.1].transformPoint($0.2) }
            if start.isEmpty { start = here }
            for r in riders {
                let gap = simdLength(pose.worldMatrices[r.hand].transformPoint(SIMD3(0, 0.08, 0)) - pose.worldMatrices[r.on].transformPoint(r.offset))
                worstRide = max(worstRide, gap)
            }
            for (a, b) in zip(here, start) { worstDrift = max(worstDrift, simdLength(a - b)) }
            for m in deformer.posedMeshes(pose, normals: false) { for p in m.positions { lowest = min(lowest, p.y) } }
            for j in scene.jointIndices {
                if let issue = Self.limitIssue(scene, pose, joint: j) { limitIssues.append("frame \(f + 1): \(issue)") }
            }
        }
        #expect(worstDrift <= 0.03, "\(id): a planted contact moves \(worstDrift * 100) cm")
        #expect(worstRide <= 0.03, "\(id): a hand leaves the body point it holds by \(worstRide * 100) cm")
        #expect(lowest >= -0.01, "\(id): the body goes \(-lowest * 100) cm below the floor")
        #expect(limitIssues.count == 0, "\(id): \(limitIssues.count) joint limit issues, first: \(limitIssues.prefix(4))")
    }

    /// The joint's rotation against its rest pose, judged against the limits of the suite's doc.
    static func limitIssue(_ scene: Scene, _ pose: Pose, joint j: Int) -> String? {
        let node = scene.nodes[j]
        guard let name = node.name, node.parent != nil, let restInv = node.localMatrix.inverse else { return nil }
        let d = restInv * pose.localMatrices[j]
        if name == "hips" { return nil }
        let y = SIMD3(d.columns.1.x, d.columns.1.y, d.columns.1.z)
        let trace = d.columns.0.x + d.columns.1.y + d.columns.2.z
        let angle = acos(max(-1, min(1, (trace - 1) / 2))) * 180 / .pi
        let flex = atan2(y.z, y.y) * 180 / .pi
        switch name.split(separator: ".").first ?? "" {
        case "shin":
            if flex < -3 || flex > 160 || abs(y.x) > sin(6 * .pi / 180) { return "\(name) flexion \(flex)°, sideways \(y.x)" }
        case "forearm":
            if flex > 3 || flex < -160 || abs(y.x) > sin(6 * .pi / 180) { return "\(name) flexion \(flex)°, sideways \(y.x)" }
        case "hand", "foot": if angle > 110 { return "\(name) turns \(angle)°" }
        case "neck", "head": if angle > 80 { return "\(name) turns \(angle)°" }
        case "spine", "chest": if angle > 45 { return "\(name) turns \(angle)°" }
        case "thigh": if angle > 150 { return "\(name) turns \(angle)°" }
        default: break
        }
        return nil
    }
}
