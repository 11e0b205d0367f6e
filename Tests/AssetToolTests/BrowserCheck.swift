import Foundation
import Testing
import TestSupport

/// What the browser suites share: where Chromium is, a run of `scripts/browser_check.py` and its JSON report, what
/// the page said too loudly, and that the browser left nothing behind.
enum BrowserCheck {
    /// Debian's `chromium` (or `$CHROMIUM`), as browser_check.py looks for it.
    static let chromium: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: given) { return given }
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }()
    static let missing: Comment = "no chromium on the PATH (`apt-get install chromium`)"

    /// `browser_check.py site arguments...`: its exit status, its report (empty when stdout was not JSON), its stderr.
    static func run(_ site: String, _ arguments: [String]) throws -> (status: Int32, report: [String: Any], stderr: String) {
        let r = try CommandRunner.run(program: URL(fileURLWithPath: "/usr/bin/env"),
                                      ["python3", TestPaths.repoRoot.path + "/scripts/browser_check.py", site] + arguments)
        let report = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [String: Any] ?? [:]
        return (r.status, report, r.stderr)
    }

    /// The console's errors and warnings.
    static func loud(_ report: [String: Any]) -> [[String: Any]] {
        (report["console"] as? [[String: Any]] ?? []).filter { ["error", "warning"].contains($0["level"] as? String) }
    }

    /// Nothing said on the console above a log line, nothing thrown.
    static func quiet(_ report: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let loud = loud(report)
        #expect(loud.isEmpty, "console: \(loud)", sourceLocation: sourceLocation)
        #expect((report["exceptions"] as? [Any] ?? []).isEmpty, "exceptions: \(report["exceptions"] ?? [])", sourceLocation: sourceLocation)
    }

    /// The browser's processes and temporary folder are gone.
    static func nothingLeft(_ report: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let pids = (report["processes"] as? [NSNumber] ?? []).map(\.intValue)
        #expect(!pids.isEmpty, "browser_check.py named no browser processes", sourceLocation: sourceLocation)
        let alive = pids.filter { FileManager.default.contents(atPath: "/proc/\($0)/cmdline").map { String(decoding: $0, as: UTF8.self).contains("chrom") } ?? false }
        #expect(alive.isEmpty, "browser processes left running: \(alive)", sourceLocation: sourceLocation)
        let temp = report["tempDir"] as? String ?? ""
        #expect(!temp.isEmpty && !FileManager.default.fileExists(atPath: temp), "the browser's temporary folder is left: \(temp)",
                sourceLocation: sourceLocation)
    }
}
