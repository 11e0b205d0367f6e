import PipelineKit

/// Decodes a `Decodable` type from a ``JSONNode``, saying what is wrong in plain words and where:
/// the value's line and column, and its path written as a person writes it
/// (`exercises[0].progressions[2].poseTime`).
///
/// Keys the type never asks for are collected as ``UnknownKey``s with the closest key it did ask
/// for at that place, so a misspelt optional key is a warning rather than silently ignored.
public enum JSONNodeDecoder {
    /// A key present in the file that the type does not read.
    public struct UnknownKey: Sendable, Equatable {
        /// The key's path (`exercises[0].progressions[2].posetime`).
        public var path: String
        public var key: String
        public var location: SourceLocation
        /// The closest key the type reads at that place, when one is close.
        public var suggestion: String?
    }

    /// A value that does not fit the type.
    public struct Failure: Error, Sendable {
        public var message: String
        public var location: SourceLocation
    }

    /// Decodes `type` from `node`.
    ///
    /// - Returns: the value and the keys it ignored.
    /// - Throws: ``Failure`` for the first value that does not fit.
    public static func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> (value: T, unknownKeys: [UnknownKey]) {
        let log = KeyLog()
        let decoder = NodeDecoder(node: node, codingPath: [], log: log)
        do {
            let value = try T(from: decoder)
            return (value, log.unknownKeys())
        } catch let f as Failure {
            throw f
        } catch let DecodingError.dataCorrupted(context) {
            // A type's own check (`init(from:)` throwing dataCorrupted): at the value it names.
            let at = node.descendant(context.codingPath.map { $0.intValue.map(JSONNode.Step.index) ?? .key($0.stringValue) })
            throw Failure(message: "\(describe(context.codingPath)): \(context.debugDescription)", location: at.location)
        } catch {
            throw Failure(message: "\(error)", location: node.location)
        }
    }

    /// `exercises[0].progressions[2].poseTime` for a coding path; "the file" for the root.
    public static func describe(_ path: [any CodingKey]) -> String {
        var out = ""
        for key in path {
            if let i = key.intValue, key.stringValue == "Index \(i)" || key.stringValue == "\(i)" {
                out += "[\(i)]"
            } else {
                out += out.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return out.isEmpty ? "the file" : out
    }

    /// The edit distance between `a` and `b` (case-insensitive), for suggestions.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        if x.isEmpty { return y.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var row = [i] + Array(repeating: 0, count: y.count)
            for j in 1...max(y.count, 1) where j <= y.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[y.count]
    }
}

/// A coding key for list positions and arbitrary names.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// Which keys each object had and which the type asked for (one decode, one thread).
private final class KeyLog {
    struct Object {
        var path: [any CodingKey]
        var members: [JSONNode.Member]
        var asked: Set<String> = []
    }
    /// By the object's location (one object per place in a file).
    var objects: [SourceLocation: Object] = [:]
    var order: [SourceLocation] = []

    func saw(_ node: JSONNode, members: [JSONNode.Member], path: [any CodingKey]) {
        if objects[node.location] == nil {
            objects[node.location] = Object(path: path, members: members)
            order.append(node.location)
        }
    }

    func asked(_ key: String, in node: JSONNode) {
        objects[node.location]?.asked.insert(key)
    }

    func unknownKeys() -> [JSONNodeDecoder.UnknownKey] {
        var out: [JSONNodeDecoder.UnknownKey] = []
        for location in order {
            guard let o = objects[location] else { continue }
            for m in o.members where !o.asked.contains(m.key) {
                let best = o.asked.map { ($0, JSONNodeDecoder.distance($0, m.key)) }
                    .filter { $0.1 <= max(2, m.key.count / 3) }
                    .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
                out.append(.init(path: JSONNodeDecoder.describe(o.path + [AnyKey(stringValue: m.key)]), key: m.key,
                                 location: m.keyLocation, suggestion: best?.0))
            }
        }
        return out
    }
}

private struct NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let log: KeyLog
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> JSONNodeDecoder.Failure {
        JSONNodeDecoder.Failure(message: "\(JSONNodeDecoder.describe(codingPath)) should be \(expected), not \(node.kind)",
                                location: node.location)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else { throw mismatch("an object") }
        log.saw(node, members: members, path: codingPath)
        return KeyedDecodingContainer(KeyedNode<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node.value else { throw mismatch("a list") }
        return UnkeyedNode(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNode(decoder: self) }

    func child(_ node: JSONNode, _ key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: node, codingPath: codingPath + [key], log: log)
    }

    // Scalars, shared by the three containers.

    func decodeNil() -> Bool { if case .null = node.value { return true } else { return false } }

    func bool() throws -> Bool {
        guard case .bool(let b) = node.value else { throw mismatch("true or false") }
        return b
    }

    func string() throws -> String {
        guard case .string(let s) = node.value else { throw mismatch("a string") }
        return s
    }

    func double() throws -> Double {
        guard case .number(let v, _) = node.value else { throw mismatch("a number") }
        return v
    }

    func float() throws -> Float {
        let v = try double()
        guard abs(v) <= Double(Float.greatestFiniteMagnitude) else { throw mismatch("a number of at most 3.4e38") }
        return Float(v)
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let v, _) = node.value, v.rounded() == v else { throw mismatch("a whole number") }
        guard let i = I(exactly: v) else { throw mismatch("a whole number from \(I.min) to \(I.max)") }
        return i
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Bool.Type: return try bool() as! T
        case is String.Type: return try string() as! T
        case is Double.Type: return try double() as! T
        case is Float.Type: return try float() as! T
        case is Int.Type: return try integer(Int.self) as! T
        case is Int32.Type: return try integer(Int32.self) as! T
        case is UInt32.Type: return try integer(UInt32.self) as! T
        case is UInt8.Type: return try integer(UInt8.self) as! T
        default:
            if case .null = node.value { throw mismatch(Self.expectation(for: type)) }
            return try T(from: self)
        }
    }

    /// "a list", "an object"... for a type that is not a scalar.
    static func expectation(for type: Any.Type) -> String {
        let name = "\(type)"
        return name.hasPrefix("Array<") || name.hasPrefix("[") ? "a list" : "a value"
    }
}

private struct KeyedNode<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let members: [JSONNode.Member]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func member(_ key: Key) -> JSONNode? {
        decoder.log.asked(key.stringValue, in: decoder.node)
        return members.last { $0.key == key.stringValue }?.value
    }

    func required(_ key: Key) throws -> NodeDecoder {
        guard let node = member(key) else {
            let at = JSONNodeDecoder.describe(codingPath)
            throw JSONNodeDecoder.Failure(
                message: at == "the file" ? "the file has no \"\(key.stringValue)\" (it is required)"
                    : "\(at) has no \"\(key.stringValue)\" (it is required)",
                location: decoder.node.location)
        }
        return decoder.child(node, key)
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { member(key).map { decoder.child($0, key).decodeNil() } ?? true }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(key).decode(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = member(key) else { return nil }
        let d = decoder.child(node, key)
        return d.decodeNil() ? nil : try d.decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try required(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try required(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try required(key) }
}

private struct UnkeyedNode: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [JSONNode]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else {
            throw JSONNodeDecoder.Failure(message: "\(JSONNodeDecoder.describe(codingPath)) has too few items", location: decoder.node.location)
        }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], AnyKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].kind == "null" else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleNode: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.decodeNil() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
