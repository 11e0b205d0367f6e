import Foundation
import Testing
@testable import ColladaKit

/// Number arrays parsed on other cores while the XML is read must give exactly what the document
/// stage gives on its own: the same values bit for bit, and the same error at the same place.
@Suite struct NumberPrefetcherTests {
    /// A COLLADA document with one large `float_array` and one large `<p>`, `extra` after them.
    static func document(floats: String, p: String, extra: String = "", header: String = "<?xml version=\"1.0\" encoding=\"utf-8\"?>") -> [UInt8] {
        Array("""
        \(header)
        <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
        <library_geometries><geometry id="g"><mesh>
        <source id="s"><float_array id="a">\(floats)</float_array>
        <technique_common><accessor source="#a" count="1" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
        <vertices id="v"><input semantic="POSITION" source="#s"/></vertices>
        <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>\(p)</p></triangles>
        </mesh></geometry></library_geometries>\(extra)
        </COLLADA>
        """.utf8)
    }

    /// Random decimal text: 7-digit values as exporters write them, long ones, exponents, and
    /// values on a Float halfway point (which take the careful path), across several lines.
    static func randomFloatText(count: Int, seed: UInt64) -> String {
        var rng = SplitMix(seed)
        var parts: [String] = []
        parts.reserveCapacity(count)
        for k in 0..<count {
            let r = rng.next()
            switch r % 5 {
            case 0: parts.append(String(format: "%.7g", Double(Int64(bitPattern: r) >> 20) * 1e-9))
            case 1: parts.append("\(Int64(bitPattern: r) >> 3)e-\(r % 30)")
            case 2: parts.append("16777217")  // halfway between two floats
            case 3: parts.append("-0.\(r % 100_000_000)")
            default: parts.append(String(Float(bitPattern: UInt32(truncatingIfNeeded: r) & 0x7F7F_FFFF)))
            }
            if k % 97 == 96 { parts.append("\n") }
        }
        return parts.joined(separator: " ")
    }

    static func randomIntText(count: Int, seed: UInt64) -> String {
        var rng = SplitMix(seed)
        return (0..<count).map { _ in String(Int32(truncatingIfNeeded: rng.next())) }.joined(separator: "  ")
    }

    /// The float_array and <p> values of `bytes` read with and without a prefetcher.
    static func bothWays(_ bytes: [UInt8]) throws -> (with: Collada.Document, without: Collada.Document, prefetched: Int) {
        let (with, without, prefetched, _) = try bothWaysCountingMoves(bytes)
        return (with, without, prefetched)
    }

    static func bothWaysCountingMoves(_ bytes: [UInt8]) throws -> (with: Collada.Document, without: Collada.Document, prefetched: Int, moves: Int) {
        let prefetcher = NumberPrefetcher()
        let xmlWith = try XMLReader.read(bytes, path: "t.dae", observer: prefetcher)
        let xmlWithout = try XMLReader.read(bytes, path: "t.dae")
        var prefetched = 0
        for i in 0..<Int32(xmlWith.elementCount) {
            if prefetcher.floats(of: i) != nil || prefetcher.ints(of: i) != nil { prefetched += 1 }
        }
        return (Collada.Document(xmlWith), Collada.Document(xmlWithout), prefetched, prefetcher.textMoves)
    }

