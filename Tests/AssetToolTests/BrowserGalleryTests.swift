import Foundation
import Testing
import TestSupport

/// `gallery.html` (issue 28) in a real browser: `assettool loops` for three progressions of three exercises, kept
/// cheap (40 pt, 4 frames a second), then Debian's headless Chromium opens the page through
/// `scripts/browser_check.py`: nothing on the console, nothing thrown, every `<img>` decoded at the size the page
/// says, and the page's pixels change from one moment to a later one (the APNGs play).
@Suite(.serialized) struct BrowserGalleryTests {
    static let ids = ["pullup-04", "pushup-05", "squat-05"]
    static let size = 40, fps = 4

    /// Every image, as the page sees it once loaded.
    static let images = """
        Promise.all([...document.images].map(img => img.decode().then(() => true, () => false).then(decoded => ({
          id: img.id, dataId: img.dataset.id, page: img.dataset.page, src: img.getAttribute("src"), decoded,
          complete: img.complete, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
          expectedWidth: Number(img.dataset.naturalWidth), expectedHeight: Number(img.dataset.naturalHeight),
          frames: Number(img.dataset.frames), ms: Number(img.dataset.ms)}))))
        """

    @Test(.enabled(if: TestPaths.haveAssets, "Assets/ is not in this checkout"),
          .enabled(if: BrowserCheck.chromium != nil, BrowserCheck.missing))
    func theGalleryLoadsEveryLoopAndTheyMove() throws {
        let began = Date()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("browser-gallery-\(UUID().uuidString)").path
        let out = dir + "/loops"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let loops = try CommandRunner.run(["loops", "--assets", TestPaths.assets, "--out", out, "--only", Self.ids.joined(separator: ","),
                                           "--size", "\(Self.size)", "--fps", "\(Self.fps)", "--quiet"])
        #expect(loops.status == 0, "\(loops.stderr)")
        #expect(loops.stderr.contains("loops: 3 made, 0 up to date, 0 failed"), "\(loops.stderr)")

        // Three moments after every image has loaded: 0.8 s (three frames and more at 4 fps) and 2.8 s after the first.
        // Once, on a loaded machine (a fresh-clone check with a release build beside it), Chromium showed the same
        // pixels 0.8 s apart; the later moment leaves room for such a stall without letting a still page pass.
        let first = dir + "/first.png", later = dir + "/later.png", last = dir + "/last.png"
        let run = try BrowserCheck.run(out, [
            "gallery.html", "--chromium", try #require(BrowserCheck.chromium),
            "--wait", "document.readyState === 'complete' && [...document.images].every(img => img.complete)",
            "--timeout", "60", "--eval", Self.images, "--size", "1500x700",
            "--screenshot", first + "@0.2", "--screenshot", later + "@1.0", "--screenshot", last + "@3.0",
            "--compare", first + "," + later, "--compare", first + "," + last])
        #expect(run.status == 0, "\(run.stderr)")
        let report = run.report
        #expect(report["ready"] as? Bool == true, "\(run.stderr) \(report)")
        BrowserCheck.quiet(report)
        #expect(report["evalError"] == nil, "\(report["evalError"] ?? "")")

        // Two images per progression, the light and the dark tile, each decoded at its stated size (@2x).
        let images = report["result"] as? [[String: Any]] ?? []
        #expect(images.count == 2 * Self.ids.count, "\(images.count) images: \(images.map { $0["id"] ?? "" })")
        let expected = Self.ids.flatMap { ["loop-\($0)", "loop-\($0)-dark"] }
        #expect(images.compactMap { $0["id"] as? String }.sorted() == expected.sorted())
        func number(_ image: [String: Any], _ key: String) -> Int { (image[key] as? NSNumber)?.intValue ?? -1 }
        for image in images {
            let id = image["id"] as? String ?? "?", dataId = image["dataId"] as? String ?? "?"
            #expect(id == "loop-\(dataId)" + (image["page"] as? String == "dark" ? "-dark" : ""), "\(image)")
            #expect(image["src"] as? String == "APNG/\(dataId).png", "\(image)")
            #expect(image["complete"] as? Bool == true && image["decoded"] as? Bool == true, "\(id) not decoded: \(image)")
            #expect(number(image, "naturalWidth") == 2 * Self.size && number(image, "naturalHeight") == 2 * Self.size, "\(id): \(image)")
            #expect(number(image, "naturalWidth") == number(image, "expectedWidth")
                    && number(image, "naturalHeight") == number(image, "expectedHeight"), "\(id): \(image)")
            // A loop of several frames, as many as its length at --fps (the record's rounding: within one).
            let frames = number(image, "frames"), ms = number(image, "ms")
            #expect(frames > 1 && ms > 0 && abs(Double(frames) - Double(ms) * Double(Self.fps) / 1000) <= 1, "\(id): \(frames) frames in \(ms) ms")
        }

        // The loops move: a later moment differs from the first on the page, in 100 pixels or more.
        let comparisons = report["comparisons"] as? [[String: Any]] ?? []
        #expect(comparisons.count == 2, "\(comparisons)")
        let changed = comparisons.map { c in
            (c["differ"] as? NSNumber)?.boolValue == true ? (c["changedPixels"] as? NSNumber)?.intValue ?? 0 : 0
        }
        #expect(changed.contains { $0 >= 100 }, "\(comparisons)")
        print("gallery.html in Chromium: \(images.count) images decoded, \(changed.first ?? 0) pixels changed in 0.8 s and "
              + "\(changed.last ?? 0) in 2.8 s, the test's own time \(Int(Date().timeIntervalSince(began).rounded())) s")

        BrowserCheck.nothingLeft(report)
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !["loops", "first.png", "later.png", "last.png"].contains($0) }
        #expect(left.isEmpty, "left in the temporary folder: \(left)")
    }
}
