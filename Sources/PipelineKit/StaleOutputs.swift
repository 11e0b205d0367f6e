#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files a batch made for progressions that have since left the catalog.
///
/// A batch keeps one record per progression (`<records>/<id>.json`) listing the files it wrote (paths relative
/// to `--out`) and a SHA-256 of each. A record whose id is no longer in the catalog is stale: the files it lists
/// that still hold the bytes the batch wrote are removed, then each folder named for that progression
/// (`<id>.imageset`, `<id>-complete.imageset`, `<id>.spriteatlas` and its `<id>_NNN.imageset`) when nothing else is left in it, then the record. A file the
/// batch did not write, or one changed since, stays.
package enum StaleOutputs {
    /// Removes what the stale records under `recordsDir` list; returns the ids removed, sorted.
    /// `isID` says whether a record's name is an id the batch could have written (others are left alone).
    package static func remove(out: String, recordsDir: String, known: Set<String>,
                               isID: (String) -> Bool) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: recordsDir) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let id = String(name.dropLast(5))
            guard !known.contains(id), isID(id),
                  let recordPath = try? OutputPath.inside(recordsDir, name),
                  let bytes = try? BoundedFile.read(recordPath, limit: 1 << 20), let listed = (try? JSONDecoder().decode(RecordListing.self, from: Data(bytes)))?.files else { continue }
            var folders = Set<String>()
            for (relative, hash) in listed {
                let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                guard !parts.isEmpty, parts.allSatisfy(OutputPath.isPlainName),
                      let path = try? parts.reduce(out, { try OutputPath.inside($0, $1) }),
                      let current = try? BoundedFile.read(path, limit: 256 << 20), SHA256.hex(current) == hash else { continue }
                try? fm.removeItem(atPath: path)
                // Each folder named for the progression on the way down (`<id>.spriteatlas/<id>_000.imageset`).
                for depth in stride(from: parts.count - 1, through: 1, by: -1) {
                    let folder = parts[depth - 1]
                    if folder.hasPrefix(id + ".") || folder.hasPrefix(id + "-complete.") || folder.hasPrefix(id + "_") {
                        folders.insert(parts[..<depth].joined(separator: "/"))
                    }
                }
            }
            // The deepest first, so a folder emptied of its folders goes too.
            for folder in folders.sorted(by: { ($0.count, $0) > ($1.count, $1) }) {
                let path = out + "/" + folder
                if let left = try? fm.contentsOfDirectory(atPath: path), left.isEmpty { try? fm.removeItem(atPath: path) }
            }
            try? fm.removeItem(atPath: recordPath)
            try? fm.removeItem(atPath: recordPath + BatchStamps.suffix)
            removed.append(id)
        }
        return removed
    }
}
