import AssetCatalog
import ColladaKit
import PipelineKit

/// What `assettool icons` knows about each icon it made: the hashes of its inputs (to decide whether it
/// is up to date), the offset it used, the figure's bounding box, and the hashes of its files.
///
/// One record per icon (the batch engine's ``BatchRecord``, its detail ``IconJob/Detail``) lives in
/// `<out>/.assettool/icons/<id>.json` (so shards run on different machines merge by copying their output folders
/// together); `<out>/icons-manifest.json` gathers the records of every catalog entry in catalog order after each
/// run, in this shape.
struct IconManifest: Codable, Equatable {
    struct Inputs: Codable, Equatable, Sendable {
        /// SHA-256 of the base model's bytes.
        var baseModel: String
        /// SHA-256 of the pose file's bytes.
        var pose: String
        /// SHA-256 of the style file's bytes.
        var style: String
        /// SHA-256 of the catalog entry's canonical JSON (sorted keys).
        var catalogEntry: String
        /// The tool's version: a new renderer re-renders everything.
        var tool: String
    }

    struct Record: Codable, Equatable {
        var id: String
        var inputs: Inputs
        /// SHA-256 over the fields of `inputs`, the key that decides "up to date".
        var inputHash: String
        /// The offset applied to the figure, in points (x right, y down, as SwiftUI's `offset`).
        var offset: [Float]
        /// Whether `offset` came from the catalog (`iconOffset`) rather than the silhouette.
        var offsetFromCatalog: Bool
        /// The figure's silhouette bounds at @1x before the offset, in pixels: x, y, width, height.
        var figureBounds: [Int]
        /// Output file (relative to the output folder) -> SHA-256 of its bytes.
        var files: [String: String]
    }

    var format = 1
    var tool: String
    var icons: [Record]
}

extension IconManifest.Record {
    /// The manifest's entry for an icon's record.
    init(_ record: BatchRecord<IconJob.Detail>) {
        self.init(id: record.id, inputs: record.detail.inputs, inputHash: record.inputHash, offset: record.detail.offset,
                  offsetFromCatalog: record.detail.offsetFromCatalog, figureBounds: record.detail.figureBounds, files: record.files)
    }
}

extension IconManifest.Inputs {
    var hash: String {
        var h = SHA256()
        for field in [baseModel, pose, style, catalogEntry, tool] { h.update(field); h.update([0]) }
        return SHA256.hexString(h.finalize())
    }
}
