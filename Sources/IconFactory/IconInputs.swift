import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PipelineKit
import PoseRenderer

/// The inputs every icon shares: the catalog, the style and the base model (loaded once), with the
/// content hashes the manifest records.
package struct IconInputs: Sendable {
    var assets: String
    var catalog: Catalog
    var style: IconStyle
    var baseScene: Scene
    var baseModelHash: String
    var styleHash: String
    /// What reading the catalog and style warned of (unknown keys).
    var catalogWarnings: [Diagnostic] = []

    /// The catalog alone (for checking arguments before the batch loads anything heavy).
    ///
    /// - Throws: ``BatchFatalError`` with every located error the catalog or its style has.
    package static func loadCatalog(assets: String) throws -> CatalogFile {
        try readCatalog(assets: assets).file
    }

    /// The catalog and its warnings (unknown keys: an edit that does nothing), which the batch passes on.
    /// `reading` is `<assets>/catalog.json` already read (nil: read it now).
    static func readCatalog(assets: String, reading: CatalogFile.Reading? = nil) throws -> (file: CatalogFile, warnings: [Diagnostic]) {
        let reading = reading ?? CatalogFile.read(path: assets + "/catalog.json")
        guard let file = reading.file, !reading.hasErrors else {
            throw BatchFatalError(diagnostics: reading.diagnostics.filter { $0.severity == .error },
                                       kind: reading.unreadable ? .unreadable : .invalid)
        }
        return (file, reading.diagnostics.filter { $0.severity != .error })
    }

    /// Everything from `assets`; `catalog` is its `catalog.json` already read (nil: read it now).
    static func load(assets: String, catalog: CatalogFile.Reading? = nil) throws -> IconInputs {
        let (file, warnings) = try readCatalog(assets: assets, reading: catalog)
        let basePath = file.resolve(file.catalog.baseModel)
        let baseBytes: [UInt8]
        do {
            // Read once, refused before reading when larger than the reader's limit.
            baseBytes = try ColladaLoader.readFile(basePath)
        } catch let e as LoadError {
            throw BatchFatalError(diagnostics: e.diagnostics.filter { $0.severity == .error }, kind: e.kind)
        }
        let base = try BatchPolicy.loadBase(bytes: baseBytes, path: basePath)
        // Without a style file the original recipe is used; its hash is that of its encoding.
        let styleBytes = file.stylePath == nil ? Array((try? JSONEncoder().encode(file.style)) ?? Data()) : file.styleBytes
        return IconInputs(assets: assets, catalog: file.catalog, style: file.style, baseScene: base,
                          baseModelHash: SHA256.hex(baseBytes), styleHash: SHA256.hex(styleBytes), catalogWarnings: warnings)
    }
}
