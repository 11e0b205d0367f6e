import Foundation
import Testing
@testable import ColladaKit
import PipelineKit

@Suite struct XMLReaderTests {
    @Test func copiesElementsAttributesTextAndLocations() throws {
        let text = """
            <?xml version="1.0"?>
            <root a="1" b='x &amp; y'>
              <leaf>  hello &lt;world&gt; </leaf>
                <other
                   k="v"/>
              <leaf><![CDATA[raw <text>]]></leaf>
            </root>
            """
        let doc = try XMLReader.read(Array(text.utf8), path: "t.xml")
        let root = try #require(doc.root)
        #expect(root.name == "root")
        #expect(root.attribute("a") == "1")
        #expect(root.attribute("b") == "x & y")
        #expect(root.location == SourceLocation(path: "t.xml", line: 2, column: 1))
        let kids = Array(root.children)
        #expect(kids.map(\.name) == ["leaf", "other", "leaf"])
        #expect(kids[0].text == "  hello <world> ")
        #expect(kids[0].location.line == 3 && kids[0].location.column == 3)
        #expect(kids[1].location.line == 4 && kids[1].location.column == 5)
        #expect(kids[1].attribute("k") == "v")
        #expect(kids[2].text == "raw <text>")
        #expect(root.text == "")  // not a leaf: whitespace between children is dropped
    }

    @Test func locatesTokensInsideText() throws {
        let text = "<a>\n  <b>1 2\n   3,5</b>\n</a>"
        let doc = try XMLReader.read(Array(text.utf8), path: "t.xml")
        let b = try #require(doc.root?.child("b"))
        // "1 2\n   3,5": the bad token starts at offset 7 of the text, line 3 column 4.
        #expect(b.locationInText(7) == SourceLocation(path: "t.xml", line: 3, column: 4))
    }

    @Test func columnsOnLongSingleLines() throws {
        let text = "<a><b/><c x=\"1\"/><d>t</d></a>"
        let doc = try XMLReader.read(Array(text.utf8), path: "t.xml")
        let cols = Array(try #require(doc.root).children).map(\.location.column)
        #expect(cols == [4, 8, 18])
    }

    @Test func readsUTF16BothWaysAndWithoutBOM() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<r v=\"é\">ü</r>"
        for (littleEndian, bom) in [(true, true), (false, true), (true, false), (false, false)] {
            var bytes: [UInt8] = bom ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
            for u in text.utf16 {
                bytes += littleEndian ? [UInt8(u & 0xFF), UInt8(u >> 8)] : [UInt8(u >> 8), UInt8(u & 0xFF)]
            }
            let doc = try XMLReader.read(bytes, path: "u16.xml")
            #expect(doc.root?.attribute("v") == "é")
            #expect(doc.root?.text == "ü")
            #expect(doc.root?.location.line == 2)
        }
    }

    @Test func readsUTF8WithBOM() throws {
        let doc = try XMLReader.read([0xEF, 0xBB, 0xBF] + Array("<r>x</r>".utf8), path: "b.xml")
        #expect(doc.root?.text == "x")
    }

    /// Hostile inputs: each refused quickly with a clear, located error.
    @Test(arguments: [
        ("empty", "", "xml-empty"),
        ("random", "\u{1}\u{2}garbage\u{7f} <<< >>>", "xml-malformed"),
        ("truncated", "<COLLADA version=\"1.4.1\"><asset><up_axis>Y_UP</up", "xml-malformed"),
        ("doctype", "<!DOCTYPE COLLADA><COLLADA/>", "xml-doctype"),
        ("external entity", "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>", "xml-doctype"),
        ("entity bomb", billionLaughs, "xml-doctype"),
        ("network dtd", "<!DOCTYPE r SYSTEM \"http://example.invalid/x.dtd\"><r/>", "xml-doctype"),
        ("undeclared entity", "<r>&nope;</r>", "xml-malformed"),
    ])
    func refusesHostileInput(name: String, text: String, id: String) throws {
        #expect {
            _ = try XMLReader.read(Array(text.utf8), path: "\(name).dae")
        } throws: { error in
            guard let e = error as? LoadError, let d = e.diagnostics.first else { return false }
            return d.id == id && d.location.path == "\(name).dae" && d.location.line >= 1
        }
    }

    static let billionLaughs: String = {
        var s = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for i in 1...9 { s += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1 == 0 ? "" : String(i - 1));", count: 10) + "\">\n" }
        return s + "]>\n<lolz>&lol9;</lolz>"
    }()

    @Test func refusesDeepNesting() throws {
        let depth = 100_000
        let text = String(repeating: "<n>", count: depth) + String(repeating: "</n>", count: depth)
        #expect {
            _ = try XMLReader.read(Array(text.utf8), path: "deep.dae")
        } throws: { error in
            (error as? LoadError)?.diagnostics.first?.id == "xml-too-deep"
        }
    }

    @Test func refusesOversizedInput() throws {
        var limits = XMLReader.Limits()
        limits.maxBytes = 100
        #expect {
            _ = try XMLReader.read(Array(repeating: UInt8(ascii: " "), count: 101), path: "big.dae", limits: limits)
        } throws: { error in
            (error as? LoadError)?.diagnostics.first?.id == "xml-too-large"
        }
    }

    @Test func parsingIsThreadSafe() async throws {
        // libxml2's error state is per thread; ours lives in the parser context.
        let good = Array("<r><a x=\"1\">1 2 3</a></r>".utf8)
        let bad = Array("<r><a>".utf8)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<64 {
                group.addTask {
                    if i % 2 == 0 { return (try? XMLReader.read(good, path: "g")) != nil }
                    return (try? XMLReader.read(bad, path: "b")) == nil
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
