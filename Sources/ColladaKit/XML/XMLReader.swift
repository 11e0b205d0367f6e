import CLibXML2
import PipelineKit

/// Reads XML bytes into an ``XMLDocument`` through libxml2's SAX2 interface.
///
/// This is the only file that imports libxml2. The parser runs once over an in-memory buffer; the
/// callbacks copy names, attributes, leaf text and locations into Swift arrays, and nothing that
/// libxml2 owns outlives ``read(_:path:limits:)``.
///
/// Safety: options are `XML_PARSE_NONET` only (never `NOENT`, `DTDLOAD` or `HUGE`); any DOCTYPE is
/// refused before its internal subset is read, so no entity can be declared, expanded or fetched.
/// Input size and element depth are bounded by ``Limits``.
package enum XMLReader {
    /// Bounds on what a document may need.
    package struct Limits: Sendable {
        /// Largest input accepted, in bytes.
        package var maxBytes: Int = 256 << 20
        /// Deepest element nesting accepted (COLLADA files nest about 10 deep; deep node trees more).
        package var maxDepth: Int = 200
        /// Most elements accepted: 64 bytes of bookkeeping each, so at most 256 MiB. (Real COLLADA
        /// files hold a few thousand elements; their bulk is number text.)
        package var maxElements: Int = 4_000_000
        /// Most attributes accepted, all elements together (about 40 bytes each).
        package var maxAttributes: Int = 8_000_000

        package init() {}
    }

    /// Parses `bytes` (UTF-8 with or without BOM, or UTF-16 with or without BOM).
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: the name used in diagnostics.
    /// - Returns: the document.
    /// - Throws: ``LoadError`` with a located diagnostic for each well-formedness error.
    package static func read(_ bytes: [UInt8], path: String, limits: Limits = Limits()) throws -> XMLDocument {
        func fail(_ rule: DiagnosticRule, _ message: String, line: Int = 1, column: Int = 1) -> LoadError {
            LoadError(kind: .invalid, diagnostics: [
                Diagnostic(rule, message, at: SourceLocation(path: path, line: line, column: column))])
        }
        if bytes.isEmpty { throw fail(.xmlEmpty, "the file is empty") }
        if bytes.count > limits.maxBytes {
            throw fail(.xmlTooLarge, "the file is \(bytes.count) bytes; the limit is \(limits.maxBytes)")
        }
        var ignoreEncoding = false
        let utf8: [UInt8]
        switch TextEncoding.detect(bytes) {
        case .utf8:
            utf8 = bytes
        case .utf8BOM:
            utf8 = Array(bytes[3...])
        case .utf16(let littleEndian, let bomLength):
            guard let converted = TextEncoding.utf16ToUTF8(bytes, littleEndian: littleEndian, skip: bomLength) else {
                throw fail(.xmlEncoding, "the file looks like UTF-16 but is not valid UTF-16")
            }
            utf8 = converted
            ignoreEncoding = true
        }
        xmlInitParser()
        reps_xml_silence_generic_errors()  // per thread; errors are reported as diagnostics instead
        return try utf8.withUnsafeBufferPointer { src -> XMLDocument in
            let builder = Builder(source: utf8, path: path, limits: limits)
            let diagnostics = parse(src, builder: builder, ignoreEncoding: ignoreEncoding, path: path)
            if diagnostics.contains(where: { $0.severity == .error }) {
                throw LoadError(kind: .invalid, diagnostics: diagnostics)
            }
            if builder.elements.isEmpty { throw fail(.xmlNoRoot, "the document has no root element") }
            return XMLDocument(path: path, source: utf8, elements: builder.elements, attributes: builder.attributes,
                               text: builder.sink.pointee.take(), names: builder.names)
        }
    }

    /// One libxml2 SAX pass over `buffer` into `builder`; returns the diagnostics.
    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, builder: Builder, ignoreEncoding: Bool,
                              path: String) -> [Diagnostic] {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { ctx, localname, _, _, _, _, nbAttributes, _, attributes in
            Builder.from(ctx)?.start(localname, Int(nbAttributes), attributes)
        }
        handler.endElementNs = { ctx, _, _, _ in
            Builder.from(ctx)?.end()
        }
        // Text is the hot path (most of a COLLADA file): it goes straight into a raw buffer,
        // with no class access, reference counting or exclusivity checks per call.
        handler.characters = { ctx, ch, len in
            TextSink.from(ctx)?.pointee.append(ch, Int(len))
        }
        handler.cdataBlock = { ctx, ch, len in
            TextSink.from(ctx)?.pointee.append(ch, Int(len))
        }
        handler.internalSubset = { ctx, _, _, _ in
            Builder.from(ctx)?.refuseDoctype()
        }
        handler.getEntity = { _, name in
            xmlGetPredefinedEntity(name)
        }
        handler.serror = { userData, error in
            guard let userData, let error else { return }
            let ctxt = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let sink = TextSink.from(UnsafeMutableRawPointer(ctxt)) else { return }
            Unmanaged<Builder>.fromOpaque(sink.pointee.owner).takeUnretainedValue().libxmlError(error.pointee)
        }
        guard let base = buffer.baseAddress,
            let ctxt = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, {
                xmlCreateMemoryParserCtxt($0, Int32(buffer.count))
            })
        else {
            return [Diagnostic(.xmlInternal, "libxml2 could not create a parser",
                               at: SourceLocation(path: path, line: 1, column: 1))]
        }
        defer {
            if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
            xmlFreeParserCtxt(ctxt)
        }
        // Our handler lives on the stack for the parse; libxml2's own is put back before the
        // context is freed, so libxml2 frees only what it allocated.
        let saved = ctxt.pointee.sax
        withUnsafeMutablePointer(to: &handler) { h in
            ctxt.pointee.sax = h
            ctxt.pointee.userData = UnsafeMutableRawPointer(ctxt)
            ctxt.pointee._private = UnsafeMutableRawPointer(builder.sink)
            builder.context = ctxt
            var options = Int32(XML_PARSE_NONET.rawValue)
            if ignoreEncoding { options |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
            xmlCtxtUseOptions(ctxt, options)
            xmlParseDocument(ctxt)
            builder.context = nil
            ctxt.pointee.sax = saved
        }
        if ctxt.pointee.wellFormed == 0 && !builder.hasError {
            builder.addError(.xmlMalformed, "the document is not well-formed XML", line: 1, column: 1)
        }
        return builder.diagnostics
    }
}

