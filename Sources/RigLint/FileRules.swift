import ColladaKit

/// The "file" rules: what the XML reader, the document reader and the scene resolver already
/// report (well-formed XML, COLLADA root and version, the structure the reader relies on, every
/// reference resolving, counts and strides, finite numbers), passed through with their own ids.
///
/// A few reader diagnostics about samplers are re-checked by ``AnimationRules`` with a precise
/// location (the offending value, not the `<sampler>`); when that happens the reader's is dropped.
enum FileRules {
    /// The reader's most common ids, declared here so they are documented and tested like the others.
    static let rules: [ValidationRule] = [
        .init(id: "xml-malformed", severity: .error, area: .file, summary: "the file is well-formed XML"),
        .init(id: "collada-root", severity: .error, area: .file, summary: "the root element is <COLLADA>"),
        .init(id: "collada-version", severity: .error, area: .file, summary: "the COLLADA version is 1.4.0, 1.4.1 or 1.5.0"),
        .init(id: "reference-missing", severity: .error, area: .file, summary: "every #id reference names an element of the document"),
        .init(id: "array-count", severity: .error, area: .file, summary: "an array holds as many values as its count says"),
        .init(id: "accessor-out-of-range", severity: .error, area: .file, summary: "an accessor reads within its array"),
        .init(id: "number-syntax", severity: .error, area: .file, summary: "numbers are numbers (no decimal commas)"),
        .init(id: "number-non-finite", severity: .error, area: .file, summary: "numbers are finite"),
        .init(id: "channel-target-missing", severity: .warning, area: .file, summary: "a channel's target names a node and one of its transforms"),
    ]

    /// Reader ids that ``AnimationRules`` reports better, and the rule that replaces each.
    static let supersededBy: [String: String] = [
        "keys-not-increasing": "anim-times-increasing",
        "sampler-count": "anim-key-count",
        "sampler-empty": "anim-time-range",
        "tangents-missing": "anim-tangents-missing",
        "interpolation-unknown": "anim-interpolation",
        "channel-stride": "anim-output-stride",
    ]

    /// The reader's diagnostics of `subject`, minus those `found` (validate's own) already cover.
    static func check(_ subject: ValidationSubject, found: [Diagnostic]) -> [Diagnostic] {
        let ownIDs = Set(found.map(\.id))
        return subject.readerDiagnostics.filter { d in
            guard let replacement = supersededBy[d.id] else { return true }
            return !ownIDs.contains(replacement)
        }
    }
}
