import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The rig's `Camera` node: where it looks from (a progression's ``ProgressionDefinition/View``),
/// at what, and from how far.
///
/// Framing is exact for a set of points (skinned vertices and prop corners), not a bounding sphere:
/// the target is put at the middle of the points' box as seen along the view, and the distance is
/// the least at which every point lies inside the vertical field of view (square frames: the same
/// horizontally) with ``margin`` to spare. The ten steps of an exercise share one distance, the
/// largest any of them needs, so the figure is drawn at one scale across an exercise's icons.
struct RigCamera {
    /// Vertical field of view, degrees.
    static let yfovDegrees: Float = 30
    /// The framed points fill at most 1 / (1 + margin) of the frame: the icon keeps 2 px at 1x plus the glow's reach
    /// free at each edge (about 7% of the side) and moves the figure to centre it.
    static let margin: Float = 0.18

    var view: ProgressionDefinition.View
    var target: SIMD3<Float>
    var distance: Float

    /// Unit vectors of the view (armature space, Z up): towards the eye, screen right, screen up.
    static func basis(_ view: ProgressionDefinition.View) -> (back: SIMD3<Float>, right: SIMD3<Float>, up: SIMD3<Float>) {
        let az = view.azimuth * .pi / 180, el = view.elevation * .pi / 180
        // Azimuth 0: on the figure's left (+X); 90: in front of it (-Y).
        let back = SIMD3<Float>(cos(el) * cos(az), -cos(el) * sin(az), sin(el))
        let right = simdNormalize(simdCross(SIMD3(0, 0, 1), back))
        return (back, right, simdCross(back, right))
    }

    /// The camera that frames `points` seen from `view`, with the least distance that holds them all.
    static func fitting(_ points: [SIMD3<Float>], view: ProgressionDefinition.View) -> RigCamera {
        let (back, right, up) = basis(view)
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for p in points { lo = simd_min(lo, p); hi = simd_max(hi, p) }
        if !(lo.x <= hi.x) { lo = .zero; hi = SIMD3(0, 0, 1.8) }
        let centre = (lo + hi) / 2
        // Centre the target across the view on the points' extremes along right and up.
        var xr = (lo: Float.infinity, hi: -Float.infinity), yr = xr
        for p in points {
            let q = p - centre
            let x = simdDot(q, right), y = simdDot(q, up)
            xr = (min(xr.lo, x), max(xr.hi, x)); yr = (min(yr.lo, y), max(yr.hi, y))
        }
        let target = points.isEmpty ? centre : centre + right * (xr.lo + xr.hi) / 2 + up * (yr.lo + yr.hi) / 2
        var camera = RigCamera(view: view, target: target, distance: 0)
        camera.distance = camera.leastDistance(points)
        return camera
    }

    /// The least distance from ``target`` along the view at which every point is in frame with ``margin``.
    func leastDistance(_ points: [SIMD3<Float>]) -> Float {
        let (back, right, up) = Self.basis(view)
        let t = tan(Self.yfovDegrees / 2 * .pi / 180) / (1 + Self.margin)
        var d: Float = 0.5
        for p in points {
            // A point `f` nearer than the target (along `back`) at (x, y) across is in frame when |x|, |y| <= t (d - f).
            let q = p - target
            let f = simdDot(q, back)
            d = max(d, abs(simdDot(q, right)) / t + f, abs(simdDot(q, up)) / t + f)
        }
        return d
    }

    /// The node's world matrix (armature space): looking down its -Z at the target, +Y up the screen.
    var world: Matrix4x4 {
        let (back, right, up) = Self.basis(view)
        return Matrix4x4(SIMD4(right, 0), SIMD4(up, 0), SIMD4(back, 0), SIMD4(target + back * distance, 1))
    }

    /// Points to frame for `frames` of `motion`: every skinned vertex (every other frame) and every prop's corners.
    static func points(_ motion: BakedMotion, frames: [Int], builder: MotionBuilder) -> [SIMD3<Float>] {
        var out: [SIMD3<Float>] = []
        for (i, f) in frames.enumerated() where i % 2 == 0 || i == frames.count - 1 {
            out += builder.skinned(motion.frames[f])
        }
        for p in motion.props {
            let r = p.shape.halfExtent
            for corner in 0..<8 {
                let s = SIMD3<Float>(corner & 1 == 0 ? -1 : 1, corner & 2 == 0 ? -1 : 1, corner & 4 == 0 ? -1 : 1)
                out.append(p.centre + r * s)
            }
        }
        return out
    }
}
