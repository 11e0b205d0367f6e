import ColladaKit
import JSONKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// A `catalog.json` as read from disk: the ``Catalog`` with its defaults filled in, the icon style it
/// names, and where each value stands, so every mistake is reported at its line and column in words
/// a person uses (`exercises[0].progressions[2].poseTime`).
package struct CatalogFile: Sendable {
    /// The catalog's path, as given.
    package var path: String
    package var catalog: Catalog
    /// The style the catalog names (or the original recipe when it names none).
    package var style: IconStyle
    /// The style file's path, when the catalog names one.
    package var stylePath: String?
    /// The style file's bytes (empty without one): the icons' manifest hashes them.
    package var styleBytes: [UInt8]
    /// The parsed JSON, for locating values.
    package var root: JSONNode

    /// The folder that holds the catalog; the catalog's paths are relative to it.
    package var folder: String { PathName.deletingLastComponent(path) }

    /// `relative` (a path the catalog names) as a path from the working directory.
    package func resolve(_ relative: String) -> String {
        relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative
    }

    /// Where the value at `keys` (object keys and list positions, from the root) stands, or the
    /// nearest enclosing value that exists.
    package func location(_ keys: JSONPath...) -> SourceLocation {
        root.descendant(keys).location
    }

    /// A step of a path into the catalog's JSON.
    package typealias JSONPath = JSONNode.Step
}

extension CatalogFile {
    /// What reading a catalog gave: the file (nil when it cannot be used) and what was found.
    package struct Reading: Sendable {
        package var file: CatalogFile?
        package var diagnostics: [Diagnostic]
        /// The catalog or its style could not be read at all (exit 66 rather than 65).
        package var unreadable: Bool

        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Reads the catalog at `path` and the style it names, and checks that every file it names exists.
    ///
    /// Never throws: every problem is a located diagnostic (``rules``). The catalog is returned
    /// whenever it decoded, even when a file it names is missing, so a linter can go on.
    package static func read(path: String) -> Reading {
        let bytes: [UInt8]
        do {
            bytes = try readBytes(path)
        } catch {
            return Reading(file: nil, diagnostics: [Diagnostic(.catalogUnreadable, error.message, at: SourceLocation(path: path, line: 0, column: 0))],
                           unreadable: true)
        }
        return read(bytes: bytes, path: path)
    }

    /// ``read(path:)`` for a catalog already in memory (`path` locates its diagnostics and is where the
    /// files it names are looked for): the entry the catalog fuzz harness drives.
    package static func read(bytes: [UInt8], path: String) -> Reading {
        var out = Reading(file: nil, diagnostics: [], unreadable: false)
        guard let (catalog, root) = decode(Catalog.self, bytes, path: path, into: &out.diagnostics) else { return out }
        var file = CatalogFile(path: path, catalog: catalog, style: .standard, stylePath: nil, styleBytes: [], root: root)
        if catalog.format > 1 {
            out.diagnostics.append(Diagnostic(.catalogFormat, "catalog format \(catalog.format) is newer than this tool reads (1)",
                                              at: file.location(.key("format"))))
        }
        // The files it names.
        func check(_ relative: String?, at keys: [JSONPath], what: String) {
            guard let relative else { return }
            let full = file.resolve(relative)
            var isDirectory = false
            if !FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) || isDirectory {
                out.diagnostics.append(Diagnostic(.catalogFileMissing, "\(what) '\(relative)' does not exist (looked for \(full))",
                                                  at: root.descendant(keys).location))
            }
        }
        check(catalog.baseModel, at: [.key("baseModel")], what: "the base model")
        for (e, exercise) in catalog.exercises.enumerated() {
            for (p, progression) in exercise.progressions.enumerated() {
                let at: [JSONPath] = [.key("exercises"), .index(e), .key("progressions"), .index(p)]
                check(progression.animation, at: at + [.key("animation")], what: "the animation of '\(progression.id)',")
                check(progression.pose, at: at + [.key("pose")], what: "the pose file of '\(progression.id)',")
            }
        }
        // Ids follow the grammar (they name files) and are unique: a second use is reported where it stands.
        var seen: [String: String] = [:]
        for (e, exercise) in catalog.exercises.enumerated() {
            if let problem = IDGrammar.problem(exercise.id) {
                out.diagnostics.append(Diagnostic(.catalogIDInvalid, "exercise id '\(IDGrammar.printable(exercise.id))': \(problem)",
                                                  at: root.descendant([.key("exercises"), .index(e), .key("id")]).location))
            }
            for (p, progression) in exercise.progressions.enumerated() {
                let at = root.descendant([.key("exercises"), .index(e), .key("progressions"), .index(p), .key("id")])
                if let problem = IDGrammar.problem(progression.id) {
                    out.diagnostics.append(Diagnostic(.catalogIDInvalid, "progression id '\(IDGrammar.printable(progression.id))': \(problem)",
                                                      at: at.location))
                }
                if let first = seen[progression.id] {
                    out.diagnostics.append(Diagnostic(.catalogIDDuplicate, "progression id '\(IDGrammar.printable(progression.id))' is used twice (first at \(first))",
                                                      at: at.location))
                } else {
                    seen[progression.id] = "\(at.location.line):\(at.location.column)"
                }
            }
        }
        // The style.
        if let style = catalog.style {
            let stylePath = file.resolve(style)
            file.stylePath = stylePath
            switch Result(catching: { () throws(BoundedFile.Failure) -> [UInt8] in try readBytes(stylePath) }) {
            case .success(let styleBytes):
                file.styleBytes = styleBytes
                if let (decoded, styleRoot) = decode(IconStyle.self, styleBytes, path: stylePath, into: &out.diagnostics) {
                    file.style = decoded
                    if let problem = decoded.problem {
                        out.diagnostics.append(Diagnostic(.styleRange, problem, at: styleRoot.location))
                    }
                }
            case .failure(.missing):
                out.diagnostics.append(Diagnostic(.catalogFileMissing, "the style '\(style)' does not exist (looked for \(stylePath))",
                                                  at: file.location(.key("style"))))
            case .failure(let failure):
                out.diagnostics.append(Diagnostic(.catalogUnreadable, "the style '\(style)' (\(stylePath)): \(failure.message)",
                                                  at: file.location(.key("style"))))
                out.unreadable = true
            }
        }
        // A hand-set offset that moves the figure off the canvas would make empty icons: refused where it is.
        let side = Float(file.style.pointSize)
        for (e, exercise) in catalog.exercises.enumerated() {
            for (p, progression) in exercise.progressions.enumerated() {
                guard let o = progression.iconOffset, o.count == 2 else { continue }
                if !o.allSatisfy({ $0.isFinite && abs($0) <= side / 2 }) {
                    let at: [JSONPath] = [.key("exercises"), .index(e), .key("progressions"), .index(p), .key("iconOffset")]
                    out.diagnostics.append(Diagnostic(.catalogIconOffset,
                        "iconOffset [\(o[0]), \(o[1])] of '\(progression.id)' moves the figure off the \(file.style.pointSize)-point icon: each part is at most \(side / 2) points either way",
                        at: root.descendant(at).location))
                }
            }
        }
        out.file = file
        return out
    }

