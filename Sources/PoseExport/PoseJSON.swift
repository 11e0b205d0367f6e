import ColladaKit

/// The JSON `assettool pose --format json` prints.
package struct PoseJSON: Encodable {
    struct MeshOut: Encodable {
        var name: String, node: String, mesh: String
        var positions: [[Float]]
        var triangles: [[Int]]
        var normalizedVertices: Int, unweightedVertices: Int
    }
    struct JointOut: Encodable {
        var name: String?, id: String?, sid: String?
        /// Row-major 4x4: joint local space to world.
        var world: [Float]
    }
    struct CameraOut: Encodable {
        var id: String, node: String
        var projection: String
        var yfovDegrees: Float?, ymag: Float?, aspectRatio: Float?
        var znear: Float, zfar: Float
        /// Row-major 4x4: camera space (looking down -Z) to world.
        var world: [Float]
    }
    struct RigOut: Encodable {
        var matchedChannels: Int, unmatchedChannels: [String], unmatchedRigJoints: [String], undrivenBaseJoints: [String]
        var cameraReplaced: Bool
    }
    var file: String
    var rig: String?
    var clip: String?
    var time: Float
    var documentTime: Float
    var space: String
    var meshes: [MeshOut]
    var joints: [JointOut]
    var camera: CameraOut?
    var rigBinding: RigOut?

    package init(file: String, rig: String?, clip: String?, time: Float, documentTime: Float, space: String,
         scene: Scene, pose: Pose, meshes posed: [PosedMesh], binding: RigBinding?) {
        self.file = file; self.rig = rig; self.clip = clip; self.time = time; self.documentTime = documentTime; self.space = space
        meshes = zip(posed, OBJExport.objectNames(posed)).map { m, name in
            let mesh = scene.meshes[m.mesh]
            let tris = mesh.parts.flatMap { p in
                stride(from: 0, to: p.positionIndices.count - 2, by: 3).map { c in (0..<3).map { Int(p.positionIndices[c + $0]) } }
            }
            return MeshOut(name: name, node: scene.nodes[m.node].label, mesh: mesh.id, positions: m.positions.map { [$0.x, $0.y, $0.z] },
                           triangles: tris, normalizedVertices: m.normalizedVertexCount, unweightedVertices: m.unweightedVertices.count)
        }
        joints = scene.nodes.indices.filter { scene.nodes[$0].isJoint }.map { n in
            JointOut(name: scene.nodes[n].name, id: scene.nodes[n].id, sid: scene.nodes[n].sid, world: pose.normalizedWorld(n).rowMajor)
        }
        if let (cam, node, world) = scene.camera(in: pose) {
            var out = CameraOut(id: cam.id, node: scene.nodes[node].label, projection: "perspective", aspectRatio: cam.aspectRatio,
                                znear: cam.znear, zfar: cam.zfar, world: world.rowMajor)
            switch cam.projection {
            case .perspective: out.yfovDegrees = cam.yfovDegrees
            case .orthographic(let ymag, _): out.projection = "orthographic"; out.ymag = ymag
            }
            camera = out
        }
        rigBinding = binding.map {
            RigOut(matchedChannels: $0.matchedChannels.count, unmatchedChannels: $0.unmatchedChannels.map { "\($0.targetPath): \($0.reason)" },
                   unmatchedRigJoints: $0.unmatchedRigJoints, undrivenBaseJoints: $0.undrivenBaseJoints, cameraReplaced: $0.cameraReplaced)
        }
    }
}
