import Foundation

/// Text surgery on COLLADA fixtures for the validate tests: edit one array's values, one node's
/// matrix, and find where a value is written (1-based line, byte column), independently of the
/// code under test.
package struct ValidateFixtureText {
    package var text: String

    package init(text: String) {
        self.text = text
    }

    /// The range of the text of the element whose start tag contains `marker` (e.g. `id="x-array"`).
    package func contentRange(after marker: String, element: String) -> Range<String.Index>? {
        guard let m = text.range(of: marker),
              let open = text[m.lowerBound...].firstIndex(of: ">"),
              let close = text.range(of: "</\(element)>", range: text.index(after: open)..<text.endIndex) else { return nil }
        return text.index(after: open)..<close.lowerBound
    }

    /// Replaces the values of the array with id `arrayID` by `edit(values)`.
    package mutating func editArray(_ arrayID: String, _ edit: (inout [String]) -> Void) {
        let element = text.range(of: "<Name_array id=\"\(arrayID)\"") != nil ? "Name_array" : "float_array"
        guard let r = contentRange(after: "id=\"\(arrayID)\"", element: element) else { fatalError("no array \(arrayID)") }
        var values = text[r].split(separator: " ").map(String.init)
        edit(&values)
        text.replaceSubrange(r, with: values.joined(separator: " "))
    }

    /// Replaces the first `<matrix>` of the node with id `nodeID` by `edit(row-major values)`.
    package mutating func editMatrix(ofNode nodeID: String, _ edit: (inout [Double]) -> Void) {
        guard let node = text.range(of: "<node id=\"\(nodeID)\""),
              let matrix = text.range(of: "<matrix", range: node.upperBound..<text.endIndex),
              let open = text[matrix.upperBound...].firstIndex(of: ">"),
              let close = text.range(of: "</matrix>", range: open..<text.endIndex) else { fatalError("no node \(nodeID)") }
        let r = text.index(after: open)..<close.lowerBound
        var values = text[r].split(separator: " ").compactMap { Double($0) }
        edit(&values)
        text.replaceSubrange(r, with: values.map { String($0) }.joined(separator: " "))
    }

    package mutating func replace(_ a: String, _ b: String) {
        guard let r = text.range(of: a) else { fatalError("no '\(a)' in the fixture") }
        text.replaceSubrange(r, with: b)
    }

    /// Removes from the first `start` to the end of the first `end` after it.
    package mutating func remove(from start: String, through end: String) {
        guard let s = text.range(of: start), let e = text.range(of: end, range: s.upperBound..<text.endIndex) else { fatalError("no '\(start)'") }
        text.removeSubrange(s.lowerBound..<e.upperBound)
    }

    /// Line and column of `index`.
    package func position(_ index: String.Index) -> (line: Int, column: Int) {
        let before = text[..<index]
        let line = before.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text.utf8.distance(from: lineStart, to: index) + 1)
    }

    /// Line and column of the `<` of the first element whose start tag begins with `tagStart`
    /// (occurrence `n`, from 0).
    package func position(ofTag tagStart: String, occurrence n: Int = 0) -> (line: Int, column: Int) {
        var from = text.startIndex
        for _ in 0..<n { from = text.range(of: tagStart, range: from..<text.endIndex).map { $0.upperBound } ?? from }
        guard let r = text.range(of: tagStart, range: from..<text.endIndex) else { fatalError("no '\(tagStart)'") }
        return position(r.lowerBound)
    }

    /// Line and column of value `k` (from 0) of the array or element whose start tag contains `marker`.
    package func position(ofValue k: Int, after marker: String, element: String) -> (line: Int, column: Int) {
        guard let r = contentRange(after: marker, element: element) else { fatalError("no '\(marker)'") }
        var token = -1
        var inToken = false
        var i = r.lowerBound
        while i < r.upperBound {
            let space = text[i] == " " || text[i] == "\n"
            if !space && !inToken { token += 1; if token == k { return position(i) } }
            inToken = !space
            i = text.index(after: i)
        }
        fatalError("no value \(k) in '\(marker)'")
    }
}
