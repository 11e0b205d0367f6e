import ArgumentParser
import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PipelineKit
import SceneExport

/// `assettool export`: every catalog progression as an animated USDZ and GLB.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every catalog progression as an animated USDZ (RealityKit, visionOS) and GLB (web, Android, engines).",
        discussion: """
            For each progression, <out>/<id>.usdz and <out>/<id>.glb: the base model animated by the \
            progression's rig (its animation, else its pose file), as `assettool convert` makes them; the USDZ's \
            root layer is a binary crate (<id>.usdc), or with --usda a text layer (<id>.usda). With --layout \
            shared, <out>/mannequin.usdz holds the mesh, skeleton and materials once and each <id>.usdz only the \
            animation (the same skeleton, its SkelAnimation, camera and props). With --library, also \
            <out>/library.glb: the mannequin once and every catalog progression as an animation named by its id, \
            its props and camera under a node named by the id (pushup-01: pushup_01, pushup_01_Camera). Only \
            progressions whose inputs changed are made again (base model, rig, tool version, formats, --usda). A rig \
            that fails is reported and skipped; the others are still made, and its previous files stay \
            untouched. The bytes do not depend on --jobs. Exit status: 0 when every selected progression was \
            made or up to date, 1 when any failed, 73 when an output cannot be written, 64 for bad arguments, 65 when the catalog or the base model \
            is invalid, 66 when one of them cannot be read.
            """)

    @OptionGroup var batch: BatchOptions

    @Option(help: "The output folder.")
    var out = "Build/Export"

    @Option(help: ArgumentHelp("The formats, comma-separated, each once: usdz, glb (default: usdz,glb).", valueName: "formats"), transform: ExportFormats.parse)
    var format = ExportFormats([.usdz, .glb])

    @Flag(help: "USDZ: write the root layer as text (.usda) instead of the binary crate (.usdc).")
    var usda = false

    @Flag(help: "Also write <out>/library.glb: the mannequin once and every catalog progression as an animation named by its id.")
    var library = false

    @Option(help: ArgumentHelp("The USDZ layout: self-contained (each <id>.usdz whole, the default) or shared (<out>/mannequin.usdz with the mesh, skeleton and materials, and an animation-only <id>.usdz per progression).", valueName: "layout"))
    var layout: String = ExportBatch.Layout.selfContained.rawValue

    func validate() throws {
        guard let chosen = ExportBatch.Layout(rawValue: layout) else {
            throw ValidationError("--layout must be one of: \(ExportBatch.Layout.allCases.map(\.rawValue).joined(separator: ", ")); not '\(layout)'")
        }
        if chosen == .shared && usda { throw ValidationError("--layout shared writes binary crate layers; it does not take --usda") }
    }

    func run() async throws {
        var options = ExportBatch.Options()
        options.assets = batch.assets
        options.out = out
        options.formats = ExportBatch.Format.allCases.filter(format.formats.contains)
        options.usda = usda
        options.library = library
        options.layout = ExportBatch.Layout(rawValue: layout) ?? .selfContained
        options.jobs = batch.workers
        options.force = batch.force
        // The catalog is read once: here, to check --only, then handed to the batch.
        let catalog = batch.readCatalog()
        options.only = try batch.selectedIDs(in: catalog)
        options.catalog = catalog
        var report = BatchReport(name: "export", out: out, quiet: batch.quiet)
        let summary: ExportBatch.Summary
        do {
            summary = try await ExportBatch(options: options).run { report.handle($0) }
        } catch let e as BatchFatalError {
            throw BatchReport.fatal(e)
        }
        try report.finish(summary)
    }
}
