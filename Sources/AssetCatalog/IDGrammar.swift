import PipelineKit

/// The grammar of the ids a catalog gives its exercises and progressions.
///
/// An id names files (`<id>.imageset/<id>.png`, `<id>.usdz`, `<id>.glb`, `<out>/ProgressionIcons/<id>@2x.png`),
/// so it is a closed set, checked where the catalog is read (rule `catalog-id-invalid`):
/// - 1 to ``maxBytes`` bytes of lowercase ASCII letters, digits, `-`, `_` and `.`;
/// - starting with a letter or a digit (never `.` or `-`: no hidden files, no options, no `.` or `..`);
/// - not ending in one of ``reservedSuffixes`` (`x-complete` would be the done icon of `x`, `x-dark` its dark
///   variant in `--format png`).
/// Nothing else: no `/`, no spaces, no capitals (file systems that fold case would merge `Pushup-01` and
/// `pushup-01`), no control characters.
package enum IDGrammar {
    package static let maxBytes = 100
    package static let reservedSuffixes = ["-complete", "-dark"]

    /// What is wrong with `id` as a catalog id, in words; nil when it is one.
    package static func problem(_ id: String) -> String? {
        let bytes = Array(id.utf8)
        if bytes.isEmpty { return "an id cannot be empty" }
        if bytes.count > maxBytes { return "an id is at most \(maxBytes) bytes (this one has \(bytes.count))" }
        if let bad = bytes.first(where: { !isAllowed($0) }) {
            return "an id holds only lowercase letters a-z, digits, '-', '_' and '.' (this one has \(describe(bad)))"
        }
        if !isAlphanumeric(bytes[0]) { return "an id starts with a letter or a digit (this one starts with '\(Character(Unicode.Scalar(bytes[0])))')" }
        if let suffix = reservedSuffixes.first(where: { id.hasSuffix($0) }) {
            return "an id cannot end in '\(suffix)': the tool names files of other icons that way"
        }
        return nil
    }

    /// The nearest id to a file's name: lowercased, every other character made `-`, leading `.`/`-`/`_` dropped,
    /// cut to ``maxBytes``, and a reserved ending given `-1`; nil when nothing of the name is left.
    package static func id(fromName name: String) -> String? {
        var out: [UInt8] = []
        for b in name.lowercased().utf8 {
            let c = isAllowed(b) ? b : UInt8(ascii: "-")
            if c == UInt8(ascii: "-"), out.last == UInt8(ascii: "-") { continue }
            out.append(c)
        }
        while let f = out.first, !isAlphanumeric(f) { out.removeFirst() }
        if out.count > maxBytes { out = Array(out.prefix(maxBytes)) }
        while let l = out.last, l == UInt8(ascii: "-") || l == UInt8(ascii: ".") { out.removeLast() }
        guard !out.isEmpty else { return nil }
        var id = String(decoding: out, as: UTF8.self)
        if reservedSuffixes.contains(where: { id.hasSuffix($0) }) {
            id = String(decoding: Array(id.utf8.prefix(maxBytes - 2)), as: UTF8.self) + "-1"
        }
        return problem(id) == nil ? id : nil
    }

    /// `text` as it may be printed on a terminal: control characters, quotes and backslashes escaped
    /// (`\u{1B}`), at most `limit` characters (then `...`). The same as ``OutputPath/printable(_:limit:)``.
    package static func printable(_ text: String, limit: Int = 120) -> String {
        OutputPath.printable(text, limit: limit)
    }

    static func isAlphanumeric(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
    }

    static func isAllowed(_ b: UInt8) -> Bool {
        isAlphanumeric(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
    }

    static func describe(_ b: UInt8) -> String {
        if b < 0x20 || b == 0x7F { return "the control character \\u{\(String(b, radix: 16, uppercase: true))}" }
        if b >= 0x80 { return "a character outside ASCII" }
        if b == UInt8(ascii: " ") { return "a space" }
        return "'\(Character(Unicode.Scalar(b)))'"
    }
}
