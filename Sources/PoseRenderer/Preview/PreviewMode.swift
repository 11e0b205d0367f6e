/// How a preview draws pixels into terminal cells (a cell is about twice as tall as it is wide).
public enum PreviewMode: String, Sendable, CaseIterable, Codable {
    /// One character per cell from a luminance ramp, with line characters (`| - / \ _`) along the silhouette and
    /// depth edges; 2 x 4 square pixels are rendered per cell to find them.
    case ascii
    /// Half blocks (`▀`, `▄`, `█`): two square pixels per cell, one above the other, in colour when allowed
    /// (foreground the upper pixel, background the lower one).
    case blocks
    /// Braille patterns: 2 x 4 dots per cell, one per square pixel, a dot where the figure is.
    case braille

    /// Pixels rendered across and down for `columns x rows` cells: `2c x 4r` for ascii and braille, `c x 2r` for
    /// blocks (square pixels in both cases, as a cell is two pixels wide for four tall, or one for two).
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        let c = max(0, columns), r = max(0, rows)
        switch self {
        case .ascii, .braille: return (2 * c, 4 * r)
        case .blocks: return (c, 2 * r)
        }
    }
}
