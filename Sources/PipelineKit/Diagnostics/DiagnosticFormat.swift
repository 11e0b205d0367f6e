#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `validate` prints its diagnostics on stdout.
package enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// `path:line:col: severity: message [id]`, the source line and a caret (compilers', Xcode's form).
    case text
    /// One JSON array of `{file, line, column, severity, id, message, notes}`.
    case json
    /// GitHub Actions workflow commands: `::error file=...,line=...,col=...,title=id::message`.
    case github

    package func render(_ diagnostics: [Diagnostic]) -> String {
        switch self {
        case .text:
            return diagnostics.map { Self.text($0) + "\n" }.joined()
        case .json:
            let items = diagnostics.map(Item.init)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(items)) ?? Data("[]".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        case .github:
            return diagnostics.map(Self.github).joined()
        }
    }

    struct Item: Encodable {
        var file: String, line: Int, column: Int, severity: String, id: String, message: String, notes: [String]
        init(_ d: Diagnostic) {
            file = d.location.path; line = d.location.line; column = d.location.column
            severity = d.severity.rawValue; id = d.id; message = d.message; notes = d.notes
        }
    }

    /// One diagnostic as compilers print it: `path:line:col: severity: message [id]`, then the source line
    /// (at most 200 characters) and a caret under the column when the file can be read, then the notes.
    ///
    /// Cost: with `withSource`, one read of the file up to the line.
    package static func text(_ d: Diagnostic, withSource: Bool = true) -> String {
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

    /// Line `loc.line` of `loc.path` (tabs as spaces, at most 400 bytes), or `nil` when the file cannot be
    /// read, is inside a `.zae`, is over 64 MiB or has fewer lines.
    static func sourceLine(_ loc: SourceLocation) -> String? {
        guard !loc.path.contains(".zae/"), loc.line > 0, let data = FileManager.default.contents(atPath: loc.path),
              data.count < 64 << 20 else { return nil }
        // One pass over raw bytes to the line (a checked, exclusivity-tracked `Data` subscript per byte
        // made this 90% of `info` on a file with a few errors).
        let line: String? = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0, current = 1
            while current < loc.line {
                guard let newline = bytes[start...].firstIndex(of: 10) else { return nil }
                start = newline + 1
                current += 1
            }
            var end = start
            while end < bytes.count && bytes[end] != 10 && end - start < 400 { end += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return line?.replacingScalars(["\t": " ", "\r": ""])
    }

    /// One annotation; notes are appended to the message. Escaping follows the workflow-command
    /// rules: `%`, CR, LF in data; also `:` and `,` in properties.
    static func github(_ d: Diagnostic) -> String {
        func data(_ s: String) -> String {
            s.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"])
        }
        func property(_ s: String) -> String {
            s.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
        }
        let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
        var props = ["file=\(property(d.location.path))"]
        if d.location.line > 0 {
            props.append("line=\(d.location.line)")
            if d.location.column > 0 { props.append("col=\(d.location.column)") }
        }
        props.append("title=\(property(d.id))")
        let message = ([d.message] + d.notes).joined(separator: "\n")
        return "::\(command) \(props.joined(separator: ","))::\(data(message + " [\(d.id)]"))\n"
    }
}
