/// A growing UTF-8 buffer of pretty-printed XML: two-space indentation, one element per line,
/// number arrays on one line (as Blender writes them).
///
/// Numbers are printed by ``appendNumber(_:)`` in one fixed format so output is byte-identical for
/// identical input on every platform: the value rounded to 6 decimal places (half away from zero,
/// computed in `Double`), trailing zeros and a trailing point removed, `-0` written `0`; magnitudes
/// of 1e9 and above (never met in assets) fall back to Swift's shortest round-trip `description`.
/// Six decimals are a micrometre in metres and 1e-6 in a rotation matrix entry, far below what a
/// 60 pt icon can show, and keep baked animations small. Non-finite values are written as `0`.
struct XMLTextBuffer {
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    private var stack: [String] = []

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
    }

    private mutating func attributes(_ attrs: [(String, String?)]) {
        for (k, v) in attrs {
            guard let v else { continue }
            bytes.append(0x20)
            append(k)
            append("=\"")
            appendEscaped(v)
            bytes.append(0x22)
        }
    }

    /// `<name attrs>` on its own line; closed by ``close()``.
    mutating func open(_ name: String, _ attrs: [(String, String?)] = []) {
        indent()
        bytes.append(0x3C)
        append(name)
        attributes(attrs)
        append(">\n")
        stack.append(name)
        depth += 1
    }

    mutating func close() {
        depth -= 1
        indent()
        append("</")
        append(stack.removeLast())
        append(">\n")
    }

    /// `<name attrs/>`.
    mutating func empty(_ name: String, _ attrs: [(String, String?)] = []) {
        indent()
        bytes.append(0x3C)
        append(name)
        attributes(attrs)
        append("/>\n")
    }

    /// `<name attrs>text</name>` (text escaped).
    mutating func leaf(_ name: String, _ attrs: [(String, String?)] = [], text: String) {
        indent()
        bytes.append(0x3C)
        append(name)
        attributes(attrs)
        bytes.append(0x3E)
        appendEscaped(text)
        append("</")
        append(name)
        append(">\n")
    }

    /// `<name attrs>v0 v1 ...</name>` with ``appendNumber(_:)``.
    mutating func numbers<C: Collection>(_ name: String, _ attrs: [(String, String?)] = [], _ values: C)
    where C.Element == Float {
        list(name, attrs, values) { $0.appendNumber($1) }
    }

    /// `<name attrs>i0 i1 ...</name>`.
    mutating func integers<C: Collection>(_ name: String, _ attrs: [(String, String?)] = [], _ values: C)
    where C.Element: BinaryInteger {
        list(name, attrs, values) { $0.appendInteger(Int64($1)) }
    }

    /// `<name attrs>` then the values, space-separated, each written by `write`, then `</name>`.
    @inline(__always)
    private mutating func list<C: Collection>(_ name: String, _ attrs: [(String, String?)], _ values: C,
                                             _ write: (inout XMLTextBuffer, C.Element) -> Void) {
        indent()
        bytes.append(0x3C)
        append(name)
        attributes(attrs)
        bytes.append(0x3E)
        var first = true
        for v in values {
            if !first { bytes.append(0x20) }
            first = false
            write(&self, v)
        }
        append("</")
        append(name)
        append(">\n")
    }

    mutating func appendInteger(_ value: Int64) {
        var v = value
        if v < 0 { bytes.append(0x2D); v = -v }
        if v == 0 { bytes.append(0x30); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 && n < 20 { d[n] = UInt8(v % 10) + 0x30; v /= 10; n += 1 }
            while n > 0 { n -= 1; bytes.append(d[n]) }
        }
    }

    /// The number format described on the type.
    mutating func appendNumber(_ value: Float) {
        guard value.isFinite else { bytes.append(0x30); return }
        let d = Double(value)
        if abs(d) >= 1e9 { append(value.description); return }
        let scaled = (abs(d) * 1_000_000).rounded(.toNearestOrAwayFromZero)
        var units = Int64(scaled)
        if units == 0 { bytes.append(0x30); return }
        if d < 0 { bytes.append(0x2D) }
        let whole = units / 1_000_000
        units %= 1_000_000
        appendInteger(whole)
        if units == 0 { return }
        bytes.append(0x2E)
        var div: Int64 = 100_000
        while units > 0 {
            bytes.append(UInt8(units / div) + 0x30)
            units %= div
            div /= 10
        }
    }

    private mutating func appendEscaped(_ s: String) {
        for b in s.utf8 {
            switch b {
            case 0x26: append("&amp;")
            case 0x3C: append("&lt;")
            case 0x3E: append("&gt;")
            case 0x22: append("&quot;")
            default: bytes.append(b)
            }
        }
    }
}
