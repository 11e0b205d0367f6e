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
