import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PipelineKit
import PoseRenderer

/// The inputs every icon shares: the catalog, the style and the base model, with the content hashes the
/// manifest records. The base model's hash is taken again only when its file's stamp moved (``StampedHash``), and
/// the model itself is parsed only when some icon has to be made (``loadBase()``): a no-op run reads neither.
package struct IconInputs: Sendable {
    var assets: String
    var catalog: Catalog
    var style: IconStyle
    var basePath: String
    /// The base model's bytes when they were read to hash them (nil: the cached hash held).
    var baseBytes: [UInt8]?
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

    /// The catalog, the style and the base model's hash (cached in `hashCache` by the file's stamp); `catalog` is
    /// `catalog.json` already read (nil: read it now).
    ///
    /// - Throws: ``BatchFatalError`` when the catalog or style is invalid, or the base model cannot be read.
    static func load(assets: String, catalog: CatalogFile.Reading? = nil, hashCache: String) throws -> IconInputs {
        let (file, warnings) = try readCatalog(assets: assets, reading: catalog)
        let basePath = file.resolve(file.catalog.baseModel)
        let base = try StampedHash.hash(of: basePath, cache: hashCache, read: readBase)
        // Without a style file the original recipe is used; its hash is that of its encoding.
        let styleBytes = file.stylePath == nil ? Array((try? JSONEncoder().encode(file.style)) ?? Data()) : file.styleBytes
        return IconInputs(assets: assets, catalog: file.catalog, style: file.style, basePath: basePath, baseBytes: base.bytes,
                          baseModelHash: base.hash, styleHash: SHA256.hex(styleBytes), catalogWarnings: warnings)
    }

    /// The base model's bytes, refused before reading when larger than the reader's limit.
    static func readBase(_ path: String) throws -> [UInt8] {
        do {
            return try ColladaLoader.readFile(path)
        } catch let e as LoadError {
            throw BatchFatalError(diagnostics: e.diagnostics.filter { $0.severity == .error }, kind: e.kind)
        }
    }

    /// The base model's scene, as every batch refuses a base (read now unless its bytes were read for the hash).
    ///
    /// - Throws: ``BatchFatalError`` when it cannot be read or is invalid.
    func loadBase() throws -> Scene {
        try BatchPolicy.loadBase(bytes: baseBytes ?? Self.readBase(basePath), path: basePath)
    }
}
