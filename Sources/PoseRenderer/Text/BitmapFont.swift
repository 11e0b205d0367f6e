/// A built-in 5x7 pixel font (lowercase letters, digits, `-`, `.`, space) for the labels of the icons'
/// contact sheet and of the authored poses' sheet (`docs/progressions.png`). Each glyph is seven rows of
/// five bits, most significant bit on the left; glyphs advance 6 pixels. Uppercase letters draw as lowercase; unknown characters as a box.
package enum BitmapFont {
    package static let width = 5, height = 7, advance = 6

    package static func glyph(_ c: Character) -> [UInt8] {
        let key = Character(c.lowercased())
        return glyphs[key] ?? [0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111]
    }

    /// Pixel width of `text` at `scale`.
    package static func width(of text: String, scale: Int = 1) -> Int {
        max(0, text.count * advance - 1) * scale
    }

    /// Calls `plot(x, y)` for every lit pixel of `text` drawn with its top-left corner at (`x`, `y`),
    /// each font pixel a `scale` x `scale` square.
    package static func draw(_ text: String, x: Int, y: Int, scale: Int = 1, _ plot: (Int, Int) -> Void) {
        var pen = x
        for c in text {
            let rows = glyph(c)
            for (r, bits) in rows.enumerated() {
                for col in 0..<width where bits & (0b10000 >> UInt8(col)) != 0 {
                    for dy in 0..<scale { for dx in 0..<scale { plot(pen + col * scale + dx, y + r * scale + dy) } }
                }
            }
            pen += advance * scale
        }
    }

    private static let glyphs: [Character: [UInt8]] = [
        " ": [0, 0, 0, 0, 0, 0, 0],
        "-": [0, 0, 0, 0b11111, 0, 0, 0],
        ".": [0, 0, 0, 0, 0, 0b01100, 0b01100],
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
        "g": [0, 0b01111, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110],
        "h": [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001],
        "i": [0b00100, 0, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110],
        "j": [0b00010, 0, 0b00110, 0b00010, 0b00010, 0b10010, 0b01100],
        "k": [0b10000, 0b10000, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010],
        "l": [0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
        "m": [0, 0, 0b11010, 0b10101, 0b10101, 0b10001, 0b10001],
        "n": [0, 0, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001],
        "o": [0, 0, 0b01110, 0b10001, 0b10001, 0b10001, 0b01110],
        "p": [0, 0, 0b11110, 0b10001, 0b11110, 0b10000, 0b10000],
        "q": [0, 0, 0b01101, 0b10011, 0b01111, 0b00001, 0b00001],
        "r": [0, 0, 0b10110, 0b11001, 0b10000, 0b10000, 0b10000],
        "s": [0, 0, 0b01110, 0b10000, 0b01110, 0b00001, 0b11110],
        "t": [0b01000, 0b01000, 0b11100, 0b01000, 0b01000, 0b01001, 0b00110],
        "u": [0, 0, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101],
        "v": [0, 0, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100],
        "w": [0, 0, 0b10001, 0b10001, 0b10101, 0b10101, 0b01010],
        "x": [0, 0, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001],
        "y": [0, 0, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110],
        "z": [0, 0, 0b11111, 0b00010, 0b00100, 0b01000, 0b11111],
    ]
}
