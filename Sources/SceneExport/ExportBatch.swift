import AssetCatalog
import ColladaKit
import Dispatch
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
        /// Also `<out>/library.glb`: the mannequin once and every catalog progression as a clip (``LibraryModel``).
        package var library = false
        /// How the USDZ files are laid out.
        package var layout: Layout = .selfContained
        /// `<assets>/catalog.json` already read (nil: the batch reads it).
        package var catalog: CatalogFile.Reading?
        package init() {}
    }

    /// The USDZ layout: each progression's file whole (the default), or `mannequin.usdz` (mesh, skeleton, materials)
    /// beside an animation-only `<id>.usdz` per progression (the same skeleton, its SkelAnimation, camera and props).
    package enum Layout: String, Sendable, CaseIterable {
        case selfContained = "self-contained"
        case shared
    }

    /// The library GLB's file name in the output folder.
    package static let libraryFile = "library.glb"
    /// The shared layout's mannequin, `<out>/mannequin.usdz`.
    package static let mannequinName = "mannequin"

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
        let catalogPath = options.assets + "/catalog.json"
        let shared = options.layout == .shared && options.formats.contains(.usdz)
        // A progression whose files would be the library's or the mannequin's: refused before anything is written.
        for (taken, name) in [(options.library && options.formats.contains(.glb), Self.libraryFile.dropLast(4)),
                              (shared, Self.mannequinName[...])] where taken {
            if let p = file.catalog.progressions.first(where: { $0.id == name }) {
                throw FatalError(diagnostics: [Diagnostic(.batchJobError, "progression id '\(p.id)' would overwrite the export's own \(name) file; rename it",
                                                          at: SourceLocation(path: catalogPath, line: 0, column: 0))], kind: .invalid)
            }
        }
        var jobs: [ExportBatchJob] = []
        if shared { jobs.append(.mannequin(MannequinJob(basePath: basePath, usda: options.usda))) }
        jobs += file.catalog.progressions.filter { p in options.only.map { $0.contains(p.id) } ?? true }
            .map { p in
                .progression(ExportJob(entry: p, rigPath: (p.animation ?? p.pose).map(file.resolve), baseHash: baseHash, formats: options.formats,
                                       usda: options.usda, layout: options.layout, catalogPath: catalogPath))
            }
        // The library last: it takes the models the progressions just built from the shelf, and builds only the others.
        if options.library {
            jobs.append(.library(LibraryJob(entries: file.catalog.progressions.map { p in (p.id, (p.animation ?? p.pose).map(file.resolve)) },
                                            baseHash: baseHash, catalogPath: catalogPath)))
        }
        var engine = BatchEngineOptions(out: options.out, recordsDir: options.out + "/.assettool/export", jobs: options.jobs)
        engine.force = options.force
        engine.knownIDs = Set(file.catalog.progressions.map(\.id) + [LibraryJob.recordID, MannequinJob.recordID])
        engine.isID = { IDGrammar.problem($0) == nil }
        return try await BatchEngine<ExportBatchJob>(options: engine).run(jobs, prepare: {
            ExportContext(base: try BatchPolicy.loadBase(bytes: baseBytes, path: basePath),
                          shelf: options.library ? ModelShelf(whole: file.catalog.progressions.first?.id) : nil)
        }, onEvent: onEvent)
    }
}

/// One progression's export, a job of the batch engine: its input is its rig (the base model's hash, the tool
/// version and the formats are in its key); making it poses the base model with the rig and encodes each format.
struct ExportJob: BatchJob {
    typealias Detail = NoDetail
    typealias Context = Scene

