import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer
import TestSupport

/// The rendering half of the fuzz harness (Tests/Fuzz) on every fuzz fixture that loads
/// (`Tests/ColladaKitTests/Fixtures/fuzz`, whose load outcomes `FuzzRegressionTests` checks), and the
/// raster hazards the fuzzer's review found, at the level of ``TriangleSetup``.
@Suite struct FuzzRenderRegressionTests {
    static let fuzzFixtures = TestPaths.repoRoot.appendingPathComponent("Tests/ColladaKitTests/Fixtures/fuzz").path

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fuzzFixtures)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// What `FuzzPipeline.exercise` does: pose at 0 and mid-animation, draw list, the file's camera and a
    /// fitted one, a 32x32 one-sample one-thread render each.
    @Test(arguments: files)
    func harnessPipelineRendersFixture(_ file: String) throws {
        let path = Self.fuzzFixtures + "/" + file
        guard let scene = try? ColladaLoader.load(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path) else {
            return  // refused with an error: FuzzRegressionTests checks which
        }
        let renderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(defaultColor: SIMD3(0.8, 0.8, 0.8)))
        var times: [Float] = [0]
        if let r = scene.animationRange() { times.append(r.lowerBound + (r.upperBound - r.lowerBound) / 2) }
        for t in times {
            let pose = scene.pose(at: t)
            let list = renderer.drawList(pose)
            let chosen = renderer.camera(.auto, pose: pose, list: list, aspect: 1)
            var cameras = [chosen.camera]
            if chosen.isFile { cameras.append(renderer.camera(.fit, pose: pose, list: list, aspect: 1).camera) }
            for camera in cameras {
                let image = Rasterizer.render(list, camera: camera, width: 32, height: 32, options: RasterOptions(samplesPerSide: 1, threads: 1))
                #expect(image.pixels.count == 32 * 32)
                #expect(image.pixels.allSatisfy { $0.x.isFinite && $0.w >= 0 && $0.w <= 1 }, "\(file): a pixel is not finite")
            }
        }
    }

    /// Screen triangles `add` emits for one clip-space triangle (64 x 64 samples).
    static func setup(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>) -> [ScreenTriangle] {
        var setup = TriangleSetup(samplesWide: 64, samplesHigh: 64, cullBackFaces: false)
        var screen: [ScreenTriangle] = [], shade: [ShadeTriangle] = [], corners: [SIMD3<Float>] = []
        setup.add(c0, c1, c2, index: 0, screen: &screen, shade: &shade, corners: &corners)
        #expect(shade.count == screen.count)
        return screen
    }

    /// Every fixed-point coordinate within the guard band's 2^28 (with rounding slack).
    static func inGuardBand(_ t: ScreenTriangle) -> Bool {
        [t.x0, t.y0, t.x1, t.y1, t.x2, t.y2].allSatisfy { abs(Int64($0)) <= 1 << 29 }
    }

    /// Clip x of 1e38 and -3e38 on one edge with w = 3.1e33: `g·w` and the plane distances overflow, the
    /// clipped point was NaN and `Int64(NaN)` trapped (clip_overflow.dae). Now such pieces are dropped and
    /// the rest is drawn.
    @Test func overflowingGuardBandClipDropsThePiece() {
        let a = SIMD4<Float>(1e38, 0, 3.1e33, 3.1e33), b = SIMD4<Float>(-3e38, 0, 0.5, 1), c = SIMD4<Float>(0, 1.2, 0.5, 1)
        let screen = Self.setup(a, b, c)
        #expect(screen.allSatisfy(Self.inGuardBand))
        // The part of the triangle near c is still on screen.
        #expect(!screen.isEmpty)
    }

    /// A vertex with a subnormal w (in front of a camera whose znear is 1e-40): 1 / w is infinite and
    /// x / w NaN (camera_tiny_znear.dae).
    @Test func subnormalWIsDropped() {
        let screen = Self.setup(SIMD4(0, 0, 0, 2e-40), SIMD4(0, 0.5, 0.5, 1), SIMD4(0.5, 0, 0.5, 1))
        #expect(screen.allSatisfy(Self.inGuardBand))
    }

    /// Finite clip coordinates up to Float's limits, every pair of such corners with an ordinary third one:
    /// nothing traps and nothing outside the guard band is emitted (the two hazards above are among them).
    @Test func extremeFiniteClipCoordinates() {
        let xs: [Float] = [-3e38, -1e38, -1, 0, 1, 1e38, 3e38], ys: [Float] = [-3e38, 0, 0.5, 3e38]
        let ws: [Float] = [2e-40, 1e-3, 1, 3.1e33, 1e36, 3e38]
        var points: [SIMD4<Float>] = []
        for x in xs { for y in ys { for w in ws { points.append(SIMD4(x, y, 0.5, w)) } } }
        var emitted = 0
        for a in points {
            for b in points {
                let screen = Self.setup(a, b, SIMD4(0, 1.2, 0.5, 1))
                emitted += screen.count
                #expect(screen.allSatisfy(Self.inGuardBand), "\(a) \(b)")
            }
        }
        #expect(emitted > 0)
    }

    /// A camera node scaled by 0 has no axes and its matrix no inverse: the camera was put at the origin looking
    /// down -Z, ignoring its node, and saw nothing here (a blank render). The renderer now falls back to the fitted camera, and says so (`isFile` false).
    @Test func degenerateFileCameraFallsBackToFitted() throws {
        let scene = try ColladaLoader.load(path: RendererPaths.fixture("camera_zero_scale.dae"))
        let renderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(defaultColor: SIMD3(0.8, 0.8, 0.8)))
        let pose = scene.pose(at: 0)
        #expect(scene.camera(in: pose) != nil)
        let list = renderer.drawList(pose)
        let chosen = renderer.camera(.auto, pose: pose, list: list, aspect: 1)
        #expect(!chosen.isFile)
        #expect(chosen.camera.viewProjection == RenderCamera.framing(list.positions, aspect: 1).viewProjection)
        let image = Rasterizer.render(list, camera: chosen.camera, width: 32, height: 32)
        #expect(image.pixels.filter { $0.w > 0.5 }.count > 100)
        // A sound file camera is still used.
        var moved = scene
        moved.nodes[0].transforms.removeLast()
        let sound = SceneRenderer(scene: moved, coloring: renderer.coloring)
        #expect(sound.camera(.auto, pose: moved.pose(at: 0), list: list, aspect: 1).isFile)
    }

    /// Colour slots are `UInt16`. A scene with more than 65535 distinct material colours gave its last triangles
    /// slot 65535 while the palette stopped at 65535 entries (an out-of-range read in the resolve), and
    /// `append` added slots in `UInt16` (an overflow trap past 65535 colours in all).
    @Test func paletteBeyondSixteenBitsKeepsSlotsInRange() {
        let n = 65_540
        var scene = Scene(path: "palette", authoringTool: nil, upAxis: .y)
        scene.materials = (0..<n).map { k in
            Material(id: "m\(k)", name: nil, shadingModel: "lambert", diffuse: SIMD4(Float(k % 256) / 255, Float(k / 256) / 255, 0.5, 1))
        }
        var parts: [MeshPart] = []
        for k in 0..<n { parts.append(MeshPart(materialSymbol: "s\(k)", positionIndices: [0, 1, 2], normalIndices: [])) }
        scene.meshes = [Mesh(id: "g", name: nil, positions: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0)], normals: [], parts: parts)]
        scene.addNode(Node(id: "n", name: "n", isJoint: false, transforms: []), parent: nil)
        scene.meshInstances = [MeshInstance(node: 0, source: .mesh(0), materials: Dictionary(uniqueKeysWithValues: (0..<n).map { ("s\($0)", $0) }))]
        let list = DrawList(scene: scene, meshes: MeshDeformer(scene: scene).posedMeshes(scene.restPose), coloring: .init(defaultColor: SIMD3(1, 1, 1)))
        #expect(list.colorIndex.count == n)
        #expect(list.palette.count == 65_536)
        #expect(list.colorIndex.allSatisfy { Int($0) < list.palette.count })

        var a = drawList([(SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0))])
        a.palette = (0..<40_000).map { SIMD3(Float($0), 0, 0) }
        a.colorIndex = [39_999]
        var b = a
        b.colorIndex = [39_999]
        a.append(b)
        #expect(a.colorIndex.count == 2 && a.colorIndex.allSatisfy { Int($0) < a.palette.count })
        #expect(a.palette.count == 65_536 && a.colorIndex[1] == 65_535)
    }
}
