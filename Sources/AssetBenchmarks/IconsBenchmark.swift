import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IconFactory
import PipelineKit
import PoseRenderer
#if canImport(Glibc)
import Glibc
#endif

/// `bench icons`: the main job's figures, in this process: the whole batch from scratch, the no-op rerun, one
/// icon alone, peak memory; and plain frames of a model at one size (the figure Blender's Workbench engine is
/// measured on).
package enum IconsBenchmark {
    /// Times the batch over `assets` (into a temporary folder, removed after): `runs` times each from scratch,
    /// the no-op rerun and icon `one` forced alone, with `jobs` icons at a time; medians on `output.line`.
    ///
    /// - Throws: `BatchFatalError` when the catalog, style or base model is invalid.
    package static func batch(assets: String, runs: Int, jobs: Int, one: String, output: BenchmarkOutput) async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-icons-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var options = IconBatch.Options()
        options.assets = assets
        options.out = out
        options.jobs = jobs
        func time(_ o: IconBatch.Options) async throws -> (Double, IconBatch.Summary) {
            let t0 = ContinuousClock.now
            let s = try await IconBatch(options: o).run()
            return ((ContinuousClock.now - t0).milliseconds, s)
        }
        var scratch: [Double] = [], noop: [Double] = [], single: [Double] = []
        var last = IconBatch.Summary()
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
        let m = { (v: [Double]) in v.sorted()[v.count / 2] }
        output.line("icon batch (\(last.made) progressions x 2 states x scales, jobs \(options.jobs)), median of \(scratch.count):")
        output.line(String(cFormat: "  from scratch   %8.1f ms", m(scratch)))
        output.line(String(cFormat: "  no-op rerun    %8.1f ms", m(noop)))
        output.line(String(cFormat: "  one icon alone %8.1f ms  (", m(single)) + one + ", forced)")
    }

    /// Renders `frames` plain frames of `scene` (frame f at f / 24 s) at `size` pixels with a fitted camera and
    /// the style's samples, and encodes each; total and per-frame time on `output.line`.
    package static func plainFrames(scene: Scene, modelName: String, frames: Int, size: Int, output: BenchmarkOutput) throws {
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
        output.line(String(cFormat: "%d plain %dx%d frames of ", frames, size, size) + modelName
                    + String(cFormat: " (%dx%d samples, PNG): %.1f ms total, %.2f ms/frame (%d PNG bytes)", samples, samples, plainMs,
                     plainMs / Double(max(1, frames)), bytes))
    }

    /// The process's peak resident memory, on `output.line`.
    package static func peakMemory(output: BenchmarkOutput) {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        output.line(String(cFormat: "peak memory (max RSS of this process): %.1f MB", Double(usage.ru_maxrss) / 1024))
    }
}
