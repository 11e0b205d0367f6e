import Foundation
import Testing
@testable import ColladaKit

/// Each broken input maps to its rule id and the line it is on.
@Suite struct DocumentErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var id: String
        /// A substring of the line the error must point at.
        var lineContains: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "decimal comma", text: colladaDocument(geometry: triangleGeometry(array: "0 0 0 1 0 0 0 0,5 0")),
             id: "number-syntax", lineContains: "float_array"),
        Case(name: "stray letter", text: colladaDocument(geometry: triangleGeometry(array: "0 0 0 1 0 0 0 1x 0")),
             id: "number-syntax", lineContains: "float_array"),
        Case(name: "non-finite", text: colladaDocument(geometry: triangleGeometry(array: "0 0 0 1 0 0 0 inf 0")),
             id: "number-non-finite", lineContains: "float_array"),
        Case(name: "count disagrees", text: colladaDocument(geometry: triangleGeometry(count: "12")),
             id: "array-count", lineContains: "float_array"),
        Case(name: "billion count", text: colladaDocument(geometry: triangleGeometry(count: "1000000000")),
             id: "array-count", lineContains: "float_array"),
        Case(name: "accessor past array", text: colladaDocument(geometry: triangleGeometry(accessorCount: "4")),
             id: "accessor-out-of-range", lineContains: "accessor"),
        Case(name: "zero stride", text: colladaDocument(geometry: triangleGeometry(stride: "0")),
             id: "accessor-stride", lineContains: "accessor"),
        Case(name: "index out of range", text: colladaDocument(geometry: triangleGeometry(p: "0 1 3")),
             id: "index-out-of-range", lineContains: "<p>"),
        Case(name: "negative index", text: colladaDocument(geometry: triangleGeometry(p: "0 -1 2")),
             id: "index-out-of-range", lineContains: "<p>"),
        Case(name: "short p", text: colladaDocument(geometry: triangleGeometry(p: "0 1")),
             id: "index-count", lineContains: "<p>"),
        Case(name: "broken VERTEX reference", text: colladaDocument(geometry: triangleGeometry(vertexURL: "#missing")),
             id: "reference-missing", lineContains: "VERTEX"),
        Case(name: "missing geometry", text: colladaDocument(geometry: triangleGeometry(), extra: """
              <library_visual_scenes><visual_scene id="s"><node id="n">
                <instance_geometry url="#missing"/>
              </node></visual_scene></library_visual_scenes>
              <scene><instance_visual_scene url="#s"/></scene>
            """), id: "reference-missing", lineContains: "instance_geometry"),
        Case(name: "missing visual scene", text: colladaDocument(geometry: triangleGeometry(), extra: """
              <scene><instance_visual_scene url="#nowhere"/></scene>
            """), id: "reference-missing", lineContains: "instance_visual_scene"),
        Case(name: "instance_node cycle", text: colladaDocument(geometry: "", extra: """
              <library_nodes><node id="a"><instance_node url="#b"/></node><node id="b">
                <instance_node url="#a"/></node></library_nodes>
              <library_visual_scenes><visual_scene id="s"><node id="top"><instance_node url="#a"/></node></visual_scene></library_visual_scenes>
              <scene><instance_visual_scene url="#s"/></scene>
            """), id: "instance-cycle", lineContains: "instance_node url=\"#a\"/></node></library_nodes>"),
        Case(name: "wrong root", text: "<?xml version=\"1.0\"?>\n<not_collada/>", id: "collada-root", lineContains: "not_collada"),
        Case(name: "bad version", text: "<COLLADA version=\"9.9\"/>", id: "collada-version", lineContains: "9.9"),
        Case(name: "matrix size", text: colladaDocument(geometry: "", extra: """
              <library_visual_scenes><visual_scene id="s"><node id="n">
                <matrix>1 0 0 0 1</matrix>
              </node></visual_scene></library_visual_scenes>
            """), id: "transform-size", lineContains: "<matrix>"),
    ]

    @Test(arguments: cases)
    func brokenInputIsReportedAtItsLine(_ c: Case) throws {
        let errors = loadErrors(Array(c.text.utf8), path: "\(c.name).dae")
        let first = try #require(errors.first, "\(c.name) loaded without error")
        #expect(first.id == c.id, "\(c.name): \(first)")
        #expect(first.location.path == "\(c.name).dae")
        let lines = c.text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = first.location.line >= 1 && first.location.line <= lines.count ? String(lines[first.location.line - 1]) : ""
        #expect(line.contains(c.lineContains), "\(c.name): line \(first.location.line) is '\(line)'")
        #expect(first.location.column >= 1)
    }

    @Test func numberErrorsPointAtTheToken() throws {
        let text = colladaDocument(geometry: triangleGeometry(array: "0 0 0 1 0 0 0 0,5 0"))
        let errors = loadErrors(Array(text.utf8), path: "comma.dae")
        let d = try #require(errors.first)
        let line = String(text.split(separator: "\n", omittingEmptySubsequences: false)[d.location.line - 1])
        let utf8 = Array(line.utf8)
        let token = String(decoding: utf8[(d.location.column - 1)...].prefix(3), as: UTF8.self)
        #expect(token == "0,5")
        #expect(d.message.contains("decimal comma"))
    }

    @Test func everyErrorIsCollectedNotJustTheFirst() throws {
        let geometry = triangleGeometry(array: "0 0 0 1 0 0 0 0,5 0") + triangleGeometry(count: "7").replacingOccurrences(of: "\"g\"", with: "\"g2\"")
            .replacingOccurrences(of: "pos", with: "pos2").replacingOccurrences(of: "\"v\"", with: "\"v2\"")
        let errors = loadErrors(Array(colladaDocument(geometry: geometry).utf8))
        #expect(Set(errors.map(\.id)) == ["number-syntax", "array-count"])
    }
}
