import Foundation

/// Loads COLLADA files (`.dae`, or `.zae` archives) into a ``Scene``: bytes, XML, Document, Scene.
public enum ColladaLoader {
    /// Everything a load produced: the document (when it parsed) and the scene (when it resolved).
    public struct Result: Sendable {
        public var document: Collada.Document?
        public var scene: Scene?
        public var diagnostics: [Diagnostic]
    }

    /// Reads `path` and resolves it.
    ///
    /// - Throws: ``LoadError`` (`.unreadable` when the file cannot be read, `.invalid` with every
    ///   error found otherwise).
    public static func load(path: String, options: SceneResolver.Options = .init()) throws -> Scene {
        let bytes = try readFile(path)
        return try load(bytes: bytes, path: path, options: options)
    }

    /// How number arrays are read. Every strategy gives the same scene and the same diagnostics;
    /// the choice is only about speed, and exists so that tests and the fuzzer can compare them.
    public enum NumberReading: Sendable {
        /// Large files: arrays parsed on other cores while libxml2 reads the markup (see
        /// `NumberPrefetcher` and `XMLCompaction`); small files: as `.inline`.
        case automatic
        /// Each array parsed by the document stage, on the calling thread, from libxml2's text.
        case inline
        /// The path large files take (arrays cut out of what libxml2 reads, parsed in pieces; meshes
        /// resolved on another thread while the document stage goes on) for every file however
        /// small, the arrays in tiny pieces on the calling thread so the pieces are the same from
        /// run to run: for tests and the fuzzer.
        case eager
    }

    /// Resolves in-memory bytes; `path` names them in diagnostics (and decides `.zae` handling
    /// together with the ZIP signature).
    public static func load(bytes: [UInt8], path: String, options: SceneResolver.Options = .init(),
                            numbers: NumberReading = .automatic) throws -> Scene {
        try load(bytes: bytes, path: path, options: options, numbers: numbers, earlyGeometry: nil)
    }

    /// ``load(bytes:path:options:numbers:)``; `earlyGeometry` forces meshes to be resolved on
    /// another core while the document stage goes on (true) or not (false). By default (nil) a
    /// file large enough for its numbers to be read on other cores does so, and so does `.eager`.
    static func load(bytes: [UInt8], path: String, options: SceneResolver.Options = .init(),
                     numbers: NumberReading = .automatic, earlyGeometry: Bool?) throws -> Scene {
        let leftovers = Leftovers()
        let scene: Scene
        do {
            let xml = try xmlDocument(bytes: bytes, path: path, numbers: numbers)
            var reader = DocumentReader(path: xml.path)
            var early: SceneResolver.EarlyGeometry?
            let concurrent = numbers == .automatic && (xml.leafObserver as? NumberPrefetcher)?.concurrent == true
            if earlyGeometry ?? (concurrent || (numbers == .eager && NumberPrefetcher.hasSpareCore)) {
                reader.afterGeometries = { snapshot in
                    if early == nil { early = SceneResolver.EarlyGeometry(snapshot, options: options) }
                }
            }
            let doc = reader.read(xml)
            if doc.diagnostics.hasErrors {
                early?.wait()  // withdrawn if not started: nothing of this load outlives it
                throw LoadError(kind: .invalid, diagnostics: doc.diagnostics.diagnostics)
            }
            scene = try SceneResolver.resolve(doc, options: options, early: early)
            if concurrent { leftovers.keep(xml, doc, reader) }
        }
        // This scope's references are gone: the leftovers hold the last ones.
        leftovers.discard()
        return scene
    }

    /// What a large file's load read on the way to its scene (the XML, its number pieces, the
    /// document), freed on a ``NumberWorkers`` thread rather than on the caller's.
    ///
    /// Freeing them is thousands of `free` calls (walk.dae: 80 µs, 4% of its load) that need not
    /// hold up the caller. Only loads whose numbers could go to that thread hand theirs over (the
    /// thread was woken at the start of the load and is usually still watching for work; if it
    /// has gone to sleep, posting costs the caller a wake-up); small files free on the spot. The
    /// work is the same, done on the other core: in a batch it runs ahead of the next load's
    /// pieces there, and `bench parse` waits for it (``quiesceThreads()``) before it times
    /// libxml2's parse, which pays for its own frees.
    final class Leftovers: @unchecked Sendable {
        private var xml: XMLDocument?
        private var doc: Collada.Document?
        private var reader: DocumentReader?

        func keep(_ xml: XMLDocument, _ doc: Collada.Document, _ reader: DocumentReader) {
            self.xml = xml
            self.doc = doc
            self.reader = reader
        }

        /// Drops what it holds on another thread, if it holds anything; the caller must hold no
        /// other reference to it, or the last release (and the freeing) is the caller's after all.
        func discard() {
            guard xml != nil else { return }
            NumberWorkers.shared.run { [self] in
                xml = nil
                doc = nil
                reader = nil
            }
        }
    }

