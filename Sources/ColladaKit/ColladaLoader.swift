import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads COLLADA files (`.dae`, or `.zae` archives) into a ``Scene``: bytes, XML, Document, Scene.
public enum ColladaLoader {
    /// Reads `path` and resolves it.
    ///
    /// - Throws: ``LoadError`` (`.unreadable` when the file cannot be read, `.invalid` with every
    ///   error found otherwise).
    public static func load(path: String, options: LoadOptions = .init()) throws -> Scene {
        let bytes = try readFile(path)
        return try load(bytes: bytes, path: path, options: options)
    }

    /// Resolves in-memory bytes; `path` names them in diagnostics (and decides `.zae` handling
    /// together with the ZIP signature).
    ///
    /// Synchronous, on the caller's thread: bytes, XML (``XMLReader``), ``Collada/Document``,
    /// ``Scene`` (``SceneResolver``).
    ///
    /// - Throws: ``LoadError`` (`.invalid`) with every error found.
    public static func load(bytes: [UInt8], path: String, options: LoadOptions = .init()) throws -> Scene {
        let stages = self.stages(bytes: bytes, path: path, options: options)
        guard let scene = stages.scene else { throw LoadError(kind: .invalid, diagnostics: stages.diagnostics) }
        return scene
    }

    /// What each stage of a load made, kept: the XML tree and the document beside the scene, so a linter
    /// can point a diagnostic at one value of an array without running the chain again by hand.
    package struct Stages {
        /// The XML tree (nil when the archive or the XML is malformed).
        package var xml: XMLDocument?
        /// The COLLADA document (nil without a tree).
        package var document: Collada.Document?
        /// The scene (nil when a stage found an error).
        package var scene: Scene?
        /// Everything found, in stage order: the scene's own when it resolved, else the errors that stopped it.
        package var diagnostics: [Diagnostic]
    }

    /// The one loading chain, `load(bytes:path:options:)` and `validate` both: bytes, XML, document, scene.
    /// Never throws; every problem is a diagnostic in ``Stages/diagnostics``.
    package static func stages(bytes: [UInt8], path: String, options: LoadOptions = .init()) -> Stages {
        let xml: XMLDocument
        do {
            xml = try xmlDocument(bytes: bytes, path: path)
        } catch let e as LoadError {
            return Stages(diagnostics: e.diagnostics)
        } catch {
            return Stages(diagnostics: [Diagnostic(.xmlMalformed, "\(error)", at: SourceLocation(path: path, line: 1, column: 1))])
        }
        let doc = Collada.Document(xml)
        var stages = Stages(xml: xml, document: doc, diagnostics: doc.diagnostics.diagnostics)
        if doc.diagnostics.hasErrors { return stages }
        do {
            let scene = try SceneResolver.resolve(doc, options: options)
            stages.scene = scene
            stages.diagnostics = scene.diagnostics
        } catch let e as LoadError {
            stages.diagnostics = e.diagnostics
        } catch {
            stages.diagnostics.append(Diagnostic(.sceneUnresolved, "\(error)", at: doc.rootLocation))
        }
        return stages
    }

    /// Parses `bytes` (a `.dae`, or the root document of a `.zae` archive) to the XML stage only.
    ///
    /// Use with ``Collada/Document/init(_:)`` and ``SceneResolver/resolve(_:options:)`` to keep the
    /// XML tree alongside the document, e.g. to point a diagnostic at one value of an array.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: the name used in diagnostics (`archive.zae/member.dae` for an archive's document).
    /// - Throws: ``LoadError`` (`.invalid`) for a malformed archive or XML.
    package static func xmlDocument(bytes: [UInt8], path: String) throws -> XMLDocument {
        let (xml, name) = try documentBytes(bytes, path: path)
        return try XMLReader.read(xml, path: name)
    }

