import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The animation-only scenes of one progression, laid out as Blender bakes an action: the armature
/// with rest-pose joint matrices, one container animation `action_container-rig` with a matrix
/// channel per joint (every joint, moving or not) sampled every frame, a `Camera` node looking at
/// the figure from the progression's view (``RigCamera``), and the props as static meshes under a `props` node.
enum ProgressionScene {
    /// `frames` are indices into `motion.frames`; key `k` is at time `(k + 1) / fps` (Blender's frame
    /// `k + 1`).
    static func scene(_ def: ProgressionDefinition, motion: BakedMotion, frames: [Int], camera: RigCamera,
                      skeleton sk: MannequinSkeleton, fileName: String) -> Scene {
        var scene = Scene(path: fileName, authoringTool: RigSceneBuilder.tool)
        let joints = RigSceneBuilder.addArmature(sk, to: &scene)
        RigSceneBuilder.addCamera(world: camera.world, yfovDegrees: RigCamera.yfovDegrees, to: &scene)
        if !motion.props.isEmpty {
            let propsNode = scene.addNode(Node(id: "props", name: "props", isJoint: false, transforms: [.matrix(.identity)]),
                                          parent: nil)
            scene.materials = [Material(id: "Prop-material", name: "Prop", shadingModel: "lambert",
                                        diffuse: SIMD4(0.55, 0.55, 0.55, 1))]
            for (i, p) in motion.props.enumerated() {
                let g = PropMesh.geometry(p.shape)
                let id = "\(p.name)-mesh"
                scene.meshes.append(Mesh(id: id, name: p.name, positions: g.positions, normals: g.normals,
                                         parts: [MeshPart(materialSymbol: "Prop-material", positionIndices: g.triangles,
                                                          normalIndices: g.triangles)]))
                let node = scene.addNode(Node(id: p.name, name: p.name, isJoint: false,
                                              transforms: [.matrix(.translation(p.centre))]), parent: propsNode)
                scene.meshInstances.append(MeshInstance(node: node, source: .mesh(i), materials: ["Prop-material": 0]))
            }
        }
        let times = frames.indices.map { Float($0 + 1) / BakedMotion.fps }
        for (b, bone) in sk.bones.enumerated() {
            var out: [Float] = []
            out.reserveCapacity(16 * frames.count)
            for f in frames { out += motion.frames[f].local[b].rowMajor }
            let base = "\(MannequinSkeleton.armature)_\(def.id)_\(bone.sid)_pose_matrix"
            scene.samplers.append(AnimationSampler(id: "\(base)-sampler", input: times, output: out, stride: 16,
                                                   interpolation: .linear))
            scene.channels.append(AnimationChannel(sampler: scene.samplers.count - 1, node: joints[b], transform: 0,
                                                   targetPath: "\(MannequinSkeleton.armature)_\(bone.sid)/transform",
                                                   animationID: "action_container-\(MannequinSkeleton.armature)"))
        }
        return scene
    }

    /// Camera target and distance (30° vertical field of view) fitting the figure over the whole rep
    /// and the props, seen from +X.
    static func framing(_ motion: BakedMotion, _ sk: MannequinSkeleton) -> (target: SIMD3<Float>, distance: Float, extent: Float) {
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for f in motion.frames {
            for (b, w) in f.world.enumerated() {
                let tail = w.transformPoint(SIMD3(0, sk.bones[b].length, 0))
                for p in [w.translation, tail] { lo = simd_min(lo, p); hi = simd_max(hi, p) }
            }
        }
        for p in motion.props {
            let r = p.shape.halfExtent
            lo = simd_min(lo, p.centre - r); hi = simd_max(hi, p.centre + r)
        }
        lo.z = min(lo.z, 0)
        let centre = (lo + hi) / 2
        let extent = max(hi.y - lo.y, hi.z - lo.z) + 0.3
        let distance = extent / 2 / tan(15 * Float.pi / 180) + (hi.x - centre.x)
        return (SIMD3(0, centre.y, centre.z), distance, extent)
    }
}

func simd_min(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> { SIMD3(min(a.x, b.x), min(a.y, b.y), min(a.z, b.z)) }
func simd_max(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> { SIMD3(max(a.x, b.x), max(a.y, b.y), max(a.z, b.z)) }
