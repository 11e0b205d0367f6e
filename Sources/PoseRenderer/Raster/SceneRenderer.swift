import ColladaKit

/// Which camera a render looks through.
public enum CameraChoice: String, Sendable, CaseIterable, Codable {
    /// The file's camera when it has one, else ``fit``.
    case auto
    /// The COLLADA camera (``Scene/camera(in:)``); fails over to ``fit`` when the file has none.
    case file
    /// A perspective camera fitted to the posed geometry (``RenderCamera/framing(_:aspect:yfov:azimuth:elevation:margin:)``).
    case fit
}

/// Scene + pose to pixels: posing (``MeshDeformer``), the draw list, the camera and the rasterizer.
public struct SceneRenderer: Sendable {
    public let scene: Scene
    public let deformer: MeshDeformer
    public var coloring: DrawList.Coloring

    /// Prepares the scene's skins once (O(influences)).
    public init(scene: Scene, coloring: DrawList.Coloring) {
        self.scene = scene
        deformer = MeshDeformer(scene: scene)
        self.coloring = coloring
    }

    /// Every mesh instance posed (normalised space: Y up, metres) as triangles.
    public func drawList(_ pose: Pose) -> DrawList {
        DrawList(scene: scene, meshes: deformer.posedMeshes(pose, normals: true), coloring: coloring)
    }

    /// The camera for `choice` at `pose` for an output of `aspect` (width / height), and whether the file's
    /// camera was used. A file camera that is not ``RenderCamera/isFinite`` (its node scaled by 0, say) is
    /// replaced by the fitted one.
    public func camera(_ choice: CameraChoice, pose: Pose, list: DrawList, aspect: Float) -> (camera: RenderCamera, isFile: Bool) {
        if choice != .fit, let c = scene.camera(in: pose) {
            let file = RenderCamera(collada: c.camera, world: c.world, aspect: aspect)
            if file.isFinite { return (file, true) }
        }
        return (RenderCamera.framing(list.positions, aspect: aspect), false)
    }

    /// The posed scene seen through `choice`, `width x height` pixels.
    public func render(_ pose: Pose, width: Int, height: Int, camera choice: CameraChoice = .auto,
                       options: RasterOptions = RasterOptions()) -> LinearImage {
        let list = drawList(pose)
        let cam = camera(choice, pose: pose, list: list, aspect: Float(width) / Float(max(height, 1))).camera
        return Rasterizer.render(list, camera: cam, width: width, height: height, options: options)
    }
}
