import ColladaKit
import PipelineKit

/// The "base model" rules: the mannequin's skin is fit for linear blend skinning with at most four
/// influences, every vertex follows a joint, every joint moves something, and the bind data agrees
/// with the node hierarchy.
enum BaseModelRules {
    static let skinMissing = ValidationRule(id: "base-skin-missing", severity: .error, area: .base,
                                            summary: "the base model has a skinned mesh")
    static let weightsNormalized = ValidationRule(id: "base-weights-normalized", severity: .error, area: .base,
                                                  summary: "every vertex's weights sum to 1 (within 1e-3); the message counts those that do not")
    static let influencesMax = ValidationRule(id: "base-influences-max", severity: .warning, area: .base,
                                              summary: "a vertex has at most 4 influences; the message counts those with more")
    static let vertexUnweighted = ValidationRule(id: "base-vertex-unweighted", severity: .error, area: .base,
                                                 summary: "every vertex has an influence with a non-zero weight")
    static let jointUnused = ValidationRule(id: "base-joint-unused", severity: .warning, area: .base,
                                            summary: "every skin joint weighs some vertex")
    static let bindMatrices = ValidationRule(id: "base-bind-matrices", severity: .error, area: .base,
                                             summary: "inverse bind matrices agree with the joints' rest world matrices (joint world x inverse bind is the same for all joints)")
    static let bindShape = ValidationRule(id: "base-bind-shape", severity: .error, area: .base,
                                          summary: "the bind shape matrix is invertible")

    static let rules = [skinMissing, weightsNormalized, influencesMax, vertexUnweighted, jointUnused, bindMatrices, bindShape]

    static let weightTolerance: Float = 1e-3
    static let maxInfluences = 4
    /// Largest element difference between two joints' world x inverse bind, relative to max(1, |element|).
    static let bindTolerance: Float = 1e-3

    static func check(_ subject: ValidationSubject, locator: inout ValueLocator) -> [Diagnostic] {
        guard let scene = subject.scene else { return [] }
        var out: [Diagnostic] = []
        let skinned = scene.meshInstances.compactMap { inst -> (skin: Int, joints: [Int?])? in
            if case .skin(let s) = inst.source { return (s, inst.jointNodes) }
            return nil
        }
        if skinned.isEmpty {
            out.append(skinMissing("the base model has no skinned mesh instance (<instance_controller> of a <skin>); rigs cannot move it",
                                   at: subject.document?.visualScenes.first?.location ?? subject.fileLocation))
            return out
        }
        // Rest world matrices, parents first.
        var world = [Matrix4x4](repeating: .identity, count: scene.nodes.count)
        for (i, n) in scene.nodes.enumerated() {
            world[i] = (n.parent.map { world[$0] } ?? .identity) * n.localMatrix
        }
        var seen = Set<Int>()
        for (s, jointNodes) in skinned where seen.insert(s).inserted {
            let skin = scene.skins[s]
            let controller = locator.element(named: "controller", id: skin.id)
            let skinElement = controller?.child("skin")
            let vcount = skinElement?.child("vertex_weights")?.child("vcount")
            func vertexLocation(_ v: Int) -> SourceLocation {
                vcount.map { ValueLocator.location(in: $0, token: v) } ?? skin.location
            }
            checkWeights(skin, at: vertexLocation, into: &out)
            // Joints that weigh nothing.
            var used = [Bool](repeating: false, count: skin.jointNames.count)
            for i in skin.influenceJoint.indices where skin.influenceWeight[i] > 0 {
                let j = Int(skin.influenceJoint[i])
                if j >= 0 && j < used.count { used[j] = true }
            }
            let jointSource = sourceID(of: "JOINT", in: subject.document?.controllers.first { $0.id == skin.id }?.skin?.jointInputs)
            let ibmSource = sourceID(of: "INV_BIND_MATRIX", in: subject.document?.controllers.first { $0.id == skin.id }?.skin?.jointInputs)
            for j in used.indices where !used[j] {
                let loc = jointSource.map { locator.location(ofSource: $0, value: j, fallback: skin.location) } ?? skin.location
                out.append(jointUnused("joint '\(skin.jointNames[j])' of skin '\(skin.id)' weighs no vertex", at: loc))
            }
            // Bind shape.
            if skin.bindShapeMatrix.inverse == nil {
                out.append(bindShape("skin '\(skin.id)' has a singular bind shape matrix", at: skinElement?.child("bind_shape_matrix")?.location ?? skin.location))
            }
            // world_j * inverse bind_j: one matrix shared by all joints (the skeleton's placement).
            var products: [(joint: Int, p: Matrix4x4)] = []
            for j in skin.inverseBindMatrices.indices where j < jointNodes.count {
                guard let n = jointNodes[j] else { continue }
                products.append((j, world[n] * skin.inverseBindMatrices[j]))
            }
            guard !products.isEmpty else { continue }
            func agree(_ a: Matrix4x4, _ b: Matrix4x4) -> Bool {
                var scale: Float = 1
                for c in 0..<4 { scale = max(scale, a[c].max(), -a[c].min()) }
                return a.maxDifference(b) <= bindTolerance * scale
            }
            // The consensus is the product most joints agree with (ties: the earliest joint).
            var best = products[0].p, bestVotes = -1
            for a in products {
                let votes = products.reduce(0) { $0 + (agree(a.p, $1.p) ? 1 : 0) }
                if votes > bestVotes { best = a.p; bestVotes = votes }
            }
            for (j, p) in products where !agree(p, best) {
                let loc = ibmSource.map { locator.location(ofSource: $0, value: 16 * j, fallback: skin.location) } ?? skin.location
                out.append(bindMatrices("joint '\(skin.jointNames[j])' of skin '\(skin.id)': its rest world matrix times its inverse bind matrix differs from the other joints' by "
                                               + String(cFormat: "%.4g", p.maxDifference(best)) + "; the mesh would move at rest", at: loc))
            }
        }
        return out
    }

