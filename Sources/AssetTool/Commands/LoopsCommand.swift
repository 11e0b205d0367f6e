import ArgumentParser
import AssetCatalog
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IconFactory
import PipelineKit

/// `assettool loops`: every progression's rep as a sprite atlas, an APNG, and a gallery of them all.
struct LoopsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loops",
        abstract: "Render every catalog progression's rep, looping, as a SpriteKit sprite atlas and an animated PNG, with a gallery.",
        discussion: """
            For each progression, its whole rep (the rig's animation) drawn as the icons draw the figure, without \
            the circles, on a transparent background, framed once for the whole rep: \
            <out>/ProgressionLoops.xcassets/<id>.spriteatlas (one imageset per frame, <id>_000..., @2x and @3x; \
            SKTextureAtlas(named: "<id>")) and <out>/APNG/<id>.png (an animated PNG at @2x, looping forever, \
            its delays summing to the rep's length). Also writes <out>/gallery.html. Only loops whose inputs \
            changed are made again (base model, rig, style, catalog entry, --fps, --size, tool version). A rig that \
            fails is reported and skipped; the others are still made. The bytes do not depend on --jobs. Exit \
            status: 0 when every selected loop was made or up to date, 1 when any failed, 73 when an output cannot \
            be written, 64 for bad arguments, 65 when the catalog, style or base model is invalid, 66 when one of \
            them cannot be read.
            """)

    @OptionGroup var batch: BatchOptions

    @Option(help: "The output folder.")
    var out = "Build/Loops"

    @Option(help: "Frames a second sampled from the rep, 1...60.")
    var fps = 12

    @Option(help: "The loop's side in points, 8...512 (frames at @2x and @3x; the APNG at @2x).")
    var size = 60

    func validate() throws {
        if !LoopBatch.fpsRange.contains(fps) { throw ValidationError("--fps must be \(LoopBatch.fpsRange.lowerBound)...\(LoopBatch.fpsRange.upperBound)") }
        if !LoopBatch.sizeRange.contains(size) { throw ValidationError("--size must be \(LoopBatch.sizeRange.lowerBound)...\(LoopBatch.sizeRange.upperBound)") }
    }

    func run() async throws {
        MemoryTuning.keepFreedMemory()
        var options = LoopBatch.Options()
        options.assets = batch.assets
        options.out = out
        options.fps = fps
        options.size = size
        options.jobs = batch.workers
        options.force = batch.force
        // The catalog is read once: here, to check --only, then handed to the batch.
        let catalog = batch.readCatalog()
        options.only = try batch.selectedIDs(in: catalog)
        options.catalog = catalog
        var report = BatchReport(name: "loops", out: out, quiet: batch.quiet)
        let summary: LoopBatch.Summary
        do {
            summary = try await LoopBatch(options: options).run { report.handle($0) }
        } catch let e as BatchFatalError {
            throw BatchReport.fatal(e)
        }
        try report.finish(summary)
    }
}
