import ArgumentParser
import AssetBenchmarks
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer
import TerminalPreview

/// `assettool bench preview FILE [--rig RIG] [--width 80] [--height 40] [--mode M] [--color C] [--runs N]`: the time
/// to make one preview frame (pose, skin, raster with depth, encode), median and best of `--runs`, over the
/// animation's frames in turn.
struct PreviewBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Time one terminal preview frame (pose + skin + raster + cells).")

    @Argument(help: "The COLLADA file (base model).")
    var file: String

    @OptionGroup var rigOption: RigOption
    var rig: String? { rigOption.rig }

    @Option(help: "Columns.")
    var width = 80

    @Option(help: "Rows.")
    var height = 40

    @Option(help: "The mode timed; all three when absent.")
    var mode: PreviewMode?

    @Option(help: "Colours of the encoded text (auto counts as never: the output is not a terminal).")
    var color: Terminal.ColorChoice = .never

    @Option(help: "Samples per pixel side (default: the mode's).")
    var samples: Int?

    @Option(help: "Frames timed per mode.")
    var runs = 200

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.threads }

    @Flag(help: "Also print the median of each stage: pose, skin + draw list, camera, raster, shading, cells.")
    var stages = false

    func validate() throws {
        if !(1...1000).contains(width) || !(1...1000).contains(height) { throw ValidationError("--width and --height must be 1...1000") }
        if runs < 1 { throw ValidationError("--runs must be at least 1") }
    }

    func run() throws {
        let loaded = try SceneInput.posable(file: file, rig: rig, clip: nil)
        let colors = Terminal.color(color, isTerminal: false, environment: [:])
        PreviewBenchmark(scene: loaded.scene, width: width, height: height, modes: mode.map { [$0] } ?? PreviewMode.allCases,
                         colors: colors, samples: samples, runs: runs, threads: threads, stages: stages).run(output: .console)
    }
}
