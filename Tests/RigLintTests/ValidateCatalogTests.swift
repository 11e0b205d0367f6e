import AssetCatalog
@testable import RigLint
import Testing

/// The catalog's standards rule, case by case (no files needed).
@Suite struct ValidateCatalogTests {
    typealias S = Catalog.Standard

    static func three(_ last: S) -> [S] {
        [S(level: "beginner", sets: 1, reps: 10), S(level: "intermediate", sets: 2, reps: 25), last]
    }

    static let cases: [(name: String, standards: [S], problem: String?)] = [
        ("sets x reps", three(S(level: "progression", sets: 3, reps: 50)), nil),
        ("hold", three(S(level: "progression", holdSeconds: 60)), nil),
        ("hold each side", three(S(level: "progression", sets: 2, holdSeconds: 30, eachSide: true)), nil),
        ("reps without sets", three(S(level: "progression", reps: 5)), nil),
        ("neither", three(S(level: "progression", sets: 3)), "progression: give reps or holdSeconds"),
        ("both", three(S(level: "progression", sets: 1, reps: 5, holdSeconds: 5)), "progression: give reps or holdSeconds, not both"),
        ("zero reps", three(S(level: "progression", sets: 3, reps: 0)), "progression: reps and holdSeconds must be positive"),
        ("zero sets", three(S(level: "progression", sets: 0, reps: 5)), "progression: sets must be at least 1"),
        ("two levels", Array(three(S(level: "progression", sets: 3, reps: 50)).prefix(2)), "standards are [beginner, intermediate]; expected [beginner, intermediate, progression]"),
        ("wrong order", three(S(level: "progression", sets: 3, reps: 50)).reversed(), "standards are [progression, intermediate, beginner]; expected [beginner, intermediate, progression]"),
    ]

    @Test(arguments: cases.indices)
    func standards(_ i: Int) {
        let c = Self.cases[i]
        #expect(CatalogRules.standardsProblem(c.standards) == c.problem, "\(c.name)")
    }
}
