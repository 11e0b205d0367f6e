import PipelineKit

/// Animated PNG (APNG, the Mozilla specification that browsers and Apple's ImageIO play) written by this package
/// on the PNG writer's chunks and ``Deflate``: signature, `IHDR`, `sRGB`, `acTL` (frame count, plays), then per
/// frame an `fcTL` (its region, delay, dispose and blend operations) and its pixels: the first frame as `IDAT`
/// (the whole canvas, so a reader that knows no APNG shows frame 0), every later one as one `fdAT` chunk.
///
/// A later frame holds only the rectangle where it differs from the frame before (one pixel when nothing
/// changed), with `APNG_DISPOSE_OP_NONE` and `APNG_BLEND_OP_SOURCE`: the rectangle replaces what was there, so
/// a pixel that becomes more transparent is written as it is, never composited over the old one (which
/// `APNG_BLEND_OP_OVER` would do), and the canvas after frame `k` is frame `k` exactly. The first frame is drawn
/// with `SOURCE` over the whole canvas, so a loop's restart replaces the last frame entirely.
///
/// 8-bit RGBA, straight alpha, sRGB; no filters (the matcher finds what Sub and Up would); the same frames give
/// the same bytes.
public enum APNGEncoder {
    /// A frame's display time, `num / den` seconds (the spec: a zero `den` means 1/100 s).
    public struct Delay: Sendable, Equatable {
        public var num: UInt16
        public var den: UInt16

        public init(num: UInt16, den: UInt16) {
            self.num = num
            self.den = den
        }
    }

    /// `count` delays in milliseconds (`den` 1000) that sum to `seconds` rounded to the millisecond exactly: frame
    /// `k` lasts `floor((k + 1) · T / count) - floor(k · T / count)` ms, `T` the total in ms, so the loop takes the
    /// rep's own time however it divides. Each is at most 65,535 ms (`T` is capped at that per frame).
    public static func delays(seconds: Double, count: Int) -> [Delay] {
        let n = max(1, count)
        let total = min(Int((max(0, seconds.isFinite ? seconds : 0) * 1000).rounded()), 65_535 * n)
        return (0..<n).map { k in Delay(num: UInt16((k + 1) * total / n - k * total / n), den: 1000) }
    }

    /// The APNG of `frames` (each `width * height * 4` bytes of 8-bit straight-alpha sRGB RGBA, row-major), shown
    /// `delays[k]` each, played `plays` times (0: forever).
    ///
    /// - Throws: ``PNGError/badSize(width:height:bytes:)`` when a frame does not fit the size, there is no frame,
    ///   or `delays` does not match the frames.
    /// Cost: per frame a pass over its pixels to find what changed, then its rectangle's compression.
    public static func encode(frames: [[UInt8]], width: Int, height: Int, delays: [Delay], plays: Int = 0) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, !frames.isEmpty, delays.count == frames.count,
              frames.allSatisfy({ $0.count == width * height * 4 }) else {
            throw PNGError.badSize(width: width, height: height, bytes: frames.first { $0.count != width * height * 4 }?.count ?? 0)
        }
        typealias P = PNGEncoder
        var out = P.signature
        P.chunk("IHDR", ArraySlice(P.header(width: width, height: height)), into: &out)
        P.chunk("sRGB", [0], into: &out)
        P.chunk("acTL", ArraySlice(P.be32(frames.count) + P.be32(max(0, plays))), into: &out)
        var sequence = 0
        for (k, frame) in frames.enumerated() {
            let rect = k == 0 ? Rect(x: 0, y: 0, width: width, height: height)
                : changedRect(frames[k - 1], frame, width: width, height: height) ?? Rect(x: 0, y: 0, width: 1, height: 1)
            var control = P.be32(sequence) + P.be32(rect.width) + P.be32(rect.height) + P.be32(rect.x) + P.be32(rect.y)
            control += [UInt8(delays[k].num >> 8), UInt8(delays[k].num & 0xFF), UInt8(delays[k].den >> 8), UInt8(delays[k].den & 0xFF)]
            control += [0, 0]                 // dispose_op NONE, blend_op SOURCE
            P.chunk("fcTL", ArraySlice(control), into: &out)
            sequence += 1
            let stream = zlibRows(frame, width: width, rect: rect)
            if k == 0 {
                P.idat(stream, into: &out)
            } else {
                // One fdAT a frame, whatever its size: macOS's ImageIO has failed on frames split over several.
                P.chunk("fdAT", ArraySlice(P.be32(sequence) + stream), into: &out)
                sequence += 1
            }
        }
        P.chunk("IEND", [], into: &out)
        return out
    }

    /// A frame region in pixels.
    struct Rect: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The smallest rectangle holding every pixel where `a` and `b` differ; nil when they are equal. O(pixels).
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Rect? {
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt32.self), pb = rb.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var first = -1, last = -1
                    for x in 0..<width where pa[row + x] != pb[row + x] {
                        if first < 0 { first = x }
                        last = x
                    }
                    guard first >= 0 else { continue }
                    x0 = min(x0, first); x1 = max(x1, last)
                    y0 = min(y0, y); y1 = y
                }
            }
        }
        return x1 < 0 ? nil : Rect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// `rect` of `rgba` as PNG rows (filter type 0, then the pixels), compressed into a zlib stream.
    static func zlibRows(_ rgba: [UInt8], width: Int, rect: Rect) -> [UInt8] {
        let rowBytes = 1 + 4 * rect.width
        var rows = [UInt8](repeating: 0, count: rowBytes * rect.height)
        for y in 0..<rect.height {
            let src = ((rect.y + y) * width + rect.x) * 4
            rows.replaceSubrange((y * rowBytes + 1)..<((y + 1) * rowBytes), with: rgba[src..<(src + 4 * rect.width)])
        }
        return rows.withUnsafeBytes { Deflate.zlib($0, pixelBytes: 4, rowBytes: rowBytes) }
    }
}
