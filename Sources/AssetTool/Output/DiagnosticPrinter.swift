import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Prints diagnostics to stderr the way compilers do (``DiagnosticFormat/text(_:withSource:)``):
/// `path:line:col: severity: message [id]`, then the source line and a caret when the file can be read.
enum DiagnosticPrinter {
    static func printToStderr(_ diagnostics: [Diagnostic], withSource: Bool = true) {
        for d in diagnostics {
            StandardStream.error(DiagnosticFormat.text(d, withSource: withSource) + "\n")
        }
    }
}
