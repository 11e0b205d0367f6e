import ColladaKit
import PipelineKit

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

    /// The bytes of a job's input file (a rig or pose file), read once, refused before reading when larger than
    /// the reader's limit: the one way every batch reads its inputs.
    ///
    /// - Throws: ``BatchJobFailure`` with the reader's located diagnostics.
    package static func readInput(_ path: String) throws(BatchJobFailure) -> [UInt8] {
        do {
            return try ColladaLoader.readFile(path)
        } catch let e as LoadError {
            throw BatchJobFailure(e.diagnostics)
        } catch {
            throw BatchJobFailure([Diagnostic(.fileUnreadable, "cannot be read", at: SourceLocation(path: path, line: 0, column: 0))])
        }
    }

    /// The base model every job of a batch poses, from its bytes: loaded, then refused when nothing in it is
    /// skinned. One path for every batch.
    ///
    /// - Throws: ``BatchFatalError`` with the loader's errors, or ``DiagnosticRule/baseModelNotSkinned``.
    package static func loadBase(bytes: [UInt8], path: String) throws(BatchFatalError) -> Scene {
        let base: Scene
        do {
            base = try ColladaLoader.load(bytes: bytes, path: path)
        } catch let e as LoadError {
            throw BatchFatalError(diagnostics: e.diagnostics.filter { $0.severity == .error }, kind: e.kind)
        } catch {
            throw BatchFatalError(diagnostics: [Diagnostic(.batchJobError, "\(error)", at: SourceLocation(path: path, line: 0, column: 0))],
                                  kind: .invalid)
        }
        if let refused = checkBase(base, path: path) { throw BatchFatalError(diagnostics: [refused], kind: .invalid) }
        return base
    }

    /// One job's rig (an animation or a pose file, from its bytes) loaded and applied to the base model, then
    /// checked by ``checkBinding(_:rigPath:)``: the one path by which every batch poses the base model.
    ///
    /// - Returns: the posed scene and the rig as loaded.
    /// - Throws: ``BatchJobFailure`` with the loader's errors or the binding's refusals.
    package static func posed(_ base: Scene, rigBytes: [UInt8], rigPath: String) throws(BatchJobFailure) -> (scene: Scene, rig: Scene) {
        let rig: Scene
        do {
            rig = try ColladaLoader.load(bytes: rigBytes, path: rigPath)
        } catch let e as LoadError {
            throw BatchJobFailure(e.diagnostics.filter { $0.severity == .error })
        } catch {
            throw BatchJobFailure([Diagnostic(.batchJobError, "\(error)", at: SourceLocation(path: rigPath, line: 0, column: 0))])
        }
        let (scene, binding) = base.applying(rig: rig)
        let refused = checkBinding(binding, rigPath: rigPath)
        if !refused.isEmpty { throw BatchJobFailure(refused) }
        return (scene, rig)
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

extension DiagnosticRule {
    package static let baseModelNotSkinned = DiagnosticRule(
        "base-model-not-skinned", .error, .batch, "The catalog's base model has no skinned mesh: nothing for the rigs to move.")
    package static let rigJointMissing = DiagnosticRule(
        "batch-rig-joint-missing", .error, .batch, "A rig channel drives a joint the base model does not have: its motion would be lost, so the progression is not made.")
    package static let rigNoChannels = DiagnosticRule(
        "batch-rig-no-channels", .error, .batch, "A rig animates no joint of the base model.")

    package static let reviewSheetCapped = DiagnosticRule(
        "review-sheet-capped", .warning, .batch, "The catalog is too large for one review sheet: the sheet shows its first exercises and steps, within its size cap.")

    package static let batchRenderFailed = DiagnosticRule(
        "batch-render-failed", .error, .batch, "An icon cannot be rendered: the figure is not in view of the camera at its pose time, or the image cannot be encoded.")

    /// An animation longer than an export (or a preview loop) holds (`ExportModel.maxSampledKeys`).
    package static let animationTooLong = DiagnosticRule(
        "animation-too-long", .error, .export, "An animation too long to export (more than 20000 keys at its key rate): usually one mistyped key time.")
    package static let exportMorphDropped = DiagnosticRule(
        "export-morph-dropped", .warning, .export, "A mesh has morph targets: GLB and USD get its base shape, without the targets.")
    package static let exportShearDropped = DiagnosticRule(
        "export-shear-dropped", .warning, .export, "A node's transform has shear: GLB and USD hold translation, rotation and scale, so the shear is dropped.")
    package static let exportInfluencesReduced = DiagnosticRule(
        "export-influences-reduced", .warning, .export, "Vertices with more than 4 joint influences: the 4 largest are kept, renormalised.")

    /// The rules every batch applies, the engine's own first, then the exporters'.
    package static let batchRules: [DiagnosticRule] = engineRules
        + [.baseModelNotSkinned, .rigJointMissing, .rigNoChannels, .batchRenderFailed, .reviewSheetCapped]
        + [.animationTooLong, .exportMorphDropped, .exportShearDropped, .exportInfluencesReduced]
}

extension DiagnosticRule.Stage {
    /// Where `export` and `convert` build their model: what GLB and USD cannot hold.
    package static let export = DiagnosticRule.Stage(rawValue: "export")
}
