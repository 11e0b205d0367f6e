import ColladaKit
import PipelineKit

/// Finds where one value of a `<source>`'s array is written, so a diagnostic can point at the
/// offending key time or matrix rather than at the whole source.
///
/// The index of sources is built on first use: one walk of the XML tree, O(elements).
struct ValueLocator {
    let xml: XMLDocument?
    private var arrays: [String: XMLElement]?

    init(xml: XMLDocument?) { self.xml = xml }

    /// The array element (`float_array`, `Name_array`...) of the `<source id="sourceID">`.
    mutating func arrayElement(ofSource sourceID: String) -> XMLElement? {
        if arrays == nil { arrays = Self.index(xml) }
        return arrays?[sourceID]
    }

    /// Where value `index` (counted in the array, from 0) of source `sourceID` starts; the
    /// array's start tag when the value is not there; `fallback` when the source is not found.
    mutating func location(ofSource sourceID: String, value index: Int, fallback: SourceLocation) -> SourceLocation {
        guard let e = arrayElement(ofSource: sourceID) else { return fallback }
        guard index >= 0, let offset = e.withTextBytes({ Self.tokenOffset($0, index) }) else { return e.location }
        return e.locationInText(offset)
    }

    /// Byte offset of whitespace-separated token `k` in `bytes`, or `nil` when there are fewer.
    static func tokenOffset(_ bytes: UnsafeBufferPointer<UInt8>, _ k: Int) -> Int? {
        var token = -1
        var inToken = false
        for i in 0..<bytes.count {
            let c = bytes[i]
            let space = isXMLWhiteSpace(c)
            if !space && !inToken {
                token += 1
                if token == k { return i }
            }
            inToken = !space
        }
        return nil
    }

    /// The first element named `name` with attribute `id` equal to `id` (a walk of the tree, O(elements)).
    func element(named name: String, id: String) -> XMLElement? {
        guard let root = xml?.root else { return nil }
        var stack = [root]
        while let e = stack.popLast() {
            if e.name == name && e.attribute("id") == id { return e }
            for c in e.children.reversed() { stack.append(c) }
        }
        return nil
    }

    /// Where token `k` of a leaf element's text starts (the element itself when there is no such token).
    static func location(in e: XMLElement, token k: Int) -> SourceLocation {
        guard let offset = e.withTextBytes({ tokenOffset($0, k) }) else { return e.location }
        return e.locationInText(offset)
    }

    static func index(_ xml: XMLDocument?) -> [String: XMLElement] {
        var out: [String: XMLElement] = [:]
        guard let root = xml?.root else { return out }
        var stack = [root]
        while let e = stack.popLast() {
            if e.name == "source", let id = e.attribute("id") {
                for c in e.children where c.name.hasSuffix("_array") {
                    if out[id] == nil { out[id] = c }
                    break
                }
                continue
            }
            for c in e.children { stack.append(c) }
        }
        return out
    }
}
