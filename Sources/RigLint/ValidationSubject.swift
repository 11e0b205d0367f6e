import ColladaKit
import PipelineKit

/// One input file as `validate` sees it: the XML tree (for value-level locations), the COLLADA
/// document, the resolved scene when it resolves, and the reader's own diagnostics.
///
/// Built once per file; every rule group reads it, none changes it.
struct ValidationSubject: Sendable {
    /// The path as given on the command line (or found under a directory).
    var path: String
    var xml: XMLDocument?
    var document: Collada.Document?
    /// `nil` when reading or resolving found errors (they are in ``readerDiagnostics``).
    var scene: Scene?
    /// What the XML reader, document reader and resolver reported, errors and warnings.
    var readerDiagnostics: [Diagnostic]
    /// True when the file could not be read at all (missing, a directory, no permission).
    var isUnreadable = false

    /// Reads and resolves `path`, never throwing: every problem becomes a diagnostic.
    ///
    /// Cost: one read, parse and resolve of the file (no posing or skinning).
    static func load(path: String) -> ValidationSubject {
        let bytes: [UInt8]
        do {
            bytes = try ColladaLoader.readFile(path)
        } catch let e as LoadError {
            return ValidationSubject(path: path, readerDiagnostics: e.diagnostics, isUnreadable: true)
        } catch {
            return ValidationSubject(path: path, readerDiagnostics: [Diagnostic(.fileUnreadable, "\(error)", at: SourceLocation(path: path, line: 0, column: 0))], isUnreadable: true)
        }
        let stages = ColladaLoader.stages(bytes: bytes, path: path, options: .init(keepFileSpace: true))
        var subject = ValidationSubject(path: path, xml: stages.xml, document: stages.document, readerDiagnostics: stages.diagnostics)
        subject.scene = stages.scene
        return subject
    }

    /// The path diagnostics of this file carry (for a `.zae`, `archive.zae/member.dae`).
    var diagnosticPath: String { xml?.path ?? path }

    /// The start of the file, for diagnostics about the file as a whole.
    var fileLocation: SourceLocation { document?.rootLocation ?? SourceLocation(path: diagnosticPath, line: 1, column: 1) }
}
