import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A camera ready to render: a view matrix (normalised world space, Y up metres, to camera space, looking
/// down -Z) and an OpenGL-style projection (camera space to clip space, depth -w...w between the planes).
public struct RenderCamera: Sendable, Equatable {
    /// World (Y-up metres) to camera space.
    public var view: Matrix4x4
    /// Camera space to clip space.
    public var projection: Matrix4x4
    /// Near plane distance (metres, > 0).
    public var near: Float
    /// Far plane distance (metres). Geometry beyond it is not clipped; the depth test orders it.
    public var far: Float

    public init(view: Matrix4x4, projection: Matrix4x4, near: Float, far: Float) {
        self.view = view
        self.projection = projection
        self.near = near
        self.far = far
    }

    /// `projection * view`.
    public var viewProjection: Matrix4x4 { projection * view }

    /// Whether the camera can see anything: its matrices and planes are finite. A COLLADA camera whose node
    /// scales by 0 (no axes) or lies beyond Float's range is not; ``SceneRenderer`` then fits one instead.
    public var isFinite: Bool { view.isFinite && projection.isFinite && viewProjection.isFinite && near.isFinite && far.isFinite }

    /// A right-handed perspective projection, OpenGL convention: `f = 1 / tan(yfov / 2)`,
    /// `x' = f / aspect · x`, `y' = f · y`, `z' = (far + near) / (near - far) · z + 2 far near / (near - far)`, `w' = -z`.
    public static func perspective(yfov: Float, aspect: Float, near: Float, far: Float) -> Matrix4x4 {
        let f = 1 / tan(yfov / 2)
        let a = aspect > 0 && aspect.isFinite ? aspect : 1
        return Matrix4x4(
            SIMD4(f / a, 0, 0, 0), SIMD4(0, f, 0, 0),
            SIMD4(0, 0, (far + near) / (near - far), -1),
            SIMD4(0, 0, 2 * far * near / (near - far), 0))
    }

    /// An orthographic projection with half-height `ymag` and half-width `ymag * aspect`.
    public static func orthographic(ymag: Float, aspect: Float, near: Float, far: Float) -> Matrix4x4 {
        let a = aspect > 0 && aspect.isFinite ? aspect : 1
        let y = ymag > 0 ? ymag : 1
        return Matrix4x4(
            SIMD4(1 / (y * a), 0, 0, 0), SIMD4(0, 1 / y, 0, 0),
            SIMD4(0, 0, 2 / (near - far), 0),
            SIMD4(0, 0, (far + near) / (near - far), 1))
    }

    /// The COLLADA camera `camera` placed by `world` (its node's normalised world matrix; the camera looks down
    /// its local -Z), for an output of `aspect` = width / height. A `world` without an inverse gives a camera
    /// that is not ``isFinite``.
    ///
    /// As SceneKit does, the file's field of view is kept along the vertical axis (`yfov`, or `ymag` for
    /// orthographic cameras) and the output's aspect decides the horizontal one; the file's `aspect_ratio`
    /// is not used to stretch the image. Lengths (`znear`, `zfar`, `ymag`) are in the camera node's units and
    /// are scaled by its world matrix (so a centimetre file's camera works in metres). A `znear` that is not
    /// positive becomes 1 mm.
    public init(collada camera: Camera, world: Matrix4x4, aspect: Float) {
        // The node matrix may carry scale (the file's unit among it): keep only rotation and translation for the
        // view, and measure the optics' lengths (znear, zfar, ymag, given in the node's units) with it.
        let a0 = SIMD3(world.columns.0.x, world.columns.0.y, world.columns.0.z)
        let a1 = SIMD3(world.columns.1.x, world.columns.1.y, world.columns.1.z)
        let a2 = SIMD3(world.columns.2.x, world.columns.2.y, world.columns.2.z)
        let sy = simdLength(a1), sz = simdLength(a2)
        let lengthY: Float = sy > 0 && sy.isFinite ? sy : 1, lengthZ: Float = sz > 0 && sz.isFinite ? sz : 1
        let near = camera.znear > 0 ? camera.znear * lengthZ : 0.001
        let far = camera.zfar > camera.znear ? camera.zfar * lengthZ : near * 1000
        let rigid = Matrix4x4(SIMD4(simdNormalize(a0), 0), SIMD4(simdNormalize(a1), 0), SIMD4(simdNormalize(a2), 0), world.columns.3)
        // No inverse (a node scaled by 0 has no axes): the camera sees nothing, and says so through `isFinite`.
        let nan = SIMD4<Float>(repeating: .nan)
        view = rigid.inverse ?? Matrix4x4(nan, nan, nan, nan)
        switch camera.projection {
        case .perspective(let yfov, _):
            let fov = yfov > 0 && yfov < .pi ? yfov : .pi / 4
            projection = Self.perspective(yfov: fov, aspect: aspect, near: near, far: far)
        case .orthographic(let ymag, _):
            projection = Self.orthographic(ymag: ymag * lengthY, aspect: aspect, near: near, far: far)
        }
        self.near = near
        self.far = far
    }

    /// A perspective camera looking at `points` from `azimuth` (degrees about +Y from +Z towards +X) and
    /// `elevation` (degrees above the horizon), as close as it can be with every point inside the view, with
    /// `margin` (a fraction of each half-extent) to spare. The box of `points` is centred on the view axis; the
    /// fit is exact for the points (not a bounding sphere). O(points).
    public static func framing(_ points: [SIMD3<Float>], aspect: Float, yfov: Float = 39.6 * .pi / 180,
                               azimuth: Float = 30, elevation: Float = 15, margin: Float = 0.04) -> RenderCamera {
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for p in points where p.x.isFinite && p.y.isFinite && p.z.isFinite {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        if !(lo.x <= hi.x) { lo = SIMD3(repeating: -1); hi = SIMD3(repeating: 1) }
        let center = (lo + hi) / 2
        let az = azimuth * .pi / 180, el = elevation * .pi / 180
        let back = SIMD3<Float>(sin(az) * cos(el), sin(el), cos(az) * cos(el))  // from centre towards the eye
        let forward = -back
        var right = simdCross(forward, SIMD3(0, 1, 0))
        if simdLength(right) < 1e-6 { right = SIMD3(1, 0, 0) }
        right = simdNormalize(right)
        let up = simdCross(right, forward)
        let a = aspect > 0 && aspect.isFinite ? aspect : 1
        let tanY = tan(yfov / 2) / (1 + margin), tanX = tanY * a
        // A point at (x, y) across the axis and `f` along `forward` from the centre is inside when
        // |x| <= tanX (d + f) and |y| <= tanY (d + f), d the eye's distance to the centre.
        var d: Float = 0, minF: Float = .infinity, maxF: Float = -.infinity
        for p in points where p.x.isFinite && p.y.isFinite && p.z.isFinite {
            let q = p - center
            let x = simdDot(q, right), y = simdDot(q, up), f = simdDot(q, forward)
            d = max(d, abs(x) / tanX - f, abs(y) / tanY - f)
            minF = min(minF, f)
            maxF = max(maxF, f)
        }
        let extent = max(simdLength(hi - lo), 1e-4)
        if !(d > 0) { d = extent }
        if !minF.isFinite { minF = -extent; maxF = extent }
        let near = max(d + minF, extent * 1e-3) * 0.9
        let far = (d + maxF) * 1.1 + near
        let eye = center + back * d
        let world = Matrix4x4.lookAt(eye: eye, target: center, up: SIMD3(0, 1, 0))
        return RenderCamera(view: world.inverse ?? .identity,
                            projection: perspective(yfov: yfov, aspect: a, near: near, far: far), near: near, far: far)
    }
}
