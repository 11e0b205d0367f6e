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
    /// Cost: one write of `bytes` (plus one read of the old file with `.skipIfUnchanged`).
    public static func write<C: Collection>(_ bytes: C, to path: String, options: Options = []) throws(WriteError)
    where C.Element == UInt8 {
        let content = Array(bytes)
        if options.contains(.skipIfUnchanged), let existing = FileManager.default.contents(atPath: path),
           existing.elementsEqual(content) {
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        if options.contains(.createDirectories) {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: path, reason: "cannot create directory \(dir)")
            }
        }
        let temp = dir + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
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

    /// Writes `string` as UTF-8 to `path` atomically; see ``write(_:to:options:)``.
    public static func write(_ string: String, to path: String, options: Options = []) throws(WriteError) {
        try write(Array(string.utf8), to: path, options: options)
    }
}
