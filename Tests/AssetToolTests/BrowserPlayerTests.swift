import Foundation
import Testing
import TestSupport

/// three.js in a real browser as a player of the library `assettool export --library` writes: Debian's headless
/// Chromium (WebGL on SwiftShader) opens `scripts/threejs_glb_check.html` through `scripts/browser_check.py`, which
/// loads `library.glb` with three.js r111's GLTFLoader (Debian's `libjs-three`), plays every clip in one
/// AnimationMixer as a page switching steps does (the clip before stopped, the other steps' groups of props hidden
/// with `visible = false`), skins the figure as three.js does and compares it with `assettool pose`, and draws it
/// through the step's camera and close-up cameras (three.js culls a skinned mesh by the bounding sphere of its stored
/// positions, so a figure drawn there is a figure whose bounds hold it). Any console warning or error fails it (a
/// node at scale 0 that three.js draws or inverts, as a camera, makes it warn).
@Suite(.serialized) struct BrowserPlayerTests {
    /// Debian's `libjs-three` (three.js r111): the library and the classic-script GLTFLoader.
    static let three = "/usr/share/javascript/three"
    static let threeFiles = [three + "/three.js", three + "/examples/js/loaders/GLTFLoader.js"]
    static let haveThree = threeFiles.allSatisfy { FileManager.default.fileExists(atPath: $0) }