    @Test(arguments: [1, 7, 20_000, 150_000])
    func givesTheSameValuesBitForBit(count: Int) throws {
        let floats = Self.randomFloatText(count: count, seed: UInt64(count))
        let ints = Self.randomIntText(count: count, seed: UInt64(count) + 1)
        let (with, without, prefetched) = try Self.bothWays(Self.document(floats: floats, p: ints))
        // Small arrays are left to the document stage; large ones are cut into pieces.
        #expect(prefetched == (floats.utf8.count >= NumberPrefetcher.minimumBytes ? 2 : 0))
        let a = with.sources[0].floats, b = without.sources[0].floats
        #expect(a.count == count)
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
        #expect(with.geometries[0].primitives[0].indexLists == without.geometries[0].primitives[0].indexLists)
        #expect(with.geometries[0].primitives[0].indexLists.first?.count == count)
        // Every value as the standard library parses it.
        let expected = floats.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Float(String($0))! }
        #expect(a.map(\.bitPattern) == expected.map(\.bitPattern))
    }

    @Test(arguments: [("0,5", "number-syntax"), ("1x", "number-syntax")])
    func reportsABadTokenInALatePieceWhereTheDocumentStageWould(bad: String, id: String) throws {
        // The bad token sits in a late 32 KB piece, many lines into the array's text.
        var floats = Self.randomFloatText(count: 12_000, seed: 9)
        floats += "\n\n" + Self.randomFloatText(count: 2_000, seed: 10) + " \(bad) 1 2 3"
        #expect(floats.utf8.count > 3 * NumberPrefetcher.pieceBytes)
        let bytes = Self.document(floats: floats, p: "0 0 0")
        let (with, without, _) = try Self.bothWays(bytes)
        let e1 = with.diagnostics.diagnostics.filter { $0.severity == .error }
        let e2 = without.diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(e1.count == 1)
        #expect(e1.first?.id == id)
        #expect(e1.map(\.description) == e2.map(\.description))
        // The array's text starts on line 4 of the file.
        let line = 4 + floats.components(separatedBy: " \(bad) ")[0].filter { $0 == "\n" }.count
        #expect(e1.first?.location.line == line)
        // And the whole loader says so too.
        #expect(throws: LoadError.self) { try ColladaLoader.load(bytes: bytes, path: "t.dae") }
    }

    @Test(arguments: ["1e39", "NaN", "-inf"])
    func reportsTheFirstNonFiniteValueOfALatePiece(bad: String) throws {
        let floats = Self.randomFloatText(count: 12_000, seed: 11) + " \(bad) 1 " + Self.randomFloatText(count: 3_000, seed: 12) + " inf"
        let (with, without, prefetched) = try Self.bothWays(Self.document(floats: floats, p: "0 0 0"))
        #expect(prefetched == 1)
        let e1 = with.diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(e1.map(\.id) == ["number-non-finite"])
        #expect(e1.first?.message.contains("value 12000 ") == true)
        #expect(e1.map(\.description) == without.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.description))
    }

    @Test func anIntegerOutOfRangeIsPlacedExactly() throws {
        let p = Self.randomIntText(count: 20_000, seed: 3) + " 99999999999 0"
        let (with, without, _) = try Self.bothWays(Self.document(floats: "0 0 0", p: p))
        let e1 = with.diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(e1.first?.id == "number-range")
        #expect(e1.map(\.description) == without.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.description))
    }

    @Test func survivesTheTextBufferMovingUnderQueuedPieces() throws {
        // Latin-1 text grows when libxml2 converts it to UTF-8 (each é becomes two bytes), so the
        // leaf text outgrows the buffer sized from the file while pieces of the array are queued.
        let floats = Self.randomFloatText(count: 30_000, seed: 4)
        let comment = String(repeating: "\u{E9}", count: 400_000)
        var bytes = Self.document(floats: floats, p: Self.randomIntText(count: 30_000, seed: 5),
                                  extra: "<asset><contributor><comments>\(comment)</comments></contributor></asset>",
                                  header: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
        // Re-encode the é as single Latin-1 bytes.
        bytes = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let (with, without, prefetched, moves) = try Self.bothWaysCountingMoves(bytes)
        #expect(moves >= 1)
        #expect(prefetched == 2)
        #expect(with.sources[0].floats.map(\.bitPattern) == without.sources[0].floats.map(\.bitPattern))
        #expect(with.sources[0].floats.count == 30_000)
    }

    @Test func aMalformedDocumentAfterLargeArraysThrowsCleanly() throws {
        var bytes = Self.document(floats: Self.randomFloatText(count: 50_000, seed: 6), p: Self.randomIntText(count: 50_000, seed: 7))
        bytes.removeLast(20)  // cut inside the closing tags
        let errors = loadErrors(bytes, path: "cut.dae")
        #expect(errors.first?.id == "xml-malformed")
        #expect(errors.first?.location.path == "cut.dae")
    }

    @Test func anArrayWithAChildElementIsNoLeafAndItsPiecesAreDropped() throws {
        // Pieces of the float_array are handed over while its text arrives; then a child element
        // shows it is no leaf, its text is dropped and overwritten: the result must not change.
        let floats = Self.randomFloatText(count: 20_000, seed: 13) + "<extra/>" + Self.randomFloatText(count: 5_000, seed: 14)
        let (with, without, prefetched) = try Self.bothWays(Self.document(floats: floats, p: Self.randomIntText(count: 20_000, seed: 15)))
        #expect(prefetched == 1)  // only the <p>
        #expect(with.sources[0].floats.count == without.sources[0].floats.count)
        #expect(with.diagnostics.diagnostics.map(\.description) == without.diagnostics.diagnostics.map(\.description))
    }

    @Test func aTokenLongerThanAPieceIsNotCut() throws {
        let long = "1" + String(repeating: "0", count: 3 * NumberPrefetcher.pieceBytes)
        let floats = Self.randomFloatText(count: 5_000, seed: 16) + " " + long + " 1 2"
        let (with, without, prefetched) = try Self.bothWays(Self.document(floats: floats, p: "0 0 0"))
        #expect(prefetched == 1)
        #expect(with.sources[0].floats.count == 5_003)
        #expect(with.diagnostics.diagnostics.map(\.description) == without.diagnostics.diagnostics.map(\.description))
        #expect(with.diagnostics.diagnostics.first?.id == "number-non-finite")
    }

    @Test func manyReadsWithTinyPiecesOnWorkerThreadsAgree() throws {
        // Hundreds of pieces per read, taken by a worker that is already running: a piece must be
        // counted before a worker can take it (dispatch_group_leave before enter traps).
        let bytes = Self.document(floats: Self.randomFloatText(count: 3_000, seed: 31), p: Self.randomIntText(count: 3_000, seed: 32))
        let plain = Collada.Document(try XMLReader.read(bytes, path: "t.dae"))
        // (Before the fix this trapped in about one run in three.)
        for _ in 0..<600 {
            let prefetcher = NumberPrefetcher(minimumArrayBytes: 1, pieceBytes: 64, minimumCompactBytes: 1)
            let doc = Collada.Document(try XMLReader.read(bytes, path: "t.dae", observer: prefetcher))
            #expect(doc.sources[0].floats.map(\.bitPattern) == plain.sources[0].floats.map(\.bitPattern))
            #expect(prefetcher.regionsMatched == 2)
        }
    }

    @Test func theLoaderPrefetchesOnlyLargeFiles() {
        #expect(NumberPrefetcher.forDocument(byteCount: 10_000) == nil)
        #expect(NumberPrefetcher.forDocument(byteCount: 1 << 20) != nil)
    }
}

/// A small deterministic generator (SplitMix64) so the random texts are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
