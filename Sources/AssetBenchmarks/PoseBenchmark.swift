import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Measures linear blend skinning throughput (meaningful only in release builds).
package enum PoseBenchmark {
    /// One measurement.
    package struct Result: Sendable, Codable, CustomStringConvertible {
        /// Vertices skinned per iteration.
        package var vertices: Int
        /// Vertex-joint influences skinned per iteration.
        package var influences: Int
        /// Timed iterations (after one untimed warm-up).
        package var iterations: Int
        /// Best (smallest) wall time of one iteration, seconds.
        package var bestSeconds: Double
        /// Median wall time of one iteration, seconds.
        package var medianSeconds: Double
        /// Whether normals frames were computed too.
        package var normals: Bool

        /// Influences per second at the median time.
        package var influencesPerSecond: Double { medianSeconds > 0 ? Double(influences) / medianSeconds : 0 }

        /// One line for logs.
        package var description: String {
            String(cFormat: "%d vertices, %d influences", vertices, influences) + (normals ? " (+normal frames)" : "")
                + String(cFormat: ": median %.3f ms, best %.3f ms per pose = %.1f M influences/s (median), %.1f M vertices/s", medianSeconds * 1e3, bestSeconds * 1e3,
                   influencesPerSecond / 1e6, medianSeconds > 0 ? Double(vertices) / medianSeconds / 1e6 : 0)
        }
    }

    /// Skins every skinned instance of `scene` at `pose` `iterations` times on the calling thread
    /// (weights prepared once beforehand, palettes built inside each iteration).
    package static func skinning(scene: Scene, pose: Pose, iterations: Int = 50, normals: Bool = false) -> Result {
        let deformer = MeshDeformer(scene: scene)
        var jobs: [(positions: [SIMD3<Float>], weights: SkinWeights, instance: MeshInstance)] = []
        for inst in scene.meshInstances {
            if case .skin(let s) = inst.source {
                jobs.append((scene.meshes[scene.skins[s].mesh].positions, deformer.skinWeights[s], inst))
            }
        }
        return measure(iterations: iterations, normals: normals,
                       vertices: jobs.reduce(0) { $0 + $1.weights.vertexCount },
                       influences: jobs.reduce(0) { $0 + $1.weights.influenceCount }) { out, frames in
            for job in jobs {
                let palette = scene.skinningMatrices(for: job.instance, pose: pose)
                LinearBlendSkinning.deform(job.positions, weights: job.weights, palette: palette, into: &out, normalFrames: &frames)
            }
        }
    }

    /// A synthetic skin: `vertexCount` vertices with `influencesPerVertex` influences each over
    /// `joints` joints (pseudo-random, fixed seed), skinned `iterations` times.
    package static func synthetic(vertexCount: Int = 200_000, influencesPerVertex: Int = 4, joints: Int = 64,
                                 iterations: Int = 30, normals: Bool = false) -> Result {
        let nv = max(1, vertexCount), ni = max(1, influencesPerVertex), nj = max(1, joints)
        var rng = SplitMix64(seed: 0x5EED)
        var positions = [SIMD3<Float>]()
        positions.reserveCapacity(nv)
        var start: [UInt32] = [0]
        var slots: [UInt32] = []
        var weights: [Float] = []
        for _ in 0..<nv {
            positions.append(SIMD3(rng.unit(), rng.unit(), rng.unit()))
            var ws = (0..<ni).map { _ in rng.unit() + 0.01 }
            let sum = ws.reduce(0, +)
            ws = ws.map { $0 / sum }
            for w in ws {
                slots.append(UInt32(Int(rng.next() % UInt64(nj))))
                weights.append(w)
            }
            start.append(UInt32(slots.count))
        }
        let skin = SkinWeights(vertexCount: nv, jointCount: nj, influenceStart: start, influenceSlot: slots,
                               influenceWeight: weights, normalizedVertexCount: 0, unweightedVertices: [])
        let palette = (0...nj).map { j in
            Matrix4x4.translation(SIMD3(Float(j), 0, 0)) * Matrix4x4.rotation(axis: SIMD3(0, 0, 1), degrees: Float(j))
        }
        return measure(iterations: iterations, normals: normals, vertices: nv, influences: slots.count) { out, frames in
            LinearBlendSkinning.deform(positions, weights: skin, palette: palette, into: &out, normalFrames: &frames)
        }
    }

    static func measure(iterations: Int, normals: Bool, vertices: Int, influences: Int,
                        _ body: (inout [SIMD3<Float>], inout [SIMD3<Float>]?) -> Void) -> Result {
        var out: [SIMD3<Float>] = []
        var frames: [SIMD3<Float>]? = normals ? [] : nil
        body(&out, &frames)  // warm up, sizes the buffers
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(1, iterations) {
            if normals && frames == nil { frames = [] }
            let d = clock.measure { body(&out, &frames) }
            times.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        times.sort()
        return Result(vertices: vertices, influences: influences, iterations: times.count, bestSeconds: times.first ?? 0,
                      medianSeconds: times[times.count / 2], normals: normals)
    }
}

/// A small deterministic generator for synthetic data.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
