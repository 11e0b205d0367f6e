import CLibPNG
import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What went wrong encoding or decoding a PNG (writing the file is ``AtomicFile``'s, in ColladaKit).
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// libpng refused the image; `message` is libpng's own.
    case libpng(String)
    /// The pixel buffer does not have `width * height * 4` bytes, or a size is zero or too large.
    case badSize(width: Int, height: Int, bytes: Int)

    public var description: String {
        switch self {
        case .libpng(let m): return "libpng: \(m)"
        case .badSize(let w, let h, let b): return "image \(w)x\(h) does not fit \(b) bytes of RGBA"
        }
    }
}

/// PNG through libpng's simplified API only (`png_image_*`): no `png_create_write_struct`, whose errors
/// `longjmp` through Swift frames. The only file of the package that imports CLibPNG.
///
/// Output: 8-bit RGBA, straight alpha, an `sRGB` chunk (libpng writes it for 8-bit non-linear data), no
/// `tIME` or text chunks, so identical pixels give identical bytes.
public enum PNGEncoder {
    /// Encodes `rgba` (`width * height * 4` bytes, row-major, top row first, straight alpha, sRGB).
    ///
    /// - Parameter fast: this package's own writer (``image(rows:width:height:)``, several times faster than
    ///   libpng's fastest setting, about as small); otherwise libpng with its adaptive filters (smaller, slower).
    /// - Parameter threads: with `fast`, the threads a large image (over 8 MB) is compressed on; the bytes are the
    ///   same for any number.
    /// - Throws: ``PNGError`` when the sizes do not fit or libpng fails.
    /// Cost: O(pixels) for filtering and zlib, one pass.
    public static func encode(rgba: consuming [UInt8], width: Int, height: Int, fast: Bool = false, threads: Int = 1) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, rgba.count == width * height * 4 else {
            throw PNGError.badSize(width: width, height: height, bytes: rgba.count)
        }
        if fast {
            // The rows made in place: one byte more a row, each row moved down from the last (no second image in
            // memory when the caller hands over its only copy, as the review sheet does: 18 MB).
            let rowBytes = 1 + 4 * width
            var rows = rgba
            rows.append(contentsOf: repeatElement(0, count: height))
            rows.withUnsafeMutableBytes { buffer in
                let base = buffer.baseAddress!
                for y in (0..<height).reversed() {
                    memmove(base + y * rowBytes + 1, base + y * 4 * width, 4 * width)     // overlapping
                    base.storeBytes(of: 0, toByteOffset: y * rowBytes, as: UInt8.self)
                }
            }
            return Self.image(rows: rows, width: width, height: height, threads: threads)
        }
        var image = png_image()
        image.version = CLIBPNG_IMAGE_VERSION
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = CLIBPNG_FORMAT_RGBA
        defer { png_image_free(&image) }
        let stride = Int32(width * 4)
        // One compression pass: write into a buffer as large as an incompressible image can need (raw rows
        // with their filter bytes, zlib's stored-block overhead, the chunks around them); libpng reports the
        // size it needed, and only if that is larger (it never is for this bound) is the write repeated.
        let raw = (width * 4 + 1) * height
        // The buffer is not zeroed first (libpng writes every byte it reports; an icon's bound is 130 KB, the
        // review sheet's 18 MB): only the `size` bytes written become the array's.
        var capacity = raw + raw / 1000 * 6 + (raw / 8192 + 1) * 12 + 1024
        for _ in 0..<2 {
            var size = png_alloc_size_t(capacity)
            var ok: Int32 = 0
            let out = [UInt8](unsafeUninitializedCapacity: capacity) { dst, initialized in
                ok = rgba.withUnsafeBytes { src in
                    png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, stride, nil)
                }
                initialized = ok != 0 && Int(size) <= capacity ? Int(size) : 0
            }
            guard ok != 0, size > 0 else { throw PNGError.libpng(message(image)) }
            if Int(size) <= capacity { return out }
            capacity = Int(size)
        }
        throw PNGError.libpng("the encoded size grew between two passes")
    }

    /// Encodes a premultiplied linear image (see ``SRGB/encodeStraight(_:)``). `fast`: this package's own
    /// writer (``image(rows:width:height:)``), the sRGB bytes written straight into its rows.
    public static func encode(_ image: LinearImage, fast: Bool = false) throws -> [UInt8] {
        guard fast else { return try encode(rgba: SRGB.encodeStraight(image), width: image.width, height: image.height) }
        let w = image.width, h = image.height
        guard w > 0, h > 0, w <= 1 << 20, h <= 1 << 20, image.pixels.count == w * h else {
            throw PNGError.badSize(width: w, height: h, bytes: image.pixels.count * 4)
        }
        let rowBytes = 1 + 4 * w
        // Each row: filter type 0 (none), then its pixels; the matcher finds what the Sub and Up filters would.
        var rows = [UInt8](repeating: 0, count: rowBytes * h)
        SRGB.encodeTable.withUnsafeBufferPointer { table in
            image.pixels.withUnsafeBufferPointer { src in
                rows.withUnsafeMutableBytes { dst in
                    // An icon is mostly runs of one pixel (transparent, a flat circle): the last pixel's bytes are
                    // reused while the pixel repeats.
                    // Pixels are compared by their bits, one integer compare (a pixel equal to the last but for a zero's
                    // sign is encoded again, to the same bytes).
                    var last = SIMD4<UInt32>.zero, lastBytes = SIMD4<UInt8>.zero
                    let pixels = UnsafeRawPointer(src.baseAddress!)
                    let whole = w / 4 * 4
                    for y in 0..<h {
                        let row = dst.baseAddress! + y * rowBytes + 1
                        let line = pixels + 16 * y * w
                        // Four pixels at a time: a run of the last pixel is copied, anything else encoded four at once
                        // (``SRGB/encodePixels4``: the same bytes as one by one).
                        var x = 0
                        while x < whole {
                            let b0 = line.loadUnaligned(fromByteOffset: 16 * x, as: SIMD4<UInt32>.self)
                            let b1 = line.loadUnaligned(fromByteOffset: 16 * x + 16, as: SIMD4<UInt32>.self)
                            let b2 = line.loadUnaligned(fromByteOffset: 16 * x + 32, as: SIMD4<UInt32>.self)
                            let b3 = line.loadUnaligned(fromByteOffset: 16 * x + 48, as: SIMD4<UInt32>.self)
                            if b0 == last && b1 == last && b2 == last && b3 == last {
                                let l = lastBytes
                                (row + 4 * x).storeBytes(of: SIMD16(lowHalf: SIMD8(lowHalf: l, highHalf: l), highHalf: SIMD8(lowHalf: l, highHalf: l)),
                                                         as: SIMD16<UInt8>.self)
                            } else {
                                let i = y * w + x
                                let bytes = SRGB.encodePixels4(src[i], src[i + 1], src[i + 2], src[i + 3], table: table)
                                (row + 4 * x).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
                                last = b3
                                lastBytes = SIMD4(bytes[12], bytes[13], bytes[14], bytes[15])
                            }
                            x += 4
                        }
                        for x in whole..<w {
                            let bits = line.loadUnaligned(fromByteOffset: 16 * x, as: SIMD4<UInt32>.self)
                            if bits != last {
                                last = bits
                                lastBytes = SRGB.encodePixel(src[y * w + x], table: table)
                            }
                            (row + 4 * x).storeBytes(of: lastBytes, as: SIMD4<UInt8>.self)
                        }
                    }
                }
            }
        }
        return Self.image(rows: rows, width: w, height: h)
    }

    /// A PNG of filtered rows (`height` rows of `1 + 4 * width` bytes: the filter type, then 8-bit RGBA, straight
    /// alpha, sRGB), written by this package: signature, `IHDR`, `sRGB` (perceptual, as libpng writes it),
    /// the rows compressed by ``Deflate`` in `IDAT` chunks of at most 1 MiB, `IEND`. Much faster than libpng's
    /// fastest setting on icons, at about its size.
    static func image(rows: [UInt8], width: Int, height: Int, threads: Int = 1) -> [UInt8] {
        let stream = rows.withUnsafeBytes { Deflate.zlib($0, pixelBytes: 4, rowBytes: 1 + 4 * width, threads: threads) }
        var out = signature
        out.reserveCapacity(stream.count + 128)
        chunk("IHDR", ArraySlice(header(width: width, height: height)), into: &out)
        chunk("sRGB", [0], into: &out)
        idat(stream, into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// The PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `v` as 4 bytes, big-endian (PNG's byte order).
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// IHDR's data: size, bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    static func header(width: Int, height: Int) -> [UInt8] { be32(width) + be32(height) + [8, 6, 0, 0, 0] }

    /// One chunk appended to `out`: length, type, data, CRC-32 over type and data.
    static func chunk(_ type: String, _ data: ArraySlice<UInt8>, into out: inout [UInt8]) {
        out += be32(data.count)
        let start = out.count
        out += Array(type.utf8)
        out += data
        let crc = out[start...].withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        out += be32(Int(crc))
    }

    /// A zlib stream as `IDAT` chunks of at most 1 MiB.
    static func idat(_ stream: [UInt8], into out: inout [UInt8]) {
        var at = 0
        repeat {
            let end = min(stream.count, at + 1 << 20)
            chunk("IDAT", stream[at..<end], into: &out)
            at = end
        } while at < stream.count
    }

    /// Decodes any PNG into 8-bit RGBA (straight alpha) with libpng's simplified reader.
    /// - Returns: width, height and `width * height * 4` bytes.
    public static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var image = png_image()
        image.version = CLIBPNG_IMAGE_VERSION
        defer { png_image_free(&image) }
        let ok = png.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard ok != 0 else { throw PNGError.libpng(message(image)) }
        image.format = CLIBPNG_FORMAT_RGBA
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w * h <= 1 << 28 else { throw PNGError.badSize(width: w, height: h, bytes: 0) }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let ok2 = out.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil) }
        guard ok2 != 0 else { throw PNGError.libpng(message(image)) }
        return (w, h, out)
    }

    private static func message(_ image: png_image) -> String {
        var m = image.message
        let s = withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return s.isEmpty ? "unknown error" : s
    }
}
