#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The document with the text of large number arrays cut out, for libxml2 to read while other
/// cores parse the arrays straight from the original bytes.
///
/// Number text is most of a COLLADA file; libxml2 would scan every byte of it only to hand it to
/// us. A quick scan finds leaf elements of the names an observer asks for (``XMLLeafObserver/compactionNames``)
/// whose content is plain text, from the start tag's `>` up to `</name>`, with no `<` in between,
/// and at least ``minimumBytes`` long. Each such *region* is replaced by its newlines only, so
/// libxml2 counts the same lines; ``originalOffset(ofCompact:)`` maps offsets in the compact
/// buffer back to the original bytes, where every location is computed.
///
/// The scan is not an XML parser and does not have to be right on malformed or unusual input:
/// ``XMLReader`` checks that libxml2 found each region exactly where the scan did (as the content
/// of an element of that name), that the region's text parsed as numbers (so it held nothing
/// libxml2 would have decoded, refused or reported), and that the document was well-formed;
/// otherwise it reads the original bytes again without compaction. It gives up at once (nil) on
/// a DOCTYPE, an encoding that is not ASCII-compatible, or unterminated markup.
struct XMLCompaction {
    struct Region {
        /// The text's bytes in the original document.
        var start: Int
        var end: Int
        /// Where its replacement (its newlines) starts in the compact buffer, and its length.
        var compactStart: Int
        var newlines: Int
        /// The observer's tag for the element's name.
        var interest: UInt8
        var count: Int { end - start }
    }

    let regions: [Region]
    /// What libxml2 reads.
    let bytes: [UInt8]

