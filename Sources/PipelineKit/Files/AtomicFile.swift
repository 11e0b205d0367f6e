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

/// Writes files so that a reader sees the old content or the new, never a mix.
///
/// The bytes go to a temporary file in the target's folder (`.<name>.<pid>.<random>.tmp`, created with
/// `O_EXCL`), which is then renamed over the target: `rename(2)` is atomic within one file system. A failed
/// write removes the temporary file and leaves the previous file untouched. Every file the package writes
/// (icons, PNG renders, pose exports, authored assets) goes through here.
public enum AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, CustomStringConvertible, Equatable, Sendable {
        /// The file that was to be written.
        public var path: String
        /// What failed, in words (from `strerror`, or the folder that could not be made).
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `path: error: cannot write: reason`, as the command line prints it.
        public var description: String { "\(path): error: cannot write: \(reason)" }
    }

    /// What ``write(_:to:options:)`` does besides writing.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Create the missing parent folders first.
        public static let createDirectories = Options(rawValue: 1 << 0)
        /// Leave the file alone when it already holds exactly these bytes (it keeps its modification time).
        public static let skipIfUnchanged = Options(rawValue: 1 << 1)
    }

    /// Writes `bytes` to `path` atomically.
    ///
    /// - Parameters:
    ///   - bytes: The whole new content.
    ///   - path: The file to replace or create (relative paths are relative to the working directory).
    ///   - options: Whether to create parent folders, and whether to skip an unchanged file.
    /// - Throws: ``WriteError`` when the folder cannot be made, the temporary file cannot be created or
    ///   written, or the rename fails.
    ///
    /// Cost: one write of `bytes` (plus, with `.skipIfUnchanged`, a `stat` of the old file and a read of it when its
    /// size is the same). Folders are made only when the temporary file cannot be created for want of one (a batch
    /// writes hundreds of files into folders that exist: no `stat` of every parent each time).
    public static func write<C: Collection>(_ bytes: C, to path: String, options: Options = []) throws(WriteError)
    where C.Element == UInt8 {
        let content = Array(bytes)
        if options.contains(.skipIfUnchanged), holds(path, exactly: content) { return }
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temp = dir + "/.\(name).\(processID).\(UInt32.random(in: 0...UInt32.max)).tmp"
        var fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == ENOENT, options.contains(.createDirectories) {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: path, reason: "cannot create directory \(dir)")
            }
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else {
            throw WriteError(path: path, reason: "cannot create a temporary file in \(dir): \(String(cString: strerror(errno)))")
        }
        let failure = StandardStream.writeAll(content, to: fd).map { String(cString: strerror($0)) }
        if close(fd) != 0 || failure != nil {
            let reason = failure ?? String(cString: strerror(errno))
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
        if rename(temp, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// This process's id, for temporary names (asked once).
    private static let processID = getpid()

    /// Whether `path` is a regular file holding exactly `content`: its size first (`fstat`), its bytes only when the
    /// size agrees. A file that cannot be opened or read counts as different (it is then replaced).
    static func holds(_ path: String, exactly content: [UInt8]) -> Bool {
        // Non-blocking: a FIFO in the file's place must not wait for a writer (it is not a regular file: replaced).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) == content.count else { return false }
        if content.isEmpty { return true }
        var old = [UInt8](repeating: 0, count: content.count + 1)
        var got = 0
        let ok = old.withUnsafeMutableBytes { buffer -> Bool in
            while got < buffer.count {
                let n = read(fd, buffer.baseAddress! + got, buffer.count - got)
                if n < 0 { if errno == EINTR { continue }; return false }
                if n == 0 { break }
                got += n
            }
            return true
        }
        // One byte more was asked for: a file that grew since `fstat` reads longer and differs.
        return ok && got == content.count && old.withUnsafeBytes { a in content.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, b.count) == 0 } }
    }

    /// Writes `string` as UTF-8 to `path` atomically; see ``write(_:to:options:)``.
    public static func write(_ string: String, to path: String, options: Options = []) throws(WriteError) {
        try write(Array(string.utf8), to: path, options: options)
    }
}
