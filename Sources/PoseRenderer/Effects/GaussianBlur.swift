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

    /// Blurs a single channel (`width x height`, row-major). O(pixels · taps).
    public func apply(_ values: [Float], width: Int, height: Int) -> [Float] {
        guard weights.count > 1, values.count == width * height, width > 0, height > 0 else { return values }
        let r = radius
        var tmp = [Float](repeating: 0, count: values.count)
        var out = [Float](repeating: 0, count: values.count)
        weights.withUnsafeBufferPointer { w in
            values.withUnsafeBufferPointer { src in
                tmp.withUnsafeMutableBufferPointer { t in
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            var acc: Float = 0
                            let lo = max(0, x - r), hi = min(width - 1, x + r)
                            for sx in lo...hi { acc += src[row + sx] * w[sx - x + r] }
                            t[row + x] = acc
                        }
                    }
                }
            }
            tmp.withUnsafeBufferPointer { t in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<height {
                        let lo = max(0, y - r), hi = min(height - 1, y + r)
                        for x in 0..<width {
                            var acc: Float = 0
                            for sy in lo...hi { acc += t[sy * width + x] * w[sy - y + r] }
                            o[y * width + x] = acc
                        }
                    }
                }
            }
        }
        return out
    }
}
