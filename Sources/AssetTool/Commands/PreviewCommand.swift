import ArgumentParser
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PoseRenderer
import SceneExport
import TerminalPreview

/// `assettool preview FILE [--rig RIG] [--clip NAME] [--time S | --frame N] [--width COLS] [--height ROWS]
/// [--mode ascii|blocks|braille] [--color auto|never|256|truecolor] [--play [--loops N] [--fps F]]
/// [--camera file|fit|front|side]`: a pose, or the animation, drawn in the terminal.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a posed COLLADA file (or play its animation) in the terminal.",
        discussion: """
            The figure is drawn by the icons' renderer into a grid of cells (about twice as tall as wide) that \
            fits the terminal: its size when stdout is a terminal (one row left for the prompt), else 80 columns \
            and half as many rows. --mode ascii maps light and depth to a character ramp with line characters \
            along the silhouette and depth edges; blocks uses half blocks (in colour: two pixels per cell); \
            braille draws 2x4 dots per cell. Colour (--color auto) only when stdout is a terminal and NO_COLOR \
            is unset: truecolor when COLORTERM is truecolor or 24bit, else 256 colours; --color 256 or \
            truecolor force it. Default mode: blocks with colour, ascii without. --play redraws in place at the \
            animation's own key rate (or --fps), hiding the cursor, until --loops loops are shown or Ctrl-C; \
            the cursor is always restored. Exit status: 0 on success, 64 for bad arguments, 65 when a file \
            cannot be loaded, 66 when it cannot be read, 74 when the output is closed, 130 when interrupted.
            """)

    @Argument(help: "The COLLADA file (base model).")
    var file: String

    @OptionGroup(title: "Pose")
    var pose: PoseOptions

    @Option(help: "Columns (default: the terminal's width, else 80).")
    var width: Int?

    @Option(help: "Rows (default: the terminal's height less one, else half the width).")
    var height: Int?

    @Option(help: "How cells draw the figure: a character ramp, half blocks or braille dots (default: blocks with colour, ascii without).")
    var mode: PreviewMode?

    @Option(help: "Colour: auto (only on a terminal without NO_COLOR), never, or forced 256 colours or truecolor.")
    var color: Terminal.ColorChoice = .auto

    @Option(help: "The icons' camera (file: the file's or rig's, else fit), a three-quarter view (fit), along -Z (front) or along -X (side); each framed so the figure fills the view.")
    var camera: PreviewCamera = .file

    @Flag(help: "Play the animation in place.")
    var play = false

    @Option(help: "With --play: loops to show (default: until Ctrl-C on a terminal, 1 otherwise).")
    var loops: Int?

    @Option(help: "Samples per pixel side, 1...8 (default: 1 for ascii and braille, 2 for blocks).")
    var samples: Int?

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.threads }

    func validate() throws {
        if play && (pose.time != nil || pose.frame != nil) { throw ValidationError("--play shows every frame: drop --time/--frame") }
        if !play && loops != nil { throw ValidationError("--loops needs --play") }
        if let width, !(1...1000).contains(width) { throw ValidationError("--width must be 1...1000 columns") }
        if let height, !(1...1000).contains(height) { throw ValidationError("--height must be 1...1000 rows") }
        if let loops, loops < 1 { throw ValidationError("--loops must be at least 1") }
        if let samples, !(1...8).contains(samples) { throw ValidationError("--samples must be 1...8") }
    }

    func run() throws {
        let loaded = try pose.load(file)
        let env = ProcessInfo.processInfo.environment
        let tty = Terminal.isTerminal(STDOUT_FILENO)
        let colors = Terminal.color(color, isTerminal: tty, environment: env)
        let grid = Terminal.gridSize(width: width, height: height, terminal: tty ? Terminal.size(STDOUT_FILENO) : nil, inPlace: play && tty)
        let chosenMode = mode ?? (colors == .none ? .ascii : .blocks)
        let renderer = PreviewRenderer(scene: loaded.scene, mode: chosenMode, camera: camera, columns: grid.columns, rows: grid.rows,
                                       samplesPerSide: samples, threads: threads)
        let timeline = PreviewTimeline(scene: loaded.scene, clip: loaded.clip)
        if play {
            // A rep lasts seconds: an animation past what an export holds is a mistyped key, refused where it is.
            if let problem = ExportModel.lengthProblem(loaded.scene, clip: loaded.clip, keysPerSecond: pose.fps, path: pose.rig ?? file) {
                StandardStream.error(DiagnosticFormat.text.render([problem]))
                throw ExitCode.invalidInput
            }
            let player = PreviewPlayer(renderer: renderer, scene: loaded.scene, clip: loaded.clip, color: colors,
                                       times: timeline.loopTimes(fps: pose.fps), interval: timeline.frameInterval(fps: pose.fps),
                                       loops: loops ?? (tty ? nil : 1), isTerminal: tty)
            switch player.play() {
            case .finished: return
            case .interrupted: throw ExitCode.interrupted
            case .outputClosed: throw ExitCode.outputClosed
            }
        }
        let t = pose.time(in: loaded.scene, clip: loaded.clip)
        let picture = renderer.render(loaded.scene.pose(at: t, clip: loaded.clip), options: CellOptions(color: colors))
        if !Terminal.write(picture.text.bytes) { throw ExitCode.outputClosed }
    }
}

extension PreviewMode: ExpressibleByArgument {}
extension PreviewCamera: ExpressibleByArgument {}
extension Terminal.ColorChoice: ExpressibleByArgument {}
