#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file a batch wrote: size, inode, and the modification and change times to the
/// nanosecond. A no-op run compares stamps instead of hashing every output again (as make and ninja do): a file
/// whose stamp differs in any way (edited, replaced, touched, restored by a tool that resets the mtime: the
/// change time still moves) is hashed as before, so nothing changed is ever taken for intact.
package struct FileStamp: Codable, Equatable, Sendable {
    package var size: Int64
    package var inode: UInt64
    package var modified: [Int64]
    package var changed: [Int64]

    /// The stamp of the file at `path`; nil when it is not a regular file.
    package static func of(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        return FileStamp(size: Int64(st.st_size), inode: UInt64(st.st_ino),
                         modified: [Int64(st.st_mtimespec.tv_sec), Int64(st.st_mtimespec.tv_nsec)],
                         changed: [Int64(st.st_ctimespec.tv_sec), Int64(st.st_ctimespec.tv_nsec)])
        #else
        return FileStamp(size: Int64(st.st_size), inode: UInt64(st.st_ino),
                         modified: [Int64(st.st_mtim.tv_sec), Int64(st.st_mtim.tv_nsec)],
                         changed: [Int64(st.st_ctim.tv_sec), Int64(st.st_ctim.tv_nsec)])
        #endif
    }
}
