import Foundation
import PipelineKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// ``AtomicFile/write(_:to:options:)``: folders made only when missing, an unchanged file left alone (its inode and
/// time kept), a changed one replaced whole, nothing left behind, and no wait on a FIFO in the file's place.
@Suite struct AtomicFileTests {
    static func folder() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func inode(_ path: String) -> UInt64? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_ino) : nil
    }

    /// Every name in `dir` (temporary files start with a dot).
    static func names(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test func makesMissingFoldersOnlyWhenAsked() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let deep = dir + "/a/b/c/file.txt"
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Array("x".utf8), to: deep) }
        do {
            try AtomicFile.write(Array("x".utf8), to: deep)
        } catch {
            #expect(error.path == deep && error.reason.contains(dir + "/a/b/c"), "\(error)")
        }
        try AtomicFile.write(Array("hello".utf8), to: deep, options: .createDirectories)
        #expect(FileManager.default.contents(atPath: deep) == Data("hello".utf8))
        #expect(Self.names(dir + "/a/b/c") == ["file.txt"])
    }

    @Test func leavesAnUnchangedFileAloneAndReplacesAChangedOne() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/f.bin"
        let bytes: [UInt8] = (0..<5000).map { UInt8($0 % 251) }
        try AtomicFile.write(bytes, to: path, options: .skipIfUnchanged)
        let first = try #require(Self.inode(path))
        // The same bytes: the same file (a rename would give a new inode).
        try AtomicFile.write(bytes, to: path, options: .skipIfUnchanged)
        #expect(Self.inode(path) == first)
        // Same size, one byte changed: replaced.
        var changed = bytes
        changed[4321] ^= 1
        try AtomicFile.write(changed, to: path, options: .skipIfUnchanged)
        #expect(Self.inode(path) != first)
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == changed)
        // Shorter, longer, empty: each replaces the file whole.
        for next in [Array(changed.prefix(10)), changed + [7], []] {
            try AtomicFile.write(next, to: path, options: .skipIfUnchanged)
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == next)
        }
        // Without the option the same bytes are written again (a new file).
        let before = Self.inode(path)
        try AtomicFile.write([UInt8](), to: path)
        #expect(Self.inode(path) != before)
        #expect(Self.names(dir) == ["f.bin"])
    }

    /// A FIFO where the file goes is not read (that would wait for a writer): it is replaced by the file.
    @Test func aFIFOInTheFilesPlaceIsReplacedWithoutWaiting() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/pipe"
        try #require(mkfifo(path, 0o644) == 0)
        try AtomicFile.write(Array("data".utf8), to: path, options: [.skipIfUnchanged, .createDirectories])
        var st = stat()
        #expect(stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
        #expect(FileManager.default.contents(atPath: path) == Data("data".utf8))
    }

    /// A folder where the file goes: the rename fails, the error names the file, no temporary file is left.
    @Test func aFolderInTheFilesPlaceIsAnErrorAndLeavesNothing() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        do {
            try AtomicFile.write(Array("x".utf8), to: path, options: [.skipIfUnchanged, .createDirectories])
            Issue.record("a write over a folder succeeded")
        } catch {
            #expect(error.path == path)
        }
        #expect(Self.names(dir) == ["taken"])
    }
}
