import AssetCatalog
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The "catalog" rules: `catalog.json` reads (``CatalogFile`` reports syntax, types, unknown keys,
/// missing files and repeated ids, each at its line and column), ids follow `<exercise>-NN`, and
/// standards, where a progression gives them, are beginner, intermediate and progression.
enum CatalogRules {
    static let idFormat = ValidationRule(id: "catalog-id-format", severity: .error, area: .catalog,
                                         summary: "a progression id of the form <exercise>-NN has NN = stage + 1, stage 0...9")
    static let standards = ValidationRule(id: "catalog-standards", severity: .error, area: .catalog,
                                          summary: "standards, when given: beginner, intermediate, progression, each sets x reps or a hold in seconds")

    /// The linter's own catalog rules (reading the catalog is ``DiagnosticRule/catalogRules``).
    static let rules = [idFormat, standards]

    static let levels = ["beginner", "intermediate", "progression"]

    /// Reads `path`: the catalog (nil when it cannot be used), the diagnostics, and whether the
    /// catalog itself could not be read.
    static func check(path: String) -> (catalog: Catalog?, diagnostics: [Diagnostic], unreadable: Bool) {
        let reading = CatalogFile.read(path: path)
        var out = reading.diagnostics
        guard let file = reading.file else { return (nil, out, reading.unreadable) }
        for (e, exercise) in file.catalog.exercises.enumerated() {
            for (i, p) in exercise.progressions.enumerated() {
                let at: [CatalogFile.JSONPath] = [.key("exercises"), .index(e), .key("progressions"), .index(i)]
                let here = file.root.descendant(at + [.key("id")]).location
                if !(0...9).contains(p.stage) {
                    out.append(idFormat("progression '\(p.id)' has stage \(p.stage); stages are 0...9",
                                        at: file.root.descendant(at + [.key("stage")]).location))
                } else if p.id.hasPrefix(exercise.id + "-"), case let n = p.id.dropFirst(exercise.id.count + 1),
                          !n.isEmpty, n.allSatisfy(\.isASCII), n.allSatisfy(\.isNumber) {
                    // `<exercise>-<digits>` names a stage; other ids (a person's own rigs) name none.
                    let expected = "\(exercise.id)-" + (p.stage + 1 < 10 ? "0" : "") + "\(p.stage + 1)"
                    if p.id != expected {
                        out.append(idFormat("progression id '\(p.id)' should be '\(expected)' (exercise '\(exercise.id)', stage \(p.stage))", at: here))
                    }
                }
                if !p.standards.isEmpty, let problem = standardsProblem(p.standards) {
                    out.append(standards("progression '\(p.id)': \(problem)",
                                         at: file.root.descendant(at + [.key("standards")]).location))
                }
            }
        }
        return (file.catalog, out, reading.unreadable)
    }

    /// What is wrong with a progression's standards, or `nil`.
    static func standardsProblem(_ list: [Catalog.Standard]) -> String? {
        let names = list.map(\.level)
        if names != levels { return "standards are [\(names.joined(separator: ", "))]; expected [\(levels.joined(separator: ", "))]" }
        for s in list {
            let sets = s.sets ?? 1
            if sets < 1 { return "\(s.level): sets must be at least 1" }
            switch (s.reps, s.holdSeconds) {
            case (let r?, nil) where r > 0: continue
            case (nil, let h?) where h > 0: continue
            case (nil, nil): return "\(s.level): give reps or holdSeconds"
            case (.some, .some): return "\(s.level): give reps or holdSeconds, not both"
            default: return "\(s.level): reps and holdSeconds must be positive"
            }
        }
        return nil
    }
}