    /// For benchmarks: waits until the loader's own threads (which parse large files' numbers,
    /// resolve their meshes and free what a load leaves) are idle and asleep, so that what is
    /// timed next does not share the machine with one still working or watching for work.
    ///
    /// - Returns: false when they were still busy after 100 ms (other threads kept loading).
    @_spi(Benchmarking) @discardableResult
    public static func quiesceThreads() -> Bool {
        NumberPrefetcher.hasSpareCore ? NumberWorkers.shared.quiesce() : true
    }

    /// For benchmarks: wakes the loader's threads and waits until they run, as they do between
    /// the loads of a batch (each then watches for work for a millisecond before sleeping).
    @_spi(Benchmarking)
    public static func warmThreads() {
        if NumberPrefetcher.hasSpareCore { NumberWorkers.shared.warm() }
    }

    /// Parses to the Document stage (no resolution): for tools that inspect raw structure.
    public static func document(bytes: [UInt8], path: String, numbers: NumberReading = .automatic) throws -> Collada.Document {
        Collada.Document(try xmlDocument(bytes: bytes, path: path, numbers: numbers))
    }

    /// The XML stage as the loader runs it: for a large file, number arrays are parsed on other
    /// cores while the XML is read (see `NumberPrefetcher`), ready for ``Collada/Document/init(_:)``.
    ///
    /// - Parameters:
    ///   - bytes: an XML document (not a `.zae`; see ``documentBytes(_:path:)``).
    ///   - path: the name used in diagnostics.
    ///   - numbers: how number arrays are read (the result is the same either way).
    /// - Throws: ``LoadError`` (`.invalid`) for malformed XML.
    public static func parseXML(_ bytes: [UInt8], path: String, numbers: NumberReading = .automatic) throws -> XMLDocument {
        let prefetcher: NumberPrefetcher?
        switch numbers {
        case .automatic: prefetcher = NumberPrefetcher.forDocument(byteCount: bytes.count)
        case .inline: prefetcher = nil
        case .eager: prefetcher = NumberPrefetcher(minimumArrayBytes: 1, pieceBytes: 256, minimumCompactBytes: 1, concurrent: false)
        }
        return try XMLReader.read(bytes, path: path, observer: prefetcher)
    }

    public static func readFile(_ path: String) throws -> [UInt8] {
        let loc = SourceLocation(path: path, line: 0, column: 0)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError(kind: .unreadable, diagnostics: [Diagnostic(.error, "file-missing", "no such file", at: loc)])
        }
        if isDirectory.boolValue {
            throw LoadError(kind: .unreadable, diagnostics: [Diagnostic(.error, "file-unreadable", "is a directory", at: loc)])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(kind: .unreadable, diagnostics: [Diagnostic(.error, "file-unreadable", "cannot be read", at: loc)])
        }
        return [UInt8](data)
    }

    /// The XML the loader parses for `bytes`: the bytes themselves, or for a `.zae` archive (ZIP
    /// signature) its root document inflated, with the name diagnostics use for it.
    ///
    /// - Throws: ``LoadError`` when the archive is broken or holds no document.
    public static func documentBytes(_ bytes: [UInt8], path: String) throws -> (bytes: [UInt8], path: String) {
        if bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 3 && bytes[3] == 4 {
            return try unpackZAE(bytes, path: path)
        }
        return (bytes, path)
    }

    /// The root COLLADA document of a `.zae`: the one `manifest.xml` names (`<dae_root>`), else
    /// the first `.dae` member. Diagnostics name it `archive.zae/member.dae`.
    static func unpackZAE(_ bytes: [UInt8], path: String) throws -> ([UInt8], String) {
        func fail(_ message: String) -> LoadError {
            LoadError(kind: .invalid, diagnostics: [Diagnostic(.error, "zae-archive", message, at: SourceLocation(path: path, line: 1, column: 1))])
        }
        do {
            let zip = try ZipArchive(bytes)
            var rootName: String?
            if let manifest = zip.entry(named: "manifest.xml") {
                let m = try zip.contents(of: manifest, limit: 1 << 20)
                if let xml = try? XMLReader.read(m, path: "\(path)/manifest.xml"), let root = xml.root {
                    let r = root.name == "dae_root" ? root : root.child("dae_root")
                    if let t = r?.text.trimmingSpaces, !t.isEmpty {
                        rootName = t.removingPercentEncoding ?? t
                    }
                }
            }
            let entry: ZipArchive.Entry?
            if let rootName {
                entry = zip.entry(named: rootName)
                if entry == nil { throw fail("manifest.xml names '\(rootName)', which is not in the archive") }
            } else {
                entry = zip.entries.first { $0.name.lowercased().hasSuffix(".dae") && !$0.name.hasSuffix("/") }
            }
            guard let entry else { throw fail("the archive holds no .dae document") }
            return (try zip.contents(of: entry), "\(path)/\(entry.name)")
        } catch let e as ZipArchive.Failure {
            throw fail(e.description)
        }
    }
}
