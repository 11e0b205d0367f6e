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
        let coverage = fig.pixels.map { $0.w }
        let r = max(1, Int(width.rounded()))
        guard width > 0, let box = Box(coverage, width: fig.width, height: fig.height, reach: max(blur(width).radius, r) + 1) else {
            return [Float](repeating: 0, count: coverage.count)
        }
        let w = box.w, h = box.h
        var local = outline(box.crop(coverage, fill: 0), width: w, height: h, lineWidth: width)
        if creaseDepth > 0 {
            let z = box.crop(layered.figureDepth, fill: .infinity)
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
        return box.place(local, count: coverage.count)
    }

    /// Ink amounts (0...1) of an outline `width` pixels wide inside what is not the figure (props and floor:
    /// the image's coverage less the figure's), with no creases: what makes a thin bar or a light wall show. Where
    /// the layered image tells the props from the floor (``LayeredImage/propCoverage``), the props' own outline is
    /// added, so that a ball or a box standing on the floor is outlined against it (the two are one light area
    /// otherwise).
    public static func otherAmount(_ layered: LayeredImage, width: Float) -> [Float] {
        let image = layered.image, fig = layered.figure
        let coverage = (0..<image.pixels.count).map { max(0, image.pixels[$0].w - fig.pixels[$0].w) }
        guard width > 0, let box = Box(coverage, width: image.width, height: image.height, reach: blur(width).radius + 1) else {
            return [Float](repeating: 0, count: coverage.count)
        }
        var local = outline(box.crop(coverage, fill: 0), width: box.w, height: box.h, lineWidth: width)
        if layered.propCoverage.count == coverage.count {
            let props = box.crop(layered.propCoverage, fill: 0)
            if props.contains(where: { $0 > 0 }) {
                let own = outline(props, width: box.w, height: box.h, lineWidth: width)
                for i in local.indices where own[i] > local[i] { local[i] = own[i] }
            }
        }
        return box.place(local, count: coverage.count)
    }

    /// The blur the outline measures distance with: σ = `lineWidth / 2` (at least 0.35 px).
    static func blur(_ lineWidth: Float) -> GaussianBlur { GaussianBlur(sigma: max(lineWidth / 2, 0.35)) }

    /// The outline of `coverage` (`width x height`): `clamp(lineWidth + 0.5 - d, 0, 1)` where covered, `d` the
    /// distance inside the edge from the blurred coverage (see the type's notes).
    static func outline(_ coverage: [Float], width w: Int, height h: Int, lineWidth: Float) -> [Float] {
        let blur = blur(lineWidth)
        let blurred = blur.apply(coverage, width: w, height: h)
        let table = inverseNormalTable
        let steps = Float(table.count - 1)
        var out = [Float](repeating: 0, count: w * h)
        for i in 0..<(w * h) where coverage[i] > 0 {
            let b = min(max(blurred[i], 0), 1)
            let d = blur.sigma * table[Int((b * steps).rounded())]
            out[i] = min(max(lineWidth + 0.5 - d, 0), 1)
        }
        return out
    }

    /// The box of an image's covered pixels grown by `reach` (clipped to the image): the filters' work stays inside
    /// it and gives there the same numbers as over the whole image (the blur counts outside as transparent, the max
    /// filter skips what is not covered).
    struct Box {
        var x0: Int, y0: Int, w: Int, h: Int, fullWidth: Int

        init?(_ coverage: [Float], width: Int, height: Int, reach: Int) {
            var lx = width, ly = height, hx = -1, hy = -1
            coverage.withUnsafeBufferPointer { c in
                for y in 0..<height {
                    for x in 0..<width where c[y * width + x] > 0 {
                        lx = min(lx, x); hx = max(hx, x); ly = min(ly, y); hy = max(hy, y)
                    }
                }
            }
            guard lx <= hx else { return nil }
            x0 = max(0, lx - reach); y0 = max(0, ly - reach)
            w = min(width - 1, hx + reach) - x0 + 1; h = min(height - 1, hy + reach) - y0 + 1
            fullWidth = width
        }

        /// The box's part of a full-size plane.
        func crop(_ plane: [Float], fill: Float) -> [Float] {
            var out = [Float](repeating: fill, count: w * h)
            for y in 0..<h { for x in 0..<w { out[y * w + x] = plane[(y0 + y) * fullWidth + x0 + x] } }
            return out
        }

        /// A full-size plane of `count` values, zero outside the box.
        func place(_ local: [Float], count: Int) -> [Float] {
            var out = [Float](repeating: 0, count: count)
            for y in 0..<h { for x in 0..<w { out[(y0 + y) * fullWidth + x0 + x] = local[y * w + x] } }
            return out
        }
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
