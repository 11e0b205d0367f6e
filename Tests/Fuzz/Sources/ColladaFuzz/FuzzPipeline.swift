import ColladaKit

/// What the harness does with a scene that loaded: the same calls `assettool pose` and the icon
/// renderer make.
enum FuzzPipeline {
    static func exercise(_ scene: Scene) {
        var times: [Float] = [0]
        if let r = scene.animationRange() { times.append(r.lowerBound + (r.upperBound - r.lowerBound) / 2) }
        let deformer = MeshDeformer(scene: scene)
        var sink: Float = 0
        for t in times {
            let pose = scene.pose(at: t)
            for m in deformer.posedMeshes(pose) { sink += m.positions.first?.x ?? 0 }
            if let c = scene.camera(in: pose) { sink += c.world.columns.0.x }
        }
        blackHole(sink)
    }

    @inline(never)
    static func blackHole(_ x: Float) { _ = x }
}
