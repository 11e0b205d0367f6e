import ArgumentParser
import AssetBenchmarks
import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IconFactory
import PipelineKit

/// `assettool icons`: the main job.
struct IconsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icons",
        abstract: "Render the progression icons of the catalog into an Xcode asset catalog (or plain PNGs).",
        discussion: """
            For each catalog entry, two imagesets: <id> (not yet done) and <id>-complete (done), each with a \
            PNG per scale of the style. Also writes <out>/contact-sheet.png and <out>/icons-manifest.json. \
            Only icons whose inputs changed are rendered again (base model, pose file, style, catalog entry, \
            tool version). A failing pose is reported and skipped; the others are still made, and its previous \
            files stay untouched. Exit status: 0 when every selected icon was made or up to date, 1 when any \
            failed, 73 when an output cannot be written, 64 for bad arguments, 65 when the catalog, style or base model is invalid, 66 when one of \
            them cannot be read.
            """)

    @OptionGroup var batch: BatchOptions

    @Option(help: "The output folder; the asset catalog is <out>/ProgressionIcons.xcassets (or <out>/ProgressionIcons with --format png).")
    var out = "Build"

    @Option(help: "Make only shard K of N (K/N, catalog index i belongs to shard i mod N + 1), to split a batch across machines.")
    var shard: Shard = Shard(index: 1, count: 1)

    @Option(help: "An Xcode asset catalog (xcassets) or plain <id>[-complete][@2x|@3x].png files (png).")
    var format: IconBatch.Format = .xcassets

    func run() async throws {
        MemoryTuning.keepFreedMemory()
        var options = IconBatch.Options()
        options.assets = batch.assets
        options.out = out
        options.jobs = batch.workers
        options.shard = shard
        options.force = batch.force
        options.format = format
        // The catalog is read once: here, to check --only, then handed to the batch.
        let catalog = batch.readCatalog()
        options.only = try batch.selectedIDs(in: catalog)
        options.catalog = catalog
        var report = BatchReport(name: "icons", out: out, quiet: batch.quiet)
        let summary: IconBatch.Summary
        do {
            summary = try await IconBatch(options: options).run { report.handle($0) }
        } catch let e as BatchFatalError {
            throw BatchReport.fatal(e)
        }
        try report.finish(summary)
    }
}

extension Shard: ExpressibleByArgument {}
extension IconBatch.Format: ExpressibleByArgument {}