    /// The progressions checked against `pose` (every clip of the library is played): a hang with the hands above the bind pose's box (its sphere must grow), a pushup
    /// near the floor, a squat; each at its first key, a key near the middle and its last key.
    static let progressions = ["pullup-04", "pushup-09", "squat-05"]
    static let keyFractions = [0, 0.45, 1.0]
    /// A library's node name for a progression: the id with every character outside [A-Za-z0-9_] as "_", and a
    /// leading "_" before a digit (`assettool`'s name rule).
    static func nodeName(_ id: String) -> String {
        let name = String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        return name.first.map { $0.isNumber } ?? true ? "_" + name : name
    }
    /// The bundled rigs' key rate: the reference times are keys, where the GLB's samples are the rig's own.
    static let keyRate = 24.0

    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"),
          .enabled(if: BrowserCheck.chromium != nil, BrowserCheck.missing),
          .enabled(if: haveThree, "no three.js in \(three) (`apt-get install libjs-three`)"))
    func threeJSPlaysTheExportedGLBs() throws {
        let began = Date()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("browser-player-\(UUID().uuidString)").path
        let site = dir + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let assets = TestPaths.repoRoot.path + "/Assets", base = assets + "/Models/base-model.dae"

        // The library (one GLB, a clip per catalog progression; it holds them all whatever `--only` says).
        let export = try CommandRunner.run(["export", "--assets", assets, "--out", site, "--format", "glb", "--library",
                                            "--only", Self.progressions.joined(separator: ","), "--quiet"])
        #expect(export.status == 0, "\(export.stderr)")
        let ids = try ExportLayoutTests.catalogIDs()
        var checks: [[String: Any]] = []
        for id in Self.progressions {
            let rig = assets + "/Animations/\(id).dae"
            let info = try CommandRunner.run(["info", rig, "--json"])
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
            let animation = try #require(summary["animations"] as? [String: Any], "\(info.stdout.prefix(300))")
            let start = try #require((animation["start"] as? NSNumber)?.doubleValue)
            let end = try #require((animation["end"] as? NSNumber)?.doubleValue)
            let keys = ((end - start) * Self.keyRate).rounded()
            var times: [String] = [], poses: [String] = []
            for (k, f) in Self.keyFractions.enumerated() {
                // One decimal text for both: `pose` and the page get the same number.
                let t = "\(Float(start + (f * keys).rounded() / Self.keyRate))"
                let name = "pose-\(id)-\(k).json"
                let posed = try CommandRunner.run(["pose", base, "--rig", rig, "--time", t, "--format", "json", "-o", site + "/" + name])
                #expect(posed.status == 0, "\(posed.stderr)")
                times.append(t)
                poses.append(name)
            }
            checks.append(["glb": "library.glb", "clip": id, "times": times.map { Double($0)! }, "poses": poses])
        }
        try JSONSerialization.data(withJSONObject: ["checks": checks], options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: site + "/check.json"))
        for file in Self.threeFiles {
            try FileManager.default.createSymbolicLink(atPath: site + "/" + (file as NSString).lastPathComponent, withDestinationPath: file)
        }
        try FileManager.default.copyItem(atPath: TestPaths.repoRoot.path + "/scripts/threejs_glb_check.html", toPath: site + "/index.html")

        let screenshot = dir + "/closeup.png"
        let run = try BrowserCheck.run(site, [
            "index.html", "--chromium", try #require(BrowserCheck.chromium),
            "--wait", "window.__done === true", "--timeout", "300", "--eval", "window.__result",
            "--screenshot", screenshot, "--size", "960x320"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = run.report
        #expect(!report.isEmpty, "no JSON report: \(run.stderr)")

        // Nothing said on the console, nothing thrown.
        BrowserCheck.quiet(report)

        let result = try #require(report["result"] as? [String: Any], "no result: \(report)")
        #expect(result["failed"] == nil, "\(result["failed"] ?? "")")
        #expect(result["three"] as? String == "111")
        #expect((result["problems"] as? [String] ?? ["?"]).isEmpty, "\(result["problems"] ?? "")")
        // One file, one clip per catalog progression named by its id, in catalog order, and a group of props per
        // progression. Every clip is played (its bounds and pixels), those of `progressions` against `pose` too:
        // "unchecked" lists the others.
        let files = result["files"] as? [[String: Any]] ?? []
        #expect(files.compactMap { $0["glb"] as? String } == ["library.glb"], "\(files)")
        let names = files.flatMap { $0["animations"] as? [String] ?? [] }
        #expect(names == ids, "animations: \(names)")
        #expect(files.first?["groups"] as? Int == ids.count, "groups: \(files.first?["groups"] ?? "")")
        let clips = result["clips"] as? [[String: Any]] ?? []
        #expect(clips.compactMap { $0["clip"] as? String }.sorted() == names.sorted())
        let checked = clips.filter { ($0["checked"] as? NSNumber)?.boolValue == true }.compactMap { $0["clip"] as? String }
        #expect(checked.sorted() == Self.progressions, "checked: \(checked)")
        #expect((result["unchecked"] as? [String] ?? []).count == names.count - checked.count, "\(result["unchecked"] ?? "")")

        let viewPixels = (result["viewPixels"] as? NSNumber)?.doubleValue ?? 0
        var summary: [String] = [], margins: [Double] = [], cameraPixels: [Double] = []
        for clip in clips {
            let name = clip["clip"] as? String ?? "?"
            // three.js's pose is `assettool pose`'s, vertex k for vertex k, within 1e-5 of the figure's size.
            let errors = (clip["relativeErrors"] as? [NSNumber] ?? []).map(\.doubleValue)
            if checked.contains(name) {
                #expect(errors.count == Self.keyFractions.count && errors.allSatisfy { $0 <= 1e-5 }, "\(name): relative errors \(errors)")
                #expect((clip["vertices"] as? NSNumber)?.intValue == 11210, "\(name): \(clip["vertices"] ?? "")")
            }
            // The sphere three.js culls by holds the posed figure at every time played (metres; negative: inside).
            let outside = (clip["sphereOutside"] as? NSNumber)?.doubleValue ?? .infinity
            #expect(outside <= 1e-5 * ((clip["figureSize"] as? NSNumber)?.doubleValue ?? 0), "\(name): the figure leaves the bounding sphere by \(outside) m")
            // Drawn through the rig's camera, a close-up of the chest and the view beside the farthest vertex; the
            // control (the sphere 0.25 m short of that vertex) is culled, so the third view does see the bounds.
            // The first view is the step's own camera, `<id>_Camera` (a top-level node of the library).
            let first = (clip["views"] as? [[String: Any]])?.first
            #expect(first?["name"] as? String == Self.nodeName(name) + "_Camera" && (first?["present"] as? NSNumber)?.boolValue == true,
                    "\(name): the first view is \(first ?? [:])")
            let pixels = (clip["figurePixels"] as? [NSNumber] ?? []).map { $0.doubleValue / viewPixels }
            #expect(pixels.count == 3 && pixels[0] > 0.02 && pixels[1] > 0.25 && pixels[2] > 0.05, "\(name): figure pixels \(pixels)")
            #expect((clip["cullControlPixels"] as? NSNumber)?.intValue == 0, "\(name): the control was not culled: \(clip["cullControlPixels"] ?? "")")
            if checked.contains(name) {
                summary.append("\(name): max error \(errors.max() ?? .nan) of the figure's size, sphere margin \(-outside) m, "
                               + "figure pixels \(clip["figurePixels"] ?? "")")
            }
            margins.append(-outside)
            cameraPixels.append(pixels.first ?? 0)
        }
        summary.append("\(clips.count) clips: sphere margin at least \(margins.min() ?? .nan) m, the step's camera sees the figure on at least "
                       + "\(cameraPixels.min() ?? 0) of its view")
        let seconds = (report["seconds"] as? NSNumber)?.doubleValue ?? .nan
        print("three.js r111 in Chromium (page ready in \(seconds) s, the test's own time \(Int(Date().timeIntervalSince(began).rounded())) s): "
              + summary.joined(separator: "; "))

        // The screenshot, and nothing left running or lying about: the browser's processes are gone, its profile too.
        let shot = try #require(FileManager.default.contents(atPath: screenshot))
        #expect(shot.starts(with: [0x89, 0x50, 0x4E, 0x47]) && shot.count > 1000)
        if let keep = ProcessInfo.processInfo.environment["BROWSER_PLAYER_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: screenshot, toPath: keep)
        }
        BrowserCheck.nothingLeft(report)
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0 != "site" && $0 != "closeup.png" }
        #expect(left.isEmpty, "left in the temporary folder: \(left)")
    }
}

