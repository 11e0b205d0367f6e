/// A built-in 5-pixel-wide bitmap font for the labels of the icons' contact sheet and of the authored poses'
/// sheet (`docs/progressions.png`): letters in both cases, digits and `-` `.` `,` `'` `:` `/` `+` `_` `(` `)`
/// and space.
///
/// A glyph is ``lineHeight`` rows of five bits, most significant bit on the left: the first ``height`` rows
/// stand on the baseline (capitals and digits fill all of them, lowercase letters without ascenders the
/// last five), the last ``descent`` rows hang below it (the tails of `g` `j` `p` `q` `y` and of `,`).
/// Glyphs advance 6 pixels; a line of text needs ``lineHeight`` pixels (times the scale) so descenders
/// are never clipped. Unknown characters draw as a box.
package enum BitmapFont {
    /// Glyph width, and the rows from a line's top to its baseline (the last row of `x`), in font pixels.
    package static let width = 5, height = 7
    /// Rows below the baseline, for descenders.
    package static let descent = 2
    /// Rows a line of text occupies: ``height`` plus ``descent``.
    package static let lineHeight = height + descent
    /// Horizontal distance from one glyph's left edge to the next one's.
    package static let advance = 6

    /// The ``lineHeight`` rows of `c` (a box for a character the font lacks).
    package static func glyph(_ c: Character) -> [UInt8] {
        let rows = glyphs[c] ?? [0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111]
        return rows.count >= lineHeight ? rows : rows + [UInt8](repeating: 0, count: lineHeight - rows.count)
    }

    /// Whether the font has a glyph of its own for `c` (else it draws a box).
    package static func hasGlyph(_ c: Character) -> Bool { glyphs[c] != nil }

    /// Pixel width of `text` at `scale`.
    package static func width(of text: String, scale: Int = 1) -> Int {
        max(0, text.count * advance - 1) * scale
    }

    /// Calls `plot(x, y)` for every lit pixel of `text` drawn with its top-left corner at (`x`, `y`),
    /// each font pixel a `scale` x `scale` square. The baseline is the row `y + height * scale - 1`;
    /// descenders reach down to `y + lineHeight * scale - 1`.
    package static func draw(_ text: String, x: Int, y: Int, scale: Int = 1, _ plot: (Int, Int) -> Void) {
        var pen = x
        for c in text {
            let rows = glyphs[c] ?? glyph(c)
            for (r, bits) in rows.enumerated() where bits != 0 {
                for col in 0..<width where bits & (0b10000 >> UInt8(col)) != 0 {
                    for dy in 0..<scale { for dx in 0..<scale { plot(pen + col * scale + dx, y + r * scale + dy) } }
                }
            }
            pen += advance * scale
        }
    }

    /// Rows of each glyph; glyphs without descenders list only their first ``height`` rows.
    private static let glyphs: [Character: [UInt8]] = [
        " ": [0, 0, 0, 0, 0, 0, 0],
        "-": [0, 0, 0, 0b11111, 0, 0, 0],
        ".": [0, 0, 0, 0, 0, 0b01100, 0b01100],
        ",": [0, 0, 0, 0, 0, 0b01100, 0b01100, 0b00100, 0b01000],
        "'": [0b01100, 0b00100, 0b01000, 0, 0, 0, 0],
        ":": [0, 0b01100, 0b01100, 0, 0b01100, 0b01100, 0],
        "/": [0b00001, 0b00010, 0b00010, 0b00100, 0b01000, 0b01000, 0b10000],
        "+": [0, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0],
        "_": [0, 0, 0, 0, 0, 0, 0, 0b11111],
        "(": [0b00010, 0b00100, 0b01000, 0b01000, 0b01000, 0b00100, 0b00010],
        ")": [0b01000, 0b00100, 0b00010, 0b00010, 0b00010, 0b00100, 0b01000],
        "0": [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110],
        "1": [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
        "2": [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111],
        "3": [0b11110, 0b00001, 0b00001, 0b01110, 0b00001, 0b00001, 0b11110],
        "4": [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010],
        "5": [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
        "6": [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110],
        "7": [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000],
        "8": [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110],
        "9": [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100],
        "a": [0, 0, 0b01110, 0b00001, 0b01111, 0b10001, 0b01111],
        "b": [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b11110],
        "c": [0, 0, 0b01110, 0b10000, 0b10000, 0b10001, 0b01110],
        "d": [0b00001, 0b00001, 0b01101, 0b10011, 0b10001, 0b10001, 0b01111],
        "e": [0, 0, 0b01110, 0b10001, 0b11111, 0b10000, 0b01110],
        "f": [0b00110, 0b01001, 0b01000, 0b11100, 0b01000, 0b01000, 0b01000],
        "g": [0, 0, 0b01111, 0b10001, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110],
        "h": [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001],
        "i": [0b00100, 0, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110],
        "j": [0b00010, 0, 0b00110, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100],
        "k": [0b10000, 0b10000, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010],
        "l": [0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
        "m": [0, 0, 0b11010, 0b10101, 0b10101, 0b10001, 0b10001],
        "n": [0, 0, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001],
        "o": [0, 0, 0b01110, 0b10001, 0b10001, 0b10001, 0b01110],
        "p": [0, 0, 0b10110, 0b11001, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000],
        "q": [0, 0, 0b01101, 0b10011, 0b10001, 0b10001, 0b01111, 0b00001, 0b00001],
        "r": [0, 0, 0b10110, 0b11001, 0b10000, 0b10000, 0b10000],
        "s": [0, 0, 0b01110, 0b10000, 0b01110, 0b00001, 0b11110],
        "t": [0b01000, 0b01000, 0b11100, 0b01000, 0b01000, 0b01001, 0b00110],
        "u": [0, 0, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101],
        "v": [0, 0, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100],
        "w": [0, 0, 0b10001, 0b10001, 0b10101, 0b10101, 0b01010],
        "x": [0, 0, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001],
        "y": [0, 0, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101, 0b00001, 0b01110],
        "z": [0, 0, 0b11111, 0b00010, 0b00100, 0b01000, 0b11111],
        "A": [0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
        "B": [0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110],
        "C": [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110],
        "D": [0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100],
        "E": [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111],
        "F": [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000],
        "G": [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111],
        "H": [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
        "I": [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
        "J": [0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100],
        "K": [0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001],
        "L": [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111],
        "M": [0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001],
        "N": [0b10001, 0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001],
        "O": [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110],
        "P": [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000],
        "Q": [0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101],
        "R": [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001],
        "S": [0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110],
        "T": [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100],
        "U": [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110],
        "V": [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100],
        "W": [0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010],
        "X": [0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001],
        "Y": [0b10001, 0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100],
        "Z": [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111],
    ]
}
