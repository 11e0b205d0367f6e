extension String {
    /// The string with each Unicode scalar that `replacements` lists replaced by its text, in one pass (the
    /// inserted text is not looked at again).
    ///
    /// Matches as Foundation's `replacingOccurrences(of:with:)` did for a one-scalar target: the `\r` of a
    /// `\r\n` pair is replaced (one `Character`, which the standard library's `replacing(_:with:)` would not
    /// match), but a scalar followed by one that extends it (a combining accent, a variation selector, an
    /// emoji modifier: grapheme break property Extend) is kept.
    package func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var out = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            let extended = next.map { $0.properties.isGraphemeExtend || $0.properties.isEmojiModifier } ?? false
            if !extended, let text = replacements[scalar] {
                out.append(contentsOf: text.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The string without leading and trailing blanks: spaces, tabs and the other Unicode space separators
    /// (category Zs), the set Foundation's `CharacterSet.whitespaces` holds. Line breaks are kept.
    package var trimmingBlanks: String {
        func isBlank(_ c: Character) -> Bool {
            c.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The string cut or filled with spaces to exactly `width` characters, for table columns
    /// (`padding(toLength:withPad: " ", startingAt: 0)`; counts characters where Foundation counted UTF-16
    /// units, the same for ASCII).
    package func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }

    /// The string with each `%XX` (two hex digits) replaced by that byte, read as UTF-8; `nil` when a `%` is
    /// not followed by two hex digits or the bytes are not UTF-8 (Foundation's `removingPercentEncoding`).
    package var percentDecoded: String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var it = utf8.makeIterator()
        while let b = it.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let hi = it.next().flatMap(Self.hexValue), let lo = it.next().flatMap(Self.hexValue) else { return nil }
            bytes.append(hi << 4 | lo)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil  // invalid UTF-8 came back as U+FFFD
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
