import JSONKit
import PipelineKit
import Testing

/// RFC 8259 read to the letter: what a conforming parser must accept, what it must refuse, and the
/// choices the RFC leaves to the implementation (number range, duplicate names, a byte order mark,
/// nesting depth), each pinned with the line and column of the error.
///
/// Written from the RFC's grammar (sections 2 to 8), case by case; no third-party test files.
@Suite struct JSONConformanceTests {
    static func parse(_ text: String) throws -> JSONNode {
        try JSONNode.parse(Array(text.utf8), path: "t.json")
    }

    /// The error for `bytes`, or a test failure when they parse.
    static func refusal(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
        do {
            let node = try JSONNode.parse(bytes, path: "t.json")
            Issue.record("accepted \(bytes.count) bytes as \(node.kind)", sourceLocation: sourceLocation)
            return nil
        } catch let e as JSONSyntaxError {
            return e
        } catch {
            Issue.record("threw \(error), not a JSONSyntaxError", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func number(_ node: JSONNode) -> Double? {
        if case .number(let v, _) = node.value { return v }
        return nil
    }

    static func string(_ node: JSONNode) -> String? {
        if case .string(let s) = node.value { return s }
        return nil
    }

    // MARK: Numbers (RFC 8259 section 6)

    /// Every production of the number grammar, and the value it must have.
    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("-7", -7), ("10", 10), ("0.5", 0.5), ("-0.25", -0.25),
        ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("1e-3", 0.001), ("2.5E-1", 0.25), ("0e0", 0),
        ("123456789012345678901234567890", 123456789012345678901234567890.0),
        // Beyond 2^53 a number rounds to the nearest double, as every IEEE reader does.
        ("9007199254740993", 9007199254740992), ("0.1", 0.1), ("1.7976931348623157e308", .greatestFiniteMagnitude),
        // Below the smallest subnormal: zero (the RFC leaves precision to the implementation).
        ("1e-400", 0), ("4.9e-324", .leastNonzeroMagnitude),
    ])
    func validNumbers(text: String, value: Double) throws {
        let node = try Self.parse(text)
        let v = try #require(Self.number(node))
        #expect(v == value && v.sign == value.sign, "\(text) read as \(v)")
        if case .number(_, let written) = node.value { #expect(written == text) }
    }

    /// What the grammar refuses, each at the column where it stops fitting.
    @Test(arguments: [
        ("01", 1, "may not start with 0"), ("-01", 2, "may not start with 0"), ("00", 1, "may not start with 0"),
        ("1.", 3, "after '.'"), ("1.e3", 3, "after '.'"), (".5", 1, "a value was expected"), ("+1", 1, "a value was expected"),
        ("-", 2, "after '-'"), ("- 1", 2, "after '-'"), ("1e", 3, "exponent"), ("1e+", 4, "exponent"), ("1E-x", 4, "exponent"),
        ("0x10", 2, "after the JSON value"), ("1_000", 2, "after the JSON value"), ("1 2", 3, "after the JSON value"),
        ("NaN", 1, "a value was expected"), ("Infinity", 1, "a value was expected"), ("-Infinity", 2, "after '-'"),
        // Finite text beyond a double's range: refused, never read as infinity.
        ("1e400", 1, "too large"), ("-1e400", 1, "too large"),
    ])
    func invalidNumbers(text: String, column: Int, says: String) throws {
        let e = try #require(Self.refusal(Array(text.utf8)))
        #expect(e.location == SourceLocation(path: "t.json", line: 1, column: column), "\(text): \(e.message)")
        #expect(e.message.contains(says), "\(text): \(e.message)")
    }

    /// A number of 100,000 digits neither traps nor takes quadratic time; its value is finite or refused.
    @Test func longNumbers() throws {
        let long = String(repeating: "9", count: 100_000)
        #expect(Self.refusal(Array(long.utf8))?.message.contains("too large") == true)
        let fraction = try Self.parse("0." + long)
        #expect(Self.number(fraction).map { $0 > 0.99 && $0 <= 1 } == true)
        let tiny = try Self.parse("1e-" + long)
        #expect(Self.number(tiny) == 0)
    }

    // MARK: Strings (section 7)

    @Test(arguments: [
        (#""""#, ""), (#""abc""#, "abc"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u00E9""#, "Aéé"), (#""\u0000""#, "\u{0}"), (#""\u001f""#, "\u{1F}"),
        // A surrogate pair is one scalar (section 7: U+1D11E written as "\uD834\uDD1E").
        (#""\uD834\uDD1E""#, "\u{1D11E}"), (#""\ud83d\ude00""#, "😀"),
        // Unescaped UTF-8 of every length, and DEL, which needs no escape.
        ("\"é€😀\u{7F}\"", "é€😀\u{7F}"), ("\"\u{FEFF}\"", "\u{FEFF}"),
    ])
    func validStrings(text: String, value: String) throws {
        #expect(Self.string(try Self.parse(text)) == value)
    }

    @Test(arguments: [
        (#""\x41""#, 2, "not a JSON escape"), (#""\'""#, 2, "not a JSON escape"), (#""\U0041""#, 2, "not a JSON escape"),
        (#""\u12""#, 4, "four hex digits"), (#""\u12G4""#, 6, "four hex digits"), (#""\u"#, 4, "four hex digits"),
        // Lone surrogates cannot be held in a Swift string (or any UTF-8): refused, located at the escape.
        (#""\uD800""#, 2, "lone surrogate"), (#""\uDC00""#, 2, "lone surrogate"), (#""a\uDFFFb""#, 3, "lone surrogate"),
        (#""\uD800\u0041""#, 8, "no low one"), (#""\uD800\uD800""#, 8, "no low one"),
        (#""abc"#, 1, "not closed"), (#"""#, 1, "not closed"), (#""abc\"#, 1, "not closed"),
    ])
    func invalidStrings(text: String, column: Int, says: String) throws {
        let e = try #require(Self.refusal(Array(text.utf8)))
        #expect(e.location.column == column, "\(text): \(e.message) at \(e.location)")
        #expect(e.message.contains(says), "\(text): \(e.message)")
    }

    /// Every control character U+0000 to U+001F must be escaped inside a string (section 7).
    @Test func rawControlCharacters() throws {
        for c in UInt8(0)..<0x20 {
            let e = try #require(Self.refusal([0x22, 0x61, c, 0x22]))
            #expect(e.location.column == 3, "0x\(String(c, radix: 16))")
            #expect(e.message.contains(c == 0x0A ? "end of the line" : "control character"), "\(e.message)")
        }
    }

    /// Bytes that are not UTF-8 (section 8.1): overlong forms, surrogates encoded directly, stray
    /// continuation bytes, truncated sequences, and bytes UTF-8 never uses.
    @Test(arguments: [
        [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xBF], [0xC3], [0xE2, 0x82],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF],
    ] as [[UInt8]])
    func invalidUTF8(_ bad: [UInt8]) throws {
        let e = try #require(Self.refusal([0x22, 0x61] + bad + [0x22]))
        #expect(e.message.contains("not valid UTF-8") && e.location.column == 1, "\(bad): \(e.message)")
    }

    // MARK: Literals, structure and white space (sections 2, 3, 4, 5)

    @Test func literalsAndTopLevelScalars() throws {
        // RFC 8259 (unlike RFC 4627) allows any value at the top level.
        if case .bool(true) = try Self.parse("true").value {} else { Issue.record("true") }
        if case .bool(false) = try Self.parse(" false ").value {} else { Issue.record("false") }
        if case .null = try Self.parse("\tnull\n").value {} else { Issue.record("null") }
        #expect(Self.string(try Self.parse(#""top""#)) == "top")
        for bad in ["True", "FALSE", "nul", "nulls", "tru e", "undefined", "'a'", "{a:1}", "[1,]", "{\"a\":1,}", "[,1]", "[1 2]",
                    "{\"a\" 1}", "{\"a\":}", "{1:2}", "[", "{", "]", "}", "[}", "{]", "", "   ", "// c\n1", "/* c */ 1", "1 // c"] {
            _ = Self.refusal(Array(bad.utf8))
        }
    }

    /// The trailing-comma and unclosed cases say so in words, at the right place.
    @Test(arguments: [
        ("[1,]", 1, 4, "trailing comma"), ("{\"a\":1,}", 1, 8, "trailing comma"),
        ("[1,\n2", 2, 2, "not closed"), ("{\"a\":\n1", 2, 2, "not closed"), ("", 1, 1, "empty"), ("\n\n", 3, 1, "empty"),
        ("{\"a\":1}\n{}", 2, 1, "one value per file"),
    ])
    func structuralErrors(text: String, line: Int, column: Int, says: String) throws {
        let e = try #require(Self.refusal(Array(text.utf8)))
        #expect(e.location.line == line && e.location.column == column, "\(text.debugDescription): \(e.location)")
        #expect(e.message.contains(says), "\(e.message)")
    }

    /// Only space, tab, line feed and carriage return are white space (section 2).
    @Test func whiteSpace() throws {
        let node = try JSONNode.parse(Array(" \t\r\n[ 1 ,\r\n 2 ]\r\n\t ".utf8), path: "t.json")
        if case .array(let items) = node.value {
            #expect(items.count == 2)
            #expect(items[1].location == SourceLocation(path: "t.json", line: 3, column: 2))
        } else {
            Issue.record("not a list")
        }
        for other: [UInt8] in [[0x0C], [0x0B], [0xC2, 0xA0], [0xE2, 0x80, 0xA8], [0xE3, 0x80, 0x80], [0x00]] {
            let e = try #require(Self.refusal(other + Array("1".utf8)))
            #expect(e.location.column == 1)
        }
    }

    // MARK: Choices the RFC leaves open: BOM, duplicates, depth

    /// A UTF-8 byte order mark is skipped (section 8.1 allows a parser to ignore one); columns count
    /// from after it. UTF-16 and UTF-32 (with or without their BOM) are not UTF-8: refused at byte 1.
    @Test func byteOrderMarks() throws {
        let node = try JSONNode.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8), path: "t.json")
        #expect(node.location == SourceLocation(path: "t.json", line: 1, column: 1))
        let e = try #require(Self.refusal([0xEF, 0xBB, 0xBF, 0x31, 0x2C]))
        #expect(e.location.column == 2)
        for bom: [UInt8] in [[0xFE, 0xFF, 0x00, 0x31], [0xFF, 0xFE, 0x31, 0x00], [0x00, 0x00, 0xFE, 0xFF], [0x00, 0x7B, 0x00, 0x7D]] {
            let e = try #require(Self.refusal(bom))
            #expect(e.location == SourceLocation(path: "t.json", line: 1, column: 1), "\(bom)")
        }
        // A second BOM is not white space.
        _ = Self.refusal([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31])
    }

    /// Duplicate names (section 4: "SHOULD be unique"): every occurrence is kept, in order, with its
    /// own location, so the catalog reader can name both; a lookup by path sees the last.
    @Test func duplicateNames() throws {
        let node = try Self.parse("{\"a\": 1,\n \"b\": 2,\n \"a\": 3}")
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(members.map(\.keyLocation.line) == [1, 2, 3])
        #expect(Self.number(node.descendant([.key("a")])) == 3)
        // Names compare after their escapes are decoded: "\u0061" and "a" are the same name.
        let escaped = try Self.parse(#"{"\u0061": 1, "a": 2}"#)
        if case .object(let m) = escaped.value { #expect(m.map(\.key) == ["a", "a"]) }
    }

    /// Nesting up to ``JSONNode/maxDepth`` is read; one level more is refused at the bracket that
    /// crosses it, and a million brackets are refused without exhausting the stack.
    @Test func nestingDepth() throws {
        let depth = JSONNode.maxDepth
        _ = try Self.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        _ = try Self.parse(String(repeating: "{\"k\":", count: depth - 1) + "[]" + String(repeating: "}", count: depth - 1))
        let over = try #require(Self.refusal(Array(String(repeating: "[", count: depth + 1).utf8)))
        #expect(over.location.column == depth + 1 && over.message.contains("nest deeper"))
        let deep = try #require(Self.refusal([UInt8](repeating: 0x5B, count: 1_000_000)))
        #expect(deep.message.contains("nest deeper"))
        let mixed = try #require(Self.refusal(Array(String(repeating: "{\"a\":[", count: depth).utf8)))
        #expect(mixed.message.contains("nest deeper"))
    }

    /// Locations count lines by LF (a CRLF file has the same lines) and columns in bytes from 1.
    @Test func locations() throws {
        let node = try Self.parse("{\r\n  \"name\": \"é\",\r\n  \"n\": [1, 2]\r\n}")
        guard case .object(let m) = node.value else { Issue.record("not an object"); return }
        #expect(m[0].keyLocation == SourceLocation(path: "t.json", line: 2, column: 3))
        #expect(m[0].value.location == SourceLocation(path: "t.json", line: 2, column: 11))
        #expect(m[1].value.location == SourceLocation(path: "t.json", line: 3, column: 8))
        if case .array(let items) = m[1].value.value { #expect(items[1].location.column == 12) }
    }
}

/// Decoding a located tree into a `Decodable` type: what does not fit is named by path and place,
/// and keys the type never asks for are reported with the nearest key it does.
@Suite struct JSONNodeDecoderTests {
    struct Step: Decodable, Equatable {
        var name: String
        var poseTime: Double
        var tags: [String]?
    }

    struct File: Decodable {
        var steps: [Step]
    }

    @Test func decodesAndReportsUnknownKeys() throws {
        let text = "{\"steps\": [\n {\"name\": \"a\", \"poseTime\": 0.5},\n {\"name\": \"b\", \"posetime\": 1, \"poseTime\": 2, \"tags\": []}\n]}"
        let node = try JSONNode.parse(Array(text.utf8), path: "c.json")
        let (file, unknown) = try JSONNodeDecoder.decode(File.self, from: node)
        #expect(file.steps == [Step(name: "a", poseTime: 0.5, tags: nil), Step(name: "b", poseTime: 2, tags: [])])
        #expect(unknown.count == 1)
        #expect(unknown.first?.path == "steps[1].posetime")
        #expect(unknown.first?.suggestion == "poseTime")
        #expect(unknown.first?.location == SourceLocation(path: "c.json", line: 3, column: 16))
    }

    @Test(arguments: [
        ("{\"steps\": [{\"name\": 3, \"poseTime\": 1}]}", "steps[0].name", 21),
        ("{\"steps\": [{\"name\": \"a\", \"poseTime\": \"1\"}]}", "steps[0].poseTime", 38),
        ("{\"steps\": [{\"name\": \"a\"}]}", "poseTime", 12),
        ("{\"steps\": {}}", "steps", 11),
    ])
    func mismatchesAreLocated(text: String, says: String, column: Int) throws {
        let node = try JSONNode.parse(Array(text.utf8), path: "c.json")
        do {
            _ = try JSONNodeDecoder.decode(File.self, from: node)
            Issue.record("decoded \(text)")
        } catch let f as JSONNodeDecoder.Failure {
            #expect(f.message.contains(says), "\(f.message)")
            #expect(f.location.column == column, "\(f.message) at \(f.location)")
        }
    }

    /// Integers that do not fit the asked type, and fractions asked as integers, are refused, not rounded.
    @Test func integerRange() throws {
        struct Counts: Decodable { var n: UInt8 }
        for text in ["{\"n\": 256}", "{\"n\": -1}", "{\"n\": 1.5}", "{\"n\": 1e300}"] {
            let node = try JSONNode.parse(Array(text.utf8), path: "c.json")
            #expect(throws: JSONNodeDecoder.Failure.self, "\(text)") { try JSONNodeDecoder.decode(Counts.self, from: node) }
        }
        let ok = try JSONNode.parse(Array("{\"n\": 255}".utf8), path: "c.json")
        #expect(try JSONNodeDecoder.decode(Counts.self, from: ok).value.n == 255)
    }
}
