import Foundation
import Testing
@testable import ColladaKit

/// Reading with number arrays cut out of what libxml2 sees (``XMLCompaction``) must give the same
/// document as reading the original bytes: every element, attribute, location and text, every
/// parsed value, every diagnostic. Anything the scan cannot vouch for falls back to a plain read.
@Suite struct XMLCompactionTests {
    /// A prefetcher with tiny thresholds, so small files take the compact path too.
    static func eager() -> NumberPrefetcher {
        NumberPrefetcher(minimumArrayBytes: 1, pieceBytes: 64, minimumCompactBytes: 1)
    }

    /// libxml2's line-end normalisation, for comparing raw region text with text libxml2 delivered.
    static func normalised(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == 0x0D {
                out.append(0x0A)
                if i + 1 < b.count && b[i + 1] == 0x0A { i += 1 }
            } else {
                out.append(b[i])
            }
            i += 1
        }
        return out
    }

    /// Compares two reads of the same bytes element by element; returns the first difference.
    static func difference(_ a: XMLDocument, _ b: XMLDocument) -> String? {
        if a.elementCount != b.elementCount { return "element count \(a.elementCount) vs \(b.elementCount)" }
        if a.attributes.count != b.attributes.count { return "attribute count" }
        for i in 0..<a.elementCount {
            let x = XMLElement(document: a, index: Int32(i)), y = XMLElement(document: b, index: Int32(i))
            let rx = a.elements[i], ry = b.elements[i]
            if x.name != y.name || rx.parent != ry.parent || rx.firstChild != ry.firstChild || rx.nextSibling != ry.nextSibling {
                return "element \(i) <\(x.name)> structure"
            }
            if rx.line != ry.line || rx.column != ry.column || rx.contentOffset != ry.contentOffset {
                return "element \(i) <\(x.name)> at \(rx.line):\(rx.column)+\(rx.contentOffset) vs \(ry.line):\(ry.column)+\(ry.contentOffset)"
            }
            if x.attributes.map({ "\($0.name)=\($0.value)" }) != y.attributes.map({ "\($0.name)=\($0.value)" }) {
                return "element \(i) <\(x.name)> attributes"
            }
            let tx = x.withTextBytes { Array($0) }, ty = y.withTextBytes { Array($0) }
            if normalised(tx) != normalised(ty) { return "element \(i) <\(x.name)> text (\(tx.count) vs \(ty.count) bytes)" }
        }
        return nil
    }

    /// Reads `bytes` plainly and compactly; returns both documents and how many regions were used.
    static func bothWays(_ bytes: [UInt8], path: String = "t.dae") throws -> (plain: XMLDocument, compact: XMLDocument, regions: Int) {
        let plain = try XMLReader.read(bytes, path: path)
        let prefetcher = eager()
        let compact = try XMLReader.read(bytes, path: path, observer: prefetcher)
        return (plain, compact, prefetcher.regionsMatched)
    }

    /// The whole load both ways: the same diagnostics, the same scene totals.
    static func loadDifference(_ bytes: [UInt8], path: String) -> String? {
        func outcome(_ observer: NumberPrefetcher?) -> String {
            do {
                let xml = try XMLReader.read(bytes, path: path, observer: observer)
                let doc = Collada.Document(xml)
                let values = doc.sources.map { s in s.floats.reduce(into: UInt64(0)) { $0 = $0 &* 31 &+ UInt64($1.bitPattern) } }
                let diags = doc.diagnostics.diagnostics.map(\.description)
                if doc.diagnostics.hasErrors { return "document errors \(diags) values \(values)" }
                let scene = try SceneResolver.resolve(doc)
                return "ok \(scene.triangleCount) \(scene.nodes.count) \(scene.channels.count) \(values) \(scene.diagnostics.map(\.description))"
            } catch let e as LoadError {
                return "error \(e.diagnostics.map(\.description))"
            } catch {
                return "other \(error)"
            }
        }
        let a = outcome(nil), b = outcome(eager())
        return a == b ? nil : "plain: \(a.prefix(300))\ncompact: \(b.prefix(300))"
    }

    static var realFiles: [String] {
        var files: [String] = []
        if let shared = TestPaths.shared {
            let dir = shared + "/corpus/collada/"
            if let data = FileManager.default.contents(atPath: dir + "corpus.json"),
               let entries = try? JSONDecoder().decode([CorpusTests.Entry].self, from: data) {
                files += entries.map { dir + $0.path }
            }
            let made = shared + "/corpus/blender-made/"
            files += ((try? FileManager.default.contentsOfDirectory(atPath: made)) ?? []).filter { $0.hasSuffix(".dae") }.sorted().map { made + $0 }
        }
        let assets = TestPaths.repoRoot.path + "/Assets/"
        files += [assets + "Models/base-model.dae", assets + "Animations/pushup-01.dae", assets + "Poses/squat-05-pose.dae"]
        return files
    }

    @Test func everyRealFileReadsTheSameCompacted() throws {
        var compacted = 0, regions = 0, checked = 0
        for path in Self.realFiles {
            guard let raw = try? TestPaths.bytes(path),
                  let (bytes, name) = try? ColladaLoader.documentBytes(raw, path: path) else { continue }
            checked += 1
            if let (plain, compact, n) = try? Self.bothWays(bytes, path: name) {
                #expect(Self.difference(plain, compact) == nil, "\(path): \(Self.difference(plain, compact) ?? "")")
                if n > 0 { compacted += 1; regions += n }
            }
            #expect(Self.loadDifference(bytes, path: name) == nil, "\(path)")
        }
        print("XMLCompactionTests: \(checked) files, \(compacted) read compacted (\(regions) arrays cut out)")
        #expect(checked >= 3)
        #expect(compacted >= min(checked, 3))
    }

    /// Small documents around one float_array, each checked both ways.
    static let shapes: [(String, String)] = [
        ("plain", #"<COLLADA version="1.4.1"><float_array id="a" count="3">1 2 3</float_array></COLLADA>"#),
        ("crlf", "<COLLADA version=\"1.4.1\">\r\n<float_array id=\"a\" count=\"4\">1\r\n2\r\n3\r\n4</float_array>\r\n<x>after</x></COLLADA>"),
        ("prefixed", #"<c:COLLADA xmlns:c="urn:x" version="1.4.1"><c:float_array id="a">1 2</c:float_array><c:p>0 1</c:p></c:COLLADA>"#),
        ("quoted >", #"<COLLADA version="1.4.1"><float_array id="a" name="x>y">1 2</float_array></COLLADA>"#),
        ("in a comment", #"<COLLADA version="1.4.1"><!-- <float_array>9 9</float_array> --><float_array>1 2</float_array></COLLADA>"#),
        ("in cdata", #"<COLLADA version="1.4.1"><comments><![CDATA[<float_array>9 9</float_array>]]></comments><p>3 4</p></COLLADA>"#),
        ("pi", #"<?xml version="1.0"?><?x <p>1</p> ?><COLLADA version="1.4.1"><p>1 2</p></COLLADA>"#),
        ("empty", #"<COLLADA version="1.4.1"><float_array/><float_array></float_array><p> </p></COLLADA>"#),
        ("child", #"<COLLADA version="1.4.1"><float_array>1 2<x/>3</float_array></COLLADA>"#),
        ("entity", #"<COLLADA version="1.4.1"><float_array>1 &#50; 3</float_array></COLLADA>"#),
        ("amp", #"<COLLADA version="1.4.1"><float_array>1 &amp; 3</float_array></COLLADA>"#),
        ("comma", #"<COLLADA version="1.4.1"><float_array count="2">0,5 1</float_array></COLLADA>"#),
        ("crlf comma", "<COLLADA version=\"1.4.1\"><float_array count=\"3\">1\r\n2\r\n0,5</float_array></COLLADA>"),
        ("mismatched close", #"<COLLADA version="1.4.1"><float_array>1 2</p></COLLADA>"#),
        ("unclosed", #"<COLLADA version="1.4.1"><float_array>1 2"#),
        ("latin-1", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><COLLADA version=\"1.4.1\"><float_array>1 2</float_array></COLLADA>"),
        ("control char", "<COLLADA version=\"1.4.1\"><float_array>1 \u{01} 2</float_array></COLLADA>"),
        ("nan", #"<COLLADA version="1.4.1"><float_array>1 NaN -INF 1.#QNAN</float_array></COLLADA>"#),
        // The scan hands the array over, then gives up at markup it cannot end: the work already
        // queued is dropped and the original is read.
        ("comment never closed", #"<COLLADA version="1.4.1"><float_array>1 2 3</float_array><p>0 1</p><!-- open </COLLADA>"#),
        ("pi never closed", #"<COLLADA version="1.4.1"><float_array>1 2 3</float_array><?x </COLLADA>"#),
    ]

    @Test(arguments: shapes.map(\.0))
    func aSmallShapeReadsTheSameBothWays(_ name: String) throws {
        let text = Self.shapes.first { $0.0 == name }!.1
        let bytes = Array(text.utf8)
        let plain = Result { try XMLReader.read(bytes, path: "s.dae") }
        let prefetcher = Self.eager()
        let compact = Result { try XMLReader.read(bytes, path: "s.dae", observer: prefetcher) }
        switch (plain, compact) {
        case (.success(let a), .success(let b)):
            #expect(Self.difference(a, b) == nil, "\(name): \(Self.difference(a, b) ?? "")")
        case (.failure(let a as LoadError), .failure(let b as LoadError)):
            #expect(a.diagnostics.map(\.description) == b.diagnostics.map(\.description))
        default:
            Issue.record("\(name): plain \(plain) vs compact \(compact)")
        }
        #expect(Self.loadDifference(bytes, path: "s.dae") == nil, "\(name)")
    }

    @Test(arguments: [("plain", 1), ("crlf", 1), ("prefixed", 2), ("quoted >", 1), ("in a comment", 1), ("in cdata", 1),
                      ("pi", 1), ("latin-1", 1), ("nan", 1),
                      // A decimal comma fails to parse, but the text is what libxml2 would deliver:
                      // no second read, the same error.
                      ("comma", 1),
                      // The same after a CR, which libxml2 drops: the offsets would differ, so read again.
                      ("crlf comma", 0),
                      // Fallbacks: libxml2 would have decoded, refused or split the text.
                      ("child", 0), ("entity", 0), ("amp", 0), ("control char", 0), ("mismatched close", 0),
                      ("comment never closed", 0), ("pi never closed", 0)])
    func takesTheCompactPathOnlyWhereItCanVouchForIt(_ name: String, regions: Int) throws {
        let bytes = Array(Self.shapes.first { $0.0 == name }!.1.utf8)
        let prefetcher = Self.eager()
        _ = try? XMLReader.read(bytes, path: "s.dae", observer: prefetcher)
        #expect(prefetcher.regionsMatched == regions, "\(name)")
    }

    @Test func givesUpOnEncodingsThatAreNotASCIICompatible() {
        func check(_ decl: String) -> Bool {
            Array(decl.utf8).withUnsafeBufferPointer { XMLCompaction.hasASCIICompatibleEncoding($0) }
        }
        #expect(check("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(check("<?xml version='1.0' encoding='iso-8859-1'?>"))
        #expect(check("<?xml version=\"1.0\"?>"))
        #expect(check("<COLLADA/>"))
        #expect(!check("<?xml version=\"1.0\" encoding=\"UTF-16\"?>"))
        #expect(!check("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>"))
        #expect(!check("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>"))
    }

    @Test func aLargeBlenderStyleArrayIsCutOutAndLocatedExactly() throws {
        // One long line of numbers, as Blender writes, then a bad token on a later line: the
        // compact read falls back, and the error is where the plain read puts it.
        var floats = NumberPrefetcherTests.randomFloatText(count: 30_000, seed: 21).replacingOccurrences(of: "\n", with: "")
        let good = NumberPrefetcherTests.document(floats: floats, p: NumberPrefetcherTests.randomIntText(count: 30_000, seed: 22))
        let (plain, compact, n) = try Self.bothWays(good)
        #expect(n == 2)
        #expect(Self.difference(plain, compact) == nil)
        floats += "\n 1 2 0,5 3"
        let bad = NumberPrefetcherTests.document(floats: floats, p: "0 1 2")
        #expect(Self.loadDifference(bad, path: "bad.dae") == nil)
        let errors = loadErrors(bad, path: "bad.dae")
        #expect(errors.first?.id == "number-syntax")
        #expect(errors.first?.location.line == 5)
    }
}