    /// The bytes of the file at `path`.
    ///
    /// - Throws: ``LoadError`` (`.unreadable`) when it is missing, a directory or unreadable.
    package static func readFile(_ path: String) throws -> [UInt8] {
        let loc = SourceLocation(path: path, line: 0, column: 0)
        do {
            return try BoundedFile.read(path, limit: XMLReader.Limits().maxBytes)
        } catch .missing {
            throw LoadError(kind: .unreadable, diagnostics: [Diagnostic(.fileMissing, "no such file", at: loc)])
        } catch .tooLarge(let size, let limit) {
            // Refused before reading: the same rule and words as the XML reader's check.
            throw LoadError(kind: .invalid, diagnostics: [Diagnostic(.xmlTooLarge, "the file is \(size) bytes; the limit is \(limit)", at: loc)])
        } catch {
            throw LoadError(kind: .unreadable, diagnostics: [Diagnostic(.fileUnreadable, error.message, at: loc)])
        }
    }

    /// The XML the loader parses for `bytes`: the bytes themselves, or for a `.zae` archive (ZIP
    /// signature) its root document inflated, with the name diagnostics use for it.
    ///
    /// - Throws: ``LoadError`` when the archive is broken or holds no document.
    package static func documentBytes(_ bytes: [UInt8], path: String) throws -> (bytes: [UInt8], path: String) {
        if bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 3 && bytes[3] == 4 {
            return try unpackZAE(bytes, path: path)
        }
        return (bytes, path)
    }

    /// The root COLLADA document of a `.zae`: the one `manifest.xml` names (`<dae_root>`), else
    /// the first `.dae` member. Diagnostics name it `archive.zae/member.dae`.
    static func unpackZAE(_ bytes: [UInt8], path: String) throws -> ([UInt8], String) {
        func fail(_ message: String) -> LoadError {
            LoadError(kind: .invalid, diagnostics: [Diagnostic(.zaeArchive, message, at: SourceLocation(path: path, line: 1, column: 1))])
        }
        do {
            let zip = try ZipArchive(bytes)
            var rootName: String?
            if let manifest = zip.entry(named: "manifest.xml") {
                let m = try zip.contents(of: manifest, limit: 1 << 20)
                if let xml = try? XMLReader.read(m, path: "\(path)/manifest.xml"), let root = xml.root {
                    let r = root.name == "dae_root" ? root : root.child("dae_root")
                    if let t = r?.text.trimmingSpaces, !t.isEmpty {
                        rootName = t.percentDecoded ?? t
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

/// What a load may do and how much it accepts: the file's own space, and the limits that keep any input's
/// memory and time bounded (each refused with a located error).
public struct LoadOptions: Sendable {
    /// Keep the file's axes and units (``Scene/axisConversion`` becomes identity).
    public var keepFileSpace = false
    /// Most nodes the flattened tree may have (instance_node can multiply them: a node
    /// instanced twice at each of 30 levels would make 2^30).
    public var maxNodes = 100_000
    /// Most triangles all library meshes together may have.
    public var maxTriangles = 50_000_000
    /// Deepest node tree accepted, `instance_node` levels included (the expansion recurses).
    public var maxNodeDepth = 1_000
    /// Most instances (`instance_geometry`, `_controller`, `_camera`, `_light`) the flattened
    /// tree may hold; each instanced node copies its instances.
    public var maxInstances = 100_000
    /// Most vertices all mesh instances together may have: what one pose writes (and keeps,
    /// 12 bytes each plus normals).
    public var maxInstancedVertices = 20_000_000
    /// Most triangles all mesh instances together may have: what one frame draws.
    public var maxInstancedTriangles = 50_000_000
    /// Most (channel, node) pairs animation may drive: a channel drives every instanced copy
    /// of its node, and each pair costs work on every pose.
    public var maxChannelTargets = 1_000_000
    /// Steps the triangulator may take over the whole file (ear clipping is quadratic in a
    /// polygon's corners, worse for degenerate ones); polygons beyond it are fanned, with a warning.
    public var triangulationBudget = 100_000_000

    public init(keepFileSpace: Bool = false) { self.keepFileSpace = keepFileSpace }
}
