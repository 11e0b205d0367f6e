import Foundation
@testable import RigLint
import PipelineKit
import Testing
import TestSupport

/// One rule vocabulary: every diagnostic any command prints is made from a declared ``DiagnosticRule`` (the
/// string-id initialiser is internal to PipelineKit, so a literal id at a call site does not compile), and
/// every rule declared anywhere in the sources is listed by `validate --list-rules`, once.
@Suite struct RuleVocabularyTests {
    /// The ids of every rule declared in `Sources/`: `DiagnosticRule("id", ...)` and `ValidationRule(id: "id", ...)`.
    static func declaredIDs() throws -> [String: String] {
        let root = TestPaths.repoRoot.path + "/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
        let pattern = try NSRegularExpression(pattern: #"(?:DiagnosticRule\(\s*|ValidationRule\(id:\s*)"([a-z0-9-]+)""#)
        var ids: [String: String] = [:]
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let r = Range(m.range(at: 1), in: text) else { continue }
                let id = String(text[r])
                #expect(ids[id] == nil, "rule '\(id)' declared twice: \(ids[id] ?? "") and \(file)")
                ids[id] = file
            }
        }
        return ids
    }

    @Test func everyDeclaredRuleIsListedOnce() throws {
        let declared = try Self.declaredIDs()
        let listed = ValidationRule.listing.map(\.id)
        #expect(declared.count >= 100, "found only \(declared.count) declarations")
        #expect(Set(listed).count == listed.count, "listed twice")
        let unlisted = Set(declared.keys).subtracting(listed).sorted()
        #expect(unlisted.isEmpty, "declared but not in validate --list-rules: \(unlisted.map { "\($0) (\(declared[$0] ?? ""))" })")
        let undeclared = Set(listed).subtracting(declared.keys).sorted()
        #expect(undeclared.isEmpty, "listed but declared nowhere: \(undeclared)")
    }

    /// What the reader says over the whole corpus uses listed ids only.
    @Test(.enabled(if: TestPaths.shared != nil, "needs ../shared/corpus/collada"))
    func corpusDiagnosticsAreListed() throws {
        let corpus = (TestPaths.shared ?? "") + "/corpus/collada"
        let files = try FileManager.default.subpathsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".dae") || $0.hasSuffix(".zae") || $0.hasSuffix(".DAE") }
        let result = Validator(basePath: (TestPaths.shared ?? "") + "/corpus/blender-made/humanoid_default.dae", catalogPath: nil)
            .run(files: files.map { corpus + "/" + $0 })
        let listed = Set(ValidationRule.listing.map(\.id))
        let seen = Set(result.diagnostics.map(\.id))
        #expect(seen.count >= 10)
        #expect(seen.isSubset(of: listed), "printed but not listed: \(seen.subtracting(listed).sorted())")
    }
}
