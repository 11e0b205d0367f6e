import ArgumentParser
import AssetBenchmarks
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `assettool bench render`: raster and full-path (raster + resolve + PNG + atomic write) medians for the posed
/// Blender humanoid and a synthetic UV sphere, framed by the camera of `../shared/bench/peers/gl_render.py`
/// (azimuth 30°, elevation 15°, fov 2·atan(18/50)) so llvmpipe draws the same pixels.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time the rasterizer (raster alone, and raster + resolve + PNG) on a posed model and a synthetic mesh.")

    @Option(help: "The posed model (COLLADA).")
    var model: String = "../shared/corpus/blender-made/humanoid_default.dae"

    @Option(parsing: .unconditional, help: "Pose time in seconds.")
    var time: Float = 0.5

    @Option(help: "Triangles of the synthetic UV sphere (as gl_render.py synthetic:N).")
    var synthetic: Int = 100_000

    @Option(help: "Image sides in pixels, comma-separated.")
    var sizes: String = "256,1024"

    @Option(help: "Samples per pixel side (2 = 4 samples per pixel, as llvmpipe's ss4).")
    var samples: Int = 2

    @Option(help: "Timed runs per case; medians are reported.")
    var runs: Int = 7

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.threads }

    @Option(help: "Folder for the PNGs written by the full path.")
    var out: String = "/tmp"

    @Flag(help: "Also print the time of resolve, sRGB conversion and libpng separately (stderr).")
    var stages = false

    @Flag(help: "libpng's PNG_IMAGE_FLAG_FAST (faster, larger files).")
    var fastPNG = false

    @Flag(help: "One JSON object per case instead of a table.")
    var json = false

    func run() throws {
        let scene = try SceneInput.load(model)
        var options = RenderBenchmark.Options()
        options.time = time
        options.synthetic = synthetic
        options.sizes = sizes.split(separator: ",").compactMap { Int(String($0).trimmingBlanks) }
        options.samples = samples
        options.runs = runs
        options.threads = threads
        options.out = out
        options.stages = stages
        options.fastPNG = fastPNG
        options.json = json
        try RenderBenchmark(options: options).run(scene: scene, modelName: PathName.lastComponent(model), output: .console)
    }
}
