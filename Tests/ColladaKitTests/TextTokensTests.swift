import Testing
@testable import ColladaKit

@Suite struct TextTokensTests {
    @Test(arguments: [
        ("<a>LINEAR LINEAR\n\tLINEAR  BEZIER LINEAR</a>", ["LINEAR", "LINEAR", "LINEAR", "BEZIER", "LINEAR"]),
        ("<a>  Hips Spine Spine1 Spine \r\n</a>", ["Hips", "Spine", "Spine1", "Spine"]),
        ("<a>x xy x xx</a>", ["x", "xy", "x", "xx"]),
        ("<a>caf\u{E9} caf\u{E9} cafe</a>", ["caf\u{E9}", "caf\u{E9}", "cafe"]),
        ("<a> \n </a>", []),
        ("<a/>", []),
    ])
    func splitsOnXMLWhiteSpace(xml: String, expected: [String]) throws {
        let doc = try XMLReader.read(Array(xml.utf8), path: "t.xml")
        let root = try #require(doc.root)
        #expect(root.textTokens() == expected)
        #expect(root.textTokens() == root.text.splitOnSpaces)
    }
}
