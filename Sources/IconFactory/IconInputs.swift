import AssetCatalog
import ColladaKit
import Foundation
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

    /// The catalog alone (for checking arguments before the batch loads anything heavy).
    package static func loadCatalog(assets: String) throws -> Catalog {
        let catalogPath = assets + "/catalog.json"
        return try decode(try read(catalogPath), path: catalogPath)
    }

    static func load(assets: String) throws -> IconInputs {
        let catalogPath = assets + "/catalog.json"
        let catalog = try loadCatalog(assets: assets)
        if catalog.format > 1 {
            throw fatal(catalogPath, "catalog format \(catalog.format) is newer than this tool reads (1)", id: "catalog-format", kind: .invalid)
        }
        var seen = Set<String>()
        for p in catalog.progressions where !seen.insert(p.id).inserted {
            throw fatal(catalogPath, "progression id '\(p.id)' appears more than once", id: "catalog-duplicate-id", kind: .invalid)
        }
        let stylePath = assets + "/" + catalog.style
        let styleBytes = try read(stylePath)
        let style: IconStyle = try decode(styleBytes, path: stylePath)
        if style.format > 1 {
            throw fatal(stylePath, "style format \(style.format) is newer than this tool reads (1)", id: "style-format", kind: .invalid)
        }
        if style.pointSize < 8 || style.pointSize > 1024 || style.scales.isEmpty || style.scales.contains(where: { $0 < 1 || $0 > 4 })
            || style.samplesPerSide < 1 || style.samplesPerSide > 8 {
            throw fatal(stylePath, "pointSize must be 8...1024, scales 1...4, samplesPerSide 1...8", id: "style-range", kind: .invalid)
        }
        let basePath = assets + "/" + catalog.baseModel
        let baseBytes = try read(basePath)
        let base: Scene
        do {
            base = try ColladaLoader.load(bytes: baseBytes, path: basePath)
        } catch let e as LoadError {
            throw IconBatch.FatalError(diagnostics: e.diagnostics.filter { $0.severity == .error }, kind: .invalid)
        }
        return IconInputs(assets: assets, catalog: catalog, style: style, baseScene: base,
                          baseModelHash: SHA256.hex(baseBytes), styleHash: SHA256.hex(styleBytes))
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw fatal(path, exists ? "cannot be read" : "no such file", id: "file-missing", kind: .unreadable)
        }
        return Array(data)
    }

    static func decode<T: Decodable>(_ bytes: [UInt8], path: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw fatal(path, "missing key '\((ctx.codingPath + [key]).map(\.stringValue).joined(separator: "."))'", id: "json-schema", kind: .invalid)
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw fatal(path, "wrong type at '\(ctx.codingPath.map(\.stringValue).joined(separator: "."))': \(ctx.debugDescription)", id: "json-schema", kind: .invalid)
        } catch let DecodingError.valueNotFound(_, ctx) {
            throw fatal(path, "null at '\(ctx.codingPath.map(\.stringValue).joined(separator: "."))'", id: "json-schema", kind: .invalid)
        } catch {
            throw fatal(path, "not valid JSON: \(error.localizedDescription)", id: "json-syntax", kind: .invalid)
        }
    }

    static func fatal(_ path: String, _ message: String, id: String, kind: LoadError.Kind) -> IconBatch.FatalError {
        IconBatch.FatalError(diagnostics: [Diagnostic(.error, id, message, at: SourceLocation(path: path, line: 0, column: 0))], kind: kind)
    }
}
