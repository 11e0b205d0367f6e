/// ``PreviewMode/braille``: a 2 x 4-dot braille pattern per cell, a dot per square pixel that is solid (covered at
/// least half and not a depth edge, so a limb in front of the body stays apart from it). Colour (when asked) is
/// the mean colour of the cell's covered pixels.
public enum BrailleEncoder {
    /// Coverage from which a pixel is a dot.
    static let solidFrom: Float = 0.5
    /// Dot bits of U+2800 by pixel: `bit[y][x]` (dots 1-2-3-7 down the left, 4-5-6-8 down the right).
    static let bit: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// Encodes `raster` (`2·columns x 4·rows` pixels) into `out`.
    public static func encode(_ raster: PreviewRaster, columns: Int, rows: Int, options: CellOptions, into out: inout TextBuffer) {
        let w = raster.width
        guard columns > 0, rows > 0, w == 2 * columns, raster.height == 4 * rows else { return }
        for cy in 0..<rows {
            SGRState.beginLine(options, &out)
            var sgr = SGRState()
            var keep = out.bytes.count
            for cx in 0..<columns {
                var dots: UInt32 = 0
                for y in 0..<4 {
                    for x in 0..<2 where raster.isSolid((4 * cy + y) * w + 2 * cx + x, threshold: solidFrom) {
                        dots |= bit[y][x]
                    }
                }
                if dots == 0 {
                    sgr.background(nil, options.color, &out)
                    out.append(byte: 32)
                    continue
                }
                if options.color != .none { sgr.foreground(AsciiEncoder.meanColor(raster, cx, cy), options.color, &out) }
                out.append(scalar: 0x2800 | dots)
                keep = out.bytes.count
            }
            out.bytes.removeSubrange(keep...)
            sgr.endLine(&out)
        }
    }
}
