import ColladaKit
import PoseRenderer

/// What the harness does with a scene that loaded: what `assettool pose`, `render` and `icons` do.
/// Poses at time 0 and at the middle of the animation, skins every mesh instance, then rasterizes
/// a 32x32, one-sample, one-thread frame through the file's camera and a fitted one.
enum FuzzPipeline {
    static let coloring = DrawList.Coloring(defaultColor: SIMD3(0.8, 0.8, 0.8))
    static let raster = RasterOptions(samplesPerSide: 1, threads: 1)

    static func exercise(_ scene: Scene) {
        var times: [Float] = [0]
        if let r = scene.animationRange() { times.append(r.lowerBound + (r.upperBound - r.lowerBound) / 2) }
        let renderer = SceneRenderer(scene: scene, coloring: coloring)
        var sink: Float = 0
        for t in times {
            let pose = scene.pose(at: t)
            let list = renderer.drawList(pose)  // MeshDeformer.posedMeshes(pose) inside
            // The file's camera when it has one, then (so the framing code meets every input too) a fitted one.
            let chosen = renderer.camera(.auto, pose: pose, list: list, aspect: 1)
            var cameras = [chosen.camera]
            if chosen.isFile { cameras.append(renderer.camera(.fit, pose: pose, list: list, aspect: 1).camera) }
            for camera in cameras {
                let image = Rasterizer.render(list, camera: camera, width: 32, height: 32, options: raster)
                sink += image.pixels[16 * 32 + 16].x
            }
        }
        // Clips measure time from their start; pose the first two at their middles.
        for clip in scene.clips.prefix(2) {
            let end = scene.animationRange(clip: clip)?.upperBound ?? 0
            let pose = scene.pose(at: end / 2, clip: clip)
            sink += pose.worldMatrices.first?.columns.3.x ?? 0
        }
        blackHole(sink)
    }

    @inline(never)
    static func blackHole(_ x: Float) { _ = x }
}
