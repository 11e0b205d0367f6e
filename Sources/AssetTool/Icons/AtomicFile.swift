import Foundation

/// Writes files so that a reader sees the old content or the new, never a mix: the bytes go to a
/// temporary file in the same directory, which is then renamed over the target (`rename(2)` is atomic
/// within one file system). A failed write leaves the previous file untouched.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): error: cannot write: \(reason)" }
    }

    /// Writes `bytes` to `path`, creating parent directories. Skips the write when the file already
    /// holds exactly these bytes (so an unchanged output keeps its modification time).
    static func write<C: Collection>(_ bytes: C, to path: String, skipIfUnchanged: Bool = true) throws where C.Element == UInt8 {
        let data = Data(bytes)
        let fm = FileManager.default
        if skipIfUnchanged, let existing = fm.contents(atPath: path), existing == data { return }
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try fm.createDirectory(atPath: dir.isEmpty ? "." : dir, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create directory \(dir)")
        }
        let name = (path as NSString).lastPathComponent
        let temp = (dir.isEmpty ? "." : dir) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard fm.createFile(atPath: temp, contents: data) else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        if rename(temp, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
    }

    static func write(_ string: String, to path: String) throws { try write(Array(string.utf8), to: path) }
}
