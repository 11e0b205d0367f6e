import Foundation
import Testing
@testable import ColladaKit

@Suite struct NumberParserTests {
    /// Parses `s`: the values and the failure, if any.
    func floats(_ s: String) -> ([Float], NumberParser.Failure?) {
        var out: [Float] = []
        let f = Array(s.utf8).withUnsafeBufferPointer { NumberParser.parseFloats($0, into: &out) }
        return (out, f)
    }

    @Test(arguments: [
        ("0", Float(0)), ("1", 1), ("-1", -1), ("+2.5", 2.5), ("0.1", 0.1), (".5", 0.5), ("5.", 5),
        ("1e3", 1000), ("1E-3", 0.001), ("-2.5e+2", -250), ("3.4028235e38", Float.greatestFiniteMagnitude),
        ("0.000001", 0.000001), ("123456789012345678901234", 1.2345679e23), ("1e-45", .leastNonzeroMagnitude),
        ("0.30000000000000004", 0.3), ("-0", -0.0), ("6.02214076e23", 6.02214076e23),
    ])
    func parsesOneFloat(text: String, expected: Float) {
        let (v, f) = floats(text)
        #expect(f == nil)
        #expect(v == [expected], "\(text)")
    }

    @Test func matchesTheStandardLibraryOnManyValues() {
        // Random decimal strings, compared with Float(String), which rounds correctly.
        var rng = SeededGenerator(seed: 0x5eed0001)
        var text = ""
        var expected: [Float] = []
        for _ in 0..<20_000 {
            let mantissa = Int.random(in: -99_999_999...99_999_999, using: &rng)
            let exp = Int.random(in: -12...12, using: &rng)
            let s = "\(mantissa)e\(exp)"
            text += s + (Bool.random(using: &rng) ? " " : "\n\t")
            expected.append(Float(s)!)
        }
        let (v, f) = floats(text)
        #expect(f == nil)
        #expect(v.count == expected.count)
        #expect(v == expected)
    }

    /// Parses `tokens` joined by mixed separators and expects exactly `Float(String)` for each.
    func expectStandardLibraryValues(_ tokens: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var text = ""
        for (k, t) in tokens.enumerated() { text += t + [" ", "\n\t\t", "  ", "\r\n"][k % 4] }
        let (v, f) = floats(text)
        #expect(f == nil, sourceLocation: sourceLocation)
        #expect(v.count == tokens.count, sourceLocation: sourceLocation)
        var wrong: [String] = []
        for (t, a) in zip(tokens, v) {
            let b = Float(t)!
            if a.bitPattern != b.bitPattern && !(a.isNaN && b.isNaN) { wrong.append("\(t): \(a) != \(b)") }
        }
        let report = wrong.prefix(10).joined(separator: "; ")
        #expect(wrong.count == 0, "\(report)", sourceLocation: sourceLocation)
    }

    @Test func matchesTheStandardLibraryOnSixToNineDigitValues() {
        // The shapes most exporters write: `0.08499991`, `-12.34567`, `1.5e-05`.
        var rng = SeededGenerator(seed: 0x5eed0002)
        var tokens: [String] = []
        for _ in 0..<40_000 {
            let digits = Int.random(in: 6...9, using: &rng)
            let m = UInt64.random(in: 0..<UInt64(pow(10, Double(digits))), using: &rng)
            var s = String(m)
            s = String(repeating: "0", count: max(0, digits - s.count)) + s
            let point = Int.random(in: 0...digits, using: &rng)
            s.insert(".", at: s.index(s.startIndex, offsetBy: point))
            if Bool.random(using: &rng) { s = "-" + s }
            if Int.random(in: 0..<4, using: &rng) == 0 { s += "e\(Int.random(in: -30...30, using: &rng))" }
            tokens.append(s)
        }
        expectStandardLibraryValues(tokens)
    }

    @Test func matchesTheStandardLibraryOnSeventeenToTwentyFiveDigitValues() {
        var rng = SeededGenerator(seed: 0x5eed0003)
        var tokens: [String] = []
        for _ in 0..<20_000 {
            let d = Double(bitPattern: UInt64.random(in: 0x3C00_0000_0000_0000...0x4780_0000_0000_0000, using: &rng))
            tokens.append(String(format: "%.\(Int.random(in: 16...24, using: &rng))e", d))
            tokens.append("\(d)")
        }
        expectStandardLibraryValues(tokens)
    }

