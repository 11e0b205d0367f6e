import ArgumentParser
import AssetBenchmarks
import ColladaKit
import PipelineKit

/// How `icons` and `export` report a batch, the same way: progress and failures while it runs, then one summary
/// line, and the engine's exit status (``BatchSummary/exitStatus``).
struct BatchReport {
    /// The command's name, the summary line's first word.
    let name: String
    /// The output folder, where a made item's warnings are located.
    let out: String
    let quiet: Bool
    private(set) var progress: Progress
    let started = ContinuousClock.now

    init(name: String, out: String, quiet: Bool) {
        self.name = name
        self.out = out
        self.quiet = quiet
        progress = Progress(total: 0, quiet: quiet)
    }

    /// Prints what one event says.
    mutating func handle(_ event: BatchEvent) {
        switch event {
        case .warnings(let diagnostics): DiagnosticPrinter.printToStderr(diagnostics)
        case .selected(let count): progress = Progress(total: count, quiet: quiet)
        case .finished(let id, .made(let warnings)):
            // Each warning says which output it is about (a base model's warning is the same for every progression).
            if !warnings.isEmpty {
                progress.message(warnings.map { w in
                    var d = w
                    d.notes.append("while making \(out)/\(id)")
                    return DiagnosticFormat.text(d)
                }.joined(separator: "\n"))
            }
            progress.step(id, status: "made")
        case .finished(let id, .upToDate): progress.step(id, status: "up to date")
        case .finished(let id, .failed(let diagnostics)):
            progress.message(diagnostics.map { DiagnosticFormat.text($0) }.joined(separator: "\n"))
            progress.step(id, status: "FAILED")
        }
    }

    /// Prints the batch's own failures and the summary line, then exits as the engine's policy says.
    func finish(_ summary: BatchSummary) throws {
        if !summary.batchDiagnostics.isEmpty { DiagnosticPrinter.printToStderr(summary.batchDiagnostics) }
        let seconds = (ContinuousClock.now - started).milliseconds / 1000
        Console.err(name + ": " + summary.counts + String(cFormat: " (%.2f s)", seconds) + summary.idsSuffix)
        if summary.exitStatus != BatchSummary.successStatus { throw ExitCode(summary.exitStatus) }
    }

    /// A batch stopped before it made anything: its diagnostics printed, the exit status for its kind.
    static func fatal(_ error: BatchFatalError) -> ExitCode {
        DiagnosticPrinter.printToStderr(error.diagnostics)
        return ExitCode(error.kind)
    }
}
