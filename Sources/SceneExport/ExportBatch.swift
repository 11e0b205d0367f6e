import AssetCatalog
import ColladaKit
import FoundationEssentials

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
        package init() {}
    }

    package enum Outcome: Sendable {
        case made(warnings: [String])
        case upToDate
        case failed([Diagnostic])
    }

    package enum Event: Sendable {
        /// What reading the catalog and style warned of (unknown keys), before anything is made.
        case warnings([Diagnostic])
        case selected(count: Int)
        case finished(id: String, outcome: Outcome)
    }

    package struct Summary: Sendable {
        package var made = 0, upToDate = 0, failed = 0
        package var failedIDs: [String] = []
        /// Progressions that left the catalog, whose exports this run removed.
        package var removedIDs: [String] = []
    }

    /// The catalog or the base model cannot be used: nothing was exported.
    package struct FatalError: Error, Sendable {
        package var diagnostics: [Diagnostic]
        package var kind: LoadError.Kind
    }

    /// Part of every record's input hash: bump when a change alters any exported byte.
    package static let toolVersion = "assettool export 1"

    package let options: Options

    package init(options: Options) { self.options = options }

    /// Exports every selected progression, `jobs` at a time; `onEvent` hears the count, then each one.
    package func run(onEvent: (Event) -> Void = { _ in }) async throws -> Summary {
        let reading = CatalogFile.read(path: options.assets + "/catalog.json")
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
        let selected = file.catalog.progressions.filter { p in options.only.map { $0.contains(p.id) } ?? true }
        onEvent(.selected(count: selected.count))
        var summary = Summary()
        // Exports of progressions that left the catalog (and only the files this batch wrote for them).
        summary.removedIDs = StaleOutputs.remove(out: options.out, recordsDir: options.out + "/.assettool/export",
                                                 known: Set(file.catalog.progressions.map(\.id))) {
            (try? JSONDecoder().decode(ExportJob.Record.self, from: Data($0)))?.files
        }
        // What is up to date needs no base scene (a no-op run reads and hashes, nothing more).
        let checks = selected.map { ExportJob.Check(entry: $0, catalog: file, baseHash: baseHash, options: options) }
        var pending: [Int] = []
        for (k, check) in checks.enumerated() {
            switch check.state {
            case .upToDate:
                summary.upToDate += 1
                onEvent(.finished(id: selected[k].id, outcome: .upToDate))
            case .failed(let diagnostics):
                summary.failed += 1
                summary.failedIDs.append(selected[k].id)
                onEvent(.finished(id: selected[k].id, outcome: .failed(diagnostics)))
            case .stale: pending.append(k)
            }
        }
        guard !pending.isEmpty else {
            summary.failedIDs.sort()
            return summary
        }
        let base: Scene
        do {
            base = try ColladaLoader.load(bytes: baseBytes, path: basePath)
        } catch let e as LoadError {
            throw FatalError(diagnostics: e.diagnostics.filter { $0.severity == .error }, kind: e.kind)
        }
        if let refused = BatchPolicy.checkBase(base, path: basePath) {
            throw FatalError(diagnostics: [refused], kind: .invalid)
        }
        let job = ExportJob(options: options, base: base)
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func launch() {
                let k = pending[next]
                next += 1
                let check = checks[k]
                group.addTask { (k, job.run(check)) }
            }
            for _ in 0..<min(max(1, options.jobs), pending.count) { launch() }
            while let (k, outcome) = await group.next() {
                switch outcome {
                case .made: summary.made += 1
                case .upToDate: summary.upToDate += 1
                case .failed:
                    summary.failed += 1
                    summary.failedIDs.append(selected[k].id)
                }
                onEvent(.finished(id: selected[k].id, outcome: outcome))
                if next < pending.count { launch() }
            }
        }
        summary.failedIDs.sort()
        return summary
    }
}

/// One progression's export.
struct ExportJob: Sendable {
    var options: ExportBatch.Options
    var base: Scene

    struct Record: Codable {
        var inputHash: String
        /// File name -> SHA-256 of its bytes.
        var files: [String: String]
    }

