import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PoseBenchmark {
    /// The header of ``throughput(_:_:poses:output:)``'s lines.
    package static let throughputHeader = "case".padded(to: 34)
        + "verts  influences    poses/s  +normals/s   evaluate us   M infl/s"

    /// `bench pose`: poses per second of `scene` (evaluate every channel at `poses` times across the animation,
    /// then skin every mesh, without and with normals), median of 5 measurements, on the calling thread; one
    /// line named `name`.
    package static func throughput(_ name: String, _ scene: Scene, poses: Int, output: BenchmarkOutput) {
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
        let line = name.padded(to: 34)
            + String(cFormat: "%6d %11d %10.0f %11.0f %13.1f %10.1f", verts, infl, 1 / plain, 1 / withNormals,
                     evaluate * 1e6, Double(infl) / max(plain - evaluate, 1e-12) / 1e6)
        output.line(line)
        if sink.isNaN { output.note("(non-finite result)") }
    }
}
