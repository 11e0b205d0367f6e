import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PipelineKit

/// `assettool export`: every catalog progression as `<out>/<id>.usdz` and `<out>/<id>.glb`, each the
/// base model animated by the progression's rig (its `animation`, else its pose file).
///
/// Incremental: a record per progression (`<out>/.assettool/export/<id>.json`) keeps the hashes of
/// its inputs (base model, rig, tool version, formats) and of its files; a progression is made again
/// only when one changed or a file went missing. Fault tolerant: a rig that does not load or matches no
/// joint fails alone, reported with its diagnostics; the others are made. Files are written atomically,
/// and the bytes do not depend on the number of jobs.
package struct ExportBatch: Sendable {
    package enum Format: String, Sendable, CaseIterable, Codable {
        case usdz, glb
    }

    package struct Options: Sendable {
        package var assets = "Assets"
        package var out = "Build/Export"
        package var formats: [Format] = [.usdz, .glb]
        package var only: [String]?
        package var jobs = 1
        package var force = false
        /// The USDZ root layer as text (`<id>.usda`) instead of the binary crate (`<id>.usdc`).
        package var usda = false
        /// `<assets>/catalog.json` already read (nil: the batch reads it).
        package var catalog: CatalogFile.Reading?
        package init() {}
    }

    package typealias Outcome = BatchOutcome
    package typealias Event = BatchEvent
    package typealias Summary = BatchSummary
    /// The catalog or the base model cannot be used: nothing was exported.
    package typealias FatalError = BatchFatalError

    /// Part of every record's input hash: bump when a change alters any exported byte.
    package static let toolVersion = ToolVersion.name(revision: "export 3")

    package let options: Options

    package init(options: Options) { self.options = options }

    /// Exports every selected progression on the batch engine (one ``ExportJob`` each), `jobs` at a time;
    /// `onEvent` hears the catalog's warnings, the count, then each one. The base model is loaded only when some
    /// progression is not up to date (a no-op run reads and hashes, nothing more).
    ///
    /// - Throws: ``BatchFatalError`` when the catalog or the base model is missing or invalid.
    package func run(onEvent: (Event) -> Void = { _ in }) async throws -> Summary {
        let reading = options.catalog ?? CatalogFile.read(path: options.assets + "/catalog.json")
        guard let file = reading.file, !reading.hasErrors else {
            throw FatalError(diagnostics: reading.diagnostics.filter { $0.severity == .error }, kind: reading.unreadable ? .unreadable : .invalid)
        }
        let warnings = reading.diagnostics.filter { $0.severity != .error }
        if !warnings.isEmpty { onEvent(.warnings(warnings)) }
        let basePath = file.resolve(file.catalog.baseModel)
        let baseBytes: [UInt8]
        do {
            baseBytes = try ColladaLoader.readFile(basePath)
        } catch let e as LoadError {
            throw FatalError(diagnostics: e.diagnostics.filter { $0.severity == .error }, kind: e.kind)
        }
        let baseHash = SHA256.hex(baseBytes)
        let jobs = file.catalog.progressions.filter { p in options.only.map { $0.contains(p.id) } ?? true }
            .map { p in
                ExportJob(entry: p, rigPath: (p.animation ?? p.pose).map(file.resolve), baseHash: baseHash, formats: options.formats,
                          usda: options.usda, catalogPath: options.assets + "/catalog.json")
            }
        var engine = BatchEngineOptions(out: options.out, recordsDir: options.out + "/.assettool/export", jobs: options.jobs)
        engine.force = options.force
        engine.knownIDs = Set(file.catalog.progressions.map(\.id))
        engine.isID = { IDGrammar.problem($0) == nil }
        return try await BatchEngine<ExportJob>(options: engine).run(jobs, prepare: {
            try BatchPolicy.loadBase(bytes: baseBytes, path: basePath)
        }, onEvent: onEvent)
    }
}

/// One progression's export, a job of the batch engine: its input is its rig (the base model's hash, the tool
/// version and the formats are in its key); making it poses the base model with the rig and encodes each format.
struct ExportJob: BatchJob {
    typealias Detail = NoDetail

    var entry: Catalog.Progression
    /// The rig's path (its `animation`, else its pose file), nil when the entry names neither.
    var rigPath: String?
    var baseHash: String
    var formats: [ExportBatch.Format]
    /// The USDZ root layer as text.
    var usda = false
    var catalogPath: String

    var id: String { entry.id }

    func inputPaths() throws(BatchJobFailure) -> [String] {
        guard let rigPath else {
            throw BatchJobFailure([Diagnostic(.catalogSchema, "progression '\(entry.id)' names no animation or pose file",
                                              at: SourceLocation(path: catalogPath, line: 0, column: 0))])
        }
        return [rigPath]
    }

    func read(_ path: String) throws(BatchJobFailure) -> [UInt8] {
        try BatchPolicy.readInput(path)
    }

    func inputHash(_ inputHashes: [String]) -> String {
        var h = SHA256()
        for field in [baseHash, inputHashes.first ?? "", ExportBatch.toolVersion, formats.map(\.rawValue).joined(separator: ",") + (usda ? ";usda" : "")] {
            h.update(field)
            h.update([0])
        }
        return SHA256.hexString(h.finalize())
    }

    func make(_ inputs: [BatchInput], in base: Scene) throws -> BatchProduct<NoDetail> {
        guard let rig = inputs.first else { throw BatchJobFailure([]) }
        let (scene, _) = try BatchPolicy.posed(base, rigBytes: rig.bytes, rigPath: rig.path)
        if let problem = ExportModel.lengthProblem(scene, path: rig.path) { throw BatchJobFailure([problem]) }
        let model = ExportModel(scene: scene, name: entry.id)
        var files: [BatchProduct<NoDetail>.File] = []
        for format in formats {
            let name = "\(entry.id).\(format.rawValue)"
            switch format {
            case .glb: files.append(.init([name], try GLBWriter.write(model, generator: ExportBatch.toolVersion)))
            case .usdz: files.append(.init([name], USDZPackage.root(model, name: entry.id, text: usda)))
            }
        }
        return BatchProduct(files: files, detail: NoDetail(), warnings: model.warnings)
    }
}
