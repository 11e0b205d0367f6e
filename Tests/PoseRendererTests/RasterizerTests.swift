import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer
import TestSupport

@Suite struct RasterizerTests {
    /// Sub-pixel offsets (multiples of 1/256, so fixed-point snapping is exact) at which the tiled rectangle is drawn.
    static let offsets: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(0.125, 0.5), SIMD2(0.5, 0.25), SIMD2(0.3046875, 0.69921875), SIMD2(0.75, 0.99609375)]

    @Test(arguments: offsets)
    func tiledRectangleCoversEverySampleOnce(offset: SIMD2<Float>) {
        let w = 40, h = 32
        let x0 = 3 + offset.x, y0 = 2.5 + offset.y, x1 = 35.25 + offset.x, y1 = 28 + offset.y
        let list = tiledRectangle(x0: x0, y0: y0, x1: x1, y1: y1, nx: 9, ny: 7)
        for s in [1, 2] {
            let hits = Rasterizer.sampleHits(list, camera: pixelCamera(width: w, height: h), width: w, height: h, samplesPerSide: s)
            var wrong = 0
            for j in 0..<(h * s) {
                for i in 0..<(w * s) {
                    // Sample centre in pixels; the rectangle includes its left and top edges (top-left rule).
                    let x = (Float(i) + 0.5) / Float(s), y = (Float(j) + 0.5) / Float(s)
                    let inside = x >= x0 && x < x1 && y >= y0 && y < y1
                    if hits[j * w * s + i] != (inside ? 1 : 0) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "offset \(offset), \(s)x\(s) samples: \(wrong) samples not hit exactly once/zero times")
        }
    }

    @Test func sharedEdgesHaveNoDoubleHitsAtAnyThreadCount() {
        let list = tiledRectangle(x0: 1.1, y0: 0.7, x1: 60.3, y1: 90.9, nx: 23, ny: 31)
        let one = Rasterizer.sampleHits(list, camera: pixelCamera(width: 64, height: 96), width: 64, height: 96, samplesPerSide: 2, threads: 1)
        let many = Rasterizer.sampleHits(list, camera: pixelCamera(width: 64, height: 96), width: 64, height: 96, samplesPerSide: 2, threads: 3)
        #expect(one == many)
        #expect(one.max() == 1)
    }

    /// Vertices are classified and projected once and shared by their triangles: a broken shared vertex (NaN
    /// or infinite) must drop exactly the triangles that use it, and every other sample stays as it was.
    @Test(arguments: [Float.nan, .infinity])
    func brokenSharedVertexDropsOnlyItsTriangles(bad: Float) {
        let w = 48, h = 40
        var list = tiledRectangle(x0: 2.3, y0: 1.9, x1: 45.1, y1: 37.7, nx: 6, ny: 5)
        let victim = UInt32(2 * 7 + 3)   // an interior vertex, shared by several triangles
        var without = list
        var kept: [UInt32] = [], keptNormals: [SIMD3<Float>] = [], keptColours: [UInt16] = []
        for t in 0..<list.triangleCount where !list.indices[(3 * t)..<(3 * t + 3)].contains(victim) {
            kept += list.indices[(3 * t)..<(3 * t + 3)]
            keptNormals += list.cornerNormals[(3 * t)..<(3 * t + 3)]
            keptColours.append(list.colorIndex[t])
        }
        without.indices = kept; without.cornerNormals = keptNormals; without.colorIndex = keptColours
        #expect(without.triangleCount < list.triangleCount - 2)
        list.positions[Int(victim)].x = bad
        let cam = pixelCamera(width: w, height: h)
        for s in [1, 2] {
            let got = Rasterizer.sampleHits(list, camera: cam, width: w, height: h, samplesPerSide: s)
            let want = Rasterizer.sampleHits(without, camera: cam, width: w, height: h, samplesPerSide: s)
            #expect(got == want)
            #expect(want.contains(0) && want.contains(1))
        }
    }

    @Test func degenerateTrianglesDrawNothing() {
        let list = drawList([
            (SIMD3(2, 2, 0), SIMD3(20, 20, 0), SIMD3(11, 11, 0)),   // collinear
            (SIMD3(5, 5, 0), SIMD3(5, 5, 0), SIMD3(25, 3, 0)),      // repeated vertex
            (SIMD3(7, 7, 0), SIMD3(7, 7, 0), SIMD3(7, 7, 0)),       // a point
            (SIMD3(3.2, 3.2, 0), SIMD3(3.3, 3.2, 0), SIMD3(3.25, 3.3, 0)),  // between sample centres
        ])
        let cam = pixelCamera(width: 32, height: 32)
        #expect(Rasterizer.sampleHits(list, camera: cam, width: 32, height: 32).allSatisfy { $0 == 0 })
        let img = Rasterizer.render(list, camera: cam, width: 32, height: 32, options: RasterOptions(samplesPerSide: 1))
        #expect(img.pixels.allSatisfy { $0 == .zero })
    }

    @Test func hugeTriangleMostlyOffScreenIsClipped() {
        // The triangle's long edge is the line x + y = 32 through the screen; its corners are a million pixels out.
        let n: Float = 32, far: Float = 1_000_000
        let list = drawList([(SIMD3(-far, -far, 0), SIMD3(n + far, -far, 0), SIMD3(-far, n + far, 0))])
        let hits = Rasterizer.sampleHits(list, camera: pixelCamera(width: 32, height: 32), width: 32, height: 32)
        var wrong = 0, covered = 0
        for j in 0..<32 {
            for i in 0..<32 {
                let d = (Float(i) + 0.5) + (Float(j) + 0.5) - n
                let h = hits[j * 32 + i]
                covered += Int(h)
                if h > 1 || (abs(d) > 0.5 && h != (d < 0 ? 1 : 0)) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(covered >= 32 * 31 / 2)
    }

    @Test func triangleCrossingTheNearPlaneRendersWithoutArtefacts() {
        // A floor at y = -1 from 5 m behind the eye to 50 m ahead, seen by a level perspective camera.
        let floor: [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)] = [
            (SIMD3(-30, -1, 5), SIMD3(30, -1, 5), SIMD3(30, -1, -50)),
            (SIMD3(-30, -1, 5), SIMD3(30, -1, -50), SIMD3(-30, -1, -50)),
        ]
        let list = drawList(floor)
        let cam = RenderCamera(view: .identity, projection: RenderCamera.perspective(yfov: .pi / 2, aspect: 1, near: 0.1, far: 100),
                               near: 0.1, far: 100)
        let s = 64
        let hits = Rasterizer.sampleHits(list, camera: cam, width: s, height: s)
        #expect(hits.max() == 1, "the two clipped triangles overlap")
        // The far edge (z = -50) is at y_ndc = -1/50: rows below 33 + 1 are floor, rows above the centre sky.
        for j in 0..<s {
            let row = hits[(j * s)..<((j + 1) * s)]
            if j < 32 { #expect(row.allSatisfy { $0 == 0 }, "row \(j) should be empty") }
            if j >= 34 { #expect(row.allSatisfy { $0 == 1 }, "row \(j) should be covered") }
        }
        let img = Rasterizer.render(list, camera: cam, width: s, height: s, options: RasterOptions(samplesPerSide: 2))
        #expect(img.pixels.allSatisfy { $0.w >= 0 && $0.w <= 1 && $0.x.isFinite && $0.x >= 0 })
        #expect(img[10, 60].w == 1)
    }

    @Test func backFacesAreCulledOnlyWhenAsked() {
        // Counter-clockwise in NDC (y up) is the front; the pixel camera flips y, so clockwise on screen is front.
        let front = drawList([(SIMD3(4, 4, 0), SIMD3(28, 4, 0), SIMD3(16, 28, 0))].map { ($0.0, $0.2, $0.1) })
        let back = drawList([(SIMD3(4, 4, 0), SIMD3(28, 4, 0), SIMD3(16, 28, 0))])
        let cam = pixelCamera(width: 32, height: 32)
        let f = Rasterizer.sampleHits(front, camera: cam, width: 32, height: 32, cullBackFaces: true).reduce(0, +)
        let b = Rasterizer.sampleHits(back, camera: cam, width: 32, height: 32, cullBackFaces: true).reduce(0, +)
        let bNoCull = Rasterizer.sampleHits(back, camera: cam, width: 32, height: 32).reduce(0, +)
        #expect(f > 200 && b == 0 && bNoCull == f)
    }

    @Test func nearerTriangleWinsTheDepthTest() {
        var list = drawList([(SIMD3(0, 0, -5), SIMD3(32, 0, -5), SIMD3(0, 32, -5))], color: SIMD3(1, 0, 0))
        list.append(drawList([(SIMD3(0, 0, 1), SIMD3(32, 0, 1), SIMD3(0, 32, 1))], color: SIMD3(0, 0, 1)))
        let img = Rasterizer.render(list, camera: pixelCamera(width: 32, height: 32), width: 32, height: 32,
                                    options: RasterOptions(samplesPerSide: 1))
        let p = img[4, 4]
        // The pixel camera's depth is -0.01 z: larger z is nearer. Blue (z = 1) is in front of red (z = -5).
        #expect(p.z > 0 && p.x == 0)
    }

    @Test func oneAndManyThreadsGiveIdenticalBytes() throws {
        let list = tiledRectangle(x0: -3, y0: 1, x1: 70, y1: 50, nx: 37, ny: 29)
        var list3d = list
        for k in list3d.positions.indices {
            let p = list3d.positions[k]
            list3d.positions[k] = SIMD3(p.x, p.y, sin(p.x * 0.2) * 3)
            list3d.cornerNormals = list3d.cornerNormals.enumerated().map { i, _ in simdNormalize(SIMD3(Float(i % 5) * 0.1, 0.2, 1)) }
        }
        let cam = RenderCamera.framing(list3d.positions, aspect: 1)
        let one = Rasterizer.render(list3d, camera: cam, width: 96, height: 96, options: RasterOptions(samplesPerSide: 4, threads: 1))
        for t in [2, 3, 7] {
            let many = Rasterizer.render(list3d, camera: cam, width: 96, height: 96, options: RasterOptions(samplesPerSide: 4, threads: t))
            #expect(one.pixels == many.pixels, "\(t) threads")
            #expect(try PNGEncoder.encode(one) == PNGEncoder.encode(many))
        }
        #expect(one.pixels.contains { $0.w > 0 } && one.pixels.contains { $0.w == 0 })
    }

    @Test(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"))
    func humanoidRendersIdenticallyOnOneAndTwoThreads() throws {
        let scene = try ColladaLoader.load(path: TestPaths.humanoid ?? "")
        let r = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: .standard))
        let pose = scene.pose(at: 0.4)
        let a = r.render(pose, width: 80, height: 80, options: RasterOptions(samplesPerSide: 4, threads: 1))
        let b = r.render(pose, width: 80, height: 80, options: RasterOptions(samplesPerSide: 4, threads: 2))
        #expect(a.pixels == b.pixels)
        #expect(a.pixels.filter { $0.w > 0.5 }.count > 200)
    }
}

@Suite struct InterpolationTests {
    /// A point with known barycentrics on a triangle receding in depth: the screen-space interpolation,
    /// corrected by 1/w, gives them back (plain screen-space barycentrics would not), clipped or not.
    @Test(arguments: [(Float(0.2), Float(0.5)), (0.6, 0.1), (0.05, 0.05)], [false, true])
    func perspectiveCorrectBarycentrics(bary: (Float, Float), crossesNearPlane: Bool) {
        let a = SIMD3<Float>(-1, -0.5, -1.5), b = SIMD3<Float>(1.5, -0.4, crossesNearPlane ? 0.5 : -3), c = SIMD3<Float>(0.2, 1, -12)
        let expected = SIMD3(1 - bary.0 - bary.1, bary.0, bary.1)
        let p = a * expected.x + b * expected.y + c * expected.z
        let cam = RenderCamera(view: .identity, projection: RenderCamera.perspective(yfov: 1.2, aspect: 1, near: 0.1, far: 50), near: 0.1, far: 50)
        let size = 256
        for (c0, c1, c2, perm) in [(a, b, c, [0, 1, 2]), (a, c, b, [0, 2, 1])] {   // both windings
            var setup = TriangleSetup(samplesWide: size, samplesHigh: size, cullBackFaces: false)
            var screen: [ScreenTriangle] = [], shade: [ShadeTriangle] = [], corners: [SIMD3<Float>] = []
            let vp = cam.viewProjection
            setup.add(vp * SIMD4(c0, 1), vp * SIMD4(c1, 1), vp * SIMD4(c2, 1), index: 0, screen: &screen, shade: &shade, corners: &corners)
            let q = vp * SIMD4(p, 1)
            let sp = SIMD2((q.x / q.w * 0.5 + 0.5) * Float(size), (0.5 - q.y / q.w * 0.5) * Float(size))
            // The piece holding the point (a clipped triangle gives several).
            var found = false
            for t in shade {
                let got = t.originalBarycentrics(at: sp, corners: corners)
                let sb = t.screenLambdas(at: sp)
                guard sb.min() > -1e-4 else { continue }
                let want = SIMD3(expected[perm[0]], expected[perm[1]], expected[perm[2]])
                let d = got - want
                #expect(max(abs(d.x), abs(d.y), abs(d.z)) < 2e-3, "\(got) vs \(want) sb \(sb) clip \(t.clip) facing \(t.facing) corners \(corners)")
                found = true
            }
            #expect(found)
            #expect(crossesNearPlane ? shade.count >= 1 && corners.count >= 3 : shade.count == 1 && corners.isEmpty)
        }
    }
}

@Suite struct BadGeometryTests {
    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func nonFiniteVerticesDrawNothing(bad: Float) {
        let list = drawList([
            (SIMD3(2, 2, 0), SIMD3(bad, 20, 0), SIMD3(20, 3, 0)),
            (SIMD3(2, 2, 0), SIMD3(20, 20, bad), SIMD3(20, 3, 0)),
        ])
        let cam = pixelCamera(width: 24, height: 24)
        #expect(Rasterizer.sampleHits(list, camera: cam, width: 24, height: 24).allSatisfy { $0 == 0 })
        let framed = RenderCamera.framing(list.positions, aspect: 1)
        let img = Rasterizer.render(list, camera: framed, width: 24, height: 24)
        #expect(img.pixels.allSatisfy { $0 == .zero })
    }
}
