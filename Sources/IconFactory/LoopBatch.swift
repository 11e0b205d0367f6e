import AssetCatalog
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PipelineKit
import PoseRenderer
import SceneExport

/// `assettool loops`: every catalog progression's whole rep (its rig's animation, looping), drawn as the icons draw
/// the figure (ink, tone, glow, props and floor; no circles) on a transparent canvas, with one framing for the whole
/// rep, as a SpriteKit sprite atlas (`ProgressionLoops.xcassets/<id>.spriteatlas`, one imageset per frame at @2x
/// and @3x) and an animated PNG (`APNG/<id>.png`, @2x), then `gallery.html` showing them all.
///
/// A job of the batch engine per progression, as `icons` and `export`: incremental (a record per progression in
/// `<out>/.assettool/loops`), fault tolerant, the same bytes at any `jobs`.
package struct LoopBatch: Sendable {
    package struct Options: Sendable {
        package var assets = "Assets"
        package var out = "Build/Loops"
        /// Frames a second sampled from the rep.
        package var fps = 12
        /// The loop's side in points (its frames are `size · 2` and `size · 3` pixels).
        package var size = 60
        package var only: [String]?
        package var jobs = ProcessInfo.processInfo.activeProcessorCount
        package var force = false
        /// `<assets>/catalog.json` already read (nil: the batch reads it).
        package var catalog: CatalogFile.Reading?
        package init() {}
    }

    package typealias Summary = BatchSummary
    package typealias FatalError = BatchFatalError
    package typealias Event = BatchEvent

    /// Part of every record's input hash: bump when a change alters any loop's bytes.
    package static let toolVersion = ToolVersion.name(revision: "loops 3: icon drawing without circles, one framing and one floor per rep, a pose met again shows its first frame, APNG with changed rectangles")

    /// The asset catalog's folder and the APNGs' folder inside `--out`; the gallery's name.
    package static let xcassetsName = "ProgressionLoops.xcassets", apngFolder = "APNG", galleryName = "gallery.html"
    /// The scales of an atlas frame (1x is listed without a file, as Xcode lists an empty slot) and of the APNG.
    static let atlasScales = [2, 3], apngScale = 2
    /// Frames a loop may have: a longer rep at the chosen rate is refused (a key typed 1000 s would otherwise
    /// make 12,000 frames).
    package static let maxFrames = 1200
    /// `--fps` and `--size` accepted.
    package static let fpsRange = 1...60, sizeRange = 8...512

    package let options: Options

    package init(options: Options) { self.options = options }

    var recordsDir: String { options.out + "/.assettool/loops" }

    /// Runs the batch (one ``LoopJob`` per selected progression), then writes the catalog's root `Contents.json` and
    /// the gallery, and removes frames a remade loop no longer has.
    ///
    /// - Throws: ``BatchFatalError`` when the catalog, style or base model is missing or invalid.
    package func run(onEvent: (Event) -> Void = { _ in }) async throws -> Summary {
        let inputs = try IconInputs.load(assets: options.assets, catalog: options.catalog,
                                         hashCache: options.out + "/.assettool/loops-base.stamps")
        if !inputs.catalogWarnings.isEmpty { onEvent(.warnings(inputs.catalogWarnings)) }
        var style = inputs.style
        style.pointSize = options.size
        let shared = LoopJob.Shared(inputs, style: style, fps: options.fps)
        let jobs = inputs.catalog.progressions.filter { p in options.only.map { $0.contains(p.id) } ?? true }
            .map { LoopJob(entry: $0, shared: shared) }
        var engine = BatchEngineOptions(out: options.out, recordsDir: recordsDir, jobs: options.jobs)
        engine.force = options.force
        engine.knownIDs = Set(inputs.catalog.progressions.map(\.id))
        engine.isID = { IDGrammar.problem($0) == nil }
        var made: Set<String> = []
        let ran = try await BatchEngine<LoopJob>(options: engine).runCollecting(jobs, prepare: { try inputs.loadBase() }) { event in
            if case .finished(let id, .made) = event { made.insert(id) }
            onEvent(event)
        }
        var summary = ran.summary
        removeOldFrames(ran.records.filter { made.contains($0.key) })
        do {
            try AtomicFile.write(XCAssets.rootContents, to: options.out + "/" + Self.xcassetsName + "/Contents.json",
                                 options: BatchEngineOptions.writeOptions)
            var records: [String: LoopJob.Detail] = [:]
            for p in inputs.catalog.progressions {
                if let r = ran.records[p.id] {
                    records[p.id] = r.detail
                } else if let path = try? OutputPath.inside(recordsDir, p.id + ".json"), let r = BatchRecord<LoopJob.Detail>.read(path), r.id == p.id {
                    records[p.id] = r.detail
                }
            }
            try AtomicFile.write(LoopGallery.html(catalog: inputs.catalog, loops: records), to: options.out + "/" + Self.galleryName,
                                 options: BatchEngineOptions.writeOptions)
        } catch let e as AtomicFile.WriteError {
            summary.add(batchFailure: Diagnostic(.batchOutputUnwritable, "cannot write: \(e.reason)", at: SourceLocation(path: e.path, line: 0, column: 0)))
        } catch {
            summary.add(batchFailure: Diagnostic(.batchJobError, "\(error)", at: SourceLocation(path: options.out, line: 0, column: 0)))
        }
        return summary
    }

    /// A loop made again with fewer frames (a lower `--fps`, a shorter rep) leaves frame imagesets its record no
    /// longer lists: those holding only what this batch writes (`<id>_NNN.imageset`) are removed, so the atlas
    /// holds exactly the loop's frames. Only the loops made by this run are looked at (a no-op lists no folder).
    func removeOldFrames(_ records: [String: BatchRecord<LoopJob.Detail>]) {
        let fm = FileManager.default
        for (id, record) in records {
            guard let atlas = try? OutputPath.inside(options.out + "/" + Self.xcassetsName, id + ".spriteatlas"),
                  let names = try? fm.contentsOfDirectory(atPath: atlas) else { continue }
            let listed = Set(record.files.keys.compactMap { key -> String? in
                let parts = key.split(separator: "/")
                return parts.count == 4 ? String(parts[2]) : nil
            })
            for name in names where name.hasPrefix(id + "_") && name.hasSuffix(".imageset") && !listed.contains(name) {
                try? fm.removeItem(atPath: atlas + "/" + name)
            }
        }
    }
}

