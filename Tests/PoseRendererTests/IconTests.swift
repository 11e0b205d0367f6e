import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer
import TestSupport

@Suite(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"))
struct IconTests {
    static func humanoid() throws -> Scene { try ColladaLoader.load(path: TestPaths.humanoid ?? "") }

    /// With nothing else drawn (no floor), the figure's box is centred.
    @Test(arguments: [1, 2, 3])
    func figureIsCentredBySilhouette(scale: Int) throws {
        let scene = try Self.humanoid()
        var style = IconStyle.standard
        style.floor = false
        let icon = IconRenderer(scene: scene, style: style).render(pose: scene.pose(at: 0.4), state: .complete, scale: scale)
        let size = Float(60 * scale)
        let box = try #require(icon.figureBounds)
        #expect(icon.offsetComputed)
        #expect(abs(box.center.x - size / 2) <= 1 && abs(box.center.y - size / 2) <= 1, "\(box) in \(size) px")
        #expect(icon.image.width == 60 * scale)
    }

    /// The floor: a slab whose top is just under height 0, under the part of a figure that touches it, across
    /// the view and never wider than what is drawn; none under a figure that does not touch height 0.
    @Test func floorUnderAFigureThatTouchesIt() throws {
        var figure = DrawList()
        figure.positions = [SIMD3(-0.2, 0, 0), SIMD3(0.3, 0, 0.1), SIMD3(0, 1.7, 0)]
        figure.indices = [0, 1, 2]
        let camera = RenderCamera.framing(figure.positions, aspect: 1, azimuth: 0, elevation: 10)
        let right = IconRenderer.floorRight(camera)
        let floor = IconRenderer.floorSlab(try #require(IconRenderer.floorPlacement(under: figure, within: figure, right: right)),
                                           color: SIMD3(repeating: 0.5))
        #expect(floor.triangleCount == 12 && floor.layer.allSatisfy { $0 == .floor })
        let ys = floor.positions.map(\.y), xs = floor.positions.map(\.x)
        #expect(abs((ys.max() ?? 0) + 0.001) < 1e-6 && (ys.min() ?? 0) < -0.02)
        // Looking along -Z, the camera's right is +X: the slab spans what is drawn along X, not more.
        #expect(abs((xs.min() ?? 0) + 0.2) < 1e-4 && abs((xs.max() ?? 0) - 0.3) < 1e-4)
        var hanging = figure
        hanging.positions = hanging.positions.map { $0 + SIMD3(0, 0.4, 0) }
        #expect(IconRenderer.floorPlacement(under: hanging, within: hanging, right: right) == nil)
    }

    /// The icon's figure is ink-outlined: its darkest pixels are at the ink's tone (the shading alone never
    /// gets that dark), and without the ink they are not.
    @Test func figureIsInked() throws {
        let scene = try Self.humanoid()
        var style = IconStyle.standard
        style.circles = []
        let pose = scene.pose(at: 0.4)
        func darkest(_ style: IconStyle) -> Float {
            let icon = IconRenderer(scene: scene, style: style).render(pose: pose, state: .incomplete, scale: 3)
            return icon.image.pixels.filter { $0.w > 0.99 }.map { $0.x }.min() ?? 1
        }
        let ink = SRGB.linear(IconStyle.standard.inkColor).x
        let inked = darkest(style)
        style.outlineWidth = 0
        let bare = darkest(style)
        #expect(inked <= ink * 1.6 + 0.01 && bare > ink * 2, "darkest pixel \(inked) inked, \(bare) without; ink \(ink)")
    }

    @Test func offsetsAgreeAcrossScalesAndOverridesApply() throws {
        let scene = try Self.humanoid()
        let r = IconRenderer(scene: scene)
        let pose = scene.pose(at: 0.4)
        let o1 = r.render(pose: pose, state: .plain, scale: 1).offset, o3 = r.render(pose: pose, state: .plain, scale: 3).offset
        let o2 = r.render(pose: pose, state: .plain, scale: 2).offset
        #expect(o1 == o3 && o2 == o3, "\(o1), \(o2), \(o3) points")
        #expect(o1 != .zero)
        let a = r.render(pose: pose, state: .plain, scale: 2, offset: SIMD2(0, 0))
        let b = r.render(pose: pose, state: .plain, scale: 2, offset: SIMD2(4, -3))
        let ba = try #require(a.figureBounds), bb = try #require(b.figureBounds)
        #expect(!b.offsetComputed)
        #expect(abs(bb.x - ba.x - 8) <= 1 && abs(bb.y - ba.y + 6) <= 1)
    }

    @Test func circlesAndCornersHaveTheRecipesColours() throws {
        let scene = try Self.humanoid()
        let r = IconRenderer(scene: scene)
        let pose = scene.pose(at: 0.4)
        for (state, expected) in [(IconState.complete, [255, 102, 51, 204]), (.incomplete, [128, 128, 128, 64])] {
            let img = r.render(pose: pose, state: state, scale: 2).image
            let rgba = try PNGEncoder.decode(PNGEncoder.encode(img)).rgba
            let w = img.width
            func px(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(rgba[(y * w + x) * 4 + $0]) } }
            for (x, y) in [(0, 0), (w - 1, 0), (0, w - 1), (w - 1, w - 1)] { #expect(px(x, y)[3] == 0) }
            // Between the inner (r = 0.2 size) and outer (r = 0.35 size) circles, left of the figure: one layer.
            let ring = px(Int(Float(w) * 0.2), w / 2)
            #expect(zip(ring, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(state): \(ring)")
            // Inside the inner circle away from the figure: two layers, alpha 1 - (1 - a)².
            let inner = px(Int(Float(w) * 0.36), Int(Float(w) * 0.62))
            let a = Float(expected[3]) / 255
            #expect(abs(Float(inner[3]) / 255 - (1 - (1 - a) * (1 - a))) < 0.01 || inner[3] == 255, "\(state): \(inner)")
            for p in stride(from: 0, to: rgba.count, by: 4) where rgba[p + 3] == 0 {
                #expect(rgba[p] == 0 && rgba[p + 1] == 0 && rgba[p + 2] == 0, "colour under zero alpha")
            }
            if state == .incomplete {
                for p in stride(from: 0, to: rgba.count, by: 4) where rgba[p + 3] > 0 {
                    #expect(abs(Int(rgba[p]) - Int(rgba[p + 2])) <= 1 && abs(Int(rgba[p]) - Int(rgba[p + 1])) <= 1)
                }
            }
        }
    }

    @Test func glowSurroundsTheFigure() throws {
        let scene = try Self.humanoid()
        var style = IconStyle.standard
        style.circles = []
        let pose = scene.pose(at: 0.4)
        let glow = IconRenderer(scene: scene, style: style).render(pose: pose, state: .complete, scale: 3).image
        let plain = IconRenderer(scene: scene, style: style).render(pose: pose, state: .plain, scale: 3).image
        // Pixels transparent in the figure but not in the icon: the glow, within a few σ (σ = 0.01 · 180 = 1.8 px).
        let halo = zip(plain.pixels, glow.pixels).filter { $0.0.w == 0 && $0.1.w > 0.01 }
        #expect(halo.count > 100)
        #expect(halo.allSatisfy { $0.1.x >= $0.1.w * 0.999 }, "the glow is white: straight colour 1")
    }
}

@Suite(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid and its rigs)"))
struct RigIconTests {
    /// The base mannequin driven by each animation-only rig: the rig's camera is used, the figure is found and
    /// centred, and it changes with time (the rig's animation reaches the skin).
    @Test(arguments: ["humanoid_anim_only.dae", "humanoid_wave_anim_only.dae"])
    func animationOnlyRigsDriveTheIcon(rig: String) throws {
        let dir = (TestPaths.shared ?? "") + "/corpus/blender-made/"
        let base = try ColladaLoader.load(path: dir + "humanoid_default.dae")
        let applied = base.applying(rig: try ColladaLoader.load(path: dir + rig))
        #expect(applied.binding.cameraReplaced)
        let r = IconRenderer(scene: applied.scene)
        let a = r.render(pose: applied.scene.pose(at: 0.1), state: .complete, scale: 1)
        let b = r.render(pose: applied.scene.pose(at: 0.6), state: .complete, scale: 1)
        #expect(a.usedFileCamera)
        let box = try #require(a.figureBounds)
        #expect(box.height > 20 && abs(box.center.x - 30) <= 1 && abs(box.center.y - 30) <= 1)
        #expect(a.image.pixels != b.image.pixels)
    }
}
