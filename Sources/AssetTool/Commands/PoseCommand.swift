import ArgumentParser
import ColladaKit
import Foundation
import PoseExport

/// `assettool pose FILE [--rig RIG] (--time S | --frame N [--fps F]) [--clip NAME] [--format obj|json] [-o OUT]`:
/// the posed world-space meshes of a file at one moment.
struct PoseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pose",
        abstract: "Write the posed world-space meshes of a COLLADA file at one time (OBJ or JSON).",
        discussion: """
            Vertices are written per mesh instance in the order of the geometry's POSITION source, in \
            Y-up metres (or file space with --keep-file-space). JSON adds the joints' world matrices \
            and the camera. Exit status: 0 on success, 64 for bad arguments, 65 when a file cannot be \
            loaded, 66 when it cannot be read, 73 when the output cannot be written.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case obj, json }

    @Argument(help: "The COLLADA file (base model).")
    var file: String

    @Option(help: "An animation-only rig whose animation (and \"Camera\") is applied to the base model by joint name, id, then sid.")
    var rig: String?

    @Option(parsing: .unconditional, help: "Time in seconds (measured from the clip's start with --clip).")
    var time: Float?

    @Option(parsing: .unconditional, help: "Frame number; the time is frame / fps.")
    var frame: Double?

    @Option(help: "Frames per second for --frame.")
    var fps: Double = 30

    @Option(help: "Play only this <animation_clip> (name or id).")
    var clip: String?

    @Option(help: "Output format.")
    var format: Format = .obj

    @Option(name: [.short, .customLong("output")], help: "Output file (written atomically); stdout when absent.")
    var output: String?

    @Flag(name: .long, help: "Keep the file's axes and units instead of Y-up metres.")
    var keepFileSpace = false

    func validate() throws {
        if (time == nil) == (frame == nil) { throw ValidationError("give exactly one of --time SECONDS or --frame N") }
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number of seconds") }
        if let frame, !frame.isFinite { throw ValidationError("--frame must be a finite number") }
        if !(fps > 0) || !fps.isFinite { throw ValidationError("--fps must be positive") }
    }

    func run() throws {
        let (scene, binding, selected) = try Self.loadPosable(file: file, rig: rig, clip: clip, keepFileSpace: keepFileSpace)
        if let rig, let b = binding {
            Console.err("rig \(rig): \(b.matchedChannels.count) channel(s) applied, \(b.unmatchedChannels.count) unmatched; "
                        + "\(b.matchedJoints.count) joint(s) matched, \(b.unmatchedRigJoints.count) rig joint(s) without a base joint"
                        + (b.cameraReplaced ? "; camera replaced" : ""))
        }
        let t = time ?? Float((frame ?? 0) / fps)
        let pose = scene.pose(at: t, clip: selected)
        let meshes = MeshDeformer(scene: scene).posedMeshes(pose, normals: format == .obj)
        let unweighted = meshes.reduce(0) { $0 + $1.unweightedVertices.count }
        if unweighted > 0 { Console.err("note: \(unweighted) skinned vertex(es) have no weight and stay at the bind shape") }
        let text: String
        switch format {
        case .obj: text = OBJExport.text(scene: scene, meshes: meshes, header: "assettool pose \(file)\(rig.map { " --rig \($0)" } ?? "") t=\(t)s (document time \(pose.time)s)")
        case .json:
            let doc = PoseJSON(file: file, rig: rig, clip: selected?.name ?? selected?.id, time: t, documentTime: pose.time,
                               space: keepFileSpace ? "file" : "Y-up metres", scene: scene, pose: pose, meshes: meshes, binding: binding)
            text = String(decoding: try JSONEncoder.sorted.encode(doc), as: UTF8.self) + "\n"
        }
        if let output {
            do {
                try AtomicFile.write(text, to: output)
            } catch {
                Console.err(error.description)
                throw ExitCode.cannotWrite
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// Loads a file, printing its errors and exiting with `ExitCode.invalidInput` or `.unreadableInput` on failure.
    static func load(_ path: String, keepFileSpace: Bool) throws -> Scene {
        do {
            return try ColladaLoader.load(path: path, options: .init(keepFileSpace: keepFileSpace))
        } catch let e as LoadError {
            DiagnosticPrinter.printToStderr(e.diagnostics.filter { $0.severity == .error })
            throw ExitCode(e.kind)
        }
    }

    /// The base model with `rig` applied (by joint name, id, then sid) and the clip named `clip`, for every
    /// command that poses a file. Diagnostics go to stderr; an unknown clip exits with `ExitCode.validationFailure` (64), naming the clips there are.
    static func loadPosable(file: String, rig: String?, clip: String?, keepFileSpace: Bool = false) throws
        -> (scene: Scene, binding: RigBinding?, clip: AnimationClip?) {
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
        guard let clip else { return (scene, binding, nil) }
        guard let c = scene.clip(named: clip) else {
            let names = scene.clips.compactMap { $0.name ?? $0.id }
            Console.err("\(rig ?? file): error: no clip named '\(clip)'" + (names.isEmpty ? " (the file has none)" : " (clips: \(names.joined(separator: ", ")))"))
            throw ExitCode.validationFailure
        }
        return (scene, binding, c)
    }
}
