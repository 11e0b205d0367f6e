import ArgumentParser
import AssetBenchmarks
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `assettool bench pose [FILE] [--rig RIG]`: poses per second (evaluate every channel + skin every
/// mesh) for a file and for a synthetic 4-influence mesh, on one core.
struct PoseBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pose",
        abstract: "Poses per second (evaluate + skin) for a file and a synthetic skinned mesh, on one core.",
        discussion: """
            Each pose evaluates every channel at a new time across the animation and skins every mesh \
            instance (positions; '+normals' also transforms normals). Build with -c release for real figures.
            """)

    @Argument(help: "A skinned, animated COLLADA file (the base model with --rig).")
    var file: String?

    @OptionGroup var rigOption: RigOption
    var rig: String? { rigOption.rig }

    @Option(help: "Vertices of the synthetic mesh (0 skips it).")
    var syntheticVertices = 50_000

    @Option(help: "Influences per vertex of the synthetic mesh.")
    var influences = 4

    @Option(help: "Poses per measurement; the median of 5 measurements is reported.")
    var poses = 200

    func run() throws {
        print(PoseBenchmark.throughputHeader)
        if let file {
            var scene = try ColladaLoader.load(path: file)
            if let rig {
                let (applied, binding) = scene.applying(rig: try ColladaLoader.load(path: rig))
                scene = applied
                DiagnosticPrinter.printToStderr(binding.diagnostics)
            }
            let name = URL(fileURLWithPath: file).lastPathComponent + (rig.map { " + " + URL(fileURLWithPath: $0).lastPathComponent } ?? "")
            PoseBenchmark.throughput(name, scene, poses: poses, output: .console)
        }
        if syntheticVertices > 0 {
            let bytes = SyntheticRig.document(vertices: syntheticVertices, influences: influences)
            let scene = try ColladaLoader.load(bytes: bytes, path: "synthetic.dae")
            PoseBenchmark.throughput("synthetic \(syntheticVertices / 1000)k x \(influences)", scene, poses: poses, output: .console)
        }
    }
}
