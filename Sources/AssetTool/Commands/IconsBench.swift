import ArgumentParser
import ColladaKit
import Foundation
import IconFactory
import PoseRenderer

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
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-icons-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var options = IconBatch.Options()
        options.assets = assets
        options.out = out
        options.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        func time(_ o: IconBatch.Options) async throws -> (Double, IconBatch.Summary) {
            let t0 = ContinuousClock.now
            let s = try await IconBatch(options: o).run()
            return ((ContinuousClock.now - t0).milliseconds, s)
        }
        var scratch: [Double] = [], noop: [Double] = [], single: [Double] = []
        var last = IconBatch.Summary()
        do {
            for _ in 0..<max(1, runs) {
                try? FileManager.default.removeItem(atPath: out)
                let (ms, s) = try await time(options)
                scratch.append(ms)
                last = s
                noop.append(try await time(options).0)
                var o = options
                o.only = [one]
                o.force = true
                single.append(try await time(o).0)
            }
        } catch let e as IconBatch.FatalError {
            DiagnosticPrinter.printToStderr(e.diagnostics)
            throw ExitCode(e.exitCode)
        }
        let m = { (v: [Double]) in v.sorted()[v.count / 2] }
        print("icon batch (\(last.made) progressions x 2 states x scales, jobs \(options.jobs)), median of \(scratch.count):")
        print(String(format: "  from scratch   %8.1f ms", m(scratch)))
        print(String(format: "  no-op rerun    %8.1f ms", m(noop)))
        print(String(format: "  one icon alone %8.1f ms  (%@, forced)", m(single), one))

        // Plain frames: load once, pose, render (fitted camera, style samples), encode.
        let scene = try PoseCommand.load(plainModel, keepFileSpace: false)
        let sceneRenderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: IconStyle.standard))
        let samples = IconStyle.standard.samplesPerSide
        var bytes = 0
        let t0 = ContinuousClock.now
        for f in 1...max(1, frames) {
            let pose = scene.pose(at: Float(f) / 24)
            let image = sceneRenderer.render(pose, width: size, height: size, camera: .fit,
                                             options: RasterOptions(samplesPerSide: samples))
            bytes += try PNGEncoder.encode(image).count
        }
        let plainMs = (ContinuousClock.now - t0).milliseconds
        print(String(format: "%d plain %dx%d frames of %@ (%dx%d samples, PNG): %.1f ms total, %.2f ms/frame (%d PNG bytes)",
                     frames, size, size, (plainModel as NSString).lastPathComponent, samples, samples, plainMs,
                     plainMs / Double(max(1, frames)), bytes))
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        print(String(format: "peak memory (max RSS of this process): %.1f MB", Double(usage.ru_maxrss) / 1024))
    }
}
