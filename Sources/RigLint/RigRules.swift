import ColladaKit
import PipelineKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The "against the base model" rules: an animation-only rig (or pose file) checked against the
/// base mannequin it will drive, with the renderer's matching rules (a rig node matches the base
/// nodes of the same name, else id, else sid; see `Scene.applying(rig:)`).
enum RigRules {
    static let jointMissing = ValidationRule(id: "rig-joint-missing", severity: .error, area: .rig,
                                             summary: "every animated rig joint has a base joint of the same name, id or sid")
    static let jointParent = ValidationRule(id: "rig-joint-parent", severity: .error, area: .rig,
                                            summary: "a matched joint has the same parent in the rig and the base")
    static let jointUndriven = ValidationRule(id: "rig-joint-undriven", severity: .warning, area: .rig,
                                              summary: "every base joint is in the rig (the missing keep the rest pose)")
    static let restLength = ValidationRule(id: "rig-rest-length", severity: .warning, area: .rig,
                                           summary: "a joint's rest offset from its parent (bone length) matches the base")
    static let restOrientation = ValidationRule(id: "rig-rest-orientation", severity: .warning, area: .rig,
                                                summary: "a joint's rest orientation matches the base")
    static let axisUnit = ValidationRule(id: "rig-axis-unit", severity: .warning, area: .rig,
                                         summary: "the rig has the base's up axis and unit (else it is converted)")
    static let cameraMissing = ValidationRule(id: "rig-camera-missing", severity: .warning, area: .rig,
                                              summary: "the rig has a \"Camera\" node with a camera (else the base camera is used)")
    static let cameraFOV = ValidationRule(id: "rig-camera-fov", severity: .warning, area: .rig,
                                          summary: "the rig camera's vertical field of view is between 10 and 120 degrees")
    static let containerID = ValidationRule(id: "rig-container-id", severity: .warning, area: .rig,
                                            summary: "the animations sit in the <animation> the catalog's animationContainer names (the original app looked up \"action_container-rig\"); silent without it")

    static let rules = [jointMissing, jointParent, jointUndriven, restLength, restOrientation, axisUnit, cameraMissing, cameraFOV, containerID]

    /// Largest bone length difference: this fraction of the base's, or 1 mm, whichever is larger.
    static let lengthTolerance: Float = 0.01
    /// Largest rest orientation difference in degrees.
    static let angleTolerance: Float = 1
    static let fovRange: ClosedRange<Float> = 10...120

    /// Base nodes by name, id and sid, for the renderer's matching order.
    struct BaseIndex: Sendable {
        let base: Scene
        var byName: [String: [Int]] = [:], byID: [String: [Int]] = [:], bySID: [String: [Int]] = [:]
        init(_ base: Scene) {
            self.base = base
            for (i, n) in base.nodes.enumerated() {
                if let k = n.name { byName[k, default: []].append(i) }
                if let k = n.id { byID[k, default: []].append(i) }
                if let k = n.sid { bySID[k, default: []].append(i) }
            }
        }
        /// The base nodes a rig node drives: same name, else same id, else same sid.
        func matches(_ n: Node) -> [Int] {
            if let k = n.name, let f = byName[k] { return f }
            if let k = n.id, let f = byID[k] { return f }
            if let k = n.sid, let f = bySID[k] { return f }
            return []
        }
    }

