import Foundation
import Testing
import TestSupport

/// Input a user can get wrong in a way that used to trap or write empty or gigantic output with exit 0 is refused
/// before the work, with a located error naming its rule: a key time typed as 100000 s or 1e30 s (`convert`,
/// `export`, `preview --play`), a camera whose near and far planes meet (every command that loads the rig), and a
/// hand-set `iconOffset` that moves the figure off the icon. Good output from an earlier run stays byte-identical.
@Suite(.serialized, .enabled(if: TestPaths.haveAssets, "needs Assets/catalog.json")) struct FaultRefusalTests {
    static let assets = TestPaths.repoRoot.path + "/Assets"
    static let base = assets + "/Models/base-model.dae"

    static func tempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `pushup-01`'s rig with the hips sampler's last key time replaced by `lastKey`; returns the file's path and
    /// the line of that sampler's `<sampler>` element.
    static func rig(lastKey: String, in dir: String) throws -> (path: String, samplerLine: Int) {
        var text = try String(contentsOfFile: assets + "/Animations/pushup-01.dae", encoding: .utf8)
        let marker = "rig_pushup-01_hips_pose_matrix-input-array\" count=\"61\">"
        let start = try #require(text.range(of: marker))
        let end = try #require(text.range(of: "</float_array>", range: start.upperBound..<text.endIndex))
        var keys = text[start.upperBound..<end.lowerBound].split(separator: " ").map(String.init)
        keys[keys.count - 1] = lastKey
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: keys.joined(separator: " "))
        let path = dir + "/rig-\(lastKey).dae"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("<sampler id=\"rig_pushup-01_hips_pose_matrix-sampler\"") }) + 1
        return (path, line)
    }

    /// A status from `exit`, not a signal (a trap ends the process with SIGTRAP or SIGILL).
    static func exited(_ status: Int32) -> Bool { status >= 0 && status < 128 }

    @Test(arguments: ["100000", "1e30", "3.0e38"])
    func mistypedKeyTimeIsRefusedByConvertAndPreview(lastKey: String) throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (rig, line) = try Self.rig(lastKey: lastKey, in: dir)
        let out = dir + "/out.glb"
        let c = try CommandRunner.run(["convert", Self.base, "--rig", rig, "-o", out])
        #expect(c.status == 65, "convert exit \(c.status): \(c.stderr)")
        #expect(c.stderr.contains("rig-\(lastKey).dae:\(line):") && c.stderr.contains("[animation-too-long]"), "\(c.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let p = try CommandRunner.run(["preview", Self.base, "--rig", rig, "--play", "--width", "20", "--height", "10"])
        #expect(Self.exited(p.status) && p.status == 65, "preview --play exit \(p.status): \(p.stderr)")
        #expect(p.stderr.contains("[animation-too-long]"), "\(p.stderr)")
    }

    @Test func mistypedKeyTimeFailsThatExportAndKeepsItsEarlierFiles() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.copyItem(atPath: Self.assets, toPath: dir + "/A")
        let out = dir + "/out"
        let first = try CommandRunner.run(["export", "--assets", dir + "/A", "--out", out, "--only", "pushup-01,pushup-02", "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try ["pushup-01.glb", "pushup-01.usdz"].map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) }
        let (rig, line) = try Self.rig(lastKey: "100000", in: dir)
        try fm.removeItem(atPath: dir + "/A/Animations/pushup-01.dae")
        try fm.copyItem(atPath: rig, toPath: dir + "/A/Animations/pushup-01.dae")
        let second = try CommandRunner.run(["export", "--assets", dir + "/A", "--out", out, "--only", "pushup-01,pushup-02", "--quiet"])
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stderr.contains("pushup-01.dae:\(line):") && second.stderr.contains("[animation-too-long]"), "\(second.stderr)")
        let after = try ["pushup-01.glb", "pushup-01.usdz"].map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) }
        #expect(after == before)
    }

    @Test func cameraWhosePlanesMeetIsALocatedError() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var text = try String(contentsOfFile: Self.assets + "/Poses/pushup-01-pose.dae", encoding: .utf8)
        let far = try #require(text.range(of: #"<zfar sid="zfar">[^<]*</zfar>"#, options: .regularExpression))
        let near = try #require(text.range(of: #"<znear sid="znear">[^<]*</znear>"#, options: .regularExpression))
        let nearValue = text[near].split(separator: ">")[1].split(separator: "<")[0]
        text.replaceSubrange(far, with: "<zfar sid=\"zfar\">\(nearValue)</zfar>")
        let rig = dir + "/flat-camera.dae"
        try text.write(toFile: rig, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["render", Self.base, "--rig", rig, "--icon", "incomplete", "--output", dir + "/icon.png"])
        #expect(r.status == 65, "render exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("flat-camera.dae:") && r.stderr.contains("[camera-degenerate]"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/icon.png"))
        let v = try CommandRunner.run(["validate", rig, "--base", Self.base])
        #expect(v.status == 1 && v.stdout.contains("[camera-degenerate]"), "\(v.stdout)\(v.stderr)")
    }

    @Test(arguments: [["1e30", "0"], ["0", "-31"], ["29.5", "0"]])
    func iconOffsetOffTheIconIsRefused(offset: [String]) throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.assets, toPath: dir + "/A")
        let path = dir + "/A/catalog.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let anchor = try #require(text.range(of: "\"id\" : \"pushup-02\","))
        text.insert(contentsOf: "\"iconOffset\" : [\(offset[0]), \(offset[1])], ", at: anchor.lowerBound)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["icons", "--assets", dir + "/A", "--out", dir + "/out", "--only", "pushup-02", "--quiet"])
        if offset == ["29.5", "0"] {
            // Within half the 60-point side: taken as given.
            #expect(r.status == 0, "\(r.stderr)")
        } else {
            #expect(r.status == 65, "icons exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("catalog.json:") && r.stderr.contains("[catalog-icon-offset]"), "\(r.stderr)")
        }
    }

    /// The bundled assets copied, exported once for pushup-01 and -02 (the good files the faults must not touch).
    static func exportedCopy() throws -> (dir: String, assets: String, out: String, good: [String: Data]) {
        let dir = try tempDir()
        try FileManager.default.copyItem(atPath: assets, toPath: dir + "/A")
        let out = dir + "/out"
        let first = try CommandRunner.run(["export", "--assets", dir + "/A", "--out", out, "--only", "pushup-01,pushup-02", "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        var good: [String: Data] = [:]
        for name in ["pushup-01.glb", "pushup-01.usdz", "pushup-02.glb", "pushup-02.usdz"] {
            good[name] = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
        }
        return (dir, dir + "/A", out, good)
    }

    static func unchanged(_ out: String, _ good: [String: Data]) -> Bool {
        good.allSatisfy { name, bytes in FileManager.default.contents(atPath: out + "/" + name) == bytes }
    }

    /// One policy: a rig that drives a bone the base model lacks is refused by `icons` and `export` alike (same
    /// rule, same exit status 1), and the earlier exports stay byte-identical.
    @Test func rigWithAMissingBoneIsRefusedByBothBatches() throws {
        let (dir, assets, out, good) = try Self.exportedCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for file in ["Animations/pushup-01.dae", "Poses/pushup-01-pose.dae"] {
            let path = assets + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("name=\"spine\" sid=\"spine\""))
            try text.replacingOccurrences(of: "name=\"spine\" sid=\"spine\"", with: "name=\"spline\" sid=\"spline\"")
                .replacingOccurrences(of: "rig_spine", with: "rig_spline")
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        let icons = try CommandRunner.run(["icons", "--assets", assets, "--out", dir + "/icons", "--only", "pushup-01", "--quiet"])
        let export = try CommandRunner.run(["export", "--assets", assets, "--out", out, "--only", "pushup-01,pushup-02", "--quiet"])
        for (name, r) in [("icons", icons), ("export", export)] {
            #expect(r.status == 1, "\(name) exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("[batch-rig-joint-missing]") && r.stderr.contains("rig_spline/transform"), "\(name): \(r.stderr)")
        }
        // The same rule ids and the same status from both: one engine, one policy.
        #expect(Self.ruleIDs(icons.stderr) == Self.ruleIDs(export.stderr) && icons.status == export.status,
                "icons \(icons.status) \(Self.ruleIDs(icons.stderr)), export \(export.status) \(Self.ruleIDs(export.stderr))")
        #expect(Self.unchanged(out, good))
    }

    /// The rule ids (`[id]`) a command printed, each once, sorted.
    static func ruleIDs(_ text: String) -> [String] {
        let pattern = try? NSRegularExpression(pattern: #"\[([a-z0-9-]+)\]$"#, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        let ids = (pattern?.matches(in: text, range: range) ?? []).compactMap { m in Range(m.range(at: 1), in: text).map { String(text[$0]) } }
        return Array(Set(ids)).sorted()
    }

    /// An output folder that cannot be made (`--out` names a regular file, so this holds even as root): both
    /// batches fail every selected progression with the same rule and exit 73 (`EX_CANTCREAT`), and leave the file.
    @Test func unwritableOutputIsRefusedAlikeByBothBatches() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let blocker = dir + "/not-a-folder"
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: blocker))
        let icons = try CommandRunner.run(["icons", "--assets", Self.assets, "--out", blocker, "--only", "pushup-01", "--quiet"])
        let export = try CommandRunner.run(["export", "--assets", Self.assets, "--out", blocker, "--only", "pushup-01", "--quiet"])
        for (name, r) in [("icons", icons), ("export", export)] {
            #expect(Self.exited(r.status) && r.status == 73, "\(name) exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains(blocker + "/") && r.stderr.contains("[batch-output-unwritable]"), "\(name): \(r.stderr)")
            #expect(r.stderr.contains("0 made, 0 up to date, 1 failed") && r.stderr.contains("failed: pushup-01"), "\(name): \(r.stderr)")
        }
        #expect(Self.ruleIDs(icons.stderr) == ["batch-output-unwritable"] && Self.ruleIDs(export.stderr) == ["batch-output-unwritable"],
                "icons \(Self.ruleIDs(icons.stderr)), export \(Self.ruleIDs(export.stderr))")
        #expect(icons.status == export.status)
        #expect(FileManager.default.contents(atPath: blocker) == Data("mine\n".utf8))
    }

    @Test func baseModelWithoutASkinnedMeshIsRefusedByBothBatches() throws {
        let (dir, assets, out, good) = try Self.exportedCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = assets + "/catalog.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Models/base-model.dae\"", with: "\"Animations/pushup-03.dae\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let icons = try CommandRunner.run(["icons", "--assets", assets, "--out", dir + "/icons", "--quiet"])
        let export = try CommandRunner.run(["export", "--assets", assets, "--out", out, "--quiet"])
        for (name, r) in [("icons", icons), ("export", export)] {
            #expect(r.status == 65, "\(name) exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("pushup-03.dae") && r.stderr.contains("[base-model-not-skinned]"), "\(name): \(r.stderr)")
        }
        #expect(Self.unchanged(out, good))
        #expect(!FileManager.default.fileExists(atPath: dir + "/icons/ProgressionIcons.xcassets"))
    }

    /// A key written twice (here the base model, which used to be last-wins) is an error at the second one.
    @Test func duplicateKeyIsAnErrorNotLastWins() throws {
        let (dir, assets, out, good) = try Self.exportedCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = assets + "/catalog.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"baseModel\" :", with: "\"baseModel\" : \"Animations/pushup-03.dae\", \"baseModel\" :")
            .write(toFile: path, atomically: true, encoding: .utf8)
        for command in ["icons", "export"] {
            let r = try CommandRunner.run([command, "--assets", assets, "--out", command == "export" ? out : dir + "/icons", "--quiet"])
            #expect(r.status == 65, "\(command) exit \(r.status): \(r.stderr)")
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"baseModel\"") }.map { $0 + 1 } ?? 0
            #expect(r.stderr.contains("catalog.json:\(line):") && r.stderr.contains("baseModel is given twice")
                    && r.stderr.contains("[catalog-duplicate-key]"), "\(command): \(r.stderr)")
        }
        #expect(Self.unchanged(out, good))
    }

    /// `convert -o` naming one of its inputs (directly, through `..`, or through a link) is refused, and the input kept.
    @Test func convertRefusesToReplaceItsInput() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.assets + "/Animations/pushup-01.dae", toPath: dir + "/rig.glb")
        try fm.createSymbolicLink(atPath: dir + "/link.glb", withDestinationPath: dir + "/rig.glb")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/rig.glb"))
        for output in [dir + "/rig.glb", dir + "/sub/../rig.glb", dir + "/link.glb"] {
            let r = try CommandRunner.run(["convert", Self.base, "--rig", dir + "/rig.glb", "-o", output])
            #expect(r.status == 64, "\(output): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("is the input"), "\(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/rig.glb")) == before)
    }

    /// An edit that does nothing (a misspelt key) is a located warning in every command that reads the catalog.
    @Test func unknownKeyIsAWarningInBothBatches() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.assets, toPath: dir + "/A")
        let path = dir + "/A/catalog.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let anchor = try #require(text.range(of: "\"id\" : \"pushup-02\","))
        var edited = text
        edited.insert(contentsOf: "\"posetime\" : 0.5, ", at: anchor.lowerBound)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        for command in ["icons", "export"] {
            let r = try CommandRunner.run([command, "--assets", dir + "/A", "--out", dir + "/out-" + command, "--only", "pushup-02", "--quiet"])
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("catalog.json:") && r.stderr.contains("did you mean \"poseTime\"") && r.stderr.contains("[catalog-unknown-key]"),
                    "\(command): \(r.stderr)")
        }
    }

    /// A progression taken out of the catalog: the next icons and export runs remove what they wrote for it (and say
    /// so), and leave a file the user put in its imageset.
    @Test func outputsOfARemovedProgressionAreRemovedByTheirBatch() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.copyItem(atPath: Self.assets, toPath: dir + "/A")
        let icons = ["icons", "--assets", dir + "/A", "--out", dir + "/icons", "--quiet"]
        let export = ["export", "--assets", dir + "/A", "--out", dir + "/export", "--quiet"]
        #expect(try CommandRunner.run(icons + ["--only", "pushup-01,pushup-02"]).status == 0)
        #expect(try CommandRunner.run(export + ["--only", "pushup-01,pushup-02"]).status == 0)
        let sets = dir + "/icons/ProgressionIcons.xcassets"
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: sets + "/pushup-02.imageset/notes.txt"))
        // Take pushup-02 out of the catalog (its whole object).
        let path = dir + "/A/catalog.json"
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var exercises = try #require(catalog["exercises"] as? [[String: Any]])
        var progressions = try #require(exercises[0]["progressions"] as? [[String: Any]])
        progressions.removeAll { $0["id"] as? String == "pushup-02" }
        exercises[0]["progressions"] = progressions
        var edited = catalog
        edited["exercises"] = exercises
        try JSONSerialization.data(withJSONObject: edited, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: path))
        for (command, args) in [("icons", icons), ("export", export)] {
            let r = try CommandRunner.run(args + ["--only", "pushup-01"])
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("removed (no longer in the catalog): pushup-02"), "\(command): \(r.stderr)")
        }
        #expect(!fm.fileExists(atPath: sets + "/pushup-02-complete.imageset"))
        #expect(try fm.contentsOfDirectory(atPath: sets + "/pushup-02.imageset") == ["notes.txt"])
        #expect(fm.fileExists(atPath: sets + "/pushup-01.imageset/pushup-01.png"))
        #expect(!fm.fileExists(atPath: dir + "/export/pushup-02.glb") && !fm.fileExists(atPath: dir + "/export/pushup-02.usdz"))
        #expect(fm.fileExists(atPath: dir + "/export/pushup-01.glb"))
        let manifest = try String(contentsOfFile: dir + "/icons/icons-manifest.json", encoding: .utf8)
        #expect(!manifest.contains("pushup-02"))
    }
}
