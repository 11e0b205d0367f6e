/// Byte-order and encoding detection for XML input (XML 1.0, appendix F).
enum TextEncoding: Equatable {
    case utf8
    case utf8BOM
    case utf16(littleEndian: Bool, bomLength: Int)

    static func detect(_ b: [UInt8]) -> TextEncoding {
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { return .utf8BOM }
        if b.count >= 2 && b[0] == 0xFF && b[1] == 0xFE { return .utf16(littleEndian: true, bomLength: 2) }
        if b.count >= 2 && b[0] == 0xFE && b[1] == 0xFF { return .utf16(littleEndian: false, bomLength: 2) }
        // No BOM: "<?" encoded as UTF-16.
        if b.count >= 4 && b[0] == 0x3C && b[1] == 0 && b[2] == 0x3F && b[3] == 0 { return .utf16(littleEndian: true, bomLength: 0) }
        if b.count >= 4 && b[0] == 0 && b[1] == 0x3C && b[2] == 0 && b[3] == 0x3F { return .utf16(littleEndian: false, bomLength: 0) }
        return .utf8
    }

    /// Transcodes UTF-16 to UTF-8; `nil` on an odd length or an unpaired surrogate.
    static func utf16ToUTF8(_ b: [UInt8], littleEndian: Bool, skip: Int) -> [UInt8]? {
        let n = (b.count - skip)
        guard n % 2 == 0 else { return nil }
        var units = [UInt16]()
        units.reserveCapacity(n / 2)
        var i = skip
        while i + 1 < b.count {
            let u = littleEndian ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : UInt16(b[i]) << 8 | UInt16(b[i + 1])
            units.append(u)
            i += 2
        }
        var out = [UInt8]()
        out.reserveCapacity(units.count + units.count / 8)
        var it = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let scalar):
                UTF8.encode(scalar) { out.append($0) }
            case .emptyInput:
                return out
            case .error:
                return nil
            }
        }
    }
}
