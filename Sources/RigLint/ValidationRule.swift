import ColladaKit

/// One check of `assettool validate`: a stable id (printed as `[id]`), a severity and what it checks.
///
/// Rules are declared by the group that implements them (`FileRules`, `AnimationRules`,
/// `RigRules`, `BaseModelRules`, `CatalogRules`); ``all`` lists every one, in that order.
package struct ValidationRule: Sendable, Hashable {
    package enum Area: String, Sendable, CaseIterable { case file, animation, rig, base, catalog }

    package var id: String
    package var severity: Diagnostic.Severity
    package var area: Area
    /// One line saying what the rule checks.
    package var summary: String

    /// A diagnostic of this rule at `location`.
    func callAsFunction(_ message: String, at location: SourceLocation, notes: [String] = []) -> Diagnostic {
        Diagnostic(severity, id, message, at: location, notes: notes)
    }

    /// Every rule `validate` runs itself (the reader's own diagnostics, reported as "file" rules, come on top).
    package static let all: [ValidationRule] = FileRules.rules + AnimationRules.rules + RigRules.rules + BaseModelRules.rules + CatalogRules.rules

    /// The rule with `id`, if `validate` declares one.
    package static func named(_ id: String) -> ValidationRule? { all.first { $0.id == id } }
}
