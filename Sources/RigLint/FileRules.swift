import ColladaKit
import PipelineKit

/// The reader's own diagnostics (XML, document, scene: ``DiagnosticRule/readerRules``, declared once in
/// ColladaKit), passed through with their own ids; `validate --list-rules` lists them as `reader-<stage>`.
///
/// A few reader diagnostics about samplers are re-checked by ``AnimationRules`` with a precise
/// location (the offending value, not the `<sampler>`); when that happens the reader's is dropped.
enum FileRules {
    /// Reader ids that ``AnimationRules`` reports better, and the rule that replaces each.
    static let supersededBy: [String: String] = [
        "keys-not-increasing": "anim-times-increasing",
        "sampler-count": "anim-key-count",
        "sampler-empty": "anim-time-range",
        "tangents-missing": "anim-tangents-missing",
        "interpolation-unknown": "anim-interpolation",
        "channel-stride": "anim-output-stride",
    ]

    /// Reader warnings that are errors here: a channel whose target node is not in the file (a bone
    /// renamed in Blender) loads, but its motion is silently lost.
    static let errorsHere: Set<String> = [DiagnosticRule.channelTargetMissing.id]

    /// The reader's diagnostics of `subject`, minus those `found` (validate's own) already cover.
    static func check(_ subject: ValidationSubject, found: [Diagnostic]) -> [Diagnostic] {
        let ownIDs = Set(found.map(\.id))
        return subject.readerDiagnostics.compactMap { d in
            if let replacement = supersededBy[d.id], ownIDs.contains(replacement) { return nil }
            guard errorsHere.contains(d.id), d.severity == .warning else { return d }
            var e = d
            e.severity = .error
            e.message += "; its motion is lost"
            return e
        }
    }
}