extension XMLReader {
    /// The floor to measure against: libxml2 alone parsing `bytes` into its own DOM tree and freeing
    /// it (`xmlReadMemory` with the same options), with nothing copied out.
    ///
    /// - Returns: whether libxml2 found the document well-formed.
    package static func libxml2DOMParse(_ bytes: [UInt8]) -> Bool {
        xmlInitParser()
        return bytes.withUnsafeBufferPointer { buf -> Bool in
            guard let base = buf.baseAddress else { return false }
            let doc = base.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                xmlReadMemory($0, Int32(buf.count), nil, nil,
                              Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
            }
            guard let doc else { return false }
            xmlFreeDoc(doc)
            return true
        }
    }
}

/// The SAX callbacks' state. One per parse; used from one thread (libxml2 calls back
/// synchronously), so the hot properties skip the runtime's exclusivity bookkeeping, which cost
/// about a quarter of the XML stage.
private final class Builder {
    let source: [UInt8]
    let path: String
    let limits: XMLReader.Limits
    var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) var elements: [XMLDocument.ElementRecord] = []
    @exclusivity(unchecked) var attributes: [XMLDocument.AttributeRecord] = []
    /// Leaf text, shared with the `characters` callback.
    let sink: UnsafeMutablePointer<TextSink>
    @exclusivity(unchecked) var names: [String] = []
    /// libxml2 interns names in its dictionary, so one pointer means one name within a parse.
    @exclusivity(unchecked) var nameIDs: [UnsafeRawPointer: Int32] = [:]
    /// A direct-mapped cache in front of `nameIDs` (most lookups hit it).
    @exclusivity(unchecked) var recentNames = [(UnsafeRawPointer?, Int32)](repeating: (nil, 0), count: 64)
    @exclusivity(unchecked) var current: Int32 = -1
    @exclusivity(unchecked) var depth = 0
    var diagnostics: [Diagnostic] = []
    var hasError = false
    var stopped = false
    // Location tracking: the previous element's tag offset, line and column.
    @exclusivity(unchecked) var previousOffset = 0
    @exclusivity(unchecked) var previousLine = 1
    @exclusivity(unchecked) var previousColumn = 1

    init(source: [UInt8], path: String, limits: XMLReader.Limits) {
        self.source = source
        self.path = path
        self.limits = limits
        elements.reserveCapacity(max(16, source.count / 64))
        sink = .allocate(capacity: 1)
        sink.initialize(to: TextSink(capacity: source.count))
        sink.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        sink.pointee.release()
        sink.deinitialize(count: 1)
        sink.deallocate()
    }

    static func from(_ ctx: UnsafeMutableRawPointer?) -> Builder? {
        guard let sink = TextSink.from(ctx) else { return nil }
        return Unmanaged<Builder>.fromOpaque(sink.pointee.owner).takeUnretainedValue()
    }

    func intern(_ name: UnsafePointer<xmlChar>) -> Int32 {
        let key = UnsafeRawPointer(name)
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: key) &>> 3) & 63
        if recentNames[slot].0 == key { return recentNames[slot].1 }
        if let id = nameIDs[key] {
            recentNames[slot] = (key, id)
            return id
        }
        let s = String(cString: name)
        // libxml2's dictionary holds each string once, so a new pointer is a new name. (Were a
        // name ever interned twice it would only get two ids: names are compared as strings.)
        let id = Int32(names.count)
        names.append(s)
        nameIDs[key] = id
        return id
    }

    func addError(_ rule: DiagnosticRule, _ message: String, line: Int, column: Int) {
        hasError = true
        if diagnostics.count < 100 {
            diagnostics.append(Diagnostic(rule, message, at: SourceLocation(path: path, line: line, column: column)))
        }
    }

    func stop(_ rule: DiagnosticRule, _ message: String) {
        guard !stopped else { return }
        let line = context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 1
        let column = context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 1
        addError(rule, message, line: line, column: column)
        stopped = true
        sink.pointee.accepting = false
        if let context { xmlStopParser(context) }
    }

    func refuseDoctype() {
        stop(.xmlDoctype, "DOCTYPE declarations are not accepted (COLLADA needs none; they can declare entities or load external files)")
    }

    func libxmlError(_ e: xmlError) {
        if stopped { return }  // our own stop already explained it
        guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = e.message.map { String(cString: $0) } ?? "XML error \(e.code)"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        if e.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue) && message.contains("depth") {
            message += " (nesting too deep)"
        }
        addError(.xmlMalformed, message, line: max(1, Int(e.line)), column: max(1, Int(e.int2)))
    }

    /// Finds the `<` of the tag whose attributes libxml2 has just parsed, and its line and column.
    func locateTag() -> (offset: Int, contentOffset: Int, line: Int, column: Int) {
        guard let ctxt = context else { return (0, 0, 1, 1) }
        var cur = Int(xmlByteConsumed(ctxt))
        if cur < 0 || cur > source.count { cur = source.count }
        let libxmlLine = Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer(ctxt)))
        return source.withUnsafeBufferPointer { b -> (Int, Int, Int, Int) in
            // Content starts after the '>' at or after `cur`.
            var content = cur
            while content < b.count && b[content] != UInt8(ascii: ">") { content += 1 }
            content = min(content + 1, b.count)
            // Scan back to '<', counting newlines inside the tag (attributes may span lines).
            var i = min(cur, b.count) - 1
            var newlines = 0
            while i > previousOffset && b[i] != UInt8(ascii: "<") {
                if b[i] == 10 { newlines += 1 }
                i -= 1
            }
            let tag = max(i, 0)
            let line = max(1, libxmlLine - newlines)
            // Column: back to the previous newline, but never past the previous tag.
            var j = tag - 1
            while j >= previousOffset && j >= 0 && b[j] != 10 { j -= 1 }
            let column: Int
            if j >= 0 && j >= previousOffset && b[j] == 10 {
                column = tag - j
            } else if tag == 0 {
                column = 1
            } else {
                // Reached the previous tag without a newline: same line as it, unless libxml2 disagrees.
                column = line == previousLine ? previousColumn + (tag - previousOffset) : tag - j
            }
            return (tag, content, line, max(1, column))
        }
    }

    func start(_ localname: UnsafePointer<xmlChar>?, _ nbAttributes: Int,
               _ attrs: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !stopped, let localname else { return }
        depth += 1
        if depth > limits.maxDepth {
            stop(.xmlTooDeep, "elements nest deeper than \(limits.maxDepth) levels")
            return
        }
        if elements.count >= limits.maxElements {
            stop(.xmlTooManyElements, "the document has more than \(limits.maxElements) elements")
            return
        }
        let where_ = locateTag()
        previousOffset = where_.offset
        previousLine = where_.line
        previousColumn = where_.column
        if attributes.count + nbAttributes > limits.maxAttributes {
            stop(.xmlTooManyAttributes, "the document has more than \(limits.maxAttributes) attributes")
            return
        }
        let name = intern(localname)
        let attributeStart = Int32(attributes.count)
        if nbAttributes > 0, let attrs {
            for k in 0..<nbAttributes {
                guard let an = attrs[k * 5], let vs = attrs[k * 5 + 3], let ve = attrs[k * 5 + 4] else { continue }
                let n = vs.distance(to: ve)
                let raw = UnsafeBufferPointer(start: vs, count: max(0, n))
                // Without entity substitution libxml2 hands attribute values over with '&' kept as
                // "&#38;" (for a tree builder to expand); decode character references here.
                let value = raw.contains(UInt8(ascii: "&")) ? Self.decodeReferences(raw)
                    : String(decoding: raw, as: UTF8.self)
                attributes.append(.init(name: intern(an), value: value))
            }
        }
        let index = Int32(elements.count)
        if current >= 0 {
            let p = Int(current)
            if elements[p].firstChild < 0 {
                elements[p].firstChild = index
                // The parent is not a leaf: drop the whitespace gathered so far.
                sink.pointee.count = elements[p].textStart
                elements[p].textEnd = elements[p].textStart
            } else {
                elements[Int(elements[p].lastChild)].nextSibling = index
            }
            elements[p].lastChild = index
        }
        elements.append(.init(
            name: name, parent: current, attributeStart: attributeStart,
            attributeCount: Int32(attributes.count) - attributeStart,
            textStart: sink.pointee.count, textEnd: sink.pointee.count, contentOffset: where_.contentOffset,
            line: Int32(clamping: where_.line), column: Int32(clamping: where_.column)))
        current = index
        sink.pointee.accepting = true
    }

    static func decodeReferences(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "&"), let semi = raw[i...].firstIndex(of: UInt8(ascii: ";")), semi - i < 12 {
                let name = String(decoding: raw[(i + 1)..<semi], as: UTF8.self)
                var scalar: Unicode.Scalar?
                switch name {
                case "amp": scalar = "&"
                case "lt": scalar = "<"
                case "gt": scalar = ">"
                case "quot": scalar = "\""
                case "apos": scalar = "'"
                default:
                    if name.hasPrefix("#x") || name.hasPrefix("#X") {
                        scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if name.hasPrefix("#") {
                        scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                    }
                }
                if let scalar {
                    UTF8.encode(scalar) { out.append($0) }
                    i = semi + 1
                    continue
                }
            }
            out.append(raw[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    func end() {
        guard !stopped, current >= 0 else { return }
        let c = Int(current)
        if elements[c].firstChild < 0 {
            elements[c].textEnd = sink.pointee.count
        }
        // Text after a child belongs to a parent that is not a leaf: ignored.
        sink.pointee.accepting = false
        current = elements[c].parent
        depth -= 1
    }

}

/// The text buffer the `characters` callback writes to; reached through the parser context's
/// `_private` pointer. Grows by doubling; handed to the document without a copy.
struct TextSink {
    var base: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int
    var accepting = false
    /// The ``Builder``, unretained (it owns this sink).
    var owner: UnsafeMutableRawPointer

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        owner = UnsafeMutableRawPointer(base)  // replaced by the builder at once
    }

    static func from(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<TextSink>? {
        guard let ctx, let raw = ctx.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return raw.assumingMemoryBound(to: TextSink.self)
    }

    @inline(__always)
    mutating func append(_ ch: UnsafePointer<xmlChar>?, _ len: Int) {
        guard accepting, let ch, len > 0 else { return }
        if count + len > capacity {
            var c = capacity * 2
            while c < count + len { c *= 2 }
            let b = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
            b.update(from: base, count: count)
            base.deallocate()
            base = b
            capacity = c
        }
        (base + count).update(from: ch, count: len)
        count += len
    }

    /// Moves the text out as an owned buffer and leaves the sink empty.
    mutating func take() -> XMLDocument.TextBuffer {
        let t = XMLDocument.TextBuffer(base: base, count: count)
        base = .allocate(capacity: 1)
        capacity = 1
        count = 0
        return t
    }

    func release() { base.deallocate() }
}
