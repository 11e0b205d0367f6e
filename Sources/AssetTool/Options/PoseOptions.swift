import ArgumentParser
import ColladaKit
import PoseRenderer
import PipelineKit

/// The options that say what to pose and when, shared by `pose`, `render` and `preview` so the three
/// accept exactly the same: `[--rig RIG] [--clip NAME] [--time S | --frame N] [--fps F]`.
///
/// Rules (``validate()``): `--time` and `--frame` exclude each other; `--time` is a finite number of
/// seconds (document time, or from the clip's start with `--clip`; it may be negative, as key times may
/// be); `--frame` is at least 0; `--fps` is in (0, 240]. The time posed (``time(in:clip:)``): `--time`;
/// else `--frame` N at N / fps seconds (as Blender numbers frames), fps being `--fps` or the animation's
/// own key rate; else the animation's start.
struct PoseOptions: ParsableArguments {
    @OptionGroup var rigOption: RigOption
    var rig: String? { rigOption.rig }

    @Option(help: "Play only this <animation_clip> (name or id); times are then measured from the clip's start.")
    var clip: String?

    @Option(parsing: .unconditional, help: "Time in seconds (from the clip's start with --clip). Default: the animation's start.")
    var time: Float?

    @Option(parsing: .unconditional, help: "Frame number N: the time N / fps. Not with --time.")
    var frame: Int?

    @Option(help: "Frames per second for --frame (and preview's --play), in (0, 240]. Default: the animation's own key rate.")
    var fps: Float?

    func validate() throws {
        if time != nil && frame != nil { throw ValidationError("give at most one of --time SECONDS or --frame N") }
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number of seconds") }
        if let frame, frame < 0 { throw ValidationError("--frame must be at least 0") }
        if let fps, !(fps > 0 && fps <= 240) { throw ValidationError("--fps must be in (0, 240]") }
    }

    /// The time to pose `scene` at (see the type's rules), measured as ``Scene/pose(at:clip:)`` measures it.
    func time(in scene: Scene, clip: AnimationClip?) -> Float {
        if let time { return time }
        let timeline = PreviewTimeline(scene: scene, clip: clip)
        if let frame { return Float(frame) / (fps ?? timeline.sampleRate) }
        return timeline.start
    }

    /// `file` with ``rig`` applied and ``clip`` selected (see ``SceneInput/posable(file:rig:clip:keepFileSpace:)``).
    func load(_ file: String, keepFileSpace: Bool = false) throws -> SceneInput.Posable {
        try SceneInput.posable(file: file, rig: rig, clip: clip, keepFileSpace: keepFileSpace)
    }
}

/// Loading the COLLADA files a command names, with diagnostics on stderr and the exit status for a file
/// that does not load.
enum SceneInput {
    /// A base model with its rig applied, and the clip chosen.
    struct Posable {
        var scene: Scene
        /// How the rig matched the base model (nil without a rig).
        var binding: RigBinding?
        var clip: AnimationClip?
    }

    /// Loads a file, printing its errors and exiting with `ExitCode.invalidInput` or `.unreadableInput` on failure.
    static func load(_ path: String, keepFileSpace: Bool = false) throws -> Scene {
        do {
            return try ColladaLoader.load(path: path, options: .init(keepFileSpace: keepFileSpace))
        } catch let e as LoadError {
            DiagnosticPrinter.printToStderr(e.diagnostics.filter { $0.severity == .error })
            throw ExitCode(e.kind)
        }
    }

    /// The base model with `rig` applied (by joint name, id, then sid) and the clip named `clip`, for every
    /// command that poses a file. Diagnostics go to stderr; an unknown clip exits with
    /// `ExitCode.validationFailure` (64), naming the clips there are.
    static func posable(file: String, rig: String?, clip: String?, keepFileSpace: Bool = false) throws -> Posable {
        var scene = try load(file, keepFileSpace: keepFileSpace)
        DiagnosticPrinter.printToStderr(scene.diagnostics)
        var binding: RigBinding?
        if let rig {
            let rigScene = try load(rig, keepFileSpace: keepFileSpace)
            DiagnosticPrinter.printToStderr(rigScene.diagnostics)
            let applied = scene.applying(rig: rigScene)
            scene = applied.scene
            binding = applied.binding
            DiagnosticPrinter.printToStderr(applied.binding.diagnostics)
        }
        guard let clip else { return Posable(scene: scene, binding: binding) }
        guard let c = scene.clip(named: clip) else {
            let names = scene.clips.compactMap { $0.name ?? $0.id }
            Console.err("\(rig ?? file): error: no clip named '\(clip)'" + (names.isEmpty ? " (the file has none)" : " (clips: \(names.joined(separator: ", ")))"))
            throw ExitCode.validationFailure
        }
        return Posable(scene: scene, binding: binding, clip: c)
    }
}
