import AssetCatalog
import ColladaKit
import Foundation
import PoseRenderer
import Testing

/// Reading a hand-written catalog: defaults for everything an icon does not need, and each mistake
/// reported at its line and column in plain words.
@Suite struct CatalogFileTests {
    /// A folder with a base model, a rig and the catalog `text`; returns the catalog's path.
    static func folder(_ text: String, style: String? = nil) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Animations", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/base.dae", contents: Data("<COLLADA/>".utf8))
        FileManager.default.createFile(atPath: dir + "/Animations/pushup-01.dae", contents: Data("<COLLADA/>".utf8))
        if let style { FileManager.default.createFile(atPath: dir + "/style.json", contents: Data(style.utf8)) }
        FileManager.default.createFile(atPath: dir + "/catalog.json", contents: Data(text.utf8))
        return dir + "/catalog.json"
    }

    static let minimal = """
        {
          "baseModel": "base.dae",
          "exercises": [
            { "id": "pushup", "progressions": [ { "id": "pushup-01", "animation": "Animations/pushup-01.dae" } ] }
          ]
        }
        """

    @Test func minimalCatalogTakesTheDefaults() throws {
        let r = CatalogFile.read(path: try Self.folder(Self.minimal))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let file = try #require(r.file)
        let p = try #require(file.catalog.progressions.first)
        #expect(file.catalog.format == 1 && file.catalog.style == nil)
        #expect(file.catalog.exercises[0].name == "Pushup")
        #expect(p.name == "pushup-01" && p.stage == 0 && p.loops && p.standards.isEmpty && p.poseTime == nil)
        #expect(p.posedFile == "Animations/pushup-01.dae")
        #expect(file.style == .standard)
    }

    @Test func stageComesFromTheIDOrThePlace() {
        #expect(Catalog.Progression.stage(fromID: "squat-07") == 6)
        #expect(Catalog.Progression.stage(fromID: "my-rig") == nil)
        #expect(Catalog.Progression.stage(fromID: "squat-00") == nil)
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var catalog: String
        var rule: String
        var line: Int
        var column: Int
        /// Words the message must hold.
        var says: [String]
        var testDescription: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "syntax: a missing comma", catalog: """
            {
              "baseModel": "base.dae"
              "exercises": []
            }
            """, rule: "catalog-syntax", line: 3, column: 3, says: ["','", "\"baseModel\""]),
        Mistake(name: "wrong type deep inside", catalog: """
            {
              "baseModel": "base.dae",
              "exercises": [ { "id": "pushup", "progressions": [
                { "id": "pushup-01", "animation": "Animations/pushup-01.dae" },
                { "id": "pushup-02", "animation": "Animations/pushup-01.dae", "poseTime": "half" } ] } ]
            }
            """, rule: "catalog-schema", line: 5, column: 79,
            says: ["exercises[0].progressions[1].poseTime", "should be a number", "\"half\""]),
        Mistake(name: "unknown key", catalog: """
            {
              "baseModel": "base.dae",
              "exercises": [ { "id": "pushup", "progressions": [
                { "id": "pushup-01", "animation": "Animations/pushup-01.dae", "posetime": 0.5 } ] } ]
            }
            """, rule: "catalog-unknown-key", line: 4, column: 67, says: ["posetime", "did you mean \"poseTime\""]),
        Mistake(name: "missing file", catalog: """
            {
              "baseModel": "base.dae",
              "exercises": [ { "id": "pushup", "progressions": [
                { "id": "pushup-01", "pose": "Poses/pushup-01-pose.dae" } ] } ]
            }
            """, rule: "catalog-file-missing", line: 4, column: 34, says: ["Poses/pushup-01-pose.dae", "does not exist"]),
        Mistake(name: "missing required key", catalog: """
            {
              "exercises": []
            }
            """, rule: "catalog-schema", line: 1, column: 1, says: ["no \"baseModel\"", "required"]),
        Mistake(name: "a progression with no file", catalog: """
            {
              "baseModel": "base.dae",
              "exercises": [ { "id": "pushup", "progressions": [ { "id": "pushup-01" } ] } ]
            }
            """, rule: "catalog-schema", line: 3, column: 54, says: ["exercises[0].progressions[0]", "\"animation\"", "\"pose\""]),
        Mistake(name: "a duplicate id", catalog: """
            {
              "baseModel": "base.dae",
              "exercises": [ { "id": "pushup", "progressions": [
                { "id": "pushup-01", "animation": "Animations/pushup-01.dae" },
                { "id": "pushup-01", "animation": "Animations/pushup-01.dae" } ] } ]
            }
            """, rule: "catalog-id-duplicate", line: 5, column: 13, says: ["pushup-01", "twice"]),
        Mistake(name: "a trailing comma", catalog: """
            { "baseModel": "base.dae", "exercises": [], }
            """, rule: "catalog-syntax", line: 1, column: 45, says: ["trailing comma"]),
    ]

    @Test(arguments: mistakes)
    func mistakeIsLocatedInPlainWords(_ m: Mistake) throws {
        let path = try Self.folder(m.catalog)
        let r = CatalogFile.read(path: path)
        let d = try #require(r.diagnostics.first, "no diagnostic for \(m.name)")
        #expect(d.id == m.rule, "\(d)")
        #expect(d.location.path == path)
        #expect((d.location.line, d.location.column) == (m.line, m.column), "\(d)")
        for words in m.says { #expect(d.message.contains(words), "'\(d.message)' does not say \(words)") }
        for leak in ["Index ", "CodingKeys", "Error Domain", "UserInfo", "debugDescription", "DecodingError"] {
            #expect(!d.message.contains(leak), "'\(d.message)'")
        }
    }

    @Test func missingCatalogIsUnreadable() {
        let r = CatalogFile.read(path: "/nonexistent/catalog.json")
        #expect(r.unreadable && r.diagnostics.first?.id == "catalog-unreadable")
    }

    @Test func styleNeedsOnlyWhatItChanges() throws {
        let catalog = Self.minimal.replacingOccurrences(of: "\"baseModel\"", with: "\"style\": \"style.json\", \"baseModel\"")
        let r = CatalogFile.read(path: try Self.folder(catalog, style: #"{ "themeColor": [0.2, 0.6, 1] }"#))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let style = try #require(r.file?.style)
        #expect(style.themeColor == [0.2, 0.6, 1])
        #expect(style.circles == IconStyle.standard.circles && style.pointSize == 60)
    }

    @Test func styleOutOfRangeIsAnError() throws {
        let catalog = Self.minimal.replacingOccurrences(of: "\"baseModel\"", with: "\"style\": \"style.json\", \"baseModel\"")
        let r = CatalogFile.read(path: try Self.folder(catalog, style: #"{ "pointSize": 4 }"#))
        #expect(r.diagnostics.map(\.id) == ["style-range"])
    }
}
