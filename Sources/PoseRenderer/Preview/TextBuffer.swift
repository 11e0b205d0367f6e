/// UTF-8 text built byte by byte (no allocation per character once grown): what the cell encoders write into.
public struct TextBuffer: Sendable {
    /// The text so far, UTF-8.
    public var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The text as a `String`.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// One ASCII byte.
    @inline(__always) public mutating func append(byte b: UInt8) { bytes.append(b) }

    /// A Unicode scalar, UTF-8 encoded.
    @inline(__always) public mutating func append(scalar v: UInt32) {
        if v < 0x80 {
            bytes.append(UInt8(v))
        } else if v < 0x800 {
            bytes.append(UInt8(0xC0 | (v >> 6))); bytes.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            bytes.append(UInt8(0xE0 | (v >> 12))); bytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            bytes.append(UInt8(0xF0 | (v >> 18))); bytes.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((v >> 6) & 0x3F))); bytes.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// A non-negative decimal number (as escape sequence parameters are written); negatives print as 0.
    @inline(__always) public mutating func append(decimal n: Int) {
        let v = max(0, n)
        if v >= 10 { append(decimal: v / 10) }
        bytes.append(UInt8(48 + v % 10))
    }

    /// ASCII text (escape sequences, literals).
    public mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
