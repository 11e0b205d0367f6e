import ArgumentParser
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseExport

/// `assettool pose FILE [--rig RIG] [--clip NAME] [--time S | --frame N [--fps F]] [--format obj|json] [-o OUT]`:
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

    @OptionGroup(title: "Pose")
    var pose: PoseOptions

    @Option(help: "Output format.")
    var format: Format = .obj

    @Option(name: [.short, .customLong("output")], help: "Output file (written atomically); stdout when absent.")
    var output: String?

    @Flag(name: .long, help: "Keep the file's axes and units instead of Y-up metres.")
    var keepFileSpace = false

    func run() throws {
        let loaded = try pose.load(file, keepFileSpace: keepFileSpace)
        let (scene, selected) = (loaded.scene, loaded.clip)
        if let rig = pose.rig, let b = loaded.binding {
            Console.err("rig \(rig): \(b.matchedChannels.count) channel(s) applied, \(b.unmatchedChannels.count) unmatched; "
                        + "\(b.matchedJoints.count) joint(s) matched, \(b.unmatchedRigJoints.count) rig joint(s) without a base joint"
                        + (b.cameraReplaced ? "; camera replaced" : ""))
        }
        let t = pose.time(in: scene, clip: selected)
        let posed = scene.pose(at: t, clip: selected)
        let meshes = MeshDeformer(scene: scene).posedMeshes(posed, normals: format == .obj)
        let unweighted = meshes.reduce(0) { $0 + $1.unweightedVertices.count }
        if unweighted > 0 { Console.err("note: \(unweighted) skinned vertex(es) have no weight and stay at the bind shape") }
        let text: String
        switch format {
        case .obj: text = OBJExport.text(scene: scene, meshes: meshes, header: "assettool pose \(file)\(pose.rig.map { " --rig \($0)" } ?? "") t=\(t)s (document time \(posed.time)s)")
        case .json:
            let doc = PoseJSON(file: file, rig: pose.rig, clip: selected?.name ?? selected?.id, time: t, documentTime: posed.time,
                               space: keepFileSpace ? "file" : "Y-up metres", scene: scene, pose: posed, meshes: meshes, binding: loaded.binding)
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
            StandardStream.output(text)
        }
    }
}
