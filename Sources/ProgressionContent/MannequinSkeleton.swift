import ColladaKit
import PipelineKit

/// The mannequin's skeleton in its rest pose: 21 bones named as Blender names them (`upper_arm.L`),
/// in Blender's axes (Z up, metres, the figure facing -Y, its left side at +X), standing with the
/// arms hanging at the sides. Each bone's rest frame has local +Y along the bone (head to tail) and
/// local +X to the figure's left wherever the bone allows, as Blender's bones do.
struct MannequinSkeleton {
    struct Bone {
        /// Blender bone name (`upper_arm.L`).
        var name: String
        var parent: Int?
        /// Rest head and tail, metres, armature space.
        var head: SIMD3<Float>
        var tail: SIMD3<Float>

        /// Blender's sid / id suffix: dots become underscores.
        var sid: String { name.replacingScalars([".": "_"]) }
        var length: Float { simdLength(tail - head) }
    }

    /// Parents first.
    let bones: [Bone]
    /// Rest pose, armature space (local +Y along the bone).
    let restWorld: [Matrix4x4]
    /// Rest pose relative to the parent bone (the joint node's `<matrix>`).
    let restLocal: [Matrix4x4]

    /// The armature node's id and name.
    static let armature = "rig"

    init() {
        var b: [Bone] = []
        func add(_ name: String, _ parent: String?, _ head: SIMD3<Float>, _ tail: SIMD3<Float>) {
            b.append(Bone(name: name, parent: parent.flatMap { p in b.firstIndex { $0.name == p } }, head: head, tail: tail))
        }
        add("hips", nil, SIMD3(0, 0, 0.97), SIMD3(0, 0, 1.07))
        add("spine", "hips", SIMD3(0, 0, 1.07), SIMD3(0, 0, 1.25))
        add("chest", "spine", SIMD3(0, 0, 1.25), SIMD3(0, 0, 1.45))
        add("neck", "chest", SIMD3(0, 0, 1.45), SIMD3(0, 0, 1.55))
        add("head", "neck", SIMD3(0, 0, 1.55), SIMD3(0, 0, 1.75))
        for (side, s) in [("L", Float(1)), ("R", Float(-1))] {
            add("shoulder.\(side)", "chest", SIMD3(0.03 * s, 0, 1.41), SIMD3(0.18 * s, 0, 1.42))
            add("upper_arm.\(side)", "shoulder.\(side)", SIMD3(0.19 * s, 0, 1.42), SIMD3(0.20 * s, 0, 1.13))
            add("forearm.\(side)", "upper_arm.\(side)", SIMD3(0.20 * s, 0, 1.13), SIMD3(0.21 * s, 0, 0.875))
            add("hand.\(side)", "forearm.\(side)", SIMD3(0.21 * s, 0, 0.875), SIMD3(0.21 * s, 0, 0.69))
        }
        for (side, s) in [("L", Float(1)), ("R", Float(-1))] {
            add("thigh.\(side)", "hips", SIMD3(0.09 * s, 0, 0.95), SIMD3(0.09 * s, 0, 0.52))
            add("shin.\(side)", "thigh.\(side)", SIMD3(0.09 * s, 0, 0.52), SIMD3(0.09 * s, 0, 0.085))
            add("foot.\(side)", "shin.\(side)", SIMD3(0.09 * s, 0, 0.085), SIMD3(0.09 * s, -0.135, 0.035))
            add("toe.\(side)", "foot.\(side)", SIMD3(0.09 * s, -0.135, 0.035), SIMD3(0.09 * s, -0.205, 0.03))
        }
        bones = b
        var world: [Matrix4x4] = []
        var local: [Matrix4x4] = []
        for bone in b {
            let w = Self.frame(head: bone.head, tail: bone.tail)
            world.append(w)
            if let p = bone.parent, let inv = world[p].inverse { local.append(inv * w) } else { local.append(w) }
        }
        restWorld = world
        restLocal = local
    }

    /// Index of the bone named `name`.
    func index(_ name: String) -> Int? { bones.firstIndex { $0.name == name } }

    /// The rest frame of a bone: +Y head to tail, +X the world X made perpendicular (or, for bones
    /// along X, the forward direction -Y crossed in), origin at the head.
    static func frame(head: SIMD3<Float>, tail: SIMD3<Float>) -> Matrix4x4 {
        let y = simdNormalize(tail - head)
        var x = SIMD3<Float>(1, 0, 0) - simdDot(SIMD3(1, 0, 0), y) * y
        if simdLength(x) < 0.3 {
            // Along the lateral axis: local Z forward (-Y) keeps the flexion axis sensible.
            let z = simdNormalize(SIMD3<Float>(0, -1, 0) - simdDot(SIMD3(0, -1, 0), y) * y)
            x = simdCross(y, z)
        }
        x = simdNormalize(x)
        let z = simdCross(x, y)
        return Matrix4x4(SIMD4(x, 0), SIMD4(y, 0), SIMD4(z, 0), SIMD4(head, 1))
    }
}
