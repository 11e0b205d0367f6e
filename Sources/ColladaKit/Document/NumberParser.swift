/// Locale-free parsing of whitespace-separated numbers, the hot path of reading COLLADA
/// (`float_array`, `<p>`, `<v>`, `vcount`).
///
/// Floats: an optional sign, digits with an optional `.`, an optional exponent. Up to 19
/// significant digits with a decimal exponent within ±22 are converted in `Double` (Clinger's fast
/// path) and rounded to `Float`, which is right unless the double sits on (or, for inexact inputs,
/// next to) a `Float` halfway point: text with such a value is parsed again carefully, sending those
/// values to the standard library's correctly rounded, locale-independent `Float(String)`, so every
/// value equals `Float(String)`. `INF`/`NaN` spellings parse, so the caller can report them as
/// non-finite rather than as garbage.
///
/// Most tokens (a sign, at most 19 digits, an optional `.`) take ``plainFloat``: two digit loops
/// that only multiply and add, then one multiply by a rounded power of ten. The scan is a byte loop
/// on purpose: on the machine measured (AMD EPYC, 2 cores), word-at-a-time digit runs (eight digits
/// per load, three multiplies) made each token's end depend on a load and bit arithmetic, a serial
/// chain that cost more (12-17 ns per float) than these well-predicted branches (6.8 ns per float
/// on `walk.dae`, 8.8 ns for the general loop alone).
package enum NumberParser {
    /// Why a token was refused.
    package enum Failure: Sendable, Equatable {
        /// The token is not a number; `decimalComma` when it looks like "0,5".
        case badToken(offset: Int, token: String, decimalComma: Bool)
        /// The token is an integer too large for 32 bits, or negative where not allowed.
        case outOfRange(offset: Int, token: String)
    }

    static let powersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }
        return p
    }

    @inline(__always)
    static func isSpace(_ c: UInt8) -> Bool { isXMLWhiteSpace(c) }

    /// Parses every float in `text`, appending to `out`.
    ///
    /// - Returns: `nil` on success, or the first failure (values before it are appended).
    package static func parseFloats(_ text: UnsafeBufferPointer<UInt8>, into out: inout [Float]) -> Failure? {
        parseAll(text, into: &out, parseFloats)
    }

    /// Runs `kernel` over `text` into uninitialised storage sized for the most values the text can
    /// hold (each takes a character and a separator: (n + 1) / 2), so no value is appended one by
    /// one; a large result is then copied into storage of its own size.
    @inline(__always)
    static func parseAll<T>(_ text: UnsafeBufferPointer<UInt8>, into out: inout [T],
                            _ kernel: (UnsafeBufferPointer<UInt8>, UnsafeMutablePointer<T>, inout Int) -> Failure?) -> Failure? {
        guard text.baseAddress != nil, !text.isEmpty else { return nil }
        var failure: Failure?
        var values = [T](unsafeUninitializedCapacity: (text.count + 1) / 2) { buffer, count in
            failure = kernel(text, buffer.baseAddress!, &count)
        }
        // Exporters write 7-17 digits a value, so the storage is 4-9 times larger than needed:
        // give a large array back its slack (one copy, a fraction of the parse).
        if values.count >= 1024 && values.capacity > 2 * values.count {
            let n = values.count
            values = values.withUnsafeBufferPointer { v in
                [T](unsafeUninitializedCapacity: n) { dst, count in
                    dst.baseAddress!.initialize(from: v.baseAddress!, count: n)
                    count = n
                }
            }
        }
        if out.isEmpty { out = values } else { out += values }
        return failure
    }

    static func parseFloats(_ text: UnsafeBufferPointer<UInt8>, _ dst: UnsafeMutablePointer<Float>,
                            _ written: inout Int) -> Failure? {
        // A first pass trusts the fast path and only notes whether any value came near a Float
        // halfway point (a branch on each division's result would stall the loop); in the rare text
        // where one did, a second, careful pass sends those values to the standard library.
        var nearHalfway = false
        let failure = parseFloats(text, dst, &written, careful: false, nearHalfway: &nearHalfway)
        if !nearHalfway { return failure }
        return parseFloats(text, dst, &written, careful: true, nearHalfway: &nearHalfway)
    }

    @inline(__always)
    static func parseFloats(_ text: UnsafeBufferPointer<UInt8>, _ dst: UnsafeMutablePointer<Float>, _ written: inout Int,
                            careful: Bool, nearHalfway: inout Bool) -> Failure? {
        guard let base = text.baseAddress else { return nil }
        let n = text.count
        var i = 0
        var w = 0
        defer { written = w }
        let p10 = powersOfTen
        let scales = decimalScales
        while true {
            while i < n && isSpace(base[i]) { i += 1 }
            if i >= n { return nil }
            if plainFloat(base, &i, n, &dst[w], scales, careful: careful, nearHalfway: &nearHalfway) {
                w &+= 1
                continue
            }
            let start = i
            var negative = false
            if base[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if base[i] == UInt8(ascii: "+") { i += 1 }
            var mantissa: UInt64 = 0
            var digits = 0          // significant digits taken into the mantissa
            var dropped = 0         // integer digits beyond 19
            var exponent = 0
            var sawDigit = false
            // Integer part.
            while i < n {
                let d = base[i] &- 48
                if d > 9 { break }
                sawDigit = true
                if digits < 19 {
                    if mantissa != 0 || d != 0 { mantissa = mantissa &* 10 &+ UInt64(d); digits += mantissa != 0 ? 1 : 0 }
                } else { dropped += 1 }
                i += 1
            }
            exponent += dropped
            var truncated = dropped > 0
            if i < n && base[i] == UInt8(ascii: ".") {
                i += 1
                while i < n {
                    let d = base[i] &- 48
                    if d > 9 { break }
                    sawDigit = true
                    if digits < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(d)
                        if mantissa != 0 { digits += 1 }
                        exponent -= 1
                    } else if d != 0 { truncated = true }
                    i += 1
                }
            }
            if sawDigit && i < n && (base[i] | 0x20) == UInt8(ascii: "e") {
                var j = i + 1
                var expNegative = false
                if j < n && (base[j] == UInt8(ascii: "-") || base[j] == UInt8(ascii: "+")) {
                    expNegative = base[j] == UInt8(ascii: "-"); j += 1
                }
                var e = 0
                var expDigits = false
                while j < n {
                    let d = base[j] &- 48
                    if d > 9 { break }
                    expDigits = true
                    if e < 100_000 { e = e * 10 + Int(d) }
                    j += 1
                }
                if expDigits { exponent += expNegative ? -e : e; i = j } else { i = j; sawDigit = false }
            }
            if !sawDigit || (i < n && !isSpace(base[i])) {
                // Not a plain number: special values, or garbage.
                var end = i
                while end < n && !isSpace(base[end]) { end += 1 }
                let token = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
                if let special = specialValue(token) {
                    dst[w] = special
                    w += 1
                    i = end
                    continue
                }
                let comma = token.contains(",") && token.allSatisfy { $0.isNumber || $0 == "," || $0 == "-" || $0 == "+" || $0 == "." }
                return .badToken(offset: start, token: String(token.prefix(40)), decimalComma: comma)
            }
            var value: Float = 0
            if mantissa == 0 {
                value = 0
            } else if exponent >= -22 && exponent <= 22
                        && fastPath(mantissa, exponent, truncated, p10, &value, careful: careful, nearHalfway: &nearHalfway) {
                // value set by the fast path
            } else {
                // Straight to Float: Float(Double(token)) would round twice.
                let token = String(decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
                value = Float(token) ?? .nan
                negative = false  // the sign was part of the token
            }
            dst[w] = negative ? -value : value
            w += 1
        }
    }

    /// Converts `mantissa * 10^exponent` (|exponent| <= 22) to `Float`, or (when `careful`) returns
    /// false when only the standard library can round it correctly.
    ///
    /// Up to 2^53 with all digits kept, mantissa and power are exact doubles and one IEEE operation
    /// rounds correctly; rounding that double again to `Float` is then wrong only when it lands
    /// exactly on a halfway point between two floats. A longer or truncated mantissa leaves the
    /// double a few units in its last place from the truth, so values that close to a halfway point
    /// are suspect too. Suspects set `nearHalfway`; a careful pass declines them.
    @inline(__always)
    static func fastPath(_ mantissa: UInt64, _ exponent: Int, _ truncated: Bool, _ p10: [Double], _ value: inout Float,
                         careful: Bool, nearHalfway: inout Bool) -> Bool {
        let m = Double(mantissa)
        let d = exponent >= 0 ? m * p10[exponent] : m / p10[-exponent]
        // |value| is within 1e-22...1e42 here: a normal Float, so double bit 28 is its halfway bit.
        let slack: UInt64 = !truncated && mantissa <= (1 << 53) ? 0 : 8
        let suspect = (d.bitPattern & 0x1FFF_FFFF) &- (0x1000_0000 &- slack) <= 2 &* slack
        if careful && suspect { return false }
        nearHalfway = nearHalfway || suspect
        value = Float(d)
        return true
    }

    /// The smallest and largest decimal exponent ``plainFloat`` scales by: m < 10^19 times
    /// 10^-65 is below Float's smallest subnormal, and 10^39 above its largest value.
    static let scaleExponents = -65...39

    /// 10^e for e in ``scaleExponents`` (index e + 65), each the double nearest to it (the standard
    /// library's correctly rounded parse). Written once, read-only after: safe to share.
    nonisolated(unsafe) static let decimalScales: UnsafePointer<Double> = {
        let p = UnsafeMutablePointer<Double>.allocate(capacity: scaleExponents.count)
        for e in scaleExponents { p[e - scaleExponents.lowerBound] = Double("1e\(e)") ?? .nan }
        return UnsafePointer(p)
    }()

    /// The common token: an optional sign, at most 19 digits with an optional `.`, an optional
    /// exponent of at most three digits, then a space or the end. The digit loops only multiply and
    /// add, so the next token's start never waits on the conversion. `false` (with `i` unmoved)
    /// leaves anything else to the general code.
    @inline(__always)
    static func plainFloat(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int, _ value: inout Float,
                           _ scales: UnsafePointer<Double>, careful: Bool, nearHalfway: inout Bool) -> Bool {
        var p = i
        let negative = base[p] == UInt8(ascii: "-")
        if negative || base[p] == UInt8(ascii: "+") { p &+= 1 }
        let digitsStart = p
        var m: UInt64 = 0
        while p < n {
            let d = base[p] &- 48
            if d > 9 { break }
            m = m &* 10 &+ UInt64(d)
            p &+= 1
        }
        var digits = p &- digitsStart
        var fraction = 0
        if p < n && base[p] == UInt8(ascii: ".") {
            p &+= 1
            let fractionStart = p
            while p < n {
                let d = base[p] &- 48
                if d > 9 { break }
                m = m &* 10 &+ UInt64(d)
                p &+= 1
            }
            fraction = p &- fractionStart
            digits &+= fraction
        }
        if digits == 0 || digits > 19 { return false }
        var exponent = -fraction
        if p < n && base[p] | 0x20 == UInt8(ascii: "e") {
            p &+= 1
            let expNegative = p < n && base[p] == UInt8(ascii: "-")
            if p < n && (expNegative || base[p] == UInt8(ascii: "+")) { p &+= 1 }
            let expStart = p
            var e = 0
            while p < n {
                let d = base[p] &- 48
                if d > 9 { break }
                e = e &* 10 &+ Int(d)
                p &+= 1
            }
            if p == expStart || p &- expStart > 3 { return false }
            exponent &+= expNegative ? -e : e
        }
        if p < n && !isSpace(base[p]) { return false }
        if m == 0 {
            value = negative ? -0.0 : 0
            i = p
            return true
        }
        if exponent < scaleExponents.lowerBound || exponent > scaleExponents.upperBound { return false }
        // m < 10^19 < 2^64. Rounding m, the scale and the product leaves d within about three
        // units in the last place of m · 10^e (four allowed), so its Float rounding is right unless
        // it is that close to a Float halfway point (such text is parsed again carefully), or
        // outside Float's normal range, where bit 28 is not the halfway bit (the general path).
        let d = Double(m) * scales[exponent &- scaleExponents.lowerBound]
        if !(d >= 0x1p-126 && d <= 0x1.fffffep127) { return false }
        let suspect = (d.bitPattern & 0x1FFF_FFFF) &- (0x1000_0000 &- 4) <= 8
        if careful && suspect { return false }
        nearHalfway = nearHalfway || suspect
        let f = Float(d)
        value = negative ? -f : f
        i = p
        return true
    }

    static func specialValue(_ token: String) -> Float? {
        switch token.lowercased() {
        case "inf", "+inf", "infinity", "+infinity", "1.#inf": return .infinity
        case "-inf", "-infinity", "-1.#inf": return -.infinity
        case "nan", "-nan", "+nan", "1.#qnan", "-1.#ind", "1.#ind", "-1.#qnan": return .nan
        default: return nil
        }
    }

    /// Parses every integer in `text` (32-bit signed), appending to `out`.
    package static func parseInts(_ text: UnsafeBufferPointer<UInt8>, into out: inout [Int32]) -> Failure? {
        parseAll(text, into: &out, parseInts)
    }

    static func parseInts(_ text: UnsafeBufferPointer<UInt8>, _ dst: UnsafeMutablePointer<Int32>, _ written: inout Int) -> Failure? {
        guard let base = text.baseAddress else { return nil }
        let n = text.count
        var i = 0
        var w = 0
        defer { written = w }
        while true {
            while i < n && isSpace(base[i]) { i += 1 }
            if i >= n { return nil }
            let start = i
            var negative = false
            if base[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if base[i] == UInt8(ascii: "+") { i += 1 }
            var v: Int64 = 0
            var sawDigit = false
            while i < n {
                let d = base[i] &- 48
                if d > 9 { break }
                sawDigit = true
                if v < 1 << 40 { v = v * 10 + Int64(d) }
                i += 1
            }
            if !sawDigit || (i < n && !isSpace(base[i])) {
                var end = i
                while end < n && !isSpace(base[end]) { end += 1 }
                let token = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
                return .badToken(offset: start, token: String(token.prefix(40)), decimalComma: false)
            }
            if negative { v = -v }
            guard v >= Int64(Int32.min) && v <= Int64(Int32.max) else {
                let token = String(decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
                return .outOfRange(offset: start, token: token)
            }
            dst[w] = Int32(truncatingIfNeeded: v)
            w += 1
        }
    }
}
