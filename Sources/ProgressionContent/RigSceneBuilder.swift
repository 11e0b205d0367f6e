import ColladaKit

/// Builds the scenes `assettool author` writes: the base model (armature, skinned mannequin,
/// material, camera, sun) and the animation-only rigs (armature, baked matrix channels, camera).
/// Node and element names follow Blender 3.4's exporter (see `NOTES.md` of the Blender corpus):
/// armature node `rig`, joint ids `rig_<sid>`, names with dots, sids with underscores, a `Camera`
/// node, controller `rig_Mannequin-skin`, geometry `Mannequin-mesh`.
enum RigSceneBuilder {
    static let tool = "Reps3D assettool author"

    /// The armature node and one JOINT node per bone (rest-pose matrices); returns the joint nodes.
    static func addArmature(_ sk: MannequinSkeleton, to scene: inout Scene) -> [Int] {
        let rig = scene.addNode(Node(id: MannequinSkeleton.armature, name: MannequinSkeleton.armature, isJoint: false,
                                     transforms: [.matrix(.identity)]), parent: nil)
        var nodes: [Int] = []
        for (i, b) in sk.bones.enumerated() {
            let parent = b.parent.map { nodes[$0] } ?? rig
            nodes.append(scene.addNode(Node(id: "\(MannequinSkeleton.armature)_\(b.sid)", sid: b.sid, name: b.name,
                                            isJoint: true, transforms: [.matrix(sk.restLocal[i])]), parent: parent))
        }
        return nodes
    }

    /// A perspective camera node `Camera` with world matrix `world` (looking down its -Z).
    @discardableResult
    static func addCamera(world: Matrix4x4, yfovDegrees: Float, to scene: inout Scene) -> Int {
        scene.cameras.append(Camera(id: "Camera-camera", name: "Camera",
                                    projection: .perspective(yfov: yfovDegrees * .pi / 180, aspectRatio: 1),
                                    clipping: 0.1...100))
        let node = scene.addNode(Node(id: "Camera", name: "Camera", isJoint: false, transforms: [.matrix(world)]), parent: nil)
        scene.cameraInstances.append(NodeAttachment(node: node, attaching: scene.cameras.count - 1))
        return node
    }

    /// A camera on the figure's left (+X) looking along -X at `target`, from `distance` metres.
    static func sideCamera(target: SIMD3<Float>, distance: Float) -> Matrix4x4 {
        // Columns: camera X = world +Y, camera Y = world +Z, camera Z (back) = world +X.
        Matrix4x4(SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(1, 0, 0, 0),
                  SIMD4(target.x + distance, target.y, target.z, 1))
    }

    /// The base model: armature, the skinned mannequin under it, a neutral material, a side camera, a sun.
    static func baseModel(_ sk: MannequinSkeleton) -> Scene {
        var scene = Scene(path: "base-model.dae", authoringTool: tool)
        let joints = addArmature(sk, to: &scene)
        let mesh = MannequinMesh(skeleton: sk)
        scene.meshes = [Mesh(id: "Mannequin-mesh", name: "Mannequin", positions: mesh.positions, normals: mesh.normals,
                             parts: [MeshPart(materialSymbol: "Mannequin-material", positionIndices: mesh.triangles,
                                              normalIndices: mesh.triangles)])]
        scene.materials = [Material(id: "Mannequin-material", name: "Mannequin", shadingModel: "lambert",
                                    diffuse: SIMD4(0.44, 0.43, 0.42, 1))]
        var start: [UInt32] = [0], joint: [Int32] = [], weight: [Float] = []
        for inf in mesh.influences {
            for (j, w) in inf { joint.append(j); weight.append(w) }
            start.append(UInt32(joint.count))
        }
        scene.skins = [Skin(id: "rig_Mannequin-skin", name: MannequinSkeleton.armature, mesh: 0, bindShapeMatrix: .identity,
                            jointNames: sk.bones.map(\.sid), inverseBindMatrices: sk.restWorld.map { $0.inverse ?? .identity },
                            influenceStart: start, influenceJoint: joint, influenceWeight: weight)]
        let rig = 0
        let body = scene.addNode(Node(id: "Mannequin", name: "Mannequin", isJoint: false, transforms: [.matrix(.identity)]),
                                 parent: rig)
        scene.meshInstances = [MeshInstance(node: body, source: .skin(0), jointNodes: joints.map { Optional($0) },
                                            skeletonRoots: [joints[0]], materials: ["Mannequin-material": 0])]
        addCamera(world: sideCamera(target: SIMD3(0, 0, 0.9), distance: 4.2), yfovDegrees: 30, to: &scene)
        scene.lights = [Light(id: "Sun-light", name: "Sun", type: "directional", color: SIMD3(1, 1, 1))]
        let sun = scene.addNode(Node(id: "Sun", name: "Sun", isJoint: false,
                                     transforms: [.matrix(Matrix4x4.translation(SIMD3(2, -2, 4))
                                                          * Matrix4x4.rotation(axis: SIMD3(1, 1, 0), degrees: 40))]), parent: nil)
        scene.lightInstances = [NodeAttachment(node: sun, attaching: 0)]
        return scene
    }
}