    /// Reads an icon style file on its own (`render --style`): the style (nil when it cannot be used),
    /// located diagnostics, and whether the file could not be read at all.
    package static func readStyle(path: String) -> (style: IconStyle?, diagnostics: [Diagnostic], unreadable: Bool) {
        let bytes: [UInt8]
        do {
            bytes = try readBytes(path)
        } catch {
            return (nil, [Diagnostic(.catalogUnreadable, error.message, at: SourceLocation(path: path, line: 0, column: 0))], true)
        }
        return readStyle(bytes: bytes, path: path)
    }

    /// ``readStyle(path:)`` for a style already in memory.
    package static func readStyle(bytes: [UInt8], path: String) -> (style: IconStyle?, diagnostics: [Diagnostic], unreadable: Bool) {
        var diagnostics: [Diagnostic] = []
        guard let (style, root) = decode(IconStyle.self, bytes, path: path, into: &diagnostics) else { return (nil, diagnostics, false) }
        if let problem = style.problem {
            diagnostics.append(Diagnostic(.styleRange, problem, at: root.location))
            return (nil, diagnostics, false)
        }
        return (style, diagnostics, false)
    }

    /// A catalog or style larger than this is refused before it is read (the bundled catalog is about 60 KB).
    package static let maxJSONBytes = 16 << 20

    static func readBytes(_ path: String) throws(BoundedFile.Failure) -> [UInt8] {
        try BoundedFile.read(path, limit: maxJSONBytes)
    }

