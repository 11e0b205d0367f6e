import PipelineKit

/// A JSON value (RFC 8259) with where it starts in its file, so that a mistake in a hand-edited
/// `catalog.json` or `icon-style.json` can be reported at its line and column.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number and its text as written (for messages).
        case number(Double, text: String)
        case string(String)
        case array([JSONNode])
        /// Members in the order written; a repeated key keeps every occurrence (the reader reports it).
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        /// Where the key's opening quote stands.
        public var keyLocation: SourceLocation
        public var value: JSONNode
    }

    public var value: Value
    /// Where the value's first character stands.
    public var location: SourceLocation

    /// What kind of value this is, in words: "a string", "a number", "an object"...
    public var kind: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return "the number \(text)"
        case .string(let s): return s.count <= 40 ? "the string \"\(s)\"" : "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

extension JSONNode {
    /// One step of a path into a JSON value.
    public enum Step: Sendable {
        case key(String)
        case index(Int)
    }

    /// The value at `path` below this one, or the deepest one on the way that exists (so a missing
    /// key is reported at the object that lacks it).
    public func descendant(_ path: [Step]) -> JSONNode {
        var node = self
        for step in path {
            switch (step, node.value) {
            case (.key(let name), .object(let members)):
                guard let m = members.last(where: { $0.key == name }) else { return node }
                node = m.value
            case (.index(let i), .array(let items)) where items.indices.contains(i):
                node = items[i]
            default:
                return node
            }
        }
        return node
    }
}

/// A JSON text that is not well-formed: what is wrong, and where.
public struct JSONSyntaxError: Error, Sendable {
    public var message: String
    public var location: SourceLocation
}

extension JSONNode {
    /// Parses `bytes` (UTF-8, an optional BOM) as one JSON value.
    ///
    /// Nesting is bounded (``maxDepth``), so no input can exhaust the stack. O(bytes).
    ///
    /// - Throws: ``JSONSyntaxError`` at the first character that does not fit the grammar.
    public static func parse(_ bytes: [UInt8], path: String) throws -> JSONNode {
        var parser = JSONParser(bytes: bytes, path: path)
        return try parser.document()
    }

    /// Deepest nesting of lists and objects accepted.
    public static let maxDepth = 200
}

/// A recursive-descent JSON parser that keeps line and column (1-based, columns in bytes) as it goes.
private struct JSONParser {
    let bytes: [UInt8]
    let path: String
    var i = 0
    var line = 1
    /// Offset of the first byte of the current line.
    var lineStart = 0
    var depth = 0

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
    }

    /// The location of byte `offset` (default: the cursor) on the current line.
    func location(_ offset: Int? = nil) -> SourceLocation {
        SourceLocation(path: path, line: line, column: min(offset ?? i, bytes.count) - lineStart + 1)
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location(offset))
    }

    /// What stands at the cursor, in words.
    var found: String {
        guard i < bytes.count else { return "the end of the file" }
        let c = bytes[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "a byte 0x\(String(c, radix: 16, uppercase: true))"
    }

    mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = i
            default: return
            }
        }
    }

    mutating func document() throws -> JSONNode {
        skipSpace()
        if i >= bytes.count { throw fail("the file is empty; a JSON object was expected") }
        let v = try value()
        skipSpace()
        if i < bytes.count { throw fail("unexpected \(found) after the JSON value (one value per file)") }
        return v
    }

    mutating func value() throws -> JSONNode {
        skipSpace()
        let at = location()
        guard i < bytes.count else { throw fail("a value was expected, found the end of the file") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONNode(value: try object(), location: at)
        case UInt8(ascii: "["): return JSONNode(value: try array(), location: at)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), location: at)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), location: at)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), location: at)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, location: at)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: try number(), location: at)
        default:
            throw fail("a value was expected (an object, a list, a string, a number, true, false or null), found \(found)")
        }
    }

    mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else {
            throw fail("a value was expected, found \(found) (strings need double quotes)")
        }
        i += w.count
    }

    mutating func nest() throws {
        depth += 1
        if depth > JSONNode.maxDepth { throw fail("lists and objects nest deeper than \(JSONNode.maxDepth) levels") }
    }

    mutating func object() throws -> JSONNode.Value {
        try nest()
        defer { depth -= 1 }
        i += 1  // {
        var members: [JSONNode.Member] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                if i < bytes.count && bytes[i] == UInt8(ascii: "}") { throw fail("a trailing comma before '}' (JSON allows none)") }
                throw fail("a key in double quotes was expected, found \(found)")
            }
            let keyAt = location()
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("':' was expected after the key \"\(key)\", found \(found)") }
            i += 1
            let v = try value()
            members.append(JSONNode.Member(key: key, keyLocation: keyAt, value: v))
            skipSpace()
            guard i < bytes.count else { throw fail("the object is not closed: ',' or '}' was expected, found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail("',' or '}' was expected after the value of \"\(key)\", found \(found)")
        }
    }

    mutating func array() throws -> JSONNode.Value {
        try nest()
        defer { depth -= 1 }
        i += 1  // [
        var items: [JSONNode] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { throw fail("a trailing comma before ']' (JSON allows none)") }
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("the list is not closed: ',' or ']' was expected, found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("',' or ']' was expected after a list item, found \(found)")
        }
    }

    mutating func string() throws -> String {
        let start = i
        i += 1  // "
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("the string is not closed (a '\"' is missing)", at: start) }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 {
                throw fail(c == 0x0A ? "the string is not closed before the end of the line" : "a control character inside a string (write it as an escape)")
            }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw fail("the string is not closed (a '\"' is missing)", at: start) }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("a \\u escape pairs a high surrogate with no low one", at: i - 6) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("\\u escape of a lone surrogate", at: i - 6) }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw fail("'\\\(Character(Unicode.Scalar(e)))' is not a JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: i - 2)
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("the string is not valid UTF-8", at: start) }
        return s
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = Character(Unicode.Scalar(bytes[i])).hexDigitValue else { throw fail("\\u needs four hex digits, found \(found)") }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }

    mutating func number() throws -> JSONNode.Value {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let n = digits()
        if n == 0 { throw fail("a digit was expected after '-', found \(found)") }
        if n > 1 && bytes[intStart] == UInt8(ascii: "0") {
            // The digits without their leading zeros, as text (a number too long for an Int must not trap here).
            let trimmed = String(decoding: bytes[intStart..<i].drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
            throw fail("a number may not start with 0 (write \(trimmed.isEmpty ? "0" : String(trimmed.prefix(40))))", at: intStart)
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw fail("a digit was expected after '.', found \(found)") }
        }
        if i < bytes.count && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            if digits() == 0 { throw fail("a digit was expected in the exponent, found \(found)") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw fail("the number \(text) is too large", at: start) }
        return .number(v, text: text)
    }
}
