#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ``PreviewMode/ascii``: one character per cell from the cell's 2 x 4 pixels.
///
/// Per cell: empty cells are spaces; cells on the silhouette (partly covered) or holding a depth edge get a line
/// character along the edge, found from the structure tensor of the pixel gradients (Sobel of the coverage, and
/// the direction of the distance step at depth edges): `|`, `/`, `-` (or `_` when the edge lies low in the
/// cell), `\`; fully covered cells take a character from a luminance ramp, the figure's brightness range
/// stretched over the ramp, so the form reads by light and depth. Colour (when asked) is the cell's mean colour.
public enum AsciiEncoder {
    /// The ramp from dim to bright (dense glyphs read as bright on a dark terminal).
    public static let ramp: [UInt8] = Array(".:;+=*o#%@".utf8)
    /// Coverage below which a cell without depth edge is empty.
    static let emptyBelow: Float = 0.13
    /// Coverage at and above which a cell is inside the figure (not on its silhouette).
    static let fullFrom: Float = 0.87
    /// Edge coherence (0 isotropic ... 1 one straight edge) above which a line character is used.
    static let coherent: Float = 0.35

    /// Encodes `raster` (`2·columns x 4·rows` pixels) into `out`.
    public static func encode(_ raster: PreviewRaster, columns: Int, rows: Int, options: CellOptions, into out: inout TextBuffer) {
        let w = raster.width, h = raster.height
        guard columns > 0, rows > 0, w == 2 * columns, h == 4 * rows else { return }
        // Pixel gradients: Sobel of coverage; at depth edges, the unit direction of the distance step (times 4, as
        // strong as a full coverage step).
        var gx = [Float](repeating: 0, count: w * h), gy = [Float](repeating: 0, count: w * h)
        raster.alpha.withUnsafeBufferPointer { a in
        raster.distance.withUnsafeBufferPointer { d in
        raster.depthEdge.withUnsafeBufferPointer { e in
            @inline(__always) func at(_ x: Int, _ y: Int) -> Float { x >= 0 && y >= 0 && x < w && y < h ? a[y * w + x] : 0 }
            @inline(__always) func dist(_ x: Int, _ y: Int, _ own: Float) -> Float {
                guard x >= 0, y >= 0, x < w, y < h else { return own }
                let v = d[y * w + x]
                return v.isFinite ? v : own
            }
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x
                    var sx = (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1)) - (at(x - 1, y - 1) + 2 * at(x - 1, y) + at(x - 1, y + 1))
                    var sy = (at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1)) - (at(x - 1, y - 1) + 2 * at(x, y - 1) + at(x + 1, y - 1))
                    if e[i] != 0 {
                        let own = d[i]
                        let dx = (dist(x + 1, y, own) - dist(x - 1, y, own)), dy = (dist(x, y + 1, own) - dist(x, y - 1, own))
                        let len = (dx * dx + dy * dy).squareRoot()
                        if len > 0 { sx += 4 * dx / len; sy += 4 * dy / len }
                    }
                    gx[i] = sx
                    gy[i] = sy
                }
            }
        }}}
        // The figure's brightness range over full cells, stretched over the ramp.
        var lo = Float.infinity, hi = -Float.infinity
        for cy in 0..<rows {
            for cx in 0..<columns {
                let (cov, sh, _) = cellStats(raster, cx, cy)
                if cov >= fullFrom { lo = min(lo, sh); hi = max(hi, sh) }
            }
        }
        let span = hi - lo > 0.02 ? hi - lo : 1
        if !lo.isFinite { lo = 0 }
        let levels = Float(ramp.count)
        for cy in 0..<rows {
            SGRState.beginLine(options, &out)
            var sgr = SGRState()
            var keep = out.bytes.count
            for cx in 0..<columns {
                let (cov, sh, edges) = cellStats(raster, cx, cy)
                if cov < emptyBelow && edges == 0 {
                    sgr.background(nil, options.color, &out)
                    out.append(byte: 32)
                    continue
                }
                var glyph: UInt8
                if cov < fullFrom || edges > 0 {
                    glyph = edgeGlyph(gx, gy, w: w, cx: cx, cy: cy, coverage: cov)
                } else {
                    let k = Int(((sh - lo) / span * levels).rounded(.down))
                    glyph = ramp[min(ramp.count - 1, max(0, k))]
                }
                if options.color != .none { sgr.foreground(meanColor(raster, cx, cy), options.color, &out) }
                out.append(byte: glyph)
                keep = out.bytes.count
            }
            out.bytes.removeSubrange(keep...)
            sgr.endLine(&out)
        }
    }

    /// Mean coverage, mean brightness of the covered pixels, number of depth-edge pixels of cell `(cx, cy)`.
    @inline(__always)
    static func cellStats(_ r: PreviewRaster, _ cx: Int, _ cy: Int) -> (Float, Float, Int) {
        var cov: Float = 0, sh: Float = 0, edges = 0
        for y in (4 * cy)..<(4 * cy + 4) {
            for x in (2 * cx)..<(2 * cx + 2) {
                let i = y * r.width + x
                cov += r.alpha[i]
                sh += r.shade[i] * r.alpha[i]
                edges += Int(r.depthEdge[i])
            }
        }
        return (cov / 8, cov > 0 ? sh / cov : 0, edges)
    }

    /// The line character for cell `(cx, cy)` from its pixels' structure tensor; a dot or a ramp character when the
    /// gradients have no clear direction.
    @inline(__always)
    static func edgeGlyph(_ gx: [Float], _ gy: [Float], w: Int, cx: Int, cy: Int, coverage: Float) -> UInt8 {
        var jxx: Float = 0, jyy: Float = 0, jxy: Float = 0, mass: Float = 0, my: Float = 0
        for y in (4 * cy)..<(4 * cy + 4) {
            for x in (2 * cx)..<(2 * cx + 2) {
                let i = y * w + x
                let a = gx[i], b = gy[i]
                jxx += a * a; jyy += b * b; jxy += a * b
                let m = (a * a + b * b).squareRoot()
                mass += m
                my += m * (Float(y - 4 * cy) + 0.5)
            }
        }
        let trace = jxx + jyy
        guard trace > 1e-6 else { return coverage < 0.5 ? 46 : ramp[ramp.count / 2] }  // "."
        let coherence = ((jxx - jyy) * (jxx - jyy) + 4 * jxy * jxy).squareRoot() / trace
        guard coherence >= coherent else { return coverage < 0.5 ? 46 : 43 }  // "." or "+"
        // Dominant gradient angle in [0, 180) degrees, image y down: 0 = gradient along x (a vertical edge).
        var theta = 0.5 * atan2f(2 * jxy, jxx - jyy) * 180 / Float.pi
        if theta < 0 { theta += 180 }
        switch theta {
        case ..<22, 158...: return 124  // "|"
        case 22..<68: return 47  // "/"
        case 68..<112: return mass > 0 && my / mass > 2.6 ? 95 : 45  // "_" low in the cell, else "-"
        default: return 92  // "\"
        }
    }

    /// Mean colour of the covered pixels of cell `(cx, cy)`.
    @inline(__always)
    static func meanColor(_ r: PreviewRaster, _ cx: Int, _ cy: Int) -> SIMD3<UInt8> {
        var acc = SIMD3<Float>.zero, wsum: Float = 0
        for y in (4 * cy)..<(4 * cy + 4) {
            for x in (2 * cx)..<(2 * cx + 2) {
                let i = y * r.width + x
                let a = r.alpha[i]
                let c = r.color[i]
                acc += SIMD3(Float(c.x), Float(c.y), Float(c.z)) * a
                wsum += a
            }
        }
        guard wsum > 0 else { return .zero }
        let m = acc / wsum + 0.5
        return SIMD3(UInt8(min(255, m.x)), UInt8(min(255, m.y)), UInt8(min(255, m.z)))
    }
}
