import Foundation
import Testing
import TestSupport

@Suite struct InfoCommandTests {
    @Test func jsonHasTheDocumentedKeys() throws {
        let r = try CommandRunner.run(["info", "--json", TestPaths.fixtures + "/rig_semantics.dae"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        for key in ["file", "colladaVersion", "authoringTool", "upAxis", "unitMeters", "geometries", "controllers", "nodes",
                    "joints", "visualScenes", "animations", "clips", "cameras", "lights", "materials", "totals", "diagnostics"] {
            #expect(object[key] != nil, "missing key \(key)")
        }
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["triangles"] as? Int == 1)
        #expect(totals["joints"] as? Int == 2)
        #expect(totals["channels"] as? Int == 4)
        let controllers = try #require(object["controllers"] as? [[String: Any]])
        #expect(controllers.first?["kind"] as? String == "skin")
        #expect(controllers.first?["maxInfluences"] as? Int == 2)
        let animations = try #require(object["animations"] as? [String: Any])
        #expect(animations["interpolations"] as? [String] == ["LINEAR", "STEP"])
        #expect(r.stdout.split(separator: "\n").count == 1)  // exactly one JSON object
    }

    @Test func exitCodes() throws {
        let missing = try CommandRunner.run(["info", "/nonexistent/file.dae"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/file.dae:"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("info-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.dae")
        try Data("<COLLADA version=\"1.4.1\">\n  <library_geometries>\n    <geometry id=\"g\"><mesh><source id=\"s\"><float_array id=\"a\" count=\"2\">1 2,5</float_array></source></mesh></geometry>\n</library_geometries></COLLADA>".utf8).write(to: bad)
        let r = try CommandRunner.run(["info", bad.path])
        #expect(r.status == 65)
        // path:line:col: error: message [id], then the line and a caret.
        #expect(r.stderr.contains("\(bad.path):3:"))
        #expect(r.stderr.contains("error: '2,5' in <float_array> is not a number"))
        #expect(r.stderr.contains("[number-syntax]"))
        #expect(r.stderr.contains("^"))
        let j = try CommandRunner.run(["info", "--json", bad.path])
        #expect(j.status == 65)
        #expect((try? JSONSerialization.jsonObject(with: Data(j.stdout.utf8))) != nil)
    }

    @Test(.enabled(if: TestPaths.shared != nil, "needs ../shared (the Blender-made humanoid)"))
    func humanSummaryOfTheBlenderHumanoid() throws {
        let shared = try #require(TestPaths.shared)
        let r = try CommandRunner.run(["info", shared + "/corpus/blender-made/humanoid_default.dae"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("1608 triangles"))
        #expect(r.stdout.contains("13 joints"))
        #expect(r.stdout.contains("9 channels"))
        #expect(r.stdout.contains("Blender 3.4.1"))
    }
}
