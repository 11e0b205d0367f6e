import ColladaKit

/// Which camera a preview looks through. Every choice but ``file`` is fitted to the posed figure, so the figure
/// fills the view (``RenderCamera/framing(_:aspect:yfov:azimuth:elevation:margin:)``).
public enum PreviewCamera: String, Sendable, CaseIterable, Codable {
    /// The file's camera (a rig's "Camera" when a rig is applied); ``fit`` when the file has none.
    case file
    /// The icons' fitted three-quarter view: 30° about +Y from the front, 15° above the horizon.
    case fit
    /// Fitted, looking along -Z of the Y-up scene (from the front, level).
    case front
    /// Fitted, looking along -X of the Y-up scene (from the figure's right side, level).
    case side

    /// The camera for a posed `list` (world space) on an output of `aspect` (width / height, physical), and whether
    /// the file's camera was used. O(vertices) for the fitted ones.
    public func camera(scene: Scene, pose: Pose, list: DrawList, aspect: Float) -> (camera: RenderCamera, isFile: Bool) {
        switch self {
        case .file:
            if let c = scene.camera(in: pose) {
                return (RenderCamera(collada: c.camera, world: c.world, aspect: aspect), true)
            }
            return (RenderCamera.framing(list.positions, aspect: aspect), false)
        case .fit:
            return (RenderCamera.framing(list.positions, aspect: aspect), false)
        case .front:
            return (RenderCamera.framing(list.positions, aspect: aspect, azimuth: 0, elevation: 0), false)
        case .side:
            return (RenderCamera.framing(list.positions, aspect: aspect, azimuth: 90, elevation: 0), false)
        }
    }
}
