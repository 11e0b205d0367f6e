import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer
import TestSupport

@Suite struct GoldenTests {
    static func cube() throws -> Scene { try ColladaLoader.load(path: RendererPaths.fixture("lit_cube.dae")) }

    @Test func litCubeThroughItsCamera() throws {
        let scene = try Self.cube()
        let r = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: .standard))
        let img = r.render(scene.restPose, width: 96, height: 64, camera: .file)
        try GoldenImage.check(img, named: "lit_cube_camera_96x64")
    }

    @Test func litCubeFitted() throws {
        let scene = try Self.cube()
        let r = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: .standard))
        try GoldenImage.check(r.render(scene.restPose, width: 64, height: 64, camera: .fit), named: "lit_cube_fit_64")
    }

    @Test func tiledRectangleInPerspective() throws {
        var list = tiledRectangle(x0: -1, y0: -1, x1: 1, y1: 1, nx: 6, ny: 6)
        list.positions = list.positions.map { SIMD3($0.x, 0, $0.y) }
        list.cornerNormals = list.cornerNormals.map { _ in SIMD3(0, 1, 0) }
        let cam = RenderCamera.framing(list.positions, aspect: 1, azimuth: 20, elevation: 35)
        try GoldenImage.check(Rasterizer.render(list, camera: cam, width: 64, height: 64), named: "tiled_plane_64")
    }

    @Test(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"))
    func humanoidPlainAndIcons() throws {
        let scene = try ColladaLoader.load(path: TestPaths.humanoid ?? "")
        let pose = scene.pose(at: 0.4)
        let plain = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: .standard)).render(pose, width: 96, height: 96)
        try GoldenImage.check(plain, named: "humanoid_walk_96")
        let icons = IconRenderer(scene: scene)
        try GoldenImage.check(icons.render(pose: pose, state: .complete, scale: 2).image, named: "humanoid_icon_complete_120")
        var style = IconStyle.standard
        style.pointSize = 64
        try GoldenImage.check(IconRenderer(scene: scene, style: style).render(pose: pose, state: .incomplete, scale: 1).image,
                              named: "humanoid_icon_incomplete_64")
    }
}
