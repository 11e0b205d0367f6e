/// Path arithmetic on strings, as `NSString`'s path methods do it, without Foundation and without making the
/// path absolute (as `URL(fileURLWithPath:)` would): messages print paths the way the user wrote them.
///
/// Only `/` separates components. Trailing slashes are ignored, `/` is the root.
package enum PathName {
    /// The path without its last component: `a/b/c.dae` -> `a/b`, `c.dae` -> empty, `/c.dae` -> `/`,
    /// `a//b/` -> `a` (`NSString.deletingLastPathComponent`).
    package static func deletingLastComponent(_ path: String) -> String {
        let s = trimmingTrailingSlashes(Substring(path))
        guard let slash = s.lastIndex(of: "/") else { return "" }
        var head = s[..<slash]
        while head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component: `a/b/c.dae` -> `c.dae`, `a/b/` -> `b`, `/` -> `/`, empty -> empty
    /// (`NSString.lastPathComponent`).
    package static func lastComponent(_ path: String) -> String {
        let s = trimmingTrailingSlashes(Substring(path))
        if s == "/" { return "/" }
        guard let slash = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: slash)...])
    }

    /// `name` without its extension: `walk.dae` -> `walk`, `a.b.zae` -> `a.b`; a name whose only dot is its
    /// first character (`.hidden`) or that has no dot is returned as is. For one component, not a path.
    package static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func trimmingTrailingSlashes(_ s: Substring) -> Substring {
        var s = s
        while s.count > 1 && s.hasSuffix("/") { s = s.dropLast() }
        return s
    }
}
