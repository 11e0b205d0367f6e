/// Which colours a preview may use.
public enum PreviewColor: String, Sendable, CaseIterable, Codable {
    /// Plain text, no escape sequence.
    case none
    /// The xterm 256-colour palette (`ESC[38;5;Nm`): the 6x6x6 cube and the 24 greys.
    case palette256 = "256"
    /// 24-bit colour (`ESC[38;2;R;G;Bm`).
    case truecolor

    /// The xterm palette index nearest `rgb` (sRGB bytes): the nearer (in squared sRGB distance) of the
    /// 6x6x6 cube entry (levels 0, 95, 135, 175, 215, 255) and the grey ramp entry (8 + 10k, k = 0...23).
    @inline(__always)
    public static func paletteIndex(_ rgb: SIMD3<UInt8>) -> Int {
        @inline(__always) func cubeLevel(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        @inline(__always) func cubeValue(_ i: Int) -> Int { i == 0 ? 0 : 55 + 40 * i }
        let r = Int(rgb.x), g = Int(rgb.y), b = Int(rgb.z)
        let cr = cubeLevel(r), cg = cubeLevel(g), cb = cubeLevel(b)
        let dr = cubeValue(cr) - r, dg = cubeValue(cg) - g, db = cubeValue(cb) - b
        let cubeError = dr * dr + dg * dg + db * db
        let mean = (r + g + b) / 3
        let k = mean < 8 ? 0 : mean > 238 ? 23 : (mean - 3) / 10
        let gv = 8 + 10 * k
        let er = gv - r, eg = gv - g, eb = gv - b
        let greyError = er * er + eg * eg + eb * eb
        return greyError < cubeError ? 232 + k : 16 + 36 * cr + 6 * cg + cb
    }

    /// Appends the escape sequence setting the foreground (`background == false`) or background colour to
    /// `rgb`; nothing for ``none``.
    @inline(__always)
    public func appendSGR(_ rgb: SIMD3<UInt8>, background: Bool, to out: inout TextBuffer) {
        switch self {
        case .none:
            return
        case .palette256:
            out.append(background ? "\u{1B}[48;5;" : "\u{1B}[38;5;")
            out.append(decimal: Self.paletteIndex(rgb))
        case .truecolor:
            out.append(background ? "\u{1B}[48;2;" : "\u{1B}[38;2;")
            out.append(decimal: Int(rgb.x)); out.append(byte: 59)
            out.append(decimal: Int(rgb.y)); out.append(byte: 59)
            out.append(decimal: Int(rgb.z))
        }
        out.append(byte: 109)  // "m"
    }
}
