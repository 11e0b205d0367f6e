import ColladaKit
import Foundation

/// Prints diagnostics the way compilers do: `path:line:col: severity: message [id]`, then the
/// source line and a caret when the file can be read.
enum DiagnosticPrinter {
    static func render(_ d: Diagnostic, withSource: Bool = true) -> String {
        var out = "\(d.location): \(d.severity.rawValue): \(d.message) [\(d.id)]"
        if withSource, d.location.line > 0, let line = sourceLine(d.location) {
            let trimmed = line.count > 200 ? String(line.prefix(200)) + "..." : line
            out += "\n" + trimmed
            let col = max(1, min(d.location.column, trimmed.count + 1))
            out += "\n" + String(repeating: " ", count: col - 1) + "^"
        }
        for n in d.notes { out += "\n\(d.location): note: \(n)" }
        return out
    }

    static func sourceLine(_ loc: SourceLocation) -> String? {
        guard !loc.path.contains(".zae/"), let data = FileManager.default.contents(atPath: loc.path), data.count < 64 << 20 else { return nil }
        var line = 1
        var start = data.startIndex
        for i in data.indices {
            if line == loc.line { start = i; break }
            if data[i] == 10 { line += 1 }
        }
        guard line == loc.line else { return nil }
        var end = start
        while end < data.endIndex && data[end] != 10 && end - start < 400 { end += 1 }
        let s = String(decoding: data[start..<end], as: UTF8.self)
        return s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\r", with: "")
    }

    static func printToStderr(_ diagnostics: [Diagnostic], withSource: Bool = true) {
        for d in diagnostics {
            FileHandle.standardError.write(Data((render(d, withSource: withSource) + "\n").utf8))
        }
    }
}

enum Console {
    static func err(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
    /// Writes `s` to stderr as is (no newline).
    static func errRaw(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}
