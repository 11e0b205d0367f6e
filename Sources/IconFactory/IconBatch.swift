import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PipelineKit
import PoseRenderer

/// The main job: every catalog entry's icons (not done, and done), at every scale of the style, into
/// an Xcode asset catalog or plain PNGs; incremental, fault tolerant, deterministic at any `jobs`.
package struct IconBatch {
    package enum Format: String, CaseIterable, Sendable { case xcassets, png }

    package struct Options: Sendable {
        package var assets: String = "Assets"
        package var out: String = "Build"
        package var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        package var only: [String]? = nil
        package var shard = Shard(index: 1, count: 1)
        package var force = false
        package var format: Format = .xcassets
        package var contactSheet = true
        /// `<assets>/catalog.json` as the caller already read it (the command, to check `--only`), so the
        /// batch does not read it again; nil: the batch reads it.
        package var catalog: CatalogFile.Reading? = nil

        package init() {}
    }

    package typealias Summary = BatchSummary
    /// A problem that stops the whole batch (no catalog, no style, no base model).
    package typealias FatalError = BatchFatalError
    package typealias Event = BatchEvent

    package let options: Options

    package init(options: Options) {
        self.options = options
    }
    /// Part of every icon's input key: bump the renderer number whenever a change alters any icon's pixels
    /// (rasterizer, shading, effects, recipe, PNG encoding), so incremental runs re-render everything.
    package static let toolVersion = ToolVersion.name(revision: "renderer 7: back faces culled, ink outline and creases, flat light props outlined against the floor too, a floor, dark-appearance variants; review sheet 3; smaller scales averaged down from the largest")

    /// The folder of the icons inside `--out`, for each format.
    static let xcassetsName = "ProgressionIcons.xcassets", pngFolderName = "ProgressionIcons"

    var outputRoot: String { options.out + "/" + (options.format == .xcassets ? Self.xcassetsName : Self.pngFolderName) }
    var recordsDir: String { options.out + "/.assettool/icons" }

    /// How the batch writes its own files: parents created, an unchanged file left alone (it keeps its time).
    static let writeOptions = BatchEngineOptions.writeOptions

    /// Runs the batch on the batch engine (one ``IconJob`` per selected entry): `onEvent` hears the catalog's
    /// warnings, how many icons were selected, then each one as it finishes (the caller prints progress and
    /// failures). Then the root `Contents.json`, the manifest and the contact sheet are written.
    ///
    /// - Returns: the summary; a catalog-wide file that cannot be written is in its ``BatchSummary/batchDiagnostics``
    ///   (and its exit status says so).
    /// - Throws: ``BatchFatalError`` when the catalog, style or base model is missing or invalid.
    package func run(onEvent: (Event) -> Void = { _ in }) async throws -> Summary {
        let inputs = try IconInputs.load(assets: options.assets, catalog: options.catalog,
                                         hashCache: options.out + "/.assettool/icons-base.stamps")
        if !inputs.catalogWarnings.isEmpty { onEvent(.warnings(inputs.catalogWarnings)) }
        let shared = IconJob.Shared(inputs, format: options.format)
        var jobs: [IconJob] = []
        for (i, p) in inputs.catalog.progressions.enumerated() where options.shard.contains(i) {
            if let only = options.only, !only.contains(p.id) { continue }
            jobs.append(IconJob(entry: p, shared: shared))
        }
        var engine = BatchEngineOptions(out: options.out, recordsDir: recordsDir, jobs: options.jobs)
        engine.force = options.force
        engine.knownIDs = Set(inputs.catalog.progressions.map(\.id))
        engine.isID = { IDGrammar.problem($0) == nil }
        // The base model is parsed only when some icon has work to do.
        let ran = try await BatchEngine<IconJob>(options: engine).runCollecting(jobs, prepare: { try inputs.loadBase() }, onEvent: onEvent)
        var summary = ran.summary
        if options.contactSheet, let omitted = ContactSheet(catalog: inputs.catalog, style: inputs.style, outputRoot: outputRoot,
                                                             format: options.format).omitted {
            onEvent(.warnings([Diagnostic(.reviewSheetCapped, omitted, at: SourceLocation(path: options.assets + "/catalog.json", line: 0, column: 0))]))
        }
        do {
            try writeCatalogFiles(inputs: inputs, known: ran.records)
        } catch let e as AtomicFile.WriteError {
            summary.add(batchFailure: Diagnostic(.batchOutputUnwritable, "cannot write: \(e.reason)", at: SourceLocation(path: e.path, line: 0, column: 0)))
        } catch {
            summary.add(batchFailure: Diagnostic(.batchJobError, "\(error)", at: SourceLocation(path: options.out, line: 0, column: 0)))
        }
        return summary
    }

    /// The root `Contents.json`, the gathered manifest and the contact sheet, from every record present: those this
    /// run checked or wrote (`known`, by id), and from disk those of the entries it did not select.
    func writeCatalogFiles(inputs: IconInputs, known: [String: BatchRecord<IconJob.Detail>] = [:]) throws {
        if options.format == .xcassets { try AtomicFile.write(XCAssets.rootContents, to: outputRoot + "/Contents.json", options: Self.writeOptions) }
        var records: [IconManifest.Record] = []
        for p in inputs.catalog.progressions {
            if let r = known[p.id] {
                records.append(IconManifest.Record(r))
            } else if let path = try? OutputPath.inside(recordsDir, p.id + ".json"), let r = BatchRecord<IconJob.Detail>.read(path), r.id == p.id {
                records.append(IconManifest.Record(r))
            }
        }
        let manifest = IconManifest(tool: Self.toolVersion, icons: records)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(manifest)) + [10], to: options.out + "/icons-manifest.json", options: Self.writeOptions)
        let sheetPath = options.out + "/contact-sheet.png"
        guard options.contactSheet else { return }
        // The sheet is redrawn when what it shows changed (any icon's files), or when it is missing;
        // so shards merged by copying, then a no-op run, give the same sheet as one run.
        var key = SHA256()
        key.update(Self.toolVersion)
        for r in records { for name in r.files.keys.sorted() { key.update(name); key.update(r.files[name] ?? "") } }
        let keyHex = SHA256.hexString(key.finalize())
        let keyPath = options.out + "/.assettool/contact-sheet.key"
        let oldKey = (try? String(contentsOfFile: keyPath, encoding: .utf8)) ?? ""
        if keyHex != oldKey || !FileManager.default.fileExists(atPath: sheetPath) {
            let sheet = ContactSheet(catalog: inputs.catalog, style: inputs.style, outputRoot: outputRoot, format: options.format)
            try AtomicFile.write(try sheet.png(), to: sheetPath, options: Self.writeOptions)
            try AtomicFile.write(keyHex, to: keyPath, options: Self.writeOptions)
        }
    }
}

/// What one icon came to.
package typealias IconOutcome = BatchOutcome
