import Foundation
import Testing
@testable import ColladaKit
import PipelineKit
import TestSupport

/// The reader's diagnostics are declared once (``DiagnosticRule/readerRules``), and every
/// diagnostic a load makes names a declared rule with the severity it declares (or a warning,
/// for a rule whose summary allows one).
@Suite struct DiagnosticRuleTests {
    @Test func rulesAreDeclaredOnceWithSummaries() {
        let ids = DiagnosticRule.readerRules.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(Dictionary(grouping: ids) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        for r in DiagnosticRule.readerRules {
            #expect(r.id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(r.id) is not kebab-case")
            #expect(r.summary.hasSuffix(".") && r.summary.count > 10, "\(r.id): '\(r.summary)'")
            #expect(r.severity != .note)
        }
        // The limits README.md lists are rules of their own.
        for id in ["index-count", "node-limit", "triangulation-budget", "xml-too-deep", "instance-limit"] {
            #expect(ids.contains(id), "\(id) is not declared")
        }
    }

    /// Every diagnostic of `diagnostics` names a declared rule, at its severity or milder.
    func expectDeclared(_ diagnostics: [Diagnostic], in file: String) {
        let rules = Dictionary(uniqueKeysWithValues: DiagnosticRule.readerRules.map { ($0.id, $0) })
        for d in diagnostics {
            guard let rule = rules[d.id] else {
                Issue.record("\(file): '\(d.id)' is not a declared reader rule: \(d)")
                continue
            }
            #expect(d.severity <= rule.severity, "\(file): \(d.id) reported as \(d.severity), declared \(rule.severity)")
        }
    }

    func diagnostics(ofLoading path: String) -> [Diagnostic] {
        do {
            return try ColladaLoader.load(path: path).diagnostics
        } catch let e as LoadError {
            return e.diagnostics
        } catch {
            Issue.record("\(path): \(error)")
            return []
        }
    }

    func files(under dir: String) -> [String] {
        let e = FileManager.default.enumerator(atPath: dir)
        var out: [String] = []
        while let p = e?.nextObject() as? String {
            let l = p.lowercased()
            if l.hasSuffix(".dae") || l.hasSuffix(".zae") { out.append(dir + "/" + p) }
        }
        return out.sorted()
    }

    @Test func fixturesReportOnlyDeclaredRules() {
        let paths = files(under: TestPaths.fixtures)
        #expect(paths.count >= 15)
        for p in paths { expectDeclared(diagnostics(ofLoading: p), in: p) }
    }

    @Test(.enabled(if: TestPaths.shared != nil, "../shared/corpus is not beside this checkout"))
    func corpusReportsOnlyDeclaredRules() throws {
        let paths = files(under: try #require(TestPaths.shared) + "/corpus/collada")
        #expect(paths.count == 63)
        for p in paths { expectDeclared(diagnostics(ofLoading: p), in: p) }
    }
}