    var entry: Catalog.Progression
    /// The rig's path (its `animation`, else its pose file), nil when the entry names neither.
    var rigPath: String?
    var baseHash: String
    var formats: [ExportBatch.Format]
    /// The USDZ root layer as text.
    var usda = false
    /// `.shared`: the USDZ holds the animation only (``USDLayer/Part/motion``).
    var layout: ExportBatch.Layout = .selfContained
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
        for field in [baseHash, inputHashes.first ?? "", ExportBatch.toolVersion, formats.map(\.rawValue).joined(separator: ",") + (usda ? ";usda" : "") + (layout == .shared ? ";shared" : "")] {
            h.update(field)
            h.update([0])
        }
        return SHA256.hexString(h.finalize())
    }

    func make(_ inputs: [BatchInput], in base: Scene) throws -> BatchProduct<NoDetail> {
        try make(inputs, in: ExportContext(base: base, shelf: nil))
    }

    func make(_ inputs: [BatchInput], in context: ExportContext) throws -> BatchProduct<NoDetail> {
        guard let rig = inputs.first else { throw BatchJobFailure([]) }
        let model = try LibraryJob.model(entry.id, rig: rig, base: context.base)
        context.shelf?.put(entry.id, hash: rig.hash, model)
        var files: [BatchProduct<NoDetail>.File] = []
        for format in formats {
            let name = "\(entry.id).\(format.rawValue)"
            switch format {
            case .glb: files.append(.init([name], try GLBWriter.write(model, generator: ExportBatch.toolVersion)))
            case .usdz: files.append(.init([name], USDZPackage.root(model, name: entry.id, text: usda, part: layout == .shared ? .motion : .whole)))
            }
        }
        return BatchProduct(files: files, detail: NoDetail(), warnings: model.warnings)
    }
}

/// Every job of the export batch, on one engine: the progressions, the library GLB, the shared layout's mannequin.
enum ExportBatchJob: BatchJob {
    typealias Detail = NoDetail
    typealias Context = ExportContext
    case progression(ExportJob)
    case library(LibraryJob)
    case mannequin(MannequinJob)

    var id: String {
        switch self {
        case .progression(let j): j.id
        case .library(let j): j.id
        case .mannequin(let j): j.id
        }
    }

    func inputPaths() throws(BatchJobFailure) -> [String] {
        switch self {
        case .progression(let j): try j.inputPaths()
        case .library(let j): try j.inputPaths()
        case .mannequin(let j): try j.inputPaths()
        }
    }

    func read(_ path: String) throws(BatchJobFailure) -> [UInt8] { try BatchPolicy.readInput(path) }

    func inputHash(_ inputHashes: [String]) -> String {
        switch self {
        case .progression(let j): j.inputHash(inputHashes)
        case .library(let j): j.inputHash(inputHashes)
        case .mannequin(let j): j.inputHash(inputHashes)
        }
    }

    func make(_ inputs: [BatchInput], in context: ExportContext) throws -> BatchProduct<NoDetail> {
        switch self {
        case .progression(let j): try j.make(inputs, in: context)
        case .library(let j): try j.make(inputs, in: context)
        case .mannequin(let j): try j.make(inputs, in: context.base)
        }
    }
}

/// `export --library`: `<out>/library.glb`, the mannequin once and every catalog progression as a clip named by its id
/// (``LibraryModel``). Its inputs are every progression's rig, in catalog order; its key also holds the ids, the base
/// model's hash and the tool version. Its record is `_library.json` (no catalog id starts with `_`).
struct LibraryJob: BatchJob {
    typealias Detail = NoDetail
    typealias Context = Scene
    static let recordID = "_library"
    /// Catalog id and rig path (nil when the entry names neither an animation nor a pose file).
    var entries: [(id: String, rig: String?)]
    var baseHash: String
    var catalogPath: String

    var id: String { Self.recordID }

    func inputPaths() throws(BatchJobFailure) -> [String] {
        try entries.map { e throws(BatchJobFailure) -> String in
            guard let rig = e.rig else {
                throw BatchJobFailure([Diagnostic(.catalogSchema, "progression '\(e.id)' names no animation or pose file",
                                                  at: SourceLocation(path: catalogPath, line: 0, column: 0))])
            }
            return rig
        }
    }

    func read(_ path: String) throws(BatchJobFailure) -> [UInt8] { try BatchPolicy.readInput(path) }

    func inputHash(_ inputHashes: [String]) -> String {
        var h = SHA256()
        for field in [baseHash, ExportBatch.toolVersion, "library"] + entries.map(\.id) + inputHashes {
            h.update(field)
            h.update([0])
        }
        return SHA256.hexString(h.finalize())
    }

    func make(_ inputs: [BatchInput], in base: Scene) throws -> BatchProduct<NoDetail> {
        try make(inputs, in: ExportContext(base: base, shelf: nil))
    }

    /// The model of progression `id` with `rig` applied to `base`, as every export job builds it.
    static func model(_ id: String, rig: BatchInput, base: Scene) throws(BatchJobFailure) -> ExportModel {
        let (scene, _) = try BatchPolicy.posed(base, rigBytes: rig.bytes, rigPath: rig.path)
        if let problem = ExportModel.lengthProblem(scene, path: rig.path) { throw BatchJobFailure([problem]) }
        return ExportModel(scene: scene, name: id)
    }