    @Test func matchesTheStandardLibraryOnExponentsAndSubnormals() {
        var rng = SeededGenerator(seed: 0x5eed0004)
        var tokens: [String] = ["1e-38", "1.17549435e-38", "1.1754942e-38", "1e-45", "7e-46", "7.1e-46", "1.4e-45",
                                "3.4028235e38", "3.4028236e38", "3.40282357e38", "1e39", "0e400", "-0.0e-400", "1e-400"]
        for _ in 0..<20_000 {
            let f = Float(bitPattern: UInt32.random(in: 1..<0x0080_0000, using: &rng))  // subnormal
            tokens.append(String(format: "%.\(Int.random(in: 1...12, using: &rng))e", Double(f)))
            let g = Float(bitPattern: UInt32.random(in: 0x0080_0000..<0x7F80_0000, using: &rng))  // any normal
            tokens.append(String(format: "%.\(Int.random(in: 1...10, using: &rng))e", Double(g)))
        }
        expectStandardLibraryValues(tokens)
    }

    @Test func matchesTheStandardLibraryOnThreeDigitExponents() {
        // SketchUp and other Windows exporters print exponents with three digits: 1.7e-017.
        var rng = SeededGenerator(seed: 0x5eed0005)
        var tokens = ["-1.741429659934826e-017", "1.38790518535184e-045", "1e-065", "1e-066", "9.99e038", "3.4028234e+038"]
        for _ in 0..<20_000 {
            let e = Int.random(in: -70...40, using: &rng)
            let digits = Int.random(in: 1...18, using: &rng)
            let m = String(UInt64.random(in: 1..<UInt64(pow(10, Double(digits))), using: &rng))
            let sign = Bool.random(using: &rng) ? "-" : ""
            let expText = (e < 0 ? "-" : "+") + String(String(abs(e)).reversed()).padding(toLength: 3, withPad: "0", startingAt: 0).reversed()
            let mantissa = m.count > 1 ? String(m.first!) + "." + m.dropFirst() : m
            tokens.append(sign + mantissa + "e" + expText)
        }
        expectStandardLibraryValues(tokens)
    }

    /// The exact decimal expansion of a finite binary value `odd * 2^exp2` (no rounding).
    func exactDecimal(_ odd: UInt64, _ exp2: Int) -> String {
        // Little-endian decimal digits of odd * 2^exp2 * 10^k, where k = max(0, -exp2).
        var digits: [UInt8] = Array(String(odd).utf8.reversed().map { $0 - 48 })
        func multiply(_ by: UInt8) {
            var carry = 0
            for i in digits.indices {
                let x = Int(digits[i]) * Int(by) + carry
                digits[i] = UInt8(x % 10)
                carry = x / 10
            }
            while carry > 0 { digits.append(UInt8(carry % 10)); carry /= 10 }
        }
        for _ in 0..<abs(exp2) { multiply(exp2 < 0 ? 5 : 2) }
        var s = String(decoding: digits.reversed().map { $0 + 48 }, as: UTF8.self)
        if exp2 < 0 {
            let k = -exp2
            if s.count <= k { s = String(repeating: "0", count: k - s.count + 1) + s }
            s.insert(".", at: s.index(s.endIndex, offsetBy: -k))
        }
        return s
    }

    @Test func roundsHalfwayCasesToEven() {
        // Exact midpoints between neighbouring floats (ties go to the even significand), and the
        // closest 17- and 9-digit decimals on either side of them.
        var rng = SeededGenerator(seed: 0x5eed0006)
        var tokens: [String] = ["16777217", "16777219", "0.500000029802322387695312", "33554434", "33554438"]
        for _ in 0..<3_000 {
            let f = Float(bitPattern: UInt32.random(in: 0x3000_0000..<0x5000_0000, using: &rng))
            let mid = (Double(f) + Double(f.nextUp)) / 2  // exact: 25 significant bits
            let e = mid.exponent - 24  // mid = odd * 2^e
            let odd = UInt64(mid.significand * 0x1p24)
            tokens.append(exactDecimal(odd, Int(e)))
            tokens.append(String(format: "%.16e", mid))
            tokens.append(String(format: "%.16e", mid.nextUp))
            tokens.append(String(format: "%.16e", mid.nextDown))
            tokens.append(String(format: "%.8e", mid))
        }
        expectStandardLibraryValues(tokens)
    }

    @Test func exactMidpointsAreChecked() {
        // 2^24 + 1 lies halfway between 2^24 and 2^24 + 2: ties to even gives 2^24.
        #expect(floats("16777217").0 == [16_777_216])
        #expect(floats("16777219").0 == [16_777_220])
        #expect(exactDecimal(3, -2) == "0.75")
        #expect(exactDecimal(5, 3) == "40")
    }

