import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// Regenerates everything under `Assets/` from the definitions in code: the base model, the 60
/// animation-only rigs and pose files, `catalog.json` and `icon-style.json`. Output bytes depend
/// only on the definitions (fixed timestamps, fixed number format, sorted JSON keys).
package struct AssetAuthor {
    let skeleton = MannequinSkeleton()
    let mesh: MannequinMesh
    let builder: MotionBuilder

    package init() {
        mesh = MannequinMesh(skeleton: skeleton)
        builder = MotionBuilder(skeleton: skeleton, mesh: mesh)
    }

    /// Frames of the pose file: the iconic frame and two either side (wrapping around the loop).
    static let poseFrameOffsets = -2...2
    /// The time in the pose file of the iconic frame (its third frame, Blender frame 3 at 24 fps).
    package static var poseTime: Float { Float(1 - poseFrameOffsets.lowerBound) / BakedMotion.fps }

    /// Relative path to file bytes, in a fixed order.
    package func files(definitions: [ProgressionDefinition] = ProgressionLibrary.all) throws -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        out.append(("Models/base-model.dae", try ColladaWriter.write(RigSceneBuilder.baseModel(skeleton))))
        // The library's other steps of the same exercises join the framing, so `--only` writes the same bytes.
        let siblings = ProgressionLibrary.all.filter { s in
            definitions.contains { $0.exercise == s.exercise } && !definitions.contains { $0.id == s.id }
        }
        let framed = definitions + siblings
        let motions = framed.map { builder.bake($0) }
        let cameras = Self.cameras(framed, motions: motions, builder: builder)
        for (i, def) in definitions.enumerated() {
            let motion = motions[i]
            let count = motion.frames.count - 1
            let anim = ProgressionScene.scene(def, motion: motion, frames: Array(0...count), camera: cameras[i].rep,
                                              skeleton: skeleton, fileName: "\(def.id).dae")
            out.append(("Animations/\(def.id).dae", try ColladaWriter.write(anim)))
            let pose = ProgressionScene.scene(def, motion: motion, frames: Self.poseFrames(motion), camera: cameras[i].pose,
                                              skeleton: skeleton, fileName: "\(def.id)-pose.dae")
            out.append(("Poses/\(def.id)-pose.dae", try ColladaWriter.write(pose)))
        }
        out.append(("catalog.json", try Self.json(ProgressionLibrary.catalog(poseTime: Self.poseTime))))
        out.append(("icon-style.json", try Self.json(IconStyle.standard)))
        return out
    }

    /// Indices into `motion.frames` of the pose file's frames: the iconic frame and its neighbours.
    static func poseFrames(_ motion: BakedMotion) -> [Int] {
        let count = motion.frames.count - 1
        return poseFrameOffsets.map { (motion.iconicFrame + $0 + count) % count }
    }

    /// Each progression's two cameras, from its ``ProgressionDefinition/view``: the animation's frames the
    /// whole rep, the pose file's the iconic frames (the icon). Each is aimed at its own points, and the
    /// steps of one exercise share the largest distance any of them needs, so an exercise's icons (and
    /// its animations) draw the figure at one scale.
    static func cameras(_ definitions: [ProgressionDefinition], motions: [BakedMotion],
                        builder: MotionBuilder) -> [(rep: RigCamera, pose: RigCamera)] {
        var fitted: [(rep: RigCamera, pose: RigCamera)] = []
        var widest: [Substring: (rep: Float, pose: Float)] = [:]
        for (def, motion) in zip(definitions, motions) {
            let count = motion.frames.count - 1
            let rep = RigCamera.fitting(RigCamera.points(motion, frames: Array(0..<count), builder: builder), view: def.view)
            let pose = RigCamera.fitting(RigCamera.points(motion, frames: poseFrames(motion), builder: builder), view: def.view)
            fitted.append((rep, pose))
            let w = widest[def.exercise] ?? (0, 0)
            widest[def.exercise] = (max(w.rep, rep.distance), max(w.pose, pose.distance))
        }
        for (i, def) in definitions.enumerated() {
            guard let w = widest[def.exercise] else { continue }
            fitted[i].rep.distance = w.rep
            fitted[i].pose.distance = w.pose
        }
        return fitted
    }

    static func json<T: Encodable>(_ value: T) throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try e.encode(value)) + [0x0A]
    }

    /// Writes `files` under `dir`, creating folders; each file is written atomically (``AtomicFile``),
    /// so a failure never leaves a half-written file.
    ///
    /// - Throws: `AtomicFile.WriteError` naming the first file that could not be written.
    package static func write(_ files: [(String, [UInt8])], to dir: URL) throws(AtomicFile.WriteError) {
        for (rel, bytes) in files {
            try AtomicFile.write(bytes, to: dir.appendingPathComponent(rel).path, options: .createDirectories)
        }
    }

    /// A contact sheet (PNG bytes): each progression's iconic frame seen from the rig camera's side, 10 per
    /// row (one exercise type per row), labelled with its id and name; see ``ProgressionSheet``.
    package func contactSheet(definitions: [ProgressionDefinition] = ProgressionLibrary.all, cell: Int = 160) throws -> [UInt8] {
        let figures = definitions.map { def in
            let motion = builder.bake(def)
            let (target, _, extent) = ProgressionScene.framing(motion, skeleton)
            let props = motion.props.map { p in
                let g = PropMesh.geometry(p.shape)
                return (positions: g.positions.map { $0 + p.centre }, triangles: g.triangles)
            }
            return ProgressionSheet.Figure(id: def.id, name: def.name,
                                           body: (builder.skinned(motion.frames[motion.iconicFrame]), mesh.triangles),
                                           props: props, target: target, extent: extent)
        }
        return try ProgressionSheet(cell: cell).png(figures)
    }
}
