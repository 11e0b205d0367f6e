#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The ink line that makes a figure read at 60 pt: an outline of one weight along the inside of the figure's
/// silhouette (where it meets the page, the circles or a prop), and the same line along the near side of every
/// place where the figure passes in front of itself (an arm across the torso, one leg before the other), found
/// from the figure's depth.
///
/// **Outline.** The figure's coverage `α` blurred with σ = `width / 2` is, across a straight edge, `Φ(d / σ)` with
/// `d` the signed distance of the pixel's centre inside the edge (`Φ` the normal CDF), so `d = σ · Φ⁻¹(blur)`
/// (a table of `Φ⁻¹`) and the ink is `clamp(width + 0.5 - d, 0, 1)`: a line `width` pixels wide, antialiased over
/// one pixel, at every scale. A limb narrower than two line widths is inked through: at 60 pt a forearm is a
/// stroke.
///
/// **Creases.** A figure pixel is inked when some figure pixel within `width` pixels (a square window, one
/// separable max filter) is more than `creaseDepth` metres farther from the eye: the line lies on the nearer
/// surface, as the outline lies inside the silhouette, and is `width` pixels wide. Smooth surfaces, whose depth
/// changes by millimetres from pixel to pixel, never reach it. The line ramps in over `creaseDepth / 2` more.
///
/// Cost: over the figure's box (plus the filters' reach), one blur of `(6σ + 1)` taps and one max filter of
/// `2 · width + 1` taps per pixel, two passes each.
public enum Ink {
    /// Ink amounts (0...1) per pixel of `layered`'s figure: multiply by the figure's coverage to draw.
    public static func amount(_ layered: LayeredImage, width: Float, creaseDepth: Float) -> [Float] {
        let fig = layered.figure
        let fullW = fig.width, n = fig.width * fig.height
        var ink = [Float](repeating: 0, count: n)
        guard n > 0, width > 0 else { return ink }
        // Work on the figure's box plus the filters' reach (most of an icon is empty): the same numbers as over the
        // whole image, since the blur counts outside as transparent and the max filter ignores empty pixels.
        var x0 = fullW, y0 = fig.height, x1 = -1, y1 = -1
        fig.pixels.withUnsafeBufferPointer { p in
            for y in 0..<fig.height {
                for x in 0..<fullW where p[y * fullW + x].w > 0 {
                    x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                }
            }
        }
        guard x0 <= x1 else { return ink }
        let sigma = max(width / 2, 0.35)
        let blur = GaussianBlur(sigma: sigma)
        let r = max(1, Int(width.rounded()))
        let pad = max(blur.radius, r) + 1
        x0 = max(0, x0 - pad); y0 = max(0, y0 - pad); x1 = min(fullW - 1, x1 + pad); y1 = min(fig.height - 1, y1 + pad)
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        var coverage = [Float](repeating: 0, count: w * h)
        var z = [Float](repeating: .infinity, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y0 + y) * fullW + x0 + x
                coverage[y * w + x] = fig.pixels[i].w
                z[y * w + x] = layered.figureDepth[i]
            }
        }
        var local = [Float](repeating: 0, count: w * h)
        let blurred = blur.apply(coverage, width: w, height: h)
        let table = inverseNormalTable
        let steps = Float(table.count - 1)
        for i in 0..<(w * h) where coverage[i] > 0 {
            let b = min(max(blurred[i], 0), 1)
            let d = sigma * table[Int((b * steps).rounded())]
            local[i] = min(max(width + 0.5 - d, 0), 1)
        }
        if creaseDepth > 0 {
            // Farthest figure depth within `r` pixels (square window), separable: rows, then columns.
            var rowMax = [Float](repeating: -.infinity, count: w * h)
            var far = [Float](repeating: -.infinity, count: w * h)
            z.withUnsafeBufferPointer { z in
                rowMax.withUnsafeMutableBufferPointer { t in
                    for y in 0..<h {
                        let row = y * w
                        for x in 0..<w {
                            var m = -Float.infinity
                            for sx in max(0, x - r)...min(w - 1, x + r) where z[row + sx].isFinite { m = max(m, z[row + sx]) }
                            t[row + x] = m
                        }
                    }
                }
                rowMax.withUnsafeBufferPointer { t in
                    far.withUnsafeMutableBufferPointer { f in
                        for y in 0..<h {
                            let lo = max(0, y - r), hi = min(h - 1, y + r)
                            for x in 0..<w where z[y * w + x].isFinite {
                                var m = -Float.infinity
                                for sy in lo...hi { m = max(m, t[sy * w + x]) }
                                f[y * w + x] = m
                            }
                        }
                    }
                }
            }
            let ramp = creaseDepth / 2
            for i in 0..<(w * h) where z[i].isFinite {
                let gap = far[i] - z[i]
                if gap > creaseDepth { local[i] = max(local[i], min((gap - creaseDepth) / ramp, 1)) }
            }
        }
        for y in 0..<h {
            for x in 0..<w { ink[(y0 + y) * fullW + x0 + x] = local[y * w + x] }
        }
        return ink
    }

    /// The image of `layered` with the figure inked in `color` (linear) by `amount` (from ``amount(_:width:creaseDepth:)``)
    /// and the rest (props, floor) scaled in colour by `otherTone` (1: as rendered; below 1: dimmer, for a dark page).
    /// Alpha is unchanged.
    public static func draw(_ layered: LayeredImage, amount: [Float], color: SIMD3<Float>, otherTone: Float = 1) -> LinearImage {
        var out = layered.image
        let fig = layered.figure.pixels
        let ink = SIMD4(color, 1)
        let tone = SIMD4<Float>(otherTone, otherTone, otherTone, 1)
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count where p[i].w > 0 {
                let f = fig[i]
                let other = (p[i] - f) * tone
                let k = i < amount.count ? amount[i] : 0
                p[i] = other + f * (1 - k) + ink * (k * f.w)
            }
        }
        return out
    }

    /// `Φ⁻¹(i / 4096)` for i in 0...4096 (clamped to ±4 at the ends): the normal quantile, by bisection on `erf`.
    static let inverseNormalTable: [Float] = (0...4096).map { i in
        let p = Double(i) / 4096
        if p <= 0 { return -4 }
        if p >= 1 { return 4 }
        var lo = -4.0, hi = 4.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if 0.5 * (1 + erf(mid / 2.0.squareRoot())) < p { lo = mid } else { hi = mid }
        }
        return Float((lo + hi) / 2)
    }
}