    @Test(arguments: [
        // Digit runs across the eight-byte word boundaries, and tokens ending at the buffer's end.
        "1", "12", "123456789", "1234567890123456789", "12345678.87654321", "0.00000000", "00000000000000000001.5",
        "-0.08499991", "+1234567.8", ".12345678", "1.e5", "-.5e-3", "9999999999999999999", "10000000000000000000000",
    ])
    func wordBoundaries(_ token: String) {
        for prefix in ["", " ", "   ", "       "] {
            expectStandardLibraryValues([prefix + token].map { $0.trimmingCharacters(in: .whitespaces) })
            let (v, f) = floats(prefix + token)
            #expect(f == nil && v == [Float(token)!], "\(prefix)\(token)")
        }
    }

    @Test func roundsSeventeenDigitDoublesCorrectly() {
        // Exporters that print doubles (Godot, some Maya plug-ins) write 17 significant digits.
        var rng = SeededGenerator(seed: 0x5eed0007)
        var text = ""
        var expected: [Float] = []
        for _ in 0..<20_000 {
            let d = Double.random(in: -1000...1000, using: &rng) * pow(10, Double(Int.random(in: -8...8, using: &rng)))
            let s = "\(d)"
            text += s + " "
            expected.append(Float(s)!)
        }
        let (v, f) = floats(text)
        #expect(f == nil)
        #expect(v == expected)
    }

    @Test(arguments: [
        ("1 2 0,5 4", "0,5", true), ("1 2x 3", "2x", false), ("abc", "abc", false), ("1e", "1e", false),
        ("--1", "--1", false), ("1.2.3", "1.2.3", false),
    ])
    func refusesBadTokens(text: String, token: String, comma: Bool) {
        let (_, f) = floats(text)
        guard case .badToken(_, let t, let c)? = f else {
            Issue.record("no failure for \(text)")
            return
        }
        #expect(t == token)
        #expect(c == comma)
    }

    @Test func reportsTheOffsetOfTheBadToken() {
        let (v, f) = floats("1 2\n  3,5 4")
        #expect(v == [1, 2])
        #expect(f == .badToken(offset: 6, token: "3,5", decimalComma: true))
    }

    @Test func specialValuesParseSoTheyCanBeReportedAsNonFinite() {
        let (v, f) = floats("INF -inf NaN")
        #expect(f == nil)
        #expect(v.count == 3 && v[0] == .infinity && v[1] == -.infinity && v[2].isNaN)
    }

    @Test func integersOfEveryLength() {
        var rng = SeededGenerator(seed: 0x5eed0008)
        var expected: [Int32] = [Int32.max, Int32.min, 0, -0, 99_999_999, 10_000_000, 1_234_567]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...10, using: &rng)
            let limit = digits == 10 ? Int64(Int32.max) : Int64(pow(10, Double(digits))) - 1
            let v = Int64.random(in: 0...limit, using: &rng)
            expected.append(Int32(Bool.random(using: &rng) ? -v : v))
        }
        let text = expected.map(String.init).joined(separator: " ") + "\n"
        var out: [Int32] = []
        let f = Array(text.utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out) }
        #expect(f == nil)
        #expect(out == expected)
        var out2: [Int32] = []
        let bad = Array("12 3x".utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out2) }
        #expect(bad == .badToken(offset: 3, token: "3x", decimalComma: false))
        var out4: [Int32] = []
        let long = Array("0000000000000000000000042 -0000000000000000000000007".utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out4) }
        #expect(long == nil && out4 == [42, -7])
        var out5: [Int32] = []
        let huge = Array("1 99999999999999999999999".utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out5) }
        #expect(huge == .outOfRange(offset: 2, token: "99999999999999999999999"))
        var out3: [Int32] = []
        let bad2 = Array("12 -".utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out3) }
        #expect(bad2 == .badToken(offset: 3, token: "-", decimalComma: false))
    }

    @Test func integers() {
        var out: [Int32] = []
        let ok = Array("0 12 -3 2147483647\n4".utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out) }
        #expect(ok == nil)
        #expect(out == [0, 12, -3, 2_147_483_647, 4])
        var out2: [Int32] = []
        let big = Array("1 99999999999".utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out2) }
        #expect(big == .outOfRange(offset: 2, token: "99999999999"))
        var out3: [Int32] = []
        let bad = Array("1 2.5".utf8).withUnsafeBufferPointer { NumberParser.parseInts($0, into: &out3) }
        #expect(bad == .badToken(offset: 2, token: "2.5", decimalComma: false))
    }
}