    static func checkWeights(_ skin: Skin, at location: (Int) -> SourceLocation, into out: inout [Diagnostic]) {
        let vertices = skin.weightSums.count
        var offNormal = 0, firstOff = -1
        var over = 0, firstOver = -1, most = 0
        var unweighted = 0, firstUnweighted = -1
        for v in 0..<vertices {
            let start = Int(skin.influenceStart[v]), end = Int(skin.influenceStart[v + 1])
            var sum: Float = 0, n = 0
            for i in start..<end where skin.influenceJoint[i] >= 0 && skin.influenceWeight[i] > 0 {
                sum += skin.influenceWeight[i]
                n += 1
            }
            if n == 0 {
                unweighted += 1
                if firstUnweighted < 0 { firstUnweighted = v }
                continue
            }
            if abs(skin.weightSums[v] - 1) > weightTolerance {
                offNormal += 1
                if firstOff < 0 { firstOff = v }
            }
            if n > maxInfluences {
                over += 1
                most = max(most, n)
                if firstOver < 0 { firstOver = v }
            }
        }
        if offNormal > 0 {
            out.append(weightsNormalized("skin '\(skin.id)': \(offNormal) of \(vertices) vertices have weights not summing to 1 (within \(weightTolerance)); first: vertex \(firstOff), sum \(skin.weightSums[firstOff])",
                                         at: location(firstOff)))
        }
        if over > 0 {
            out.append(influencesMax("skin '\(skin.id)': \(over) vertices have more than \(maxInfluences) influences (up to \(most)); the smallest are dropped; first: vertex \(firstOver)",
                                     at: location(firstOver)))
        }
        if unweighted > 0 {
            out.append(vertexUnweighted("skin '\(skin.id)': \(unweighted) vertices have no influence and stay at the bind shape; first: vertex \(firstUnweighted)",
                                        at: location(firstUnweighted)))
        }
    }

    static func sourceID(of semantic: String, in inputs: [Collada.Input]?) -> String? {
        guard let s = inputs?.first(where: { $0.semantic == semantic })?.source, s.first == "#" else { return nil }
        return String(s.dropFirst())
    }
}
