import ColladaKit
import Foundation
import PipelineKit
import PoseRenderer
import Testing
import TestSupport

/// End-to-end tests of `assettool loops` on the bundled `Assets/`, kept cheap: two progressions at 16 pt and 3
/// frames a second (the drawing is the icons', tested at full size by `LoopFrameTests` and the icon suites).
@Suite(.serialized, .enabled(if: TestPaths.haveAssets, "needs Assets/catalog.json")) struct LoopsCommandTests {
    static let assets = TestPaths.assets
    static let ids = ["pushup-01", "squat-05"]
    static let size = 16, fps = 3

    static func tempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loops-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The rep's length (seconds) of progression `id`'s rig, read by ColladaKit from the rig alone.
    static func repLength(_ id: String, assets: String = assets) throws -> Float {
        let rig = try ColladaLoader.load(path: assets + "/Animations/\(id).dae")
        let range = try #require(rig.animationRange())
        return range.upperBound - range.lowerBound
    }

    /// The atlas and its `Contents.json` files as Xcode writes them; every frame at @2x and @3x; every APNG valid
    /// (`pngcheck`) and decoded by Pillow into the right number of frames, each equal to the atlas's @2x frame, with
    /// delays summing to the rep's length, looping forever, the last frame leading into the first as smoothly as
    /// any frame into the next; the gallery lists each loop with its expected size; a rerun is a no-op; a lower
    /// `--fps` leaves no frame of the old loop in the atlas.
    @Test(.enabled(if: APNGReader.havePillow && APNGReader.havePngcheck, "needs python3 with Pillow (pip install Pillow) and pngcheck"))
    func atlasAPNGAndGallery() throws {
        let out = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let args = ["loops", "--assets", Self.assets, "--out", out, "--only", Self.ids.joined(separator: ","),
                    "--size", "\(Self.size)", "--fps", "\(Self.fps)", "--quiet"]
        let r = try CommandRunner.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("loops: 2 made, 0 up to date, 0 failed"), "\(r.stderr)")
        let root = out + "/ProgressionLoops.xcassets"
        let info = "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n"
        #expect(try Self.text(root + "/Contents.json") == "{\n" + info + "}\n")
        let fm = FileManager.default
        for id in Self.ids {
            let atlas = root + "/\(id).spriteatlas"
            #expect(try Self.text(atlas + "/Contents.json") == "{\n" + info + "}\n")
            let length = try Self.repLength(id)
            let n = Int((length * Float(Self.fps)).rounded())
            let sets = try fm.contentsOfDirectory(atPath: atlas).filter { $0.hasSuffix(".imageset") }.sorted()
            #expect(sets == (0..<n).map { String(format: "\(id)_%03d.imageset", $0) })
            var frames: [[UInt8]] = []
            for (k, set) in sets.enumerated() {
                let name = String(format: "\(id)_%03d", k)
                let expected = """
                    {
                      "images" : [
                        {
                          "idiom" : "universal",
                          "scale" : "1x"
                        },
                        {
                          "filename" : "\(name)@2x.png",
                          "idiom" : "universal",
                          "scale" : "2x"
                        },
                        {
                          "filename" : "\(name)@3x.png",
                          "idiom" : "universal",
                          "scale" : "3x"
                        }
                      ],

                    """ + info + "}\n"
                #expect(try Self.text(atlas + "/\(set)/Contents.json") == expected)
                #expect(Set(try fm.contentsOfDirectory(atPath: atlas + "/" + set)) == ["Contents.json", "\(name)@2x.png", "\(name)@3x.png"])
                let two = try PNGEncoder.decode(try TestPaths.bytes(atlas + "/\(set)/\(name)@2x.png"))
                let three = try PNGEncoder.decode(try TestPaths.bytes(atlas + "/\(set)/\(name)@3x.png"))
                #expect(two.width == 2 * Self.size && two.height == 2 * Self.size && three.width == 3 * Self.size && three.height == 3 * Self.size)
                frames.append(two.rgba)
            }
            let apng = out + "/APNG/\(id).png"
            let check = try APNGReader.pngcheck([apng])
            #expect(check.status == 0, "\(check.output)")
            let decoded = try APNGReader.decode(apng)
            #expect(decoded.format == "PNG" && decoded.animated && decoded.loop == 0)
            #expect(decoded.frames == n && decoded.size == [2 * Self.size, 2 * Self.size])
            #expect(abs(decoded.durations.reduce(0, +) - Double(length) * 1000) <= 0.5, "delays \(decoded.durations) for \(length) s")
            #expect(decoded.sha256 == frames.map { SHA256.hex($0) }, "each APNG frame equals the atlas frame")
            // The loop's seam: the last frame to the first changes no more than the largest step between neighbours
            // (times 1.25: the rep's pace is not even, the seam is one step of it).
            func change(_ a: [UInt8], _ b: [UInt8]) -> Double { zip(a, b).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(a.count) }
            let steps = (1..<frames.count).map { change(frames[$0 - 1], frames[$0]) }
            let seam = change(frames[frames.count - 1], frames[0])
            #expect(steps.max() ?? 0 > 0, "the loop moves")
            #expect(seam <= 1.25 * (steps.max() ?? 0), "seam \(seam), steps \(steps)")
        }
        let gallery = try Self.text(out + "/gallery.html")
        for id in Self.ids {
            for (suffix, page) in [("", "light"), ("-dark", "dark")] {
                #expect(gallery.contains("<img id=\"loop-\(id)\(suffix)\" data-id=\"\(id)\" data-page=\"\(page)\" src=\"APNG/\(id).png\" width=\"\(Self.size)\" height=\"\(Self.size)\" data-natural-width=\"\(2 * Self.size)\" data-natural-height=\"\(2 * Self.size)\""))
            }
        }
        #expect(!gallery.contains("<script") && !gallery.contains("http://") && !gallery.contains("https://"))
        #expect(gallery.contains("prefers-color-scheme: dark"))
        // A rerun makes nothing and changes no byte.
        let again = try CommandRunner.run(args)
        #expect(again.status == 0 && again.stderr.contains("loops: 0 made, 2 up to date, 0 failed"), "\(again.stderr)")
        // Fewer frames: the atlas holds exactly the new loop's.
        let slower = try CommandRunner.run(["loops", "--assets", Self.assets, "--out", out, "--only", "pushup-01", "--size", "\(Self.size)", "--fps", "2", "--quiet"])
        #expect(slower.status == 0, "\(slower.stderr)")
        let n2 = Int((try Self.repLength("pushup-01") * 2).rounded())
        let sets = try fm.contentsOfDirectory(atPath: root + "/pushup-01.spriteatlas").filter { $0.hasSuffix(".imageset") }
        #expect(sets.count == n2)
        #expect(try APNGReader.decode(out + "/APNG/pushup-01.png").frames == n2)
    }

    /// A key time typed as 100000 s fails that loop alone with a located error at its sampler (exit 1); the other
    /// loop is made; a progression removed from the catalog has its loop removed; bad options are usage errors.
    @Test func aMistypedKeyFailsThatLoopAlone() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.assets, toPath: dir + "/A")
        let rigPath = dir + "/A/Animations/pushup-01.dae"
        var text = try Self.text(rigPath)
        let marker = "rig_pushup-01_hips_pose_matrix-input-array\" count=\"61\">"
        let start = try #require(text.range(of: marker))
        let end = try #require(text.range(of: "</float_array>", range: start.upperBound..<text.endIndex))
        var keys = text[start.upperBound..<end.lowerBound].split(separator: " ").map(String.init)
        keys[keys.count - 1] = "100000"
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: keys.joined(separator: " "))
        try text.write(toFile: rigPath, atomically: true, encoding: .utf8)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("<sampler id=\"rig_pushup-01_hips_pose_matrix-sampler\"") }) + 1
        let out = dir + "/out"
        let r = try CommandRunner.run(["loops", "--assets", dir + "/A", "--out", out, "--only", "pushup-01,squat-05", "--size", "8", "--fps", "2", "--quiet"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("Animations/pushup-01.dae:\(line):") && r.stderr.contains("[animation-too-long]"), "\(r.stderr)")
        #expect(r.stderr.contains("1 made, 0 up to date, 1 failed"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/APNG/squat-05.png"))
        #expect(!FileManager.default.fileExists(atPath: out + "/APNG/pushup-01.png"))
        // A progression that leaves the catalog takes its loop along: the APNG, the atlas with its frame folders.
        let catalogPath = dir + "/A/catalog.json"
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: catalogPath))) as? [String: Any])
        var exercises = try #require(catalog["exercises"] as? [[String: Any]])
        for k in exercises.indices {
            exercises[k]["progressions"] = (exercises[k]["progressions"] as? [[String: Any]])?.filter { $0["id"] as? String != "squat-05" }
        }
        catalog["exercises"] = exercises
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: catalogPath))
        let pruned = try CommandRunner.run(["loops", "--assets", dir + "/A", "--out", out, "--only", "pushup-02", "--size", "8", "--fps", "2", "--quiet"])
        #expect(pruned.status == 0 && pruned.stderr.contains("removed (no longer in the catalog): squat-05"), "\(pruned.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/APNG/squat-05.png"))
        #expect(!FileManager.default.fileExists(atPath: out + "/ProgressionLoops.xcassets/squat-05.spriteatlas"))
        #expect(FileManager.default.fileExists(atPath: out + "/ProgressionLoops.xcassets/pushup-02.spriteatlas/pushup-02_000.imageset/Contents.json"))
        for bad in [["--fps", "0"], ["--size", "4"], ["--only", "nope-01"]] {
            let u = try CommandRunner.run(["loops", "--assets", Self.assets, "--out", out] + bad)
            #expect(u.status == 64, "\(bad): \(u.status) \(u.stderr)")
        }
    }
}
