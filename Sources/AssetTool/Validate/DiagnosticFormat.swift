import ColladaKit
import Foundation

/// How `validate` prints its diagnostics on stdout.
enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// `path:line:col: severity: message [id]`, the source line and a caret (compilers', Xcode's form).
    case text
    /// One JSON array of `{file, line, column, severity, id, message, notes}`.
    case json
    /// GitHub Actions workflow commands: `::error file=...,line=...,col=...,title=id::message`.
    case github

    func render(_ diagnostics: [Diagnostic]) -> String {
        switch self {
        case .text:
            return diagnostics.map { DiagnosticPrinter.render($0) + "\n" }.joined()
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

    /// One annotation; notes are appended to the message. Escaping follows the workflow-command
    /// rules: `%`, CR, LF in data; also `:` and `,` in properties.
    static func github(_ d: Diagnostic) -> String {
        func data(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func property(_ s: String) -> String {
            data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
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
