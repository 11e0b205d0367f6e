import ArgumentParser
import ColladaKit
import Foundation
import PoseRenderer

/// `assettool bench render`: raster and full-path (raster + resolve + PNG + atomic write) medians for the posed
/// Blender humanoid and a synthetic UV sphere, framed by the camera of `../shared/bench/peers/gl_render.py`
/// (azimuth 30°, elevation 15°, fov 2·atan(18/50)) so llvmpipe draws the same pixels.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time the rasterizer (raster alone, and raster + resolve + PNG) on a posed model and a synthetic mesh.")

    @Option(help: "The posed model (COLLADA).")
    var model: String = "../shared/corpus/blender-made/humanoid_default.dae"

    @Option(parsing: .unconditional, help: "Pose time in seconds.")
    var time: Float = 0.5

    @Option(help: "Triangles of the synthetic UV sphere (as gl_render.py synthetic:N).")
    var synthetic: Int = 100_000

    @Option(help: "Image sides in pixels, comma-separated.")
    var sizes: String = "256,1024"

    @Option(help: "Samples per pixel side (2 = 4 samples per pixel, as llvmpipe's ss4).")
    var samples: Int = 2

    @Option(help: "Timed runs per case; medians are reported.")
    var runs: Int = 7

    @Option(help: "Worker threads (default: all cores).")
    var threads: Int?

    @Option(help: "Folder for the PNGs written by the full path.")
    var out: String = "/tmp"

    @Flag(help: "Also print the time of resolve, sRGB conversion and libpng separately (stderr).")
    var stages = false

    @Flag(help: "libpng's PNG_IMAGE_FLAG_FAST (faster, larger files).")
    var fastPNG = false

    @Flag(help: "One JSON object per case instead of a table.")
    var json = false

    func run() throws {
        let scene = try PoseCommand.load(model, keepFileSpace: false)
        let pose = scene.pose(at: time)
        let renderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(defaultColor: SIMD3(0.6, 0.3, 0.2)))
        let cases: [(String, DrawList)] = [
            ((model as NSString).lastPathComponent, renderer.drawList(pose)),
            ("synthetic:\(synthetic)", Self.sphere(triangles: synthetic)),
        ]
        let sideList = sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let options = RasterOptions(samplesPerSide: samples, threads: threads)
        if !json {
            print("mesh                          tris     px  samples  raster ms  full ms  png bytes  (medians of \(runs), \(options.threads) threads\(fastPNG ? ", fast PNG" : ""))")
        }
        for (name, list) in cases {
            let cam = Self.peerCamera(list.positions)
            for side in sideList {
                _ = Rasterizer.render(list, camera: cam, width: side, height: side, options: options)  // warm-up
                var raster: [Double] = [], full: [Double] = []
                var pngBytes = 0
                for _ in 0..<max(1, runs) {
                    let t0 = ContinuousClock.now
                    _ = Rasterizer.render(list, camera: cam, width: side, height: side, options: options, resolve: false)
                    raster.append(Self.ms(ContinuousClock.now - t0))
                }
                let path = out + "/bench_\(name.replacingOccurrences(of: ":", with: "_"))_\(side).png"
                for _ in 0..<max(1, runs) {
                    let t0 = ContinuousClock.now
                    let rgba = Rasterizer.renderSRGB8(list, camera: cam, width: side, height: side, options: options)
                    let png = try PNGEncoder.encode(rgba: rgba, width: side, height: side, fast: fastPNG)
                    try AtomicFile.write(png, to: path)
                    pngBytes = png.count
                    full.append(Self.ms(ContinuousClock.now - t0))
                }
                if stages {
                    var res: [Double] = [], enc: [Double] = [], png: [Double] = []
                    for _ in 0..<max(1, runs) {
                        let t0 = ContinuousClock.now
                        let img = Rasterizer.render(list, camera: cam, width: side, height: side, options: options)
                        let t1 = ContinuousClock.now
                        let bytes = SRGB.encodeStraight(img)
                        let t2 = ContinuousClock.now
                        _ = try PNGEncoder.encode(rgba: bytes, width: side, height: side, fast: fastPNG)
                        let t3 = ContinuousClock.now
                        res.append(Self.ms(t1 - t0)); enc.append(Self.ms(t2 - t1)); png.append(Self.ms(t3 - t2))
                    }
                    Console.err("  \(name) \(side): raster+resolve \(Self.median(res)) ms, sRGB bytes \(Self.median(enc)) ms, libpng \(Self.median(png)) ms")
                }
                let r = Self.median(raster), f = Self.median(full)
                if json {
                    print("{\"mesh\":\"\(name)\",\"triangles\":\(list.triangleCount),\"size\":\(side),\"samples\":\(samples * samples),"
                          + "\"raster_ms\":\(Self.round3(r)),\"full_ms\":\(Self.round3(f)),\"png_bytes\":\(pngBytes),\"fast_png\":\(fastPNG),\"threads\":\(options.threads)}")
                } else {
                    print(name.padding(toLength: 28, withPad: " ", startingAt: 0)
                          + String(format: "%6d %6d %8d %10.2f %8.2f %10d", list.triangleCount, side, samples * samples, r, f, pngBytes))
                }
            }
        }
    }

    static func ms(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? 0 : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    /// gl_render.py's framing: centre and radius of the bounding box, fov 2·atan(18/50), distance
    /// radius / sin(fov/2) · 1.05, azimuth 30°, elevation 15°, near max(d - 2r, d/1000), far d + 2r.
    static func peerCamera(_ points: [SIMD3<Float>]) -> RenderCamera {
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for p in points { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let center = (lo + hi) / 2
        let radius = max(simdLength(hi - lo) / 2, 1e-6)
        let fov = 2 * atan(Float(18) / 50)
        let dist = radius / sin(fov / 2) * 1.05
        let az: Float = 30 * .pi / 180, el: Float = 15 * .pi / 180
        let eye = center + dist * SIMD3(sin(az) * cos(el), sin(el), cos(az) * cos(el))
        let world = Matrix4x4.lookAt(eye: eye, target: center, up: SIMD3(0, 1, 0))
        let near = max(dist - 2 * radius, dist * 1e-3), far = dist + 2 * radius
        return RenderCamera(view: world.inverse ?? .identity,
                            projection: RenderCamera.perspective(yfov: fov, aspect: 1, near: near, far: far), near: near, far: far)
    }

    /// gl_render.py's synthetic mesh: a UV sphere with n = max(4, ⌊√(N/2)⌋) rings and segments, two triangles
    /// per quad (a, b, c) and (a, c, d), flat normals.
    static func sphere(triangles: Int) -> DrawList {
        let n = max(4, Int((Double(triangles) / 2).squareRoot()))
        var list = DrawList()
        for i in 0...n {
            let th = Double.pi * Double(i) / Double(n)
            for j in 0...n {
                let ph = 2 * Double.pi * Double(j) / Double(n)
                list.positions.append(SIMD3(Float(sin(th) * cos(ph)), Float(cos(th)), Float(sin(th) * sin(ph))))
            }
        }
        list.palette = [SIMD3(0.6, 0.3, 0.2)]
        func add(_ a: Int, _ b: Int, _ c: Int) {
            list.indices.append(UInt32(a)); list.indices.append(UInt32(b)); list.indices.append(UInt32(c))
            let p = list.positions
            var f = simdNormalize(simdCross(p[b] - p[a], p[c] - p[a]))
            if !f.x.isFinite { f = simdNormalize(p[a]) }
            list.cornerNormals.append(f); list.cornerNormals.append(f); list.cornerNormals.append(f)
            list.colorIndex.append(0)
        }
        for i in 0..<n {
            for j in 0..<n {
                let a = i * (n + 1) + j, b = (i + 1) * (n + 1) + j, c = (i + 1) * (n + 1) + j + 1, d = i * (n + 1) + j + 1
                add(a, b, c)
            }
        }
        for i in 0..<n {
            for j in 0..<n {
                let a = i * (n + 1) + j, c = (i + 1) * (n + 1) + j + 1, d = i * (n + 1) + j + 1
                add(a, c, d)
            }
        }
        return list
    }
}
