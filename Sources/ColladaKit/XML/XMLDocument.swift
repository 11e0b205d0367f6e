import PipelineKit
/// An XML document copied out of libxml2 into Swift values: element records in document order
/// (the root is index 0), their attributes, and the text of leaf elements, each element with its
/// source location. Immutable once read; nothing in it points into libxml2.
///
/// Only the text of elements without child elements is kept (COLLADA keeps all its data in leaf
/// elements); whitespace between child elements is dropped while reading.
package final class XMLDocument: @unchecked Sendable {
    /// Leaf text of the whole document, in one allocation owned by the document (immutable).
    final class TextBuffer: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int
        init(base: UnsafeMutablePointer<UInt8>, count: Int) { self.base = base; self.count = count }
        deinit { base.deallocate() }
        subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base + range.lowerBound, count: range.count) }
    }

    struct ElementRecord: Sendable {
        var name: Int32
        var parent: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var attributeStart: Int32
        var attributeCount: Int32
        /// The text's range in ``text``.
        var textStart: Int = 0
        var textEnd: Int = 0
        /// Byte offset of the first character of the element's content in `source`.
        var contentOffset: Int
        var line: Int32
        var column: Int32
    }

    struct AttributeRecord: Sendable {
        var name: Int32
        var value: String
    }

    /// The file path used in diagnostics.
    package let path: String
    /// The UTF-8 bytes that were parsed (after any transcoding); used to locate text tokens.
    let source: [UInt8]
    let elements: [ElementRecord]
    let attributes: [AttributeRecord]
    let text: TextBuffer
    let names: [String]

    init(path: String, source: [UInt8], elements: [ElementRecord], attributes: [AttributeRecord],
         text: TextBuffer, names: [String]) {
        self.path = path
        self.source = source
        self.elements = elements
        self.attributes = attributes
        self.text = text
        self.names = names
    }

    /// The root element, or `nil` for a document without one.
    package var root: XMLElement? { elements.isEmpty ? nil : XMLElement(document: self, index: 0) }

    /// Number of elements in the document.
    package var elementCount: Int { elements.count }

    /// Line and column of byte `offset` in the source (1-based); O(distance to the previous newline).
    func location(ofByte offset: Int, from anchor: Int, anchorLine: Int, anchorColumn: Int) -> SourceLocation {
        var line = anchorLine
        var col = anchorColumn
        var i = anchor
        let end = min(offset, source.count)
        source.withUnsafeBufferPointer { b in
            while i < end {
                if b[i] == 10 { line += 1; col = 1 } else { col += 1 }
                i += 1
            }
        }
        return SourceLocation(path: path, line: line, column: col)
    }
}

/// A handle on one element of an ``XMLDocument``.
package struct XMLElement: Sendable {
    package let document: XMLDocument
    let index: Int32

    @inline(__always)
    var record: XMLDocument.ElementRecord { document.elements[Int(index)] }

    /// The element's local name (namespace prefix dropped).
    package var name: String { document.names[Int(record.name)] }

    /// Where the element's start tag begins.
    package var location: SourceLocation {
        let r = record
        return SourceLocation(path: document.path, line: Int(r.line), column: Int(r.column))
    }

    package var parent: XMLElement? {
        let p = record.parent
        return p < 0 ? nil : XMLElement(document: document, index: p)
    }

    /// The value of attribute `name` (local name), or `nil`.
    package func attribute(_ name: String) -> String? {
        let r = record
        var i = Int(r.attributeStart)
        let end = i + Int(r.attributeCount)
        while i < end {
            let a = document.attributes[i]
            if document.names[Int(a.name)] == name { return a.value }
            i += 1
        }
        return nil
    }

    /// All attributes as (name, value) pairs in document order.
    package var attributes: [(name: String, value: String)] {
        let r = record
        return (Int(r.attributeStart)..<Int(r.attributeStart + r.attributeCount)).map {
            let a = document.attributes[$0]
            return (document.names[Int(a.name)], a.value)
        }
    }

    /// Child elements in document order.
    package var children: XMLChildren { XMLChildren(document: document, first: record.firstChild) }

    /// Child elements named `name`.
    package func children(_ name: String) -> [XMLElement] {
        var out: [XMLElement] = []
        for c in children where c.name == name { out.append(c) }
        return out
    }

    /// The first child element named `name`.
    package func child(_ name: String) -> XMLElement? {
        for c in children where c.name == name { return c }
        return nil
    }

    /// True when the element has child elements.
    package var hasChildren: Bool { record.firstChild >= 0 }

    /// The text content of a leaf element (entities decoded), or "" for an element with children.
    package var text: String {
        withTextBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Number of UTF-8 bytes of text.
    package var textByteCount: Int { let r = record; return r.textEnd - r.textStart }

    /// Calls `body` with the raw UTF-8 bytes of the element's text, without copying.
    package func withTextBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let r = record
        return try body(document.text[r.textStart..<r.textEnd])
    }

    /// The source location of the byte at `offset` within this element's text (for number errors).
    package func locationInText(_ offset: Int) -> SourceLocation {
        let r = record
        // Walk from the start tag's position to the content start, then into the text.
        let contentLoc = document.location(
            ofByte: r.contentOffset, from: tagOffset, anchorLine: Int(r.line), anchorColumn: Int(r.column))
        return document.location(
            ofByte: r.contentOffset + offset, from: r.contentOffset,
            anchorLine: contentLoc.line, anchorColumn: contentLoc.column)
    }

    /// Byte offset of this element's `<` in the source (found by scanning back from the content).
    var tagOffset: Int {
        let r = record
        var i = min(r.contentOffset, document.source.count) - 1
        while i > 0 && document.source[i] != UInt8(ascii: "<") { i -= 1 }
        return max(i, 0)
    }
}

/// The child elements of an element, as a forward sequence.
package struct XMLChildren: Sequence, Sendable {
    let document: XMLDocument
    let first: Int32

    package struct Iterator: IteratorProtocol {
        let document: XMLDocument
        var current: Int32
        package mutating func next() -> XMLElement? {
            guard current >= 0 else { return nil }
            let e = XMLElement(document: document, index: current)
            current = document.elements[Int(current)].nextSibling
            return e
        }
    }

    package func makeIterator() -> Iterator { Iterator(document: document, current: first) }
}
