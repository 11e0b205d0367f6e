/// One preview picture as terminal text: `rows` lines, each ending in `\n`, at most `columns` cells wide.
public struct PreviewFrame: Sendable {
    public var columns: Int
    public var rows: Int
    /// UTF-8 text, escape sequences included when colour was asked for.
    public var text: TextBuffer

    /// The text as a `String`.
    public var string: String { text.string }
}

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

/// Colour state of a line being written: escape sequences only when the colour changes.
struct SGRState {
    var fg: SIMD3<UInt8>?
    var bg: SIMD3<UInt8>?
    var bgSet = false
    var any = false

    mutating func foreground(_ c: SIMD3<UInt8>, _ color: PreviewColor, _ out: inout TextBuffer) {
        guard color != .none, fg != c else { return }
        color.appendSGR(c, background: false, to: &out)
        fg = c
        any = true
    }

    mutating func background(_ c: SIMD3<UInt8>?, _ color: PreviewColor, _ out: inout TextBuffer) {
        guard color != .none, bg != c || (c == nil && bgSet) else { return }
        if let c {
            color.appendSGR(c, background: true, to: &out)
            bgSet = true
            any = true
        } else if bgSet {
            out.append("\u{1B}[49m")
            bgSet = false
        }
        bg = c
    }

    /// Ends a line: resets the attributes if any were set, trims nothing, writes `\n`.
    mutating func endLine(_ out: inout TextBuffer) {
        if any { out.append("\u{1B}[0m") }
        out.append(byte: 10)
        self = SGRState()
    }

    /// Starts a line (erase to its end first when redrawing).
    static func beginLine(_ options: CellOptions, _ out: inout TextBuffer) {
        if options.clearLines { out.append("\u{1B}[K") }
    }
}
