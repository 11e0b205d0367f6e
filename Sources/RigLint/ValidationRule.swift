import AssetCatalog
import ColladaKit
import PipelineKit

/// One check of `assettool validate`: a rule of the package's one vocabulary (``DiagnosticRule``: a stable id
/// printed as `[id]`, a severity, a stage, what it checks), whose stage is the linter's area.
///
/// Rules are declared by the group that implements them (`AnimationRules`, `RigRules`,
/// `BaseModelRules`, `CatalogRules`); ``all`` lists every one, in that order. The reader's own
/// diagnostics, which `validate` passes through, are ColladaKit's ``DiagnosticRule/readerRules``.
package typealias ValidationRule = DiagnosticRule

extension DiagnosticRule {
    /// The linter's areas: the stages of its rules.
    package enum Area: String, Sendable, CaseIterable { case animation, rig, base, catalog }

    /// A linter rule: its stage is `area`.
    init(id: String, severity: Diagnostic.Severity, area: Area, summary: String) {
        self.init(id, severity, Stage(rawValue: area.rawValue), summary)
    }

    /// A diagnostic of this rule at `location`.
    func callAsFunction(_ message: String, at location: SourceLocation, notes: [String] = []) -> Diagnostic {
        Diagnostic(self, message, at: location, notes: notes)
    }
    /// Every rule `validate` runs itself (the reader's own diagnostics come on top: ``listing``).
    package static let all: [ValidationRule] = AnimationRules.rules + RigRules.rules + BaseModelRules.rules + CatalogRules.rules

    /// The rule with `id`, if `validate` declares one.
    package static func named(_ id: String) -> ValidationRule? { all.first { $0.id == id } }
}

/// One line of `validate --list-rules`: a rule's id, severity, area and summary.
package struct ListedRule: Sendable, Hashable {
    package var id: String
    package var severity: Diagnostic.Severity
    /// `reader-<stage>` for the reader's rules, else the linter's ``ValidationRule/Area``.
    package var area: String
    package var summary: String

    /// Tab-separated: id, severity, area, summary.
    package var line: String { "\(id)\t\(severity.rawValue)\t\(area)\t\(summary)" }
}

extension ValidationRule {
    /// Every id `validate` can report, each once, at the severity `validate` reports it with: the reader's
    /// rules in the order its stages run (a few are errors here: `FileRules.errorsHere`), the catalog
    /// reader's, then the linter's (``all``).
    package static let listing: [ListedRule] =
        DiagnosticRule.readerRules.map {
            ListedRule(id: $0.id, severity: FileRules.errorsHere.contains($0.id) ? .error : $0.severity,
                       area: "reader-" + $0.stage.rawValue, summary: $0.summary)
        }
        + DiagnosticRule.catalogRules.map { ListedRule(id: $0.id, severity: $0.severity, area: $0.stage.rawValue, summary: $0.summary) }
        + DiagnosticRule.batchRules.map { ListedRule(id: $0.id, severity: $0.severity, area: $0.stage.rawValue, summary: $0.summary) }
        + all.map { ListedRule(id: $0.id, severity: $0.severity, area: $0.stage.rawValue, summary: $0.summary) }
}