    func make(_ inputs: [BatchInput], in context: ExportContext) throws -> BatchProduct<NoDetail> {
        var models: [(id: String, model: ExportModel, path: String, bounds: [Int: (lo: SIMD3<Float>, hi: SIMD3<Float>)]?)] = []
        var warnings: [Diagnostic] = []
        for (entry, rig) in zip(entries, inputs) {
            // The progression's job of this run built it from the same bytes, or it is built here.
            if let shelved = context.shelf?.take(entry.id, hash: rig.hash) {
                models.append((entry.id, shelved.model, rig.path, shelved.bounds))
                warnings += shelved.model.warnings
                continue
            }
            let model = try Self.model(entry.id, rig: rig, base: context.base)
            warnings += model.warnings
            if models.isEmpty {
                models.append((entry.id, model, rig.path, nil))
            } else {
                let light = LibraryModel.lightened(model)  // one mannequin mesh held, not sixty
                models.append((entry.id, light.model, rig.path, light.bounds))
            }
        }
        let library = try LibraryModel(models)
        return BatchProduct(files: [.init([ExportBatch.libraryFile], try GLBWriter.write(library, generator: ExportBatch.toolVersion))],
                            detail: NoDetail(), warnings: warnings)
    }
}

/// `export --layout shared`: `<out>/mannequin.usdz`, the base model's figure (mesh, skeleton, materials) without
/// animation (``USDLayer/Part/figure``). Its input is the base model; its record is `_mannequin.json`.
struct MannequinJob: BatchJob {
    typealias Detail = NoDetail
    typealias Context = Scene
    static let recordID = "_mannequin"
    var basePath: String
    var usda = false

    var id: String { Self.recordID }

    func inputPaths() throws(BatchJobFailure) -> [String] { [basePath] }

    func read(_ path: String) throws(BatchJobFailure) -> [UInt8] { try BatchPolicy.readInput(path) }

    func inputHash(_ inputHashes: [String]) -> String {
        var h = SHA256()
        for field in inputHashes + [ExportBatch.toolVersion, "mannequin" + (usda ? ";usda" : "")] {
            h.update(field)
            h.update([0])
        }
        return SHA256.hexString(h.finalize())
    }

    func make(_ inputs: [BatchInput], in base: Scene) throws -> BatchProduct<NoDetail> {
        var model = ExportModel(scene: base, name: ExportBatch.mannequinName)
        model.animation = nil
        let name = ExportBatch.mannequinName
        return BatchProduct(files: [.init([name + ".usdz"], USDZPackage.root(model, name: name, text: usda, part: .figure))],
                            detail: NoDetail(), warnings: model.warnings)
    }
}

/// What every export job shares: the base model's scene, and (with `--library`) the shelf where each progression's job
/// leaves the model it built for the library job to take.
struct ExportContext: Sendable {
    var base: Scene
    var shelf: ModelShelf?
}

/// Models left by the progressions' jobs for the library's, by id and rig hash (a model is taken once), each but the
/// catalog's first lightened (``LibraryModel/lightened(_:)``: its figure's box kept, its mesh dropped), so a whole run
/// holds one mannequin mesh, not sixty. Guarded by a serial queue: jobs run on any task.
final class ModelShelf: @unchecked Sendable {
    typealias Bounds = [Int: (lo: SIMD3<Float>, hi: SIMD3<Float>)]
    private var models: [String: (model: ExportModel, bounds: Bounds?)] = [:]
    private let queue = DispatchQueue(label: "assettool.export.shelf")
    /// The id whose model is kept whole (the library's figure comes from it).
    let whole: String?

    init(whole: String?) { self.whole = whole }

    func put(_ id: String, hash: String, _ model: ExportModel) {
        let kept: (model: ExportModel, bounds: Bounds?) = id == whole ? (model, nil) : LibraryModel.lightened(model)
        queue.sync { models[id + "\u{0}" + hash] = kept }
    }

    func take(_ id: String, hash: String) -> (model: ExportModel, bounds: Bounds?)? {
        queue.sync { models.removeValue(forKey: id + "\u{0}" + hash) }
    }
}
