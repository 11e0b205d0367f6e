#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A true separable Gaussian blur with a precomputed, normalised kernel of radius `ceil(3σ)` taps
/// (weights `exp(-k² / 2σ²)`, divided by their sum). Cost: O(pixels · (6σ + 1)) over two passes; the glow's σ
/// is a few pixels, so a direct kernel is as fast as a box approximation and exact. Outside the image counts as
/// transparent.
public struct GaussianBlur: Sendable {
    /// Standard deviation in pixels.
    public let sigma: Float
    /// `weights[k]` for offset `k - radius`.
    public let weights: [Float]

    public var radius: Int { weights.count / 2 }

    public init(sigma: Float) {
        self.sigma = max(sigma, 0)
        guard sigma > 0.01 else { weights = [1]; return }
        let r = Int((3 * sigma).rounded(.up))
        var w = (-r...r).map { k in Float(exp(-Double(k * k) / (2 * Double(sigma) * Double(sigma)))) }
        let sum = w.reduce(0, +)
        w = w.map { $0 / sum }
        weights = w
    }

    /// Blurs a single channel (`width x height`, row-major). O(pixels · taps), over the rows and columns that hold
    /// a value other than 0 and the `radius` rows and columns around them: the rest of a sparse image (an icon's figure on a
    /// transparent canvas) stays 0 without being summed. The vertical pass adds whole rows (sequential, vectorised)
    /// rather than walking columns.
    public func apply(_ values: [Float], width: Int, height: Int) -> [Float] {
        guard weights.count > 1, values.count == width * height, width > 0, height > 0 else { return values }
        let r = radius
        var tmp = [Float](repeating: 0, count: values.count)
        var out = [Float](repeating: 0, count: values.count)
        // The first and last rows with a value; nothing to blur when there are none.
        // The same for columns: the horizontal pass sums only the columns within `radius` of them (elsewhere its
        // sum is of zeros, 0).
        var first = -1, last = -1, left = width, right = -1
        values.withUnsafeBufferPointer { src in
            for y in 0..<height {
                var x = 0
                while x < width && src[y * width + x] == 0 { x += 1 }
                guard x < width else { continue }
                if first < 0 { first = y }
                last = y
                left = min(left, x)
                var e = width - 1
                while src[y * width + e] == 0 { e -= 1 }
                right = max(right, e)
            }
        }
        guard first >= 0 else { return out }
        let columns = max(0, left - r)...min(width - 1, right + r)
        weights.withUnsafeBufferPointer { w in
            values.withUnsafeBufferPointer { src in
                tmp.withUnsafeMutableBufferPointer { t in
                    // Tap by tap over the whole span of columns (a shifted row times one weight: vectorised), in the
                    // order a per-pixel sum takes its taps (leftmost first), so each sum is the same to the bit.
                    for y in first...last {
                        let row = y * width
                        for k in -r...r {
                            let weight = w[k + r]
                            // The columns whose tap `x + k` is inside the image.
                            let lo = max(columns.lowerBound, -k), hi = min(columns.upperBound, width - 1 - k)
                            guard lo <= hi else { continue }
                            let dst = t.baseAddress! + row, from = src.baseAddress! + row + k
                            for x in lo...hi { dst[x] += from[x] * weight }
                        }
                    }
                }
            }
            tmp.withUnsafeBufferPointer { t in
                out.withUnsafeMutableBufferPointer { o in
                    for y in max(0, first - r)...min(height - 1, last + r) {
                        let lo = max(first, y - r), hi = min(last, y + r)
                        guard lo <= hi else { continue }
                        // Only the horizontal pass's columns: elsewhere its rows are 0.
                        let dst = o.baseAddress! + y * width + columns.lowerBound
                        for sy in lo...hi {
                            let k = w[sy - y + r], src = t.baseAddress! + sy * width + columns.lowerBound
                            for x in 0..<columns.count { dst[x] += src[x] * k }
                        }
                    }
                }
            }
        }
        return out
    }
}
