import ColladaKit

/// Which camera a preview looks through. ``file`` is the icons' camera (the file's, else a fitted one); the others are
/// fitted to the posed figure (``RenderCamera/framing(_:aspect:yfov:azimuth:elevation:margin:)``). Every choice is
/// then scaled and centred on the screen so the figure fills the view (``filling(_:points:margin:)``).
public enum PreviewCamera: String, Sendable, CaseIterable, Codable {
    /// The file's camera (a rig's "Camera" when a rig is applied); ``fit`` when the file has none.
    case file
    /// The icons' fitted three-quarter view: 30° about +Y from the front, 15° above the horizon.
    case fit
    /// Fitted, looking along -Z of the Y-up scene (from the front, level).
    case front
    /// Fitted, looking along -X of the Y-up scene (from the figure's right side, level).
    case side

    /// The camera framing `points` (the posed figure, world space) on an output of `aspect` (width / height,
    /// physical), and whether the file's camera was used. O(points).
    public func camera(scene: Scene, pose: Pose, points: [SIMD3<Float>], aspect: Float) -> (camera: RenderCamera, isFile: Bool) {
        let chosen = unfilled(scene: scene, pose: pose, points: points, aspect: aspect)
        return (Self.filling(chosen.camera, points: points), chosen.isFile)
    }

    /// `camera` with its image scaled and moved so the projected `points` fill it, `margin` (a fraction of each
    /// half-extent) to spare along the tighter axis, centred along both. The fitted cameras centre the points' box
    /// in 3D; in perspective its projection is off centre and smaller than the view, which this corrects exactly
    /// on the screen (no resampling). Points behind the camera are ignored. O(points).
    public static func filling(_ camera: RenderCamera, points: [SIMD3<Float>], margin: Float = 0.03) -> RenderCamera {
        let vp = camera.viewProjection
        var lo = SIMD2<Float>(repeating: .infinity), hi = SIMD2<Float>(repeating: -.infinity)
        for p in points {
            let c = vp * SIMD4(p, 1)
            guard c.w > 1e-6, c.x.isFinite, c.y.isFinite else { continue }
            let q = SIMD2(c.x, c.y) / c.w
            lo = pointwiseMin(lo, q)
            hi = pointwiseMax(hi, q)
        }
        guard lo.x < hi.x, lo.y < hi.y else { return camera }
        let scale = min(2 / (hi.x - lo.x), 2 / (hi.y - lo.y)) / (1 + margin)
        guard scale.isFinite, scale > 0 else { return camera }
        let centre = (lo + hi) / 2
        // NDC' = scale · (NDC - centre); in clip space x' = scale · x - scale · centre.x · w.
        let m = Matrix4x4(SIMD4(scale, 0, 0, 0), SIMD4(0, scale, 0, 0), SIMD4(0, 0, 1, 0),
                          SIMD4(-scale * centre.x, -scale * centre.y, 0, 1))
        var c = camera
        c.projection = m * camera.projection
        return c
    }

    func unfilled(scene: Scene, pose: Pose, points: [SIMD3<Float>], aspect: Float) -> (camera: RenderCamera, isFile: Bool) {
        switch self {
        case .file:
            if let c = scene.camera(in: pose) {
                let file = RenderCamera(collada: c.camera, world: c.world, aspect: aspect)
                if file.isFinite { return (file, true) }
            }
            return (RenderCamera.framing(points, aspect: aspect), false)
        case .fit:
            return (RenderCamera.framing(points, aspect: aspect), false)
        case .front:
            return (RenderCamera.framing(points, aspect: aspect, azimuth: 0, elevation: 0), false)
        case .side:
            return (RenderCamera.framing(points, aspect: aspect, azimuth: 90, elevation: 0), false)
        }
    }
}
