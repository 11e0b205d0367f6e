/// ``PreviewMode/blocks``: two square pixels per cell, one above the other, as half blocks.
///
/// In colour, the upper pixel is the foreground of `▀` and the lower one its background (`▄` with the
/// foreground when only the lower one is covered), and depth-edge pixels are drawn darker, outlining a limb in
/// front of the body. Without colour, a cell is ` `, `▀`, `▄` or `█` by which halves are solid (covered at least
/// half, depth edges left out so overlapping parts stay apart).
public enum BlockEncoder {
    static let upper: UInt32 = 0x2580, lower: UInt32 = 0x2584, full: UInt32 = 0x2588
    /// Coverage from which a pixel is drawn.
    static let solidFrom: Float = 0.5

    /// Encodes `raster` (`columns x 2·rows` pixels) into `out`.
    public static func encode(_ raster: PreviewRaster, columns: Int, rows: Int, options: CellOptions, into out: inout TextBuffer) {
        let w = raster.width
        guard columns > 0, rows > 0, w == columns, raster.height == 2 * rows else { return }
        let colored = options.color != .none
        for cy in 0..<rows {
            SGRState.beginLine(options, &out)
            var sgr = SGRState()
            var keep = out.bytes.count
            for cx in 0..<columns {
                let t = 2 * cy * w + cx, b = t + w
                let top = colored ? raster.alpha[t] >= solidFrom : raster.isSolid(t, threshold: solidFrom)
                let bottom = colored ? raster.alpha[b] >= solidFrom : raster.isSolid(b, threshold: solidFrom)
                if !top && !bottom {
                    sgr.background(nil, options.color, &out)
                    out.append(byte: 32)
                    continue
                }
                if !colored {
                    out.append(scalar: top && bottom ? full : top ? upper : lower)
                } else if top && bottom {
                    let ct = pixelColor(raster, t), cb = pixelColor(raster, b)
                    if ct == cb {
                        sgr.background(nil, options.color, &out)
                        sgr.foreground(ct, options.color, &out)
                        out.append(scalar: full)
                    } else {
                        sgr.foreground(ct, options.color, &out)
                        sgr.background(cb, options.color, &out)
                        out.append(scalar: upper)
                    }
                } else {
                    sgr.background(nil, options.color, &out)
                    sgr.foreground(pixelColor(raster, top ? t : b), options.color, &out)
                    out.append(scalar: top ? upper : lower)
                }
                keep = out.bytes.count
            }
            out.bytes.removeSubrange(keep...)
            sgr.endLine(&out)
        }
    }

    /// Pixel `i`'s colour, halved on a depth edge.
    @inline(__always)
    static func pixelColor(_ r: PreviewRaster, _ i: Int) -> SIMD3<UInt8> {
        let c = r.color[i]
        return r.depthEdge[i] != 0 ? c / 2 : c
    }
}
