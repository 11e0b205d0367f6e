import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PipelineKit
import PoseRenderer

/// One catalog entry's icons, a job of the batch engine: its input is its pose file (the base model, style,
/// catalog entry and tool version are in its key); making it applies the pose file to the base model, renders
/// every state and scale, and returns the files. Any problem with this entry fails this entry only; its previous
/// files stay as they were (the engine writes every file atomically, and only once everything rendered).
struct IconJob: BatchJob {
    /// What an icon's record keeps beside its files: what the manifest gathers.
    struct Detail: Codable, Sendable {
        var inputs: IconManifest.Inputs
        /// The offset applied to the figure, in points (x right, y down, as SwiftUI's `offset`).
        var offset: [Float]
        /// Whether `offset` came from the catalog (`iconOffset`) rather than the silhouette.
        var offsetFromCatalog: Bool
        /// The figure's silhouette bounds at @1x before the offset, in pixels: x, y, width, height.
        var figureBounds: [Int]
    }

    /// What every icon of a run shares, held once (a job is copied into its task: one reference, not the
    /// catalog and the base model's arrays).
    final class Shared: Sendable {
        let assets: String
        let style: IconStyle
        let baseModelHash: String
        let styleHash: String
        let format: IconBatch.Format

        init(_ inputs: IconInputs, format: IconBatch.Format) {
            assets = inputs.assets
            style = inputs.style
            baseModelHash = inputs.baseModelHash
            styleHash = inputs.styleHash
            self.format = format
        }
    }

    var entry: Catalog.Progression
    var shared: Shared

    /// SHA-256 of the catalog entry's canonical JSON (sorted keys). Taken in the job's task, not while the batch
    /// lists its jobs (one at a time, before the window opens).
    var entryHash: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return SHA256.hex((try? encoder.encode(entry)).map(Array.init) ?? [])
    }

    /// The two states, in the order they are written: `<id>` (not yet done), `<id>-complete`.
    static let states: [(state: IconState, suffix: String)] = [(.incomplete, ""), (.complete, "-complete")]

    var id: String { entry.id }

    func inputPaths() throws(BatchJobFailure) -> [String] {
        guard let posed = entry.posedFile else {
            throw BatchJobFailure([Diagnostic(.catalogSchema, "progression '\(entry.id)' names no animation or pose file",
                                              at: SourceLocation(path: shared.assets + "/catalog.json", line: 0, column: 0))])
        }
        return [posed.hasPrefix("/") ? posed : shared.assets + "/" + posed]
    }

    func read(_ path: String) throws(BatchJobFailure) -> [UInt8] {
        try BatchPolicy.readInput(path)
    }

    func key(poseHash: String) -> IconManifest.Inputs {
        IconManifest.Inputs(baseModel: shared.baseModelHash, pose: poseHash, style: shared.styleHash,
                            catalogEntry: entryHash, tool: IconBatch.toolVersion)
    }

    func inputHash(_ inputHashes: [String]) -> String {
        key(poseHash: inputHashes.first ?? "").hash
    }

    func make(_ read: [BatchInput], in base: Scene) throws -> BatchProduct<Detail> {
        guard let pose = read.first else { throw BatchJobFailure([]) }
        // Apply the pose file to the base model by joint name, id, then sid (refused as every batch refuses).
        let (scene, rig) = try BatchPolicy.posed(base, rigBytes: pose.bytes, rigPath: pose.path)
        // The catalog's time, else the middle of the posed file's animation.
        let time = entry.poseTime ?? rig.animationRange().map { ($0.lowerBound + $0.upperBound) / 2 } ?? 0
        let painted: PaintedIcon
        do {
            painted = try IconPainter.paint(scene: scene, pose: scene.pose(at: time), style: shared.style,
                                            offsetOverride: entry.iconOffset.flatMap { $0.count == 2 ? SIMD2($0[0], $0[1]) : nil })
        } catch {
            throw BatchJobFailure([Diagnostic(.batchRenderFailed, "cannot render: \(error)", at: SourceLocation(path: pose.path, line: 0, column: 0))])
        }
        let format = shared.format
        let root = format == .xcassets ? IconBatch.xcassetsName : IconBatch.pngFolderName
        var files: [BatchProduct<Detail>.File] = []
        for (state, suffix) in Self.states {
            let name = entry.id + suffix
            var listed: [XCAssets.Image] = []
            for appearance in IconAppearance.allCases {
                for scale in shared.style.scales {
                    guard let png = painted.png(state, appearance, scale) else { continue }
                    let filename = XCAssets.filename(name + (appearance == .dark ? XCAssets.darkSuffix : ""), scale: scale)
                    files.append(.init(format == .xcassets ? [root, name + ".imageset", filename] : [root, filename], png))
                    listed.append(XCAssets.Image(filename: filename, scale: scale, dark: appearance == .dark))
                }
            }
            if format == .xcassets {
                files.append(.init([root, name + ".imageset", "Contents.json"], Array(XCAssets.imagesetContents(files: listed).utf8)))
            }
        }
        let detail = Detail(inputs: key(poseHash: pose.hash), offset: [painted.offset.x, painted.offset.y],
                            offsetFromCatalog: entry.iconOffset != nil, figureBounds: painted.figureBounds)
        return BatchProduct(files: files, detail: detail)
    }
}
