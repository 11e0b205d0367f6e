import ArgumentParser
import AssetBenchmarks
import ColladaKit
import Foundation

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

    @Option(help: "An animation-only rig applied to FILE.")
    var rig: String?

    @Option(help: "Vertices of the synthetic mesh (0 skips it).")
    var syntheticVertices = 50_000

    @Option(help: "Influences per vertex of the synthetic mesh.")
    var influences = 4

    @Option(help: "Poses per measurement; the median of 5 measurements is reported.")
    var poses = 200

    func run() throws {
        print("case".padding(toLength: 34, withPad: " ", startingAt: 0)
              + "verts  influences    poses/s  +normals/s   evaluate us   M infl/s")
        if let file {
            var scene = try ColladaLoader.load(path: file)
            if let rig {
                let (applied, binding) = scene.applying(rig: try ColladaLoader.load(path: rig))
                scene = applied
                DiagnosticPrinter.printToStderr(binding.diagnostics)
            }
            let name = URL(fileURLWithPath: file).lastPathComponent + (rig.map { " + " + URL(fileURLWithPath: $0).lastPathComponent } ?? "")
            report(name, scene)
        }
        if syntheticVertices > 0 {
            let bytes = SyntheticRig.document(vertices: syntheticVertices, influences: influences)
            let scene = try ColladaLoader.load(bytes: bytes, path: "synthetic.dae")
            report("synthetic \(syntheticVertices / 1000)k x \(influences)", scene)
        }
    }

    private func report(_ name: String, _ scene: Scene) {
        let deformer = MeshDeformer(scene: scene)
        let range = scene.animationRange() ?? 0...0
        let n = max(1, poses)
        let times = (0..<n).map { range.lowerBound + (range.upperBound - range.lowerBound) * Float($0) / Float(n) }
        let verts = deformer.skinWeights.reduce(0) { $0 + $1.vertexCount }
        let infl = deformer.skinWeights.reduce(0) { $0 + $1.influenceCount }
        var sink: Float = 0
        func measure(_ body: (Float) -> Void) -> Double {
            var runs: [Double] = []
            for _ in 0..<5 {
                let t0 = ContinuousClock.now
                for t in times { body(t) }
                runs.append((ContinuousClock.now - t0).milliseconds / 1000)
            }
            return runs.sorted()[2] / Double(n)  // seconds per pose
        }
        let evaluate = measure { t in sink += scene.pose(at: t).worldMatrices.last?.columns.3.x ?? 0 }
        let plain = measure { t in
            let meshes = deformer.posedMeshes(scene.pose(at: t), normals: false)
            sink += meshes.first?.positions.first?.x ?? 0
        }
        let withNormals = measure { t in
            let meshes = deformer.posedMeshes(scene.pose(at: t), normals: true)
            sink += meshes.first?.positions.first?.x ?? 0
        }
        let line = name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(format: "%6d %11d %10.0f %11.0f %13.1f %10.1f", verts, infl, 1 / plain, 1 / withNormals,
                     evaluate * 1e6, Double(infl) / max(plain - evaluate, 1e-12) / 1e6)
        print(line)
        if sink.isNaN { Console.err("(non-finite result)") }
    }
}
