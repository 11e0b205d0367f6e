import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// One catalog entry's icons: decide whether they are up to date, otherwise load its pose file, apply
/// it to the base model, render every state and scale, and write the files and the record. Any
/// problem with this entry fails this entry only; its previous files stay as they were (every file is
/// written atomically, and only once everything rendered).
struct IconJob: Sendable {
    var entry: Catalog.Progression
    var inputs: IconInputs
    var base: Scene
    var options: IconBatch.Options
    var outputRoot: String
    var recordsDir: String

    /// The two states, in the order they are written: `<id>` (not yet done), `<id>-complete`.
    static let states: [(state: IconState, suffix: String)] = [(.incomplete, ""), (.complete, "-complete")]

    func run() -> IconOutcome {
        guard let posed = entry.posedFile else {
            return .failed([Diagnostic(.catalogSchema, "progression '\(entry.id)' names no animation or pose file",
                                       at: SourceLocation(path: inputs.assets + "/catalog.json", line: 0, column: 0))])
        }
        let posePath = posed.hasPrefix("/") ? posed : inputs.assets + "/" + posed
        let recordPath: String
        do {
            recordPath = try OutputPath.inside(recordsDir, entry.id + ".json")
        } catch {
            return .failed([Diagnostic(.error, "write", "cannot write: \(error)", at: SourceLocation(path: recordsDir, line: 0, column: 0))])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let entryJSON = (try? encoder.encode(entry)).map(Array.init) ?? []
        func key(poseHash: String) -> IconManifest.Inputs {
            IconManifest.Inputs(baseModel: inputs.baseModelHash, pose: poseHash, style: inputs.styleHash,
                                catalogEntry: SHA256.hex(entryJSON), tool: IconBatch.toolVersion)
        }
        // Up to date? The pose file's hash is taken from the stamps when the file's stamp is the one it had when
        // last hashed (a no-op run then reads neither the pose file nor the outputs); any other stamp is hashed.
        let stamps = Self.readStamps(recordPath)
        let old = options.force ? nil : Self.readRecord(recordPath)
        if let old, let cached = stamps.pose, FileStamp.of(posePath) == cached.stamp,
           old.inputHash == key(poseHash: cached.hash).hash, filesIntact(old.files, stamps: stamps.outputs) {
            return .upToDate
        }
        // Stamped before reading: a file changed while it is read gets a stamp that no longer matches.
        let poseStamp = FileStamp.of(posePath)
        let poseBytes: [UInt8]
        do {
            poseBytes = try ColladaLoader.readFile(posePath)
        } catch let e as LoadError {
            return .failed(e.diagnostics)
        } catch {
            return .failed([Diagnostic(.fileUnreadable, "cannot be read", at: SourceLocation(path: posePath, line: 0, column: 0))])
        }
        let key = key(poseHash: SHA256.hex(poseBytes))
        if let old, old.inputHash == key.hash, filesIntact(old.files, stamps: stamps.outputs) {
            Self.writeStamps(Stamps(outputs: stamps.outputs, pose: poseStamp.map { .init(stamp: $0, hash: key.pose) }), to: recordPath)
            return .upToDate
        }

        // Load the pose file and apply it to the base model by joint name, id, then sid.
        let rig: Scene
        do {
            rig = try ColladaLoader.load(bytes: poseBytes, path: posePath)
        } catch let e as LoadError {
            return .failed(e.diagnostics.filter { $0.severity == .error })
        } catch {
            return .failed([Diagnostic(.error, "load", "\(error)", at: SourceLocation(path: posePath, line: 0, column: 0))])
        }
        let (scene, binding) = base.applying(rig: rig)
        let refused = BatchPolicy.checkBinding(binding, rigPath: posePath)
        if !refused.isEmpty { return .failed(refused) }
        // The catalog's time, else the middle of the posed file's animation.
        let time = entry.poseTime ?? rig.animationRange.map { ($0.lowerBound + $0.upperBound) / 2 } ?? 0
        let pose = scene.pose(at: time)

        // Render every state at every scale, then write.
        let painted: PaintedIcon
        do {
            painted = try IconPainter.paint(scene: scene, pose: pose, style: inputs.style,
                                            offsetOverride: entry.iconOffset.flatMap { $0.count == 2 ? SIMD2($0[0], $0[1]) : nil })
        } catch {
            return .failed([Diagnostic(.error, "render", "cannot render: \(error)", at: SourceLocation(path: posePath, line: 0, column: 0))])
        }
        var files: [String: String] = [:]
        do {
            for (state, suffix) in Self.states {
                let name = entry.id + suffix
                var listed: [XCAssets.Image] = []
                for appearance in IconAppearance.allCases {
                    for scale in inputs.style.scales {
                        guard let png = painted.png(state, appearance, scale) else { continue }
                        let filename = XCAssets.filename(name + (appearance == .dark ? XCAssets.darkSuffix : ""), scale: scale)
                        let path = options.format == .xcassets ? try OutputPath.inside(outputRoot, name + ".imageset", filename)
                            : try OutputPath.inside(outputRoot, filename)
                        try AtomicFile.write(png, to: path, options: IconBatch.writeOptions)
                        files[relative(path)] = SHA256.hex(png)
                        listed.append(XCAssets.Image(filename: filename, scale: scale, dark: appearance == .dark))
                    }
                }
                if options.format == .xcassets {
                    let path = try OutputPath.inside(outputRoot, name + ".imageset", "Contents.json")
                    let json = XCAssets.imagesetContents(files: listed)
                    try AtomicFile.write(json, to: path, options: IconBatch.writeOptions)
                    files[relative(path)] = SHA256.hex(Array(json.utf8))
                }
            }
            let record = IconManifest.Record(id: entry.id, inputs: key, inputHash: key.hash,
                                             offset: [painted.offset.x, painted.offset.y], offsetFromCatalog: entry.iconOffset != nil,
                                             figureBounds: painted.figureBounds, files: files)
            let recordEncoder = JSONEncoder()
            recordEncoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(Array(try recordEncoder.encode(record)) + [10], to: recordPath, options: IconBatch.writeOptions)
            // The files' stamps beside the record (not in it: the manifest gathers records and must not hold times).
            var outputs: [String: FileStamp] = [:]
            for name in files.keys { outputs[name] = FileStamp.of(options.out + "/" + name) }
            Self.writeStamps(Stamps(outputs: outputs, pose: poseStamp.map { .init(stamp: $0, hash: key.pose) }), to: recordPath)
        } catch let e as AtomicFile.WriteError {
            return .failed([Diagnostic(.error, "write", "cannot write: \(e.reason)", at: SourceLocation(path: e.path, line: 0, column: 0))])
        } catch {
            return .failed([Diagnostic(.error, "write", "cannot write: \(error)", at: SourceLocation(path: recordPath, line: 0, column: 0))])
        }
        return .made
    }

    /// `path` relative to the output folder.
    func relative(_ path: String) -> String {
        let prefix = options.out + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Every recorded file exists and holds the recorded bytes: a file whose stamp is the one taken when it was
    /// written is intact; any other is hashed.
    func filesIntact(_ files: [String: String], stamps: [String: FileStamp]) -> Bool {
        guard !files.isEmpty else { return false }
        for (name, hash) in files {
            let path = options.out + "/" + name
            if let stamp = stamps[name], FileStamp.of(path) == stamp { continue }
            guard let data = try? BoundedFile.read(path, limit: 256 << 20), SHA256.hex(data) == hash else { return false }
        }
        return true
    }

    /// What `stat` said of an icon's files when they were written, and of its pose file when it was hashed:
    /// `<record>.stamps`, beside the record. Only a shortcut: a missing or unreadable one means "hash everything".
    struct Stamps: Codable {
        struct Hashed: Codable {
            var stamp: FileStamp
            var hash: String
        }
        var outputs: [String: FileStamp] = [:]
        var pose: Hashed?
    }

    static func readStamps(_ recordPath: String) -> Stamps {
        guard let bytes = try? BoundedFile.read(recordPath + ".stamps", limit: 1 << 20) else { return Stamps() }
        return (try? JSONDecoder().decode(Stamps.self, from: Data(bytes))) ?? Stamps()
    }

    /// Written after the record; a failure only costs the next run some hashing.
    static func writeStamps(_ stamps: Stamps, to recordPath: String) {
        guard let bytes = try? JSONEncoder().encode(stamps) else { return }
        try? AtomicFile.write(Array(bytes), to: recordPath + ".stamps", options: IconBatch.writeOptions)
    }

    static func readRecord(_ path: String) -> IconManifest.Record? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(IconManifest.Record.self, from: data)
    }
}
