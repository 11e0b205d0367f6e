import AssetCatalog
import ColladaKit
import Foundation

/// The "catalog" rules: `catalog.json` decodes as ``Catalog``, every file it names exists, ids are
/// unique and well formed, and every progression has its three standards.
enum CatalogRules {
    static let unreadable = ValidationRule(id: "catalog-unreadable", severity: .error, area: .catalog,
                                           summary: "the catalog is readable JSON in the Catalog format, version 1")
    static let fileMissing = ValidationRule(id: "catalog-file-missing", severity: .error, area: .catalog,
                                            summary: "every file the catalog names (base model, style, animations, poses) exists")
    static let idDuplicate = ValidationRule(id: "catalog-id-duplicate", severity: .error, area: .catalog,
                                            summary: "exercise and progression ids are unique")
    static let idFormat = ValidationRule(id: "catalog-id-format", severity: .error, area: .catalog,
                                         summary: "a progression id is <exercise>-NN with NN = stage + 1, stage 0...9")
    static let standards = ValidationRule(id: "catalog-standards", severity: .error, area: .catalog,
                                          summary: "three standards, beginner, intermediate, progression, each sets x reps or a hold in seconds")

    static let rules = [unreadable, fileMissing, idDuplicate, idFormat, standards]

    static let levels = ["beginner", "intermediate", "progression"]

    /// Reads `path`: the decoded catalog (nil when it cannot be used) and the diagnostics.
    static func check(path: String) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        let start = SourceLocation(path: path, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [unreadable("the catalog cannot be read", at: SourceLocation(path: path, line: 0, column: 0))])
        }
        let catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch let DecodingError.keyNotFound(key, ctx) {
            return (nil, [unreadable("missing key '\(key.stringValue)' at \(pathString(ctx.codingPath))", at: start)])
        } catch let DecodingError.typeMismatch(_, ctx), let DecodingError.valueNotFound(_, ctx), let DecodingError.dataCorrupted(ctx) {
            return (nil, [unreadable("\(ctx.debugDescription) at \(pathString(ctx.codingPath))", at: start)])
        } catch {
            return (nil, [unreadable("not a catalog: \(error)", at: start)])
        }
        let text = JSONText(path: path, bytes: [UInt8](data))
        var out: [Diagnostic] = []
        if catalog.format > 1 {
            out.append(unreadable("catalog format \(catalog.format) is newer than this tool reads (1)", at: text.location(ofKey: "format", from: 0)))
        }
        let folder = (path as NSString).deletingLastPathComponent
        func exists(_ relative: String) -> Bool {
            let full = relative.hasPrefix("/") ? relative : (folder.isEmpty ? relative : folder + "/" + relative)
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        for (key, value) in [("baseModel", catalog.baseModel), ("style", catalog.style)] where !exists(value) {
            out.append(fileMissing("\(key) '\(value)' does not exist (relative to the catalog's folder)", at: text.location(ofKey: key, from: 0)))
        }
        var exerciseIDs = Set<String>(), progressionIDs = Set<String>()
        var occurrence: [String: Int] = [:]  // quoted id -> occurrences seen, to locate repeats
        for exercise in catalog.exercises {
            let exerciseAt = text.offset(ofString: exercise.id, occurrence: occurrence[exercise.id, default: 0]) ?? 0
            occurrence[exercise.id, default: 0] += 1
            if !exerciseIDs.insert(exercise.id).inserted {
                out.append(idDuplicate("exercise id '\(exercise.id)' is used twice", at: text.location(exerciseAt)))
            }
            for p in exercise.progressions {
                let at = text.offset(ofString: p.id, occurrence: occurrence[p.id, default: 0]) ?? exerciseAt
                occurrence[p.id, default: 0] += 1
                let here = text.location(at)
                if !progressionIDs.insert(p.id).inserted {
                    out.append(idDuplicate("progression id '\(p.id)' is used twice", at: here))
                }
                let expected = "\(exercise.id)-" + (p.stage + 1 < 10 ? "0" : "") + "\(p.stage + 1)"
                if !(0...9).contains(p.stage) {
                    out.append(idFormat("progression '\(p.id)' has stage \(p.stage); stages are 0...9", at: text.location(ofKey: "stage", from: at)))
                } else if p.id != expected {
                    out.append(idFormat("progression id '\(p.id)' should be '\(expected)' (exercise '\(exercise.id)', stage \(p.stage))", at: here))
                }
                for (key, value) in [("animation", p.animation), ("pose", p.pose)] where !exists(value) {
                    out.append(fileMissing("progression '\(p.id)': \(key) '\(value)' does not exist", at: text.location(ofKey: key, from: at)))
                }
                if let problem = standardsProblem(p.standards) {
                    out.append(standards("progression '\(p.id)': \(problem)", at: text.location(ofKey: "standards", from: at)))
                }
            }
        }
        return (catalog, out)
    }

    /// What is wrong with a progression's standards, or `nil`.
    static func standardsProblem(_ list: [Catalog.Standard]) -> String? {
        let names = list.map(\.level)
        if names != levels { return "standards are [\(names.joined(separator: ", "))]; expected [\(levels.joined(separator: ", "))]" }
        for s in list {
            let sets = s.sets ?? 1
            if sets < 1 { return "\(s.level): sets must be at least 1" }
            switch (s.reps, s.holdSeconds) {
            case (let r?, nil) where r > 0: continue
            case (nil, let h?) where h > 0: continue
            case (nil, nil): return "\(s.level): give reps or holdSeconds"
            case (.some, .some): return "\(s.level): give reps or holdSeconds, not both"
            default: return "\(s.level): reps and holdSeconds must be positive"
            }
        }
        return nil
    }

    static func pathString(_ path: [CodingKey]) -> String {
        path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// Finds where a key or a string value is written in the JSON text, for locations.
    struct JSONText {
        let path: String
        let bytes: [UInt8]

        /// Offset of the `occurrence`-th (from 0) `"string"` in the text.
        func offset(ofString s: String, occurrence: Int) -> Int? {
            let needle = Array("\"\(s)\"".utf8)
            var seen = 0, from = 0
            while let i = find(needle, from: from) {
                if seen == occurrence { return i }
                seen += 1
                from = i + 1
            }
            return nil
        }

        /// Location of the first `"key"` at or after `from` (the file start when absent).
        func location(ofKey key: String, from: Int) -> SourceLocation {
            location(find(Array("\"\(key)\"".utf8), from: from) ?? 0)
        }

        func find(_ needle: [UInt8], from: Int) -> Int? {
            guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
            var i = max(0, from)
            while i + needle.count <= bytes.count {
                if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
                i += 1
            }
            return nil
        }

        func location(_ offset: Int) -> SourceLocation {
            var line = 1, column = 1
            for i in 0..<min(offset, bytes.count) {
                if bytes[i] == 10 { line += 1; column = 1 } else { column += 1 }
            }
            return SourceLocation(path: path, line: line, column: column)
        }
    }
}
