import CZlib

/// A read-only ZIP archive in memory, enough for COLLADA `.zae` files: stored and deflated
/// members, central directory, CRC-checked. Zip64 and encryption are refused.
package struct ZipArchive: Sendable {
    package struct Entry: Sendable {
        package var name: String
        var method: UInt16
        var flags: UInt16
        var crc: UInt32
        var compressedSize: Int
        package var uncompressedSize: Int
        var localHeaderOffset: Int
    }

    package enum Failure: Error, Sendable, CustomStringConvertible {
        case notAZip
        case unsupported(String)
        case corrupt(String)
        case tooLarge(String, Int)

        package var description: String {
            switch self {
            case .notAZip: return "not a ZIP archive (no end of central directory record)"
            case .unsupported(let s): return "unsupported ZIP feature: \(s)"
            case .corrupt(let s): return "corrupt ZIP archive: \(s)"
            case .tooLarge(let name, let limit): return "archive member '\(name)' is larger than \(limit) bytes"
            }
        }
    }

    let bytes: [UInt8]
    package private(set) var entries: [Entry] = []

    /// Parses the central directory of `bytes`.
    package init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        let n = bytes.count
        guard n >= 22 else { throw Failure.notAZip }
        // End of central directory: last occurrence of PK\5\6 within the final 64 KiB + 22 bytes.
        var eocd = -1
        var i = n - 22
        let floor = max(0, n - 22 - 65_535)
        while i >= floor {
            if bytes[i] == 0x50 && bytes[i + 1] == 0x4B && bytes[i + 2] == 5 && bytes[i + 3] == 6 { eocd = i; break }
            i -= 1
        }
        guard eocd >= 0 else { throw Failure.notAZip }
        let count = Int(u16(eocd + 10))
        let dirSize = Int(u32(eocd + 12))
        let dirOffset = Int(u32(eocd + 16))
        if count == 0xFFFF || dirOffset == 0xFFFF_FFFF { throw Failure.unsupported("Zip64") }
        guard dirOffset + dirSize <= n else { throw Failure.corrupt("central directory beyond end of file") }
        var p = dirOffset
        for _ in 0..<count {
            guard p + 46 <= n, u32(p) == 0x0201_4B50 else { throw Failure.corrupt("bad central directory entry") }
            let flags = u16(p + 8)
            let method = u16(p + 10)
            let crc = u32(p + 16)
            let csize = Int(u32(p + 20))
            let usize = Int(u32(p + 24))
            let nameLength = Int(u16(p + 28))
            let extraLength = Int(u16(p + 30))
            let commentLength = Int(u16(p + 32))
            let local = Int(u32(p + 42))
            guard p + 46 + nameLength <= n else { throw Failure.corrupt("entry name beyond end of file") }
            let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, method: method, flags: flags, crc: crc, compressedSize: csize,
                                 uncompressedSize: usize, localHeaderOffset: local))
            p += 46 + nameLength + extraLength + commentLength
        }
    }

    func u16(_ o: Int) -> UInt16 { UInt16(bytes[o]) | UInt16(bytes[o + 1]) << 8 }
    func u32(_ o: Int) -> UInt32 { UInt32(u16(o)) | UInt32(u16(o + 2)) << 16 }

    /// The entry named `name` (a leading "./" or "/" ignored).
    package func entry(named name: String) -> Entry? {
        func clean(_ s: String) -> String {
            var s = Substring(s)
            while s.hasPrefix("./") { s = s.dropFirst(2) }
            while s.hasPrefix("/") { s = s.dropFirst() }
            return String(s)
        }
        let want = clean(name)
        return entries.first { clean($0.name) == want }
    }

    /// The uncompressed bytes of `entry`, CRC-checked.
    package func contents(of entry: Entry, limit: Int = 256 << 20) throws -> [UInt8] {
        if entry.flags & 1 != 0 { throw Failure.unsupported("encrypted member '\(entry.name)'") }
        if entry.uncompressedSize > limit { throw Failure.tooLarge(entry.name, limit) }
        let h = entry.localHeaderOffset
        guard h + 30 <= bytes.count, u32(h) == 0x0403_4B50 else { throw Failure.corrupt("bad local header for '\(entry.name)'") }
        let start = h + 30 + Int(u16(h + 26)) + Int(u16(h + 28))
        guard start + entry.compressedSize <= bytes.count else { throw Failure.corrupt("member '\(entry.name)' runs past the end") }
        var out: [UInt8]
        switch entry.method {
        case 0:
            out = Array(bytes[start..<(start + entry.compressedSize)])
        case 8:
            // Deflate expands at most 1032:1; a larger claimed size is refused before allocating it.
            if entry.uncompressedSize > entry.compressedSize * 1032 + 1024 {
                throw Failure.corrupt("member '\(entry.name)' claims \(entry.uncompressedSize) bytes from \(entry.compressedSize) compressed, more than deflate can produce")
            }
            out = try inflate(start: start, count: entry.compressedSize, expected: entry.uncompressedSize, name: entry.name)
        default:
            throw Failure.unsupported("compression method \(entry.method) in '\(entry.name)'")
        }
        guard out.count == entry.uncompressedSize else { throw Failure.corrupt("member '\(entry.name)' has the wrong size") }
        guard Self.crc32(of: out) == entry.crc else { throw Failure.corrupt("CRC mismatch in '\(entry.name)'") }
        return out
    }

    func inflate(start: Int, count: Int, expected: Int, name: String) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max(expected, 1))
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { throw Failure.corrupt("zlib init failed") }
        defer { inflateEnd(&stream) }
        let status: Int32 = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress! + start)
                stream.avail_in = uInt(count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(expected)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw Failure.corrupt("deflate data of '\(name)' is damaged (zlib \(status))") }
        if expected == 0 { return [] }
        return out
    }
}

extension ZipArchive {
    /// The CRC-32 (ZIP's, zlib's `crc32`) of `bytes`, for writers of ZIP-based packages (USDZ).
    package static func crc32(of bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in UInt32(CZlib.crc32(0, b.baseAddress, uInt(b.count))) }
    }
}
