import ColladaKit

/// One check of `assettool validate`: a stable id (printed as `[id]`), a severity and what it checks.
///
/// Rules are declared by the group that implements them (`FileRules`, `AnimationRules`,
/// `RigRules`, `BaseModelRules`, `CatalogRules`); ``all`` lists every one, in that order.
struct ValidationRule: Sendable, Hashable {
    enum Area: String, Sendable, CaseIterable { case file, animation, rig, base, catalog }

    var id: String
    var severity: Diagnostic.Severity
    var area: Area
    /// One line saying what the rule checks.
    var summary: String

    /// A diagnostic of this rule at `location`.
    func callAsFunction(_ message: String, at location: SourceLocation, notes: [String] = []) -> Diagnostic {
        Diagnostic(severity, id, message, at: location, notes: notes)
    }

    /// Every rule `validate` runs itself (the reader's own diagnostics, reported as "file" rules, come on top).
    static let all: [ValidationRule] = FileRules.rules + AnimationRules.rules + RigRules.rules + BaseModelRules.rules + CatalogRules.rules

    /// The rule with `id`, if `validate` declares one.
    static func named(_ id: String) -> ValidationRule? { all.first { $0.id == id } }
}
