import ArgumentParser
import AssetBenchmarks
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IconFactory

/// `assettool bench icons`: the main job's figures, in this process: the whole batch from scratch, the
/// no-op rerun, one icon alone, peak memory; and 60 plain frames of a model at one size (the figure
/// Blender's Workbench engine is measured on).
struct IconsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icons",
        abstract: "Time the icon batch (from scratch, no-op, one icon) and 60 plain frames of a model.",
        discussion: "Build with -c release. Peak memory is the process's maximum resident set after all runs.")

    @Option(help: "The assets folder.")
    var assets = "Assets"

    @Option(help: "Runs of each batch case; the median is reported.")
    var runs = 3

    @Option(help: "Icons rendered at the same time (default: the number of cores).")
    var jobs: Int?

    @Option(help: "The icon timed alone.")
    var one = "pushup-05"

    @Option(help: "A model whose animation gives the plain frames (Blender's reference: the Blender-made humanoid).")
    var plainModel = "../shared/corpus/blender-made/humanoid_default.dae"

    @Option(help: "Plain frames rendered (frame f at f / 24 s, as Blender's batch).")
    var frames = 60

    @Option(help: "Side of the plain frames in pixels.")
    var size = 256

    func run() async throws {
        MemoryTuning.keepFreedMemory()
        do {
            try await IconsBenchmark.batch(assets: assets, runs: runs, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                           one: one, output: .console)
        } catch let e as IconBatch.FatalError {
            DiagnosticPrinter.printToStderr(e.diagnostics)
            throw ExitCode(e.kind)
        }
        // Plain frames: load once, pose, render (fitted camera, style samples), encode.
        let scene = try SceneInput.load(plainModel)
        try IconsBenchmark.plainFrames(scene: scene, modelName: PathName.lastComponent(plainModel), frames: frames, size: size,
                                       output: .console)
        IconsBenchmark.peakMemory(output: .console)
    }
}