/// One progression's loop, a job of the batch engine: its input is its rig (its `animation`, else its pose file);
/// the base model, style, catalog entry, frame rate, size and tool version are in its key.
struct LoopJob: BatchJob {
    /// What a loop's record keeps beside its files: what the gallery shows.
    struct Detail: Codable, Sendable {
        var frames: Int
        /// The rep's length in milliseconds (the APNG's delays sum to it).
        var milliseconds: Int
        /// The APNG's side in pixels.
        var pixels: Int
        /// The side in points.
        var points: Int
        /// The offset applied to every frame, in points (x right, y down).
        var offset: [Float]
    }

    final class Shared: Sendable {
        let assets: String
        let style: IconStyle
        let baseModelHash: String
        let styleHash: String
        let fps: Int

        init(_ inputs: IconInputs, style: IconStyle, fps: Int) {
            assets = inputs.assets
            self.style = style
            baseModelHash = inputs.baseModelHash
            styleHash = inputs.styleHash
            self.fps = fps
        }
    }

    var entry: Catalog.Progression
    var shared: Shared

    var id: String { entry.id }

    func inputPaths() throws(BatchJobFailure) -> [String] {
        guard let rig = entry.animation ?? entry.pose else {
            throw BatchJobFailure([Diagnostic(.catalogSchema, "progression '\(entry.id)' names no animation or pose file",
                                              at: SourceLocation(path: shared.assets + "/catalog.json", line: 0, column: 0))])
        }
        return [rig.hasPrefix("/") ? rig : shared.assets + "/" + rig]
    }

    func read(_ path: String) throws(BatchJobFailure) -> [UInt8] {
        try BatchPolicy.readInput(path)
    }

    func inputHash(_ inputHashes: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let entryHash = SHA256.hex((try? encoder.encode(entry)).map(Array.init) ?? [])
        var h = SHA256()
        for field in [shared.baseModelHash, inputHashes.first ?? "", shared.styleHash, entryHash, LoopBatch.toolVersion,
                      "fps \(shared.fps) size \(shared.style.pointSize)"] {
            h.update(field)
            h.update([0])
        }
        return SHA256.hexString(h.finalize())
    }

    func make(_ inputs: [BatchInput], in base: Scene) throws -> BatchProduct<Detail> {
        guard let rig = inputs.first else { throw BatchJobFailure([]) }
        let (scene, _) = try BatchPolicy.posed(base, rigBytes: rig.bytes, rigPath: rig.path)
        // A key time typed as 100000 s (or inf) is refused at its sampler, as `export` refuses it.
        if let problem = ExportModel.lengthProblem(scene, keysPerSecond: Float(shared.fps), path: rig.path) { throw BatchJobFailure([problem]) }
        let timeline = PreviewTimeline(scene: scene)
        let frameCount = (timeline.duration * Float(shared.fps)).rounded()
        if frameCount > Float(LoopBatch.maxFrames) {
            throw BatchJobFailure([Diagnostic(.batchRenderFailed, String(cFormat: "the rep is %.3g s long: more than %d frames at %d fps",
                                                                         Double(timeline.duration), LoopBatch.maxFrames, shared.fps),
                                              at: SourceLocation(path: rig.path, line: 0, column: 0))])
        }
        let loop: LoopPainter.Loop
        do {
            loop = try LoopPainter.paint(scene: scene, style: shared.style, timeline: timeline, fps: shared.fps, loops: entry.loops)
        } catch {
            throw BatchJobFailure([Diagnostic(.batchRenderFailed, "cannot render: \(error)", at: SourceLocation(path: rig.path, line: 0, column: 0))])
        }
        let root = LoopBatch.xcassetsName, atlas = entry.id + ".spriteatlas"
        var files: [BatchProduct<Detail>.File] = [.init([root, atlas, "Contents.json"], Array(XCAssets.rootContents.utf8))]
        for (k, frame) in loop.frames.enumerated() {
            let name = LoopPainter.frameName(entry.id, k)
            var listed = [XCAssets.Image(filename: nil, scale: 1)]
            for (scale, png) in zip(LoopBatch.atlasScales, frame) {
                let filename = XCAssets.filename(name, scale: scale)
                files.append(.init([root, atlas, name + ".imageset", filename], png))
                listed.append(XCAssets.Image(filename: filename, scale: scale))
            }
            files.append(.init([root, atlas, name + ".imageset", "Contents.json"], Array(XCAssets.imagesetContents(files: listed).utf8)))
        }
        files.append(.init([LoopBatch.apngFolder, entry.id + ".png"], loop.apng))
        let detail = Detail(frames: loop.frames.count, milliseconds: loop.milliseconds, pixels: shared.style.pointSize * LoopBatch.apngScale,
                            points: shared.style.pointSize, offset: [loop.offset.x, loop.offset.y])
        return BatchProduct(files: files, detail: detail)
    }
}
