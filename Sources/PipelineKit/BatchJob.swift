
/// One item of an incremental batch (one icon, one exported progression): it names its inputs, says how their
/// content hashes make its key, and makes its outputs. ``BatchEngine`` does the rest: deciding what is up to
/// date, reading and hashing the inputs, writing the outputs and the record atomically, the sliding window of
/// parallel jobs, the summary and the exit status.
///
/// A job is a value: `make` runs on any task, and touches nothing but what it is given and what it returns.
package protocol BatchJob: Sendable {
    /// What the record keeps beside the files (``NoDetail`` when nothing).
    associatedtype Detail: Codable & Sendable
    /// What every job that has work to do needs, loaded once, and only when some job is not up to date (the
    /// base model's scene).
    associatedtype Context: Sendable

    /// The record's name (`<id>.json`) and the id the summary reports.
    var id: String { get }

    /// The files this job is made from, in the order ``inputHash(_:)`` takes their hashes.
    ///
    /// - Throws: ``BatchJobFailure`` when the job cannot name them (a catalog entry that names no file).
    func inputPaths() throws(BatchJobFailure) -> [String]

    /// The bytes of input `path`.
    ///
    /// - Throws: ``BatchJobFailure`` with a located diagnostic when it cannot be read.
    func read(_ path: String) throws(BatchJobFailure) -> [UInt8]

    /// The key of the outputs: a hash over the inputs' SHA-256 (in ``inputPaths()`` order) and whatever else
    /// the outputs depend on (tool version, options). Equal keys mean equal outputs.
    func inputHash(_ inputHashes: [String]) -> String

    /// Makes the outputs from the inputs as read and hashed (in ``inputPaths()`` order).
    ///
    /// - Throws: ``BatchJobFailure`` for a fault in the inputs; any other error is reported as
    ///   ``DiagnosticRule/batchJobError`` at the first input.
    func make(_ inputs: [BatchInput], in context: Context) throws -> BatchProduct<Detail>
}

/// One input of a job, read once: its path, bytes and SHA-256 (hex).
package struct BatchInput: Sendable {
    package var path: String
    package var bytes: [UInt8]
    package var hash: String
}

/// What a job made: its files (written by the engine), the record's detail, and warnings to show.
package struct BatchProduct<Detail: Codable & Sendable>: Sendable {
    package struct File: Sendable {
        /// The path below the output folder, one plain name per component.
        package var components: [String]
        package var bytes: [UInt8]

        package init(_ components: [String], _ bytes: [UInt8]) {
            self.components = components
            self.bytes = bytes
        }
    }

    package var files: [File]
    package var detail: Detail
    /// Things a user may want to know about a made job (an exporter's dropped feature), as located warnings.
    package var warnings: [Diagnostic]

    package init(files: [File], detail: Detail, warnings: [Diagnostic] = []) {
        self.files = files
        self.detail = detail
        self.warnings = warnings
    }
}

/// A job that cannot be made, with located diagnostics, each of a declared rule.
package struct BatchJobFailure: Error, Sendable {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// What one job came to.
package enum BatchOutcome: Sendable {
    case made(warnings: [Diagnostic])
    case upToDate
    case failed([Diagnostic])
}

/// A problem that stops the whole batch (no catalog, no base model, a base model nothing can move): printed,
/// then the command exits for an invalid or an unreadable input, as `kind` says.
package struct BatchFatalError: Error, Sendable {
    package var diagnostics: [Diagnostic]
    package var kind: LoadError.Kind

    package init(diagnostics: [Diagnostic], kind: LoadError.Kind) {
        self.diagnostics = diagnostics
        self.kind = kind
    }
}

/// What a batch tells its caller while it runs, in order, from the task that called it.
package enum BatchEvent {
    /// What reading the catalog and style warned of (unknown keys), before anything is made.
    case warnings([Diagnostic])
    /// The jobs to make or check are chosen: `count` of them.
    case selected(count: Int)
    /// One job is done (made, up to date or failed); jobs finish in any order.
    case finished(id: String, outcome: BatchOutcome)
}