    /// Scans `source` and builds the compact buffer, or nil when nothing (or less than
    /// `minimumTotal` bytes in all) would be cut out, or the scan gives up.
    ///
    /// - Parameters:
    ///   - names: local element names to cut out, each with the observer's tag.
    ///   - minimumBytes: shortest text worth cutting out.
    ///   - checkEncoding: false when the bytes were transcoded to UTF-8 (the declaration is ignored).
    ///   - found: called with each region, in document order, as soon as the regions found add up to
    ///     `minimumTotal` (those before at once), whether or not the scan then succeeds.
    static func make(_ source: UnsafeBufferPointer<UInt8>, names: [String: UInt8], minimumBytes: Int,
                     minimumTotal: Int, checkEncoding: Bool,
                     found: (_ text: UnsafeBufferPointer<UInt8>, _ interest: UInt8) -> Void = { _, _ in }) -> XMLCompaction? {
        guard let b = source.baseAddress, source.count >= minimumTotal else { return nil }
        if checkEncoding && !hasASCIICompatibleEncoding(source) { return nil }
        let candidates = names.map { (Array($0.key.utf8), $0.value) }
        let n = source.count
        var regions: [Region] = []
        var total = 0

        /// Index of the first `pattern` at or after `from`, or nil.
        func find(_ pattern: StaticString, from: Int) -> Int? {
            let p = pattern.utf8Start
            let m = pattern.utf8CodeUnitCount
            var i = from
            while i + m <= n {
                guard let hit = memchr(b + i, Int32(p[0]), n - i) else { return nil }
                let k = b.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if k + m > n { return nil }
                if memcmp(b + k, p, m) == 0 { return k }
                i = k + 1
            }
            return nil
        }
        func next(_ byte: UInt8, from: Int) -> Int? {
            guard from < n, let hit = memchr(b + from, Int32(byte), n - from) else { return nil }
            return b.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }

        var reported = 0
        var i = 0
        while let lt = next(UInt8(ascii: "<"), from: i) {
            let j = lt + 1
            guard j < n else { return nil }
            switch b[j] {
            case UInt8(ascii: "!"):
                if j + 2 < n && b[j + 1] == UInt8(ascii: "-") && b[j + 2] == UInt8(ascii: "-") {
                    guard let e = find("-->", from: j + 3) else { return nil }
                    i = e + 3
                } else if j + 7 < n && memcmp(b + j, "![CDATA[", 8) == 0 {
                    guard let e = find("]]>", from: j + 8) else { return nil }
                    i = e + 3
                } else {
                    return nil  // DOCTYPE (refused anyway) or something unknown
                }
                continue
            case UInt8(ascii: "?"):
                guard let e = find("?>", from: j + 1) else { return nil }
                i = e + 2
                continue
            case UInt8(ascii: "/"):
                guard let e = next(UInt8(ascii: ">"), from: j) else { return nil }
                i = e + 1
                continue
            default:
                break
            }
            // A start tag: its name, then attributes up to the '>' outside quotes.
            var k = j
            var colon = -1
            while k < n && !isXMLWhiteSpace(b[k]) && b[k] != UInt8(ascii: ">") && b[k] != UInt8(ascii: "/") {
                if b[k] == UInt8(ascii: ":") { colon = k }
                k += 1
            }
            var q = k
            var quote: UInt8 = 0
            while q < n {
                let c = b[q]
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == UInt8(ascii: ">") {
                    break
                }
                q += 1
            }
            guard q < n else { return nil }
            i = q + 1
            if b[q - 1] == UInt8(ascii: "/") { continue }  // empty element
            let nameStart = colon >= 0 ? colon + 1 : j
            let nameCount = k - nameStart
            var tag: UInt8 = 0
            for (name, t) in candidates where name.count == nameCount && memcmp(b + nameStart, name, nameCount) == 0 {
                tag = t
                break
            }
            if tag == 0 { continue }
            // Plain text up to the next '<', which must close this element.
            guard let lt2 = next(UInt8(ascii: "<"), from: i) else { return nil }
            let qualified = k - j
            if lt2 - i >= minimumBytes && lt2 + 2 + qualified < n && b[lt2 + 1] == UInt8(ascii: "/")
                && memcmp(b + lt2 + 2, b + j, qualified) == 0
                && (b[lt2 + 2 + qualified] == UInt8(ascii: ">") || isXMLWhiteSpace(b[lt2 + 2 + qualified])) {
                regions.append(Region(start: i, end: lt2, compactStart: 0, newlines: 0, interest: tag))
                total += lt2 - i
                // Held back until enough is found for the compact read to be taken at all (a
                // file whose arrays are a small part of it is read the plain way, and work
                // started on its regions would be thrown away), then handed over as found.
                if total >= minimumTotal {
                    while reported < regions.count {
                        let r = regions[reported]
                        found(UnsafeBufferPointer(start: b + r.start, count: r.count), r.interest)
                        reported += 1
                    }
                }
            }
            i = lt2
        }
        guard !regions.isEmpty, total >= minimumTotal else { return nil }

        // The compact buffer: the markup between regions, and each region's newlines.
        var newlineTotal = 0
        for r in regions.indices {
            var count = 0
            var p = regions[r].start
            while let nl = next(0x0A, from: p), nl < regions[r].end { count += 1; p = nl + 1 }
            regions[r].newlines = count
            newlineTotal += count
        }
        let size = n - total + newlineTotal
        var w = 0
        let out = [UInt8](unsafeUninitializedCapacity: size) { dst, written in
            guard let d = dst.baseAddress else { return }
            var from = 0
            for r in regions.indices {
                let s = regions[r].start
                (d + w).initialize(from: b + from, count: s - from)
                w += s - from
                regions[r].compactStart = w
                (d + w).initialize(repeating: 0x0A, count: regions[r].newlines)
                w += regions[r].newlines
                from = regions[r].end
            }
            (d + w).initialize(from: b + from, count: n - from)
            w += n - from
            written = w
        }
        return XMLCompaction(regions: regions, bytes: out)
    }

    /// True unless the XML declaration names an encoding in which ASCII bytes may mean something
    /// else (anything but UTF-8, ASCII and the ISO-8859 / Windows single-byte sets).
    static func hasASCIICompatibleEncoding(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count > 5, b[0] == UInt8(ascii: "<"), b[1] == UInt8(ascii: "?") else { return true }
        let head = String(decoding: UnsafeBufferPointer(rebasing: b[0..<min(b.count, 200)]), as: UTF8.self)
        guard let end = head.range(of: "?>") else { return false }
        let decl = head[..<end.lowerBound].lowercased()
        guard let e = decl.range(of: "encoding") else { return true }
        let rest = decl[e.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let name = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " }
        return name == "utf-8" || name == "utf8" || name == "us-ascii" || name == "ascii"
            || name.hasPrefix("iso-8859-") || name.hasPrefix("windows-125") || name == "latin1"
    }

    /// A cursor mapping offsets in ``bytes`` to the original document, for offsets that only grow
    /// (libxml2 reads forward) and never fall inside a replacement.
    struct Cursor {
        var region = 0
        var delta = 0

        mutating func originalOffset(ofCompact c: Int, in compaction: XMLCompaction) -> Int {
            let regions = compaction.regions
            while region < regions.count && regions[region].compactStart + regions[region].newlines <= c
                    && regions[region].compactStart < c {
                delta += regions[region].count - regions[region].newlines
                region += 1
            }
            return c + delta
        }
    }
}
