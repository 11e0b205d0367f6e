/// Output paths built so that they stay inside the output folder: every component the tool adds is one
/// plain file name (not empty, not `.` or `..`, no `/`, no NUL, at most 255 bytes), so that `folder` plus
/// the components is always below `folder`, whatever a catalog held.
package enum OutputPath {
    /// A component that would leave the folder or cannot be a file name.
    package struct UnsafeName: Error, CustomStringConvertible, Sendable {
        package var component: String
        package var description: String {
            "'\(printable(component))' is not a plain file name: output stays inside the output folder"
        }
    }

    /// Whether `name` is one plain file name (see ``OutputPath``).
    package static func isPlainName(_ name: String) -> Bool {
        let b = Array(name.utf8)
        return !b.isEmpty && b.count <= 255 && name != "." && name != ".."
            && !b.contains(UInt8(ascii: "/")) && !b.contains(0)
    }

    /// `folder/c1/c2/...`, each component checked by ``isPlainName(_:)``.
    package static func inside(_ folder: String, _ components: String...) throws(UnsafeName) -> String {
        var path = folder
        for c in components {
            guard isPlainName(c) else { throw UnsafeName(component: c) }
            path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + c
        }
        return path
    }

    /// `folder/c1/c2/...` for components in an array (a relative path split at `/`), each checked.
    package static func inside(_ folder: String, components: [String]) throws(UnsafeName) -> String {
        var path = folder
        for c in components { path = try inside(path, c) }
        return path
    }

    /// `text` as it may be printed on a terminal: control characters, quotes and backslashes escaped
    /// (`\u{1B}`), at most `limit` characters (then `...`).
    package static func printable(_ text: String, limit: Int = 120) -> String {
        var out = ""
        var count = 0
        for s in text.unicodeScalars {
            if count == limit { out += "..."; break }
            count += 1
            switch s {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case _ where s.value < 0x20 || (0x7F...0x9F).contains(s.value): out += "\\u{\(String(s.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }
}