    /// Parses and decodes `bytes`; appends a syntax or schema error, or unknown-key warnings.
    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], path: String,
                                     into diagnostics: inout [Diagnostic]) -> (T, JSONNode)? {
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes, path: path)
        } catch let e as JSONSyntaxError {
            diagnostics.append(Diagnostic(.catalogSyntax, e.message, at: e.location))
            return nil
        } catch {
            return nil
        }
        // A key written twice in one object: which one is meant cannot be known, so it is an error, never last-wins.
        var duplicates = 0
        func findDuplicates(_ node: JSONNode, at path: String) {
            switch node.value {
            case .object(let members):
                var seen: [String: SourceLocation] = [:]
                for m in members {
                    let here = path.isEmpty ? m.key : path + "." + m.key
                    if let first = seen[m.key] {
                        duplicates += 1
                        diagnostics.append(Diagnostic(.catalogDuplicateKey,
                            "\(IDGrammar.printable(here)) is given twice in one object (first at \(first.line):\(first.column)); remove one",
                            at: m.keyLocation))
                    } else {
                        seen[m.key] = m.keyLocation
                    }
                    findDuplicates(m.value, at: here)
                }
            case .array(let items):
                for (i, item) in items.enumerated() { findDuplicates(item, at: "\(path)[\(i)]") }
            default:
                break
            }
        }
        findDuplicates(root, at: "")
        if duplicates > 0 { return nil }
        do {
            let (value, unknown) = try JSONNodeDecoder.decode(type, from: root)
            for u in unknown {
                let hint = u.suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
                diagnostics.append(Diagnostic(.catalogUnknownKey, "\(u.path) is not a key this file has; it is ignored\(hint)", at: u.location))
            }
            return (value, root)
        } catch let f as JSONNodeDecoder.Failure {
            diagnostics.append(Diagnostic(.catalogSchema, f.message, at: f.location))
            return nil
        } catch {
            return nil
        }
    }
}

extension DiagnosticRule.Stage {
    /// Reading an asset catalog (`catalog.json`) or an icon style (`icon-style.json`).
    package static let catalog = DiagnosticRule.Stage(rawValue: "catalog")
}

extension DiagnosticRule {
    package static let catalogUnreadable = DiagnosticRule(
        "catalog-unreadable", .error, .catalog, "The catalog does not exist or cannot be read.")
    package static let catalogSyntax = DiagnosticRule(
        "catalog-syntax", .error, .catalog, "The catalog or style is not well-formed JSON (a missing comma, quote or bracket).")
    package static let catalogSchema = DiagnosticRule(
        "catalog-schema", .error, .catalog, "A value of the catalog or style has the wrong type, or a required key is missing.")
    package static let catalogUnknownKey = DiagnosticRule(
        "catalog-unknown-key", .warning, .catalog, "A key the catalog or style format does not have (a misspelling?); it is ignored.")
    package static let catalogFormat = DiagnosticRule(
        "catalog-format", .error, .catalog, "The catalog's format is newer than this tool reads.")
    package static let catalogFileMissing = DiagnosticRule(
        "catalog-file-missing", .error, .catalog, "A file the catalog names (base model, style, animation, pose) does not exist.")
    package static let catalogIDDuplicate = DiagnosticRule(
        "catalog-id-duplicate", .error, .catalog, "Two progressions have the same id.")
    package static let catalogDuplicateKey = DiagnosticRule(
        "catalog-duplicate-key", .error, .catalog, "A key is written twice in one object of the catalog or style; which one is meant cannot be known.")
    package static let catalogIDInvalid = DiagnosticRule(
        "catalog-id-invalid", .error, .catalog,
        "An exercise or progression id outside the id grammar: 1-100 bytes of a-z, 0-9, '-', '_', '.', starting with a letter or digit, not ending in '-complete' or '-dark' (ids name files).")
    package static let catalogIconOffset = DiagnosticRule(
        "catalog-icon-offset", .error, .catalog, "A progression's iconOffset moves the figure off the icon (each part at most half the icon's side, in points).")
    package static let styleRange = DiagnosticRule(
        "style-range", .error, .catalog, "A style value is out of range (colours 0...1, pointSize 8...1024, scales 1...4).")

    /// The rules of reading a catalog and its style.
    package static let catalogRules: [DiagnosticRule] = [
        .catalogUnreadable, .catalogSyntax, .catalogSchema, .catalogUnknownKey, .catalogFormat, .catalogFileMissing,
        .catalogIDDuplicate, .catalogIDInvalid, .catalogIconOffset, .catalogDuplicateKey, .styleRange,
    ]
}
