import ColladaKit

/// What every batch (`icons`, `export`) refuses, with one rule each: the same fault gives the same rule, the
/// same words and the same outcome in every batch.
package enum BatchPolicy {
    /// A base model with no skinned mesh: nothing for a rig to move (a camera-only file, or a rig named as the
    /// base model). Refused before any progression is made.
    package static func checkBase(_ scene: Scene, path: String) -> Diagnostic? {
        if scene.meshInstances.contains(where: { if case .skin = $0.source { true } else { false } }) { return nil }
        return Diagnostic(.baseModelNotSkinned,
                          "the base model has no skinned mesh (\(scene.meshInstances.count) mesh instance(s), none bound to a skeleton): "
                          + "name the file exported with the mesh and its armature",
                          at: SourceLocation(path: path, line: 0, column: 0))
    }

    /// A rig (or pose file) applied to the base model: every channel must drive a joint of it, or that motion
    /// would be lost. One error per unmatched channel, at the channel; one when nothing matched.
    package static func checkBinding(_ binding: RigBinding, rigPath: String) -> [Diagnostic] {
        var out = binding.unmatchedChannels.map { u in
            Diagnostic(.rigJointMissing, "channel '\(u.targetPath)' matches no joint of the base model: \(u.reason)", at: u.location)
        }
        if binding.matchedChannels.isEmpty && out.isEmpty {
            out.append(Diagnostic(.rigNoChannels, "the rig animates no joint of the base model",
                                  at: SourceLocation(path: rigPath, line: 0, column: 0)))
        }
        return out
    }
}

extension DiagnosticRule.Stage {
    /// Applying a rig to the base model in a batch (`icons`, `export`).
    package static let batch = DiagnosticRule.Stage(rawValue: "batch")
}

extension DiagnosticRule {
    package static let baseModelNotSkinned = DiagnosticRule(
        "base-model-not-skinned", .error, .batch, "The catalog's base model has no skinned mesh: nothing for the rigs to move.")
    package static let rigJointMissing = DiagnosticRule(
        "batch-rig-joint-missing", .error, .batch, "A rig channel drives a joint the base model does not have: its motion would be lost, so the progression is not made.")
    package static let rigNoChannels = DiagnosticRule(
        "batch-rig-no-channels", .error, .batch, "A rig animates no joint of the base model.")

    /// The rules every batch applies.
    package static let batchRules: [DiagnosticRule] = [.baseModelNotSkinned, .rigJointMissing, .rigNoChannels]
}