/// `scripts/browser_check.py` itself, on a page written here: what it reports of the console and of uncaught
/// exceptions, its screenshots at two moments and their comparison (what a gallery of animated images needs), its
/// exit on a page that never gets ready, and that it leaves no browser process or folder behind either way.
@Suite(.serialized) struct BrowserCheckTests {
    static let page = """
        <!doctype html><html><head><link rel="icon" href="data:,"></head>
        <body style="margin:0"><canvas id="c" width="200" height="100"></canvas><script>
        console.log("a log line", 7);
        console.warn("a warning");
        console.error("an error");
        setTimeout(() => { throw new Error("thrown later"); }, 0);
        // Colour from the clock until 5 s after ready, then still (a window wide enough that a loaded machine's
        // stall before the first screenshot does not reach its end).
        const g = document.getElementById("c").getContext("2d");
        let ready = null;
        function frame(now) {
          const t = ready === null ? 0 : Math.min(now - ready, 5000);
          g.fillStyle = `rgb(${Math.floor(t / 20)}, 80, ${255 - Math.floor(t / 20)})`;  // one colour per 20 ms, none twice
          g.fillRect(0, 0, 200, 100);
          requestAnimationFrame(frame);
        }
        requestAnimationFrame(frame);
        setTimeout(() => { ready = performance.now(); window.__done = true; }, 50);
        </script></body></html>
        """

    @Test(.enabled(if: BrowserCheck.chromium != nil, BrowserCheck.missing))
    func reportsTheConsoleTheExceptionsAndWhetherPixelsChanged() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("browser-check-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/site", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.page.write(toFile: dir + "/site/index.html", atomically: true, encoding: .utf8)
        let a = dir + "/a.png", b = dir + "/b.png", c = dir + "/c.png", d = dir + "/d.png"
        let r = try BrowserCheck.run(dir + "/site", ["--wait", "window.__done === true", "--timeout", "30", "--eval", "({sum: 1 + 2, done: window.__done})",
                                             "--screenshot", a, "--screenshot", b + "@0.3", "--screenshot", c + "@5.5", "--screenshot", d + "@5.8",
                                             "--compare", a + "," + b, "--compare", c + "," + d, "--size", "200x100",
                                             "--chromium", try #require(BrowserCheck.chromium)])
        #expect(r.status == 0, "\(r.stderr)")
        let console = r.report["console"] as? [[String: Any]] ?? []
        let levels = console.compactMap { m in (m["text"] as? String).map { "\(m["level"] ?? ""): \($0)" } }
        #expect(levels == ["log: a log line 7", "warning: a warning", "error: an error"], "\(console)")
        let exceptions = r.report["exceptions"] as? [[String: Any]] ?? []
        #expect(exceptions.count == 1 && (exceptions.first?["text"] as? String ?? "").contains("thrown later"), "\(exceptions)")
        let result = r.report["result"] as? [String: Any] ?? [:]
        #expect((result["sum"] as? NSNumber)?.intValue == 3 && (result["done"] as? NSNumber)?.boolValue == true, "\(result)")
        let shots = r.report["screenshots"] as? [[String: Any]] ?? []
        #expect(shots.map { $0["path"] as? String ?? "" } == [a, b, c, d])
        #expect(shots.allSatisfy { ($0["width"] as? NSNumber)?.intValue == 200 && ($0["height"] as? NSNumber)?.intValue == 100 }, "\(shots)")
        #expect([a, b, c, d].allSatisfy { FileManager.default.contents(atPath: $0)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true })
        // While the page animates two moments differ, everywhere; once it is still they do not.
        let comparisons = r.report["comparisons"] as? [[String: Any]] ?? []
        #expect(comparisons.count == 2)
        if comparisons.count == 2 {
            #expect((comparisons[0]["differ"] as? NSNumber)?.boolValue == true && (comparisons[0]["changedPixels"] as? NSNumber)?.intValue == 20000,
                    "\(comparisons[0])")
            #expect((comparisons[1]["differ"] as? NSNumber)?.boolValue == false && (comparisons[1]["changedPixels"] as? NSNumber)?.intValue == 0,
                    "\(comparisons[1])")
        }
        BrowserCheck.nothingLeft(r.report)

        // A page that never gets ready: exit 4, saying so, with what the page logged until then.
        let late = try BrowserCheck.run(dir + "/site", ["--wait", "window.__never === true", "--timeout", "1",
                                                "--chromium", try #require(BrowserCheck.chromium)])
        #expect(late.status == 4 && late.stderr.contains("not ready within 1.0 s"), "\(late.status) \(late.stderr)")
        #expect((late.report["console"] as? [Any] ?? []).count == 3 && late.report["ready"] as? Bool == false, "\(late.report)")
        BrowserCheck.nothingLeft(late.report)

        // No browser: exit 3, saying so.
        let none = try BrowserCheck.run(dir + "/site", ["--chromium", dir + "/no-such-browser"])
        #expect(none.status == 3 && none.stderr.contains("no Chromium found"), "\(none.status) \(none.stderr)")
    }
}