    /// A progression's inputs read and hashed, and whether its files are up to date.
    struct Check: Sendable {
        enum State: Sendable {
            case upToDate, stale
            case failed([Diagnostic])
        }
        var entry: Catalog.Progression
        var rigPath = ""
        var rigBytes: [UInt8] = []
        var inputHash = ""
        var state = State.stale

        init(entry: Catalog.Progression, catalog: CatalogFile, baseHash: String, options: ExportBatch.Options) {
            self.entry = entry
            guard let relative = entry.animation ?? entry.pose else {
                state = .failed([Diagnostic(.catalogSchema, "progression '\(entry.id)' names no animation or pose file",
                                            at: SourceLocation(path: options.assets + "/catalog.json", line: 0, column: 0))])
                return
            }
            rigPath = catalog.resolve(relative)
            do {
                rigBytes = try ColladaLoader.readFile(rigPath)
            } catch let e as LoadError {
                state = .failed(e.diagnostics)
                return
            } catch {
                state = .failed([])
                return
            }
            var h = SHA256()
            for field in [baseHash, SHA256.hex(rigBytes), ExportBatch.toolVersion, options.formats.map(\.rawValue).joined(separator: ",")] {
                h.update(field)
                h.update([0])
            }
            inputHash = SHA256.hexString(h.finalize())
            let recordPath = (try? OutputPath.inside(options.out, ".assettool", "export", entry.id + ".json")) ?? ""
            if !options.force, !recordPath.isEmpty, let data = FileManager.default.contents(atPath: recordPath),
               let record = try? JSONDecoder().decode(Record.self, from: data), record.inputHash == inputHash,
               record.files.count == options.formats.count,
               record.files.allSatisfy({ name, hash in
                   FileManager.default.contents(atPath: options.out + "/" + name).map { SHA256.hex(Array($0)) == hash } ?? false
               }) {
                state = .upToDate
            }
        }
    }

    func run(_ check: Check) -> ExportBatch.Outcome {
        let entry = check.entry, rigPath = check.rigPath
        let rig: Scene
        do {
            rig = try ColladaLoader.load(bytes: check.rigBytes, path: rigPath)
        } catch let e as LoadError {
            return .failed(e.diagnostics.filter { $0.severity == .error })
        } catch {
            return .failed([])
        }
        let (scene, binding) = base.applying(rig: rig)
        let refused = BatchPolicy.checkBinding(binding, rigPath: rigPath)
        if !refused.isEmpty { return .failed(refused) }
        if let problem = ExportModel.lengthProblem(scene, path: rigPath) { return .failed([problem]) }
        let model = ExportModel(scene: scene, name: entry.id)
        var files: [String: String] = [:]
        do {
            for format in options.formats {
                let name = "\(entry.id).\(format.rawValue)"
                let bytes: [UInt8]
                switch format {
                case .glb: bytes = try GLBWriter.write(model, generator: ExportBatch.toolVersion)
                case .usdz: bytes = USDZPackage.pack([(name: "\(entry.id).usda", bytes: Array(USDAWriter.write(model).utf8))])
                }
                try AtomicFile.write(bytes, to: try OutputPath.inside(options.out, name), options: [.createDirectories, .skipIfUnchanged])
                files[name] = SHA256.hex(bytes)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(Array(try encoder.encode(Record(inputHash: check.inputHash, files: files))) + [10],
                                 to: try OutputPath.inside(options.out, ".assettool", "export", entry.id + ".json"), options: [.createDirectories])
        } catch let e as AtomicFile.WriteError {
            return .failed([Diagnostic(.error, "export-write", "cannot write: \(e.reason)", at: SourceLocation(path: e.path, line: 0, column: 0))])
        } catch let e as OutputPath.UnsafeName {
            return .failed([Diagnostic(.error, "export-write", "cannot write: \(e)", at: SourceLocation(path: options.out, line: 0, column: 0))])
        } catch {
            return .failed([Diagnostic(.error, "export-encode", "cannot encode the document", at: SourceLocation(path: rigPath, line: 0, column: 0))])
        }
        return .made(warnings: model.warnings)
    }
}
