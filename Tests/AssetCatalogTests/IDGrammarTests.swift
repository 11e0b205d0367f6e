@testable import AssetCatalog
import PipelineKit
import Testing

/// The id grammar (catalog ids are file names) and the output-path guard, on cases whose answers are known.
@Suite struct IDGrammarTests {
    @Test(arguments: ["pushup-01", "a", "9", "squat_2.b", "x-completed", "dark", String(repeating: "z", count: 100)])
    func idsInTheGrammar(_ id: String) {
        #expect(IDGrammar.problem(id) == nil, "\(id)")
    }

    @Test(arguments: [
        ("", "empty"), ("../x", "'/'"), ("a/b", "'/'"), (".", "starts with"), ("..", "starts with"), (".a", "starts with"),
        ("-a", "starts with"), ("_a", "starts with"), ("A", "'A'"), ("a b", "a space"), ("a\u{1B}", "control character \\u{1B}"),
        ("é", "outside ASCII"), ("x-complete", "'-complete'"), ("x-dark", "'-dark'"), (String(repeating: "a", count: 101), "at most 100 bytes"),
    ])
    func idsOutsideTheGrammar(_ id: String, _ says: String) {
        let problem = IDGrammar.problem(id)
        #expect(problem?.contains(says) == true, "\(IDGrammar.printable(id)): \(problem ?? "accepted")")
    }

    @Test(arguments: [
        ("Push Up 01", "push-up-01"), ("pushup-01", "pushup-01"), ("..hidden", "hidden"), ("Café Squat", "caf-squat"),
        ("x-complete", "x-complete-1"), ("x-Dark", "x-dark-1"), ("a//b", "a-b"), ("end.", "end"),
    ])
    func idsFromFileNames(_ name: String, _ id: String) {
        #expect(IDGrammar.id(fromName: name) == id)
    }

    @Test func namesWithNothingUsableGiveNoID() {
        #expect(IDGrammar.id(fromName: "---") == nil)
        #expect(IDGrammar.id(fromName: "éé") == nil)
    }

    @Test func printableEscapesWhatATerminalActsOn() {
        #expect(IDGrammar.printable("a\u{1B}[31m\u{07}b\n") == "a\\u{1B}[31m\\u{7}b\\u{A}")
        #expect(IDGrammar.printable(String(repeating: "x", count: 10), limit: 4) == "xxxx...")
    }

    @Test func outputPathsStayInsideTheFolder() throws {
        #expect(try OutputPath.inside("out", "a.imageset", "a.png") == "out/a.imageset/a.png")
        #expect(try OutputPath.inside("out/", "a") == "out/a")
        for bad in ["", ".", "..", "a/b", "/abs", "nul\u{0}", String(repeating: "n", count: 256)] {
            #expect(throws: OutputPath.UnsafeName.self, "\(IDGrammar.printable(bad))") { try OutputPath.inside("out", bad) }
        }
    }
}
