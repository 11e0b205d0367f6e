import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer
import TestSupport

/// Golden text of a few poses in each mode (no colour: deterministic), and the properties the goldens rest on.
@Suite struct PreviewTests {
    static func cube() throws -> Scene { try ColladaLoader.load(path: RendererPaths.fixture("lit_cube.dae")) }
    static func humanoid() throws -> Scene { try ColladaLoader.load(path: TestPaths.humanoid ?? "") }

    @Test(arguments: PreviewMode.allCases)
    func litCubeGolden(mode: PreviewMode) throws {
        let scene = try Self.cube()
        for camera in [PreviewCamera.fit, .front] {
            let r = PreviewRenderer(scene: scene, mode: mode, camera: camera, columns: 24, rows: 12)
            try GoldenText.check(r.render(scene.restPose).string, named: "lit_cube_\(camera.rawValue)_\(mode.rawValue)_24x12.txt")
        }
    }

    @Test(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"), arguments: PreviewMode.allCases)
    func humanoidGoldens(mode: PreviewMode) throws {
        let scene = try Self.humanoid()
        for (t, camera) in [(Float(0), PreviewCamera.fit), (0.4, .fit), (0.8, .side)] {
            let r = PreviewRenderer(scene: scene, mode: mode, camera: camera, columns: 40, rows: 20)
            let text = r.render(scene.pose(at: t)).string
            try GoldenText.check(text, named: "humanoid_t\(t)_\(camera.rawValue)_\(mode.rawValue)_40x20.txt")
        }
    }

    @Test(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"), arguments: PreviewMode.allCases)
    func plainTextShapeAndThreads(mode: PreviewMode) throws {
        let scene = try Self.humanoid()
        let pose = scene.pose(at: 0.4)
        let one = PreviewRenderer(scene: scene, mode: mode, columns: 50, rows: 22, threads: 1).render(pose).string
        let two = PreviewRenderer(scene: scene, mode: mode, columns: 50, rows: 22, threads: 2).render(pose).string
        #expect(one == two)
        let lines = one.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 23 && lines.last == "")  // 22 lines, each ending in "\n"
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= 50 && !$0.hasSuffix(" ") })
        #expect(!one.contains("\u{1B}"))
        // The figure fills the view: it touches (within a cell) the top and bottom rows.
        let inked = lines.dropLast().enumerated().filter { !$0.element.isEmpty }.map(\.offset)
        #expect((inked.first ?? 99) <= 1 && (inked.last ?? 0) >= 20, "rows with ink: \(inked)")
    }

    @Test func paletteIndex() {
        let cases: [(SIMD3<UInt8>, Int)] = [
            (SIMD3(0, 0, 0), 16), (SIMD3(255, 255, 255), 231), (SIMD3(255, 0, 0), 196), (SIMD3(0, 0, 255), 21),
            (SIMD3(128, 128, 128), 244), (SIMD3(95, 135, 175), 16 + 36 + 12 + 3), (SIMD3(8, 8, 8), 232), (SIMD3(238, 238, 238), 255),
        ]
        for (rgb, index) in cases { #expect(PreviewColor.paletteIndex(rgb) == index, "\(rgb)") }
    }

    @Test func textBufferDecimalsAndScalars() {
        var b = TextBuffer()
        for n in [0, 7, 10, 99, 100, 255, 1000, 65535] { b.append(decimal: n); b.append(byte: 32) }
        b.append(scalar: 0x41); b.append(scalar: 0xE9); b.append(scalar: 0x2580); b.append(scalar: 0x1F600)
        #expect(b.string == "0 7 10 99 100 255 1000 65535 Aé▀😀")
    }

    /// Colour output: the same cells as plain text once the escapes are removed (ascii, braille), valid SGR
    /// parameters, every coloured line reset before its end.
    @Test(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"),
          arguments: [PreviewColor.palette256, .truecolor])
    func colourEscapes(color: PreviewColor) throws {
        let scene = try Self.humanoid()
        let pose = scene.pose(at: 0.4)
        for mode in PreviewMode.allCases {
            let r = PreviewRenderer(scene: scene, mode: mode, columns: 40, rows: 20)
            let plain = r.render(pose).string
            let coloured = r.render(pose, options: CellOptions(color: color)).string
            let sgrs = Self.sgrParameters(coloured)
            #expect(!sgrs.isEmpty)
            for p in sgrs {
                let f = p.split(separator: ";").map { Int($0) ?? -1 }
                switch color {
                case .palette256:
                    #expect(p == "0" || p == "49" || (f.count == 3 && (f[0] == 38 || f[0] == 48) && f[1] == 5 && (16...255).contains(f[2])), "\(p)")
                default:
                    #expect(p == "0" || p == "49" || (f.count == 5 && (f[0] == 38 || f[0] == 48) && f[1] == 2 && f[2...].allSatisfy { (0...255).contains($0) }), "\(p)")
                }
            }
            for line in coloured.split(separator: "\n") where line.contains("\u{1B}[") {
                #expect(line.hasSuffix("\u{1B}[0m"))
            }
            if mode != .blocks { #expect(Self.stripped(coloured) == plain, "\(mode)") }
            if color == .truecolor {
                // Shaded by light and depth: many distinct colours, on the whole bright enough to read on black.
                let fg = sgrs.filter { $0.hasPrefix("38;2;") }.map { $0.split(separator: ";").compactMap { Int($0) } }
                #expect(Set(fg).count >= 8)
                let mean = fg.reduce(0) { $0 + $1[2...].reduce(0, +) } / max(1, 3 * fg.count)
                #expect(mean > 60, "mean component \(mean)")
            }
        }
    }

    @Test func depthEdgesMarkTheFartherSideOnly() throws {
        // A near square (z = -1) over the middle of a far one (z = -3), seen head on.
        let far = [(SIMD3<Float>(-2, -2, -3), SIMD3<Float>(2, -2, -3), SIMD3<Float>(2, 2, -3)),
                   (SIMD3<Float>(-2, -2, -3), SIMD3<Float>(2, 2, -3), SIMD3<Float>(-2, 2, -3))]
        let near = [(SIMD3<Float>(-0.5, -0.5, -1), SIMD3<Float>(0.5, -0.5, -1), SIMD3<Float>(0.5, 0.5, -1)),
                    (SIMD3<Float>(-0.5, -0.5, -1), SIMD3<Float>(0.5, 0.5, -1), SIMD3<Float>(-0.5, 0.5, -1))]
        let list = drawList(near + far)
        let cam = RenderCamera(view: .identity, projection: RenderCamera.perspective(yfov: 1.2, aspect: 1, near: 0.1, far: 10), near: 0.1, far: 10)
        let rendered = Rasterizer.renderWithDepth(list, camera: cam, width: 32, height: 32, options: RasterOptions(samplesPerSide: 2, threads: 1))
        let r = PreviewRaster(rendered, camera: cam, edgeJump: 0.5)
        // Distances come back in metres.
        #expect(abs(r.distance[16 * 32 + 16] - 1) < 1e-3)
        #expect(abs(r.distance[2 * 32 + 2] - 3) < 1e-3)
        var edges = 0
        for i in 0..<r.depthEdge.count where r.depthEdge[i] != 0 {
            edges += 1
            #expect(abs(r.distance[i] - 3) < 1e-3, "an edge on the near square at \(i % 32), \(i / 32)")
        }
        #expect(edges > 20)
        // Nearer is brighter: same colour and light, the far square is darker by the depth shading.
        #expect(r.shade[16 * 32 + 16] > r.shade[2 * 32 + 2] * 1.3)
    }

    @Test func fillingCentresAndFillsTheScreen() throws {
        let scene = try Self.cube()
        let points: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(0.3, 1.8, 0.2), SIMD3(-0.4, 0.9, -0.3), SIMD3(0.5, 0.2, 0.1)]
        for camera in [PreviewCamera.fit, .front, .side] {
            let cam = camera.camera(scene: scene, pose: scene.restPose, points: points, aspect: 0.5).camera
            var lo = SIMD2<Float>(repeating: 9), hi = SIMD2<Float>(repeating: -9)
            for p in points {
                let c = cam.viewProjection * SIMD4(p, 1)
                lo = pointwiseMin(lo, SIMD2(c.x, c.y) / c.w)
                hi = pointwiseMax(hi, SIMD2(c.x, c.y) / c.w)
            }
            #expect(abs(lo.y + 1 / 1.03) < 1e-3 && abs(hi.y - 1 / 1.03) < 1e-3, "\(camera): \(lo) \(hi)")
            #expect(abs(lo.x + hi.x) < 1e-3 && hi.x <= 1, "\(camera)")
        }
    }

    @Test func timelineFromKeys() throws {
        let scene = try Self.cube()
        let still = PreviewTimeline(scene: scene)
        #expect(still.duration == 0 && still.loopTimes() == [still.start])
        let t = PreviewTimeline(start: 0, duration: 1, sampleRate: 24)
        #expect(t.loopTimes().count == 24)
        #expect(abs(t.frameInterval() - 1.0 / 24) < 1e-9)
        #expect(t.loopTimes(fps: 10).count == 10)
        #expect(abs(t.loopTimes(fps: 10)[3] - 0.3) < 1e-6)
    }

    /// Key times 1e20 s apart made `loopTimes` trap converting the frame count to Int (`assettool preview
    /// --play`); an infinite clip length gave NaN times.
    @Test func timelineOfAbsurdLengthStaysBounded() throws {
        let scene = try ColladaLoader.load(path: RendererPaths.fixture("keys_1e20_apart.dae"))
        let t = PreviewTimeline(scene: scene)
        #expect(t.duration == 1e20)
        let times = t.loopTimes()
        #expect(times.count == 100_000 && times.allSatisfy(\.isFinite))
        #expect(t.frameInterval() > 0)
        let endless = PreviewTimeline(start: 2, duration: .infinity, sampleRate: 24)
        #expect(endless.duration == 0 && endless.loopTimes() == [2])
        #expect(PreviewTimeline(start: 0, duration: 1, sampleRate: .nan).loopTimes() == [0])
    }

    @Test(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"))
    func humanoidTimelineUsesItsKeyRate() throws {
        let t = PreviewTimeline(scene: try Self.humanoid())
        #expect(t.duration > 0.5)
        #expect(t.sampleRate >= 10 && t.sampleRate <= 60, "\(t)")
    }

    /// The `ESC[...m` parameters of `s`.
    static func sgrParameters(_ s: String) -> [String] {
        var out: [String] = []
        var rest = Substring(s)
        while let r = rest.range(of: "\u{1B}[") {
            let after = rest[r.upperBound...]
            guard let m = after.firstIndex(of: "m") else { break }
            out.append(String(after[..<m]))
            rest = after[after.index(after: m)...]
        }
        return out
    }

    static func stripped(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        while let r = rest.range(of: "\u{1B}[") {
            out += rest[..<r.lowerBound]
            guard let m = rest[r.upperBound...].firstIndex(of: "m") else { return out }
            rest = rest[rest.index(after: m)...]
        }
        return out + rest
    }
}
