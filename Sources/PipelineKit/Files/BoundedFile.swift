#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file once, into one buffer, refusing it before reading when it is larger than a limit.
///
/// The size comes from `fstat` on the opened descriptor, so a 4 GiB file is refused without a byte of it being
/// read; the bytes go straight into the array that is returned (no `Data` in between, no second copy). A file
/// that grows while it is read, or one with no size (a pipe), is still cut off at the limit.
package enum BoundedFile {
    package enum Failure: Error, Equatable, Sendable {
        case missing
        case directory
        case unreadable(String)
        case tooLarge(size: Int, limit: Int)

        /// In words, for a diagnostic.
        package var message: String {
            switch self {
            case .missing: "no such file"
            case .directory: "is a directory"
            case .unreadable(let why): "cannot be read (\(why))"
            case .tooLarge(let size, let limit): "the file is \(size) bytes; the limit is \(limit)"
            }
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT || e == ENOTDIR { throw .missing }
            if e == EISDIR { throw .directory }
            throw .unreadable(String(cString: strerror(e)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw .directory }
        let size = Int(st.st_size)
        if size > limit { throw .tooLarge(size: size, limit: limit) }
        // Read into the array's own storage: `size` bytes and one more (a file that grew), then in steps for a
        // pipe or a growing file, never past `limit + 1`.
        var out = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == out.count {
                if count > limit { throw .tooLarge(size: count, limit: limit) }
                out.append(contentsOf: repeatElement(0, count: min(max(out.count, 1 << 16), limit + 1 - out.count)))
            }
            let n = out.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw .tooLarge(size: count, limit: limit) }
        out.removeSubrange(count...)
        return out
    }
}

/// `read(2)`, named apart so that ``BoundedFile/read(_:limit:)`` does not shadow it.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
