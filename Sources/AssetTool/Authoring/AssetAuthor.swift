import ColladaKit
import Foundation
import PoseRenderer

/// Regenerates everything under `Assets/` from the definitions in code: the base model, the 60
/// animation-only rigs and pose files, `catalog.json` and `icon-style.json`. Output bytes depend
/// only on the definitions (fixed timestamps, fixed number format, sorted JSON keys).
struct AssetAuthor {
    let skeleton = MannequinSkeleton()
    let mesh: MannequinMesh
    let builder: MotionBuilder

    init() {
        mesh = MannequinMesh(skeleton: skeleton)
        builder = MotionBuilder(skeleton: skeleton, mesh: mesh)
    }

    /// Frames of the pose file: the iconic frame and two either side (wrapping around the loop).
    static let poseFrameOffsets = -2...2
    /// The time in the pose file of the iconic frame (its third frame, Blender frame 3 at 24 fps).
    static var poseTime: Float { Float(1 - poseFrameOffsets.lowerBound) / BakedMotion.fps }

    /// Relative path to file bytes, in a fixed order.
    func files(definitions: [ProgressionDefinition] = ProgressionLibrary.all) throws -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        out.append(("Models/base-model.dae", try ColladaWriter.write(RigSceneBuilder.baseModel(skeleton))))
        for def in definitions {
            let motion = builder.bake(def)
            let count = motion.frames.count - 1
            let anim = ProgressionScene.scene(def, motion: motion, frames: Array(0...count), skeleton: skeleton,
                                              fileName: "\(def.id).dae")
            out.append(("Animations/\(def.id).dae", try ColladaWriter.write(anim)))
            let poseFrames = Self.poseFrameOffsets.map { (motion.iconicFrame + $0 + count) % count }
            let pose = ProgressionScene.scene(def, motion: motion, frames: poseFrames, skeleton: skeleton,
                                              fileName: "\(def.id)-pose.dae")
            out.append(("Poses/\(def.id)-pose.dae", try ColladaWriter.write(pose)))
        }
        out.append(("catalog.json", try Self.json(ProgressionLibrary.catalog(poseTime: Self.poseTime))))
        out.append(("icon-style.json", try Self.json(IconStyle.standard)))
        return out
    }

    static func json<T: Encodable>(_ value: T) throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try e.encode(value)) + [0x0A]
    }

    /// Writes `files` under `dir`, creating folders; each file is written to a temporary name and
    /// renamed, so a failure never leaves a half-written file.
    static func write(_ files: [(String, [UInt8])], to dir: URL) throws {
        let fm = FileManager.default
        for (rel, bytes) in files {
            let url = dir.appendingPathComponent(rel)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
            try Data(bytes).write(to: tmp)
            guard rename(tmp.path, url.path) == 0 else {
                try? fm.removeItem(at: tmp)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
    }

    /// A contact sheet: each progression's iconic frame as a shaded silhouette seen from the rig
    /// camera's side, 10 per row (one exercise type per row), with its id.
    func contactSheet(definitions: [ProgressionDefinition] = ProgressionLibrary.all, cell: Int = 160) -> [UInt8] {
        let columns = 10
        let rows = (definitions.count + columns - 1) / columns
        var sheet = SilhouetteSheet(width: columns * cell, height: rows * cell)
        for (i, def) in definitions.enumerated() {
            let motion = builder.bake(def)
            let x0 = (i % columns) * cell, y0 = (i / columns) * cell
            let (target, _, extent) = ProgressionScene.framing(motion, skeleton)
            let scale = Float(cell) / extent
            let centre = SIMD2(target.y, target.z)
            for p in motion.props {
                let g = PropMesh.geometry(p.shape)
                sheet.draw(g.positions.map { $0 + p.centre }, g.triangles, cell: x0, y0, size: cell, centre: centre,
                           scale: scale, tone: 0.55)
            }
            let verts = builder.skinned(motion.frames[motion.iconicFrame])
            sheet.draw(verts, mesh.triangles, cell: x0, y0, size: cell, centre: centre, scale: scale, tone: 1)
            sheet.floorLine(cell: x0, y0, size: cell, centre: centre, scale: scale)
            sheet.label(String(def.id.split(separator: "-").last ?? ""), x: x0 + 4, y: y0 + 4)
            for x in x0..<(x0 + cell) { sheet.pixels[(y0 + cell - 1) * sheet.width + x] = 200 }
            for y in y0..<(y0 + cell) { sheet.pixels[y * sheet.width + x0 + cell - 1] = 200 }
        }
        return sheet.pngData
    }
}
