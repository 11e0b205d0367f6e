/// Options shared by the cell encoders.
public struct CellOptions: Sendable {
    /// Colours to use (``PreviewColor/none``: plain text).
    public var color: PreviewColor
    /// Start each line with `ESC[K` (erase to the end of the line), for redrawing in place over an older frame.
    public var clearLines: Bool

    public init(color: PreviewColor = .none, clearLines: Bool = false) {
        self.color = color
        self.clearLines = clearLines
    }
}
