import ColladaKit
import PipelineKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PoseRenderer

/// `bench render`: raster and full-path (raster + resolve + PNG + atomic write) medians for a posed model and a
/// synthetic UV sphere, framed by the camera of `../shared/bench/peers/gl_render.py` (azimuth 30°, elevation
/// 15°, fov 2·atan(18/50)) so llvmpipe draws the same pixels.
package struct RenderBenchmark {
    package struct Options {
        /// Pose time in seconds.
        package var time: Float = 0.5
        /// Triangles of the synthetic UV sphere (as gl_render.py synthetic:N).
        package var synthetic = 100_000
        /// Image sides in pixels.
        package var sizes: [Int] = [256, 1024]
        /// Samples per pixel side.
        package var samples = 2
        /// Timed runs per case.
        package var runs = 7
        /// Worker threads (default: all cores).
        package var threads: Int?
        /// Folder for the PNGs written by the full path.
        package var out = "/tmp"
        /// Also note resolve, sRGB conversion and libpng apart.
        package var stages = false
        /// libpng's `PNG_IMAGE_FLAG_FAST`.
        package var fastPNG = false
        /// One JSON object per case instead of a table.
        package var json = false

        package init() {}
    }

    package var options: Options

    package init(options: Options) {
        self.options = options
    }

    /// Times `scene` (posed at `options.time`, named `modelName`) and the synthetic sphere at every size.
    ///
    /// - Throws: a PNG encoding error or `AtomicFile.WriteError` when a PNG cannot be written.
    package func run(scene: Scene, modelName: String, output: BenchmarkOutput) throws {
        let pose = scene.pose(at: options.time)
        let renderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(defaultColor: SIMD3(0.6, 0.3, 0.2)))
        let cases: [(String, DrawList)] = [
            (modelName, renderer.drawList(pose)),
            ("synthetic:\(options.synthetic)", Self.sphere(triangles: options.synthetic)),
        ]
        let rasterOptions = RasterOptions(samplesPerSide: options.samples, threads: options.threads)
        if !options.json {
            output.line("mesh                          tris     px  samples  raster ms  full ms  png bytes  (medians of \(options.runs), \(rasterOptions.threads) threads\(options.fastPNG ? ", fast PNG" : ""))")
        }
        for (name, list) in cases {
            let cam = Self.peerCamera(list.positions)
            for side in options.sizes {
                _ = Rasterizer.render(list, camera: cam, width: side, height: side, options: rasterOptions)  // warm-up
                var raster: [Double] = [], full: [Double] = []
                var pngBytes = 0
                for _ in 0..<max(1, options.runs) {
                    let t0 = ContinuousClock.now
                    _ = Rasterizer.render(list, camera: cam, width: side, height: side, options: rasterOptions, resolve: false)
                    raster.append(Self.ms(ContinuousClock.now - t0))
                }
                let path = options.out + "/bench_\(name.replacingScalars([":": "_"]))_\(side).png"
                for _ in 0..<max(1, options.runs) {
                    let t0 = ContinuousClock.now
                    let rgba = Rasterizer.renderSRGB8(list, camera: cam, width: side, height: side, options: rasterOptions)
                    let png = try PNGEncoder.encode(rgba: rgba, width: side, height: side, fast: options.fastPNG)
                    try AtomicFile.write(png, to: path)
                    pngBytes = png.count
                    full.append(Self.ms(ContinuousClock.now - t0))
                }
                if options.stages {
                    var res: [Double] = [], enc: [Double] = [], png: [Double] = []
                    for _ in 0..<max(1, options.runs) {
                        let t0 = ContinuousClock.now
                        let img = Rasterizer.render(list, camera: cam, width: side, height: side, options: rasterOptions)
                        let t1 = ContinuousClock.now
                        let bytes = SRGB.encodeStraight(img)
                        let t2 = ContinuousClock.now
                        _ = try PNGEncoder.encode(rgba: bytes, width: side, height: side, fast: options.fastPNG)
                        let t3 = ContinuousClock.now
                        res.append(Self.ms(t1 - t0)); enc.append(Self.ms(t2 - t1)); png.append(Self.ms(t3 - t2))
                    }
                    output.note("  \(name) \(side): raster+resolve \(Self.median(res)) ms, sRGB bytes \(Self.median(enc)) ms, libpng \(Self.median(png)) ms")
                }
                let r = Self.median(raster), f = Self.median(full)
                if options.json {
                    output.line("{\"mesh\":\"\(name)\",\"triangles\":\(list.triangleCount),\"size\":\(side),\"samples\":\(options.samples * options.samples),"
                          + "\"raster_ms\":\(Self.round3(r)),\"full_ms\":\(Self.round3(f)),\"png_bytes\":\(pngBytes),\"fast_png\":\(options.fastPNG),\"threads\":\(rasterOptions.threads)}")
                } else {
                    output.line(name.padded(to: 28)
                          + String(cFormat: "%6d %6d %8d %10.2f %8.2f %10d", list.triangleCount, side, options.samples * options.samples, r, f, pngBytes))
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
                let a = i * (n + 1) + j, b = (i + 1) * (n + 1) + j, c = (i + 1) * (n + 1) + j + 1
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
