#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds files below a folder, as `FileManager.enumerator(atPath:)` did (which FoundationEssentials lacks).
package enum DirectoryWalk {
    /// The paths, relative to `folder`, of the entries below it (files and folders, at any depth) that
    /// `include` accepts, sorted.
    ///
    /// - Parameters:
    ///   - folder: Where to start; a file or a missing folder gives no paths.
    ///   - skippingHidden: Whether to leave out entries whose name starts with `.`, and everything under a
    ///     hidden folder.
    ///   - include: Is given each relative path (`sub/walk.dae`).
    ///
    /// Symbolic links are listed but not followed (no cycles); unreadable folders are skipped.
    /// Cost: one `lstat` per entry, and a sort.
    package static func paths(under folder: String, skippingHidden: Bool = false, where include: (String) -> Bool) -> [String] {
        var out: [String] = []
        var pending: [String] = [""]  // relative folders still to list
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names where !(skippingHidden && name.hasPrefix(".")) {
                let path = relative.isEmpty ? name : relative + "/" + name
                if include(path) { out.append(path) }
                if isFolder(absolute + "/" + name) { pending.append(path) }
            }
        }
        return out.sorted()
    }

    /// The COLLADA files (`.dae`, `.zae`, any case) below `folder`, relative to it, sorted.
    package static func colladaFiles(under folder: String, skippingHidden: Bool = false) -> [String] {
        paths(under: folder, skippingHidden: skippingHidden) { path in
            let lower = path.lowercased()
            return lower.hasSuffix(".dae") || lower.hasSuffix(".zae")
        }
    }

    /// Whether `path` is a folder itself (not a link to one).
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