    static func check(_ subject: ValidationSubject, base: Scene, index: BaseIndex, container: String? = nil) -> [Diagnostic] {
        guard let rig = subject.scene else { return [] }
        var out: [Diagnostic] = []
        let doc = subject.document
        let assetElement = subject.xml?.root?.child("asset")

        // Up axis and unit.
        if rig.upAxis != base.upAxis || abs(rig.unitMeters - base.unitMeters) > 1e-6 * max(1, base.unitMeters) {
            let loc = (rig.upAxis != base.upAxis ? assetElement?.child("up_axis") : assetElement?.child("unit"))?.location ?? subject.fileLocation
            out.append(axisUnit("the rig is \(rig.upAxis.rawValue), \(rig.unitMeters) m per unit; the base is \(base.upAxis.rawValue), \(base.unitMeters) m: the rig is converted when applied",
                                at: loc))
        }
        let baseC = SceneResolver.conversion(base.upAxis, base.unitMeters), rigC = SceneResolver.conversion(rig.upAxis, rig.unitMeters)
        let k = (baseC.inverse ?? .identity) * rigC
        let kInverse = k.inverse ?? .identity

        // The camera chain is copied, not matched.
        var cameraChain = Set<Int>()
        let camera = rig.cameraInstances.first { rig.nodes[$0.node].name == "Camera" || rig.nodes[$0.node].id == "Camera" }
        if let camera {
            var n: Int? = camera.node
            while let c = n { cameraChain.insert(c); n = rig.nodes[c].parent }
            if camera.index < rig.cameras.count, let fov = rig.cameras[camera.index].yfovDegrees, !fovRange.contains(fov) {
                let id = rig.cameras[camera.index].id
                let loc = doc?.cameras.first { $0.id == id }?.location ?? rig.nodes[camera.node].location
                out.append(cameraFOV("camera '\(id)' " + String(cFormat: "has a vertical field of view of %.2f degrees; expected %.0f to %.0f", fov, fovRange.lowerBound, fovRange.upperBound),
                                     at: loc))
            }
        } else {
            let has = base.cameraInstances.isEmpty ? "the base model has no camera either" : "the base model's camera is used"
            let loc = doc?.visualScenes.first?.location ?? subject.fileLocation
            out.append(cameraMissing("no node named \"Camera\" with an <instance_camera>: \(has)", at: loc))
        }

        // Animated nodes and the joints.
        var animated = Set<Int>()
        for ch in rig.channels { if case .transform(let nodes, _, _) = ch.target { animated.formUnion(nodes) } }
        var drivenBase = Set<Int>()
        for r in rig.nodes.indices where !cameraChain.contains(r) && rig.nodes[r].instanceOf == nil {
            let node = rig.nodes[r]
            let found = index.matches(node)
            if found.isEmpty {
                if animated.contains(r) && (node.isJoint || !node.transforms.isEmpty) {
                    out.append(jointMissing("animated \(node.isJoint ? "joint" : "node") '\(node.label)' has no base node of the same name, id or sid; its animation is dropped",
                                            at: node.location))
                }
                continue
            }
            drivenBase.formUnion(found)
            guard node.isJoint, let b = found.first else { continue }
            // Same parent.
            let rp = node.parent, bp = base.nodes[b].parent
            if let rp, rig.nodes[rp].isJoint {
                let sameParent = bp.map { index.matches(rig.nodes[rp]).contains($0) } ?? false
                if !sameParent {
                    out.append(jointParent("joint '\(node.label)' has parent '\(rig.nodes[rp].label)' in the rig but '\(bp.map { base.nodes[$0].label } ?? "none")' in the base",
                                           at: node.location))
                }
            } else if let bp, base.nodes[bp].isJoint {
                out.append(jointParent("joint '\(node.label)' is a root joint in the rig but has parent joint '\(base.nodes[bp].label)' in the base",
                                       at: node.location))
            }
            // Rest pose.
            let rl = k * node.localMatrix * kInverse, bl = base.nodes[b].localMatrix
            let lr = simdLength(rl.translation), lb = simdLength(bl.translation)
            if abs(lr - lb) > max(lengthTolerance * lb, 1e-3 / max(base.unitMeters, 1e-9)) {
                out.append(restLength("joint '\(node.label)' " + String(cFormat: "sits %.4f from its parent in the rig but %.4f in the base (base units)", lr, lb),
                                      at: node.location))
            }
            let angle = rotationAngle(rl, bl)
            if angle > angleTolerance {
                out.append(restOrientation("joint '\(node.label)' " + String(cFormat: "rest orientation differs from the base by %.2f degrees", angle),
                                           at: node.location))
            }
        }
        let undriven = base.nodes.indices.filter { base.nodes[$0].isJoint && !drivenBase.contains($0) }.map { base.nodes[$0].label }
        if !undriven.isEmpty {
            let loc = rig.nodes.first(where: \.isJoint)?.location ?? subject.fileLocation
            out.append(jointUndriven("\(undriven.count) base joint(s) are not in the rig and keep the rest pose: \(undriven.prefix(12).joined(separator: ", "))\(undriven.count > 12 ? ", ..." : "")",
                                     at: loc))
        }

        // The container the catalog asks for (the original app looked its animation up by id).
        if let container, let doc, !doc.animations.isEmpty, !containsAnimation(doc.animations, id: container) {
            out.append(containerID("no <animation id=\"\(container)\">, which the catalog's animationContainer asks for (found '\(doc.animations[0].id ?? "(no id)")')",
                                   at: doc.animations[0].location))
        }
        return out
    }

    static func containsAnimation(_ list: [Collada.Animation], id: String) -> Bool {
        list.contains { $0.id == id || containsAnimation($0.children, id: id) }
    }

    /// Angle in degrees between the rotation parts of two matrices (columns normalised, so scale is ignored).
    static func rotationAngle(_ a: Matrix4x4, _ b: Matrix4x4) -> Float {
        func axes(_ m: Matrix4x4) -> [SIMD3<Float>] {
            (0..<3).map { c in simdNormalize(SIMD3(m[c].x, m[c].y, m[c].z)) }
        }
        let x = axes(a), y = axes(b)
        // trace(Aᵀ B) = Σ a_c · b_c; angle = acos((trace - 1) / 2).
        let trace = simdDot(x[0], y[0]) + simdDot(x[1], y[1]) + simdDot(x[2], y[2])
        let c = max(-1, min(1, (trace - 1) / 2))
        guard c.isFinite else { return 0 }
        return acos(c) * 180 / .pi
    }
}
