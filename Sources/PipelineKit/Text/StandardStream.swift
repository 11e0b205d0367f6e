#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to standard output and standard error (`write(2)` on descriptors 1 and 2), in place of
/// Foundation's `FileHandle.standardOutput` and `FileHandle.standardError`.
///
/// These bypass the C `stdout` buffer that `print` fills: a command that mixes the two should call
/// `fflush(stdout)` first, as it had to with `FileHandle`.
package enum StandardStream {
    /// Writes `text` (UTF-8) to standard output; a closed or failing stream drops it.
    package static func output(_ text: String) {
        _ = writeAll(Array(text.utf8), to: 1)
    }

    /// Writes `text` (UTF-8) to standard error; a closed or failing stream drops it.
    package static func error(_ text: String) {
        _ = writeAll(Array(text.utf8), to: 2)
    }

    /// Writes every byte of `bytes` to the descriptor `fd`, again after a partial write or `EINTR`.
    ///
    /// - Returns: `nil` when all was written, else the `errno` of the failed `write(2)`.
    @discardableResult
    package static func writeAll(_ bytes: some Collection<UInt8>, to fd: Int32) -> Int32? {
        let buffer = Array(bytes)
        return buffer.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var written = 0
            while written < raw.count {
                let n = write(fd, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += n
            }
            return nil
        }
    }
}
