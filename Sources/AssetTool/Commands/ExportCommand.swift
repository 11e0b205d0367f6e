import ArgumentParser
import AssetCatalog
import ColladaKit
import FoundationEssentials
import RigLint
import SceneExport

/// `assettool export`: every catalog progression as an animated USDZ and GLB.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every catalog progression as an animated USDZ (RealityKit, visionOS) and GLB (web, Android, engines).",
        discussion: """
            For each progression, <out>/<id>.usdz and <out>/<id>.glb: the base model animated by the \
            progression's rig (its animation, else its pose file), as `assettool convert` makes them. Only \
            progressions whose inputs changed are made again (base model, rig, tool version, formats). A rig \
            that fails is reported and skipped; the others are still made, and its previous files stay \
            untouched. The bytes do not depend on --jobs. Exit status: 0 when every selected progression was \
            made or up to date, 1 when any failed, 64 for bad arguments, 65 when the catalog or the base model \
            is invalid, 66 when one of them cannot be read.
            """)

    @OptionGroup var batch: BatchOptions

    @Option(help: "The output folder.")
    var out = "Build/Export"

    @Option(help: "The formats, comma-separated.")
    var format = "usdz,glb"

    var formats: [ExportBatch.Format] {
        format.split(separator: ",").compactMap { ExportBatch.Format(rawValue: String($0).trimmingBlanks) }
    }

    func validate() throws {
        let names = format.split(separator: ",").map { String($0).trimmingBlanks }
        if names.isEmpty || names.contains(where: { ExportBatch.Format(rawValue: $0) == nil }) {
            throw ValidationError("--format is a comma-separated list of usdz and glb")
        }
    }

    func run() async throws {
        var options = ExportBatch.Options()
        options.assets = batch.assets
        options.out = out
        options.formats = ExportBatch.Format.allCases.filter(formats.contains)
        options.jobs = batch.workers
        options.force = batch.force
        options.only = try batch.selectedIDs()
        let started = ContinuousClock.now
        var progress = Progress(total: 0, quiet: batch.quiet)
        let summary: ExportBatch.Summary
        do {
            summary = try await ExportBatch(options: options).run { event in
                switch event {
                case .warnings(let diagnostics): DiagnosticPrinter.printToStderr(diagnostics)
                case .selected(let count): progress = Progress(total: count, quiet: batch.quiet)
                case .finished(let id, .made(let warnings)):
                    for w in warnings { progress.message("\(out)/\(id): warning: \(w)") }
                    progress.step(id, status: "made")
                case .finished(let id, .upToDate): progress.step(id, status: "up to date")
                case .finished(let id, .failed(let diagnostics)):
                    progress.message(diagnostics.map { DiagnosticFormat.text($0) }.joined(separator: "\n"))
                    progress.step(id, status: "FAILED")
                }
            }
        } catch let e as ExportBatch.FatalError {
            DiagnosticPrinter.printToStderr(e.diagnostics)
            throw ExitCode(e.kind)
        }
        let seconds = (ContinuousClock.now - started).milliseconds / 1000
        Console.err(String(cFormat: "export: %d made, %d up to date, %d failed (%.2f s)", summary.made, summary.upToDate, summary.failed, seconds)
                    + (summary.failedIDs.isEmpty ? "" : "; failed: " + summary.failedIDs.joined(separator: ", "))
                    + (summary.removedIDs.isEmpty ? "" : "; removed (no longer in the catalog): " + summary.removedIDs.joined(separator: ", ")))
        if summary.failed > 0 { throw ExitCode.failure }
    }
}
