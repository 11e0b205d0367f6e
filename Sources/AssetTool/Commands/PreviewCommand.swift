import ArgumentParser
import ColladaKit
import Foundation
import PoseRenderer
import TerminalPreview

/// `assettool preview FILE [--rig RIG] [--time T | --frame N] [--width COLS] [--height ROWS]
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

    @Option(help: "An animation-only rig applied to the base model (its \"Camera\" replaces the model's).")
    var rig: String?

    @Option(parsing: .unconditional, help: "Time in seconds (from the clip's start with --clip). Default: the animation's start.")
    var time: Float?

    @Option(parsing: .unconditional, help: "Frame number at the animation's key rate (or --fps).")
    var frame: Int?

    @Option(help: "Play only this <animation_clip> (name or id).")
    var clip: String?

    @Option(help: "Columns (default: the terminal's width, else 80).")
    var width: Int?

    @Option(help: "Rows (default: the terminal's height less one, else half the width).")
    var height: Int?

    @Option(help: "ascii, blocks or braille (default: blocks with colour, ascii without).")
    var mode: PreviewMode?

    @Option(help: "auto, never, 256 or truecolor.")
    var color: Terminal.ColorChoice = .auto

    @Option(help: "file (the icons' camera: the file's or rig's, else fit), fit (three-quarter view), front (along -Z) or side (along -X); each framed so the figure fills the view.")
    var camera: PreviewCamera = .file

    @Flag(help: "Play the animation in place.")
    var play = false

    @Option(help: "With --play: loops to show (default: until Ctrl-C on a terminal, 1 otherwise).")
    var loops: Int?

    @Option(help: "Frames per second (default: the animation's own key rate).")
    var fps: Float?

    @Option(help: "Samples per pixel side, 1...8 (default: 1 for ascii and braille, 2 for blocks).")
    var samples: Int?

    @Option(help: "Worker threads (default: all cores; output is identical for any count).")
    var threads: Int?

    func validate() throws {
        if time != nil && frame != nil { throw ValidationError("give at most one of --time SECONDS or --frame N") }
        if play && (time != nil || frame != nil) { throw ValidationError("--play shows every frame: drop --time/--frame") }
        if !play && loops != nil { throw ValidationError("--loops needs --play") }
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number of seconds") }
        if let frame, frame < 0 { throw ValidationError("--frame must be at least 0") }
        if let fps, !(fps > 0 && fps <= 240) { throw ValidationError("--fps must be in (0, 240]") }
        if let width, !(1...1000).contains(width) { throw ValidationError("--width must be 1...1000 columns") }
        if let height, !(1...1000).contains(height) { throw ValidationError("--height must be 1...1000 rows") }
        if let loops, loops < 1 { throw ValidationError("--loops must be at least 1") }
        if let samples, !(1...8).contains(samples) { throw ValidationError("--samples must be 1...8") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    func run() throws {
        let loaded = try Self.loadPosable(file: file, rig: rig, clip: clip)
        let env = ProcessInfo.processInfo.environment
        let tty = Terminal.isTerminal(STDOUT_FILENO)
        let colors = Terminal.color(color, isTerminal: tty, environment: env)
        let grid = Terminal.gridSize(width: width, height: height, terminal: tty ? Terminal.size(STDOUT_FILENO) : nil, inPlace: play && tty)
        let chosenMode = mode ?? (colors == .none ? .ascii : .blocks)
        let renderer = PreviewRenderer(scene: loaded.scene, mode: chosenMode, camera: camera, columns: grid.columns, rows: grid.rows,
                                       samplesPerSide: samples, threads: threads)
        let timeline = PreviewTimeline(scene: loaded.scene, clip: loaded.clip)
        if play {
            let player = PreviewPlayer(renderer: renderer, scene: loaded.scene, clip: loaded.clip, color: colors,
                                       times: timeline.loopTimes(fps: fps), interval: timeline.frameInterval(fps: fps),
                                       loops: loops ?? (tty ? nil : 1), isTerminal: tty)
            switch player.play() {
            case .finished: return
            case .interrupted: throw ExitCode.interrupted
            case .outputClosed: throw ExitCode.outputClosed
            }
        }
        let t = time ?? frame.map { timeline.start + Float($0) / (fps ?? timeline.sampleRate) } ?? timeline.start
        let picture = renderer.render(loaded.scene.pose(at: t, clip: loaded.clip), options: CellOptions(color: colors))
        if !Terminal.write(picture.text.bytes) { throw ExitCode.outputClosed }
    }

    /// The base model with the rig applied (diagnostics to stderr) and the selected clip.
    static func loadPosable(file: String, rig: String?, clip: String?) throws -> (scene: Scene, clip: AnimationClip?) {
        let (scene, _, selected) = try PoseCommand.loadPosable(file: file, rig: rig, clip: clip)
        return (scene, selected)
    }
}

extension PreviewMode: ExpressibleByArgument {}
extension PreviewCamera: ExpressibleByArgument {}
extension Terminal.ColorChoice: ExpressibleByArgument {}
