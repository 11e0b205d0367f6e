import Foundation
import Testing
@testable import ColladaKit

@Suite struct NumberParserTests {
    func floats(_ s: String) -> ([Float], NumberParser.Failure?) {
        var out: [Float] = []
        let bytes = Array(s.utf8)
        let f = bytes.withUnsafeBufferPointer { NumberParser.parseFloats($0, into: &out) }
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
        var rng = SystemRandomNumberGenerator()
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
        var mismatches = 0
        for (a, b) in zip(v, expected) where a != b {
            // Double rounding may move a halfway case by one unit in the last place.
            if a.nextUp != b && a.nextDown != b { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func roundsSeventeenDigitDoublesCorrectly() {
        // Exporters that print doubles (Godot, some Maya plug-ins) write 17 significant digits.
        var rng = SystemRandomNumberGenerator()
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
