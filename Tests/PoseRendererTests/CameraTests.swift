@testable import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer

@Suite struct CameraTests {
    /// yfov stays vertical whatever the output's aspect; the horizontal extent follows the aspect (SceneKit).
    @Test(arguments: [Float(0.5), 1, 2])
    func perspectiveKeepsTheVerticalFieldOfView(aspect: Float) {
        let cam = Camera(id: "c", name: nil, projection: .perspective(yfov: .pi / 3, aspectRatio: 1.777), znear: 0.1, zfar: 100)
        let rc = RenderCamera(collada: cam, world: .identity, aspect: aspect)
        // A point 30 degrees above the axis at distance 10 lands on the top edge.
        let top = rc.viewProjection * SIMD4(0, 10 * tan(Float.pi / 6), -10, 1)
        #expect(abs(top.y / top.w - 1) < 1e-5)
        // A point at the same angle sideways lands at x = 1 / aspect.
        let side = rc.viewProjection * SIMD4(10 * tan(Float.pi / 6), 0, -10, 1)
        #expect(abs(side.x / side.w - 1 / aspect) < 1e-5)
    }

    @Test func cameraNodeIsTheViewpoint() {
        let cam = Camera(id: "c", name: nil, projection: .perspective(yfov: .pi / 2, aspectRatio: nil), znear: 0.1, zfar: 100)
        // Camera at (0, 0, 5) looking down -Z: the origin is the image centre, in front of the camera.
        let rc = RenderCamera(collada: cam, world: .translation(SIMD3(0, 0, 5)), aspect: 1)
        let c = rc.viewProjection * SIMD4(0, 0, 0, 1)
        #expect(abs(c.x) < 1e-6 && abs(c.y) < 1e-6 && c.w > 0 && abs(c.w - 5) < 1e-5)
    }

    @Test func orthographicUsesYmagAsHalfHeight() {
        let cam = Camera(id: "o", name: nil, projection: .orthographic(ymag: 2, aspectRatio: nil), znear: 0.1, zfar: 100)
        let rc = RenderCamera(collada: cam, world: .identity, aspect: 2)
        let p = rc.viewProjection * SIMD4(4, 2, -3, 1)
        #expect(abs(p.x / p.w - 1) < 1e-5 && abs(p.y / p.w - 1) < 1e-5)
    }

    @Test func framingKeepsEveryPointInView() {
        let pts: [SIMD3<Float>] = [SIMD3(-1, 0, 0), SIMD3(1, 2, 0.3), SIMD3(0.2, 1, -0.5), SIMD3(0.5, -0.2, 0.8)]
        for aspect: Float in [0.5, 1, 2] {
            let cam = RenderCamera.framing(pts, aspect: aspect, azimuth: 30, elevation: 15, margin: 0)
            var maxX: Float = 0, maxY: Float = 0
            for p in pts {
                let c = cam.viewProjection * SIMD4(p, 1)
                #expect(c.w > 0)
                maxX = max(maxX, abs(c.x / c.w)); maxY = max(maxY, abs(c.y / c.w))
                #expect(c.z / c.w > -1 && c.z / c.w < 1)
            }
            // Tight: one axis touches the border.
            #expect(max(maxX, maxY) <= 1.0001 && max(maxX, maxY) > 0.999)
        }
    }
}

@Suite struct CameraUnitTests {
    /// A centimetre file: the camera node's world matrix carries scale 0.01; ymag and the planes scale with it.
    @Test func opticsLengthsFollowTheNodeScale() {
        let cam = Camera(id: "o", name: nil, projection: .orthographic(ymag: 50, aspectRatio: 5), znear: 10, zfar: 5000)
        let world = Matrix4x4.scale(SIMD3(repeating: 0.01)) * Matrix4x4.translation(SIMD3(0, 0, 400))
        let rc = RenderCamera(collada: cam, world: world, aspect: 1)
        #expect(abs(rc.near - 0.1) < 1e-6 && abs(rc.far - 50) < 1e-4)
        // The camera sits at z = 4 m; a point 0.5 m above its axis is on the top edge (ymag 50 cm).
        let p = rc.viewProjection * SIMD4(0, 0.5, 0, 1)
        #expect(abs(p.y / p.w - 1) < 1e-5)
    }
}
