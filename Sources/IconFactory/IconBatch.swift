import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

        package init() {}
    }

    package struct Summary: Equatable {
        package var made = 0, upToDate = 0, failed = 0
        package var failedIDs: [String] = []
        /// Progressions that left the catalog, whose icons this run removed.
        package var removedIDs: [String] = []

        package init() {}
    }

    /// A problem that stops the whole batch (no catalog, no style, no base model): printed, then the
    /// command exits for an invalid or an unreadable input, as `kind` says.
    package struct FatalError: Error {
        package var diagnostics: [Diagnostic]
        package var kind: LoadError.Kind
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }
    /// Part of every icon's input key: bump the renderer number whenever a change alters any icon's pixels
    /// (rasterizer, shading, effects, recipe, PNG encoding), so incremental runs re-render everything.
    package static let toolVersion = "assettool 0.3.0 (renderer 5: ink outline and creases, flat light props, a floor, dark-appearance variants; review sheet 3)"

    var outputRoot: String { options.out + (options.format == .xcassets ? "/ProgressionIcons.xcassets" : "/ProgressionIcons") }
    var recordsDir: String { options.out + "/.assettool/icons" }

    /// How the batch writes every file: parents created, an unchanged file left alone (it keeps its time).
    static let writeOptions: AtomicFile.Options = [.createDirectories, .skipIfUnchanged]

    /// What the batch tells its caller while it runs, in order, from the task that called ``run(onEvent:)``.
    package enum Event {
        /// What reading the catalog and style warned of (unknown keys), before anything is made.
        case warnings([Diagnostic])
        /// The icons to make or check are chosen: `count` of them.
        case selected(count: Int)
        /// One icon is done (made, up to date or failed); icons finish in any order.
        case finished(id: String, outcome: IconOutcome)
    }

    /// Runs the batch: `onEvent` hears how many icons were selected, then each one as it finishes (the
    /// caller prints progress and failures). Returns the counts.
    ///
    /// - Throws: ``FatalError`` when the catalog, style or base model is missing or invalid;
    ///   `AtomicFile.WriteError` when a catalog-wide file (root `Contents.json`, manifest, contact sheet)
    ///   cannot be written.
    package func run(onEvent: (Event) -> Void = { _ in }) async throws -> Summary {
        let inputs = try IconInputs.load(assets: options.assets)
        if !inputs.catalogWarnings.isEmpty { onEvent(.warnings(inputs.catalogWarnings)) }
        var selected: [(index: Int, entry: Catalog.Progression)] = []
        for (i, p) in inputs.catalog.progressions.enumerated() where options.shard.contains(i) {
            if let only = options.only, !only.contains(p.id) { continue }
            selected.append((i, p))
        }
        onEvent(.selected(count: selected.count))
        var summary = Summary()
        var outcomes = [IconOutcome?](repeating: nil, count: selected.count)

        // Decide, per icon, whether it is up to date; render the others, `jobs` at a time.
        let base = inputs.baseScene
        try await withThrowingTaskGroup(of: (Int, IconOutcome).self) { group in
            var next = 0
            func launch() {
                let k = next
                next += 1
                let (_, entry) = selected[k]
                group.addTask { [options, inputs, base, outputRoot, recordsDir] in
                    (k, IconJob(entry: entry, inputs: inputs, base: base, options: options,
                                outputRoot: outputRoot, recordsDir: recordsDir).run())
                }
            }
            for _ in 0..<min(max(1, options.jobs), selected.count) { launch() }
            while let (k, outcome) = try await group.next() {
                outcomes[k] = outcome
                let id = selected[k].entry.id
                switch outcome {
                case .made: summary.made += 1
                case .upToDate: summary.upToDate += 1
                case .failed:
                    summary.failed += 1
                    summary.failedIDs.append(id)
                }
                onEvent(.finished(id: id, outcome: outcome))
                if next < selected.count { launch() }
            }
        }
        summary.failedIDs.sort()
        summary.removedIDs = StaleOutputs.remove(out: options.out, recordsDir: recordsDir, known: Set(inputs.catalog.progressions.map(\.id))) {
            (try? JSONDecoder().decode(IconManifest.Record.self, from: Data($0)))?.files
        }
        try writeCatalogFiles(inputs: inputs)
        return summary
    }

    /// The root `Contents.json`, the gathered manifest and the contact sheet, from every record present.
    func writeCatalogFiles(inputs: IconInputs) throws {
        if options.format == .xcassets { try AtomicFile.write(XCAssets.rootContents, to: outputRoot + "/Contents.json", options: Self.writeOptions) }
        var records: [IconManifest.Record] = []
        for p in inputs.catalog.progressions {
            if let path = try? OutputPath.inside(recordsDir, p.id + ".json"), let r = IconJob.readRecord(path) { records.append(r) }
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
package enum IconOutcome: Sendable {
    case made
    case upToDate
    case failed([Diagnostic])
}
