import Foundation
import Testing
import PoseRenderer
@testable import IconFactory
import AssetCatalog

/// The review sheet (`contact-sheet.png`) and its font: descenders below the baseline, the layout's rows
/// (20 icons at 1x, 10 at 3x per exercise), labels inside their bands, scales the style lacks resampled.
@Suite struct ContactSheetTests {
    /// `g j p q y` and `,` reach below the baseline, inside the line; other lowercase letters stop on it.
    @Test func descendersHangBelowTheBaseline() {
        for c in "abcdefghijklmnopqrstuvwxyz," {
            var lowest = -1
            BitmapFont.draw(String(c), x: 0, y: 0) { _, y in lowest = max(lowest, y) }
            let expected = "gjpqy,".contains(c) ? BitmapFont.lineHeight - 1 : BitmapFont.height - 1
            #expect(lowest == expected, "\(c)")
        }
        var lowest = -1
        BitmapFont.draw("leg raises", x: 0, y: 10, scale: 2) { _, y in lowest = max(lowest, y) }
        #expect(lowest == 10 + 2 * BitmapFont.lineHeight - 1)
    }

    /// Every character of the catalog's names and ids has a glyph of its own; capitals differ from lowercase.
    @Test func fontCoversNames() {
        let text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -.,':/+_()"
            + "Wall walking bridges (down) Stand-to-stand bridges Half one-arm handstand pushups legraise-10"
        for c in text { #expect(BitmapFont.hasGlyph(c), "\(c)") }
        #expect(BitmapFont.glyph("W") != BitmapFont.glyph("w"))
        #expect(!BitmapFont.hasGlyph("é") && BitmapFont.glyph("é").count == BitmapFont.lineHeight)
    }

    /// Names wrap at spaces, break words longer than a line, and end with `.` when cut; no line is wider
    /// than the width.
    @Test(arguments: [
        ("Half one-arm handstand pushups", 180, 2, ["Half one-arm handstand pushups"]),
        ("Half one-arm handstand pushups", 100, 2, ["Half one-arm", "handstand."]),
        ("Hanging straight leg raises", 100, 2, ["Hanging straight", "leg raises"]),
        ("Supercalifragilistic", 60, 2, ["Supercalif", "ragilistic"]),
        ("Supercalifragilistic", 60, 1, ["Supercali."]),
        ("", 60, 2, [""]),
    ])
    func wrap(text: String, width: Int, maxLines: Int, expected: [String]) {
        let lines = ContactSheet.wrap(text, width: width, maxLines: maxLines)
        #expect(lines == expected)
        for line in lines { #expect(BitmapFont.width(of: line) <= width, "\(line)") }
    }

    /// The scale a row is drawn from: its own, else the nearest (the larger of two as near), else none.
    @Test(arguments: [([1, 2, 3], 1, 1), ([1, 2, 3], 3, 3), ([2, 3], 1, 2), ([2], 3, 2), ([1, 4], 3, 4),
                      ([2, 4], 3, 4), ([1], 3, 1), ([], 1, nil)] as [([Int], Int, Int?)])
    func sourceScale(scales: [Int], wanted: Int, expected: Int?) {
        #expect(ContactSheet.sourceScale(for: wanted, in: scales) == expected)
    }

    /// A sheet of solid-coloured icons: its size follows the layout; each exercise shows 20 icons at 1x and 10
    /// at 3x, each where the layout puts it and nothing drawn over it; every other non-background pixel lies
    /// in a header or label band, and the labels' descenders are drawn inside their band.
    @Test(arguments: [[1, 2, 3], [2]])
    func sheetFollowsTheLayout(scales: [Int]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("contact-sheet-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var style = IconStyle()
        style.scales = scales
        style.darkAppearance = false  // the dark row is checked in darkRowUnderTheLightOne
        let exercises = ["legraise", "pushup"].enumerated().map { e, id in
            Catalog.Exercise(id: id, name: e == 0 ? "Leg raises" : "Pushups", progressions: (0..<10).map { s in
                Catalog.Progression(id: "\(id)-\(String(format: "%02d", s + 1))", stage: s,
                                    name: "Hanging jumpy leg raise \(s)", animation: nil, pose: nil)
            })
        }
        let catalog = Catalog(baseModel: "base.dae", style: nil, exercises: exercises)
        // Icon k of the catalog, state d, is opaque (20 + 10 k, 40 + 100 d, 200).
        func colour(_ k: Int, done: Bool) -> [UInt8] { [UInt8(20 + 10 * k), done ? 140 : 40, 200, 255] }
        for (k, p) in catalog.progressions.enumerated() {
            for (state, suffix) in [(false, ""), (true, "-complete")] {
                for scale in scales {
                    let n = style.pointSize * scale
                    let png = try PNGEncoder.encode(rgba: Array([[UInt8]](repeating: colour(k, done: state), count: n * n).joined()),
                                                    width: n, height: n)
                    let file = scale == 1 ? "\(p.id)\(suffix).png" : "\(p.id)\(suffix)@\(scale)x.png"
                    try Data(png).write(to: URL(fileURLWithPath: dir + "/" + file))
                }
            }
        }
        let sheet = ContactSheet(catalog: catalog, style: style, outputRoot: dir, format: .png)
        let layout = sheet.layout
        let image = try PNGEncoder.decode(try sheet.png())
        #expect(layout.width == 2 * ContactSheet.Layout.margin + 10 * 180 + 9 * 12 && layout.nameLines == 1)
        #expect(image.width == layout.width && image.height == layout.height)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.rgba[(4 * (y * image.width + x))..<(4 * (y * image.width + x) + 4)]) }

        var icons: [(x: Int, y: Int, size: Int)] = []
        var bands: [Range<Int>] = []
        for e in 0..<2 {
            for c in 0..<10 {
                let k = 10 * e + c
                for done in [false, true] { icons.append((layout.smallX(c, done: done), layout.smallRowY(e), 60)) }
                icons.append((layout.largeX(c), layout.largeRowY(e), 180))
                // Each icon fills its whole square, in its own colour: in place, full size, nothing over it.
                for (x, y, size, done) in [(layout.smallX(c, done: false), layout.smallRowY(e), 60, false),
                                           (layout.smallX(c, done: true), layout.smallRowY(e), 60, true),
                                           (layout.largeX(c), layout.largeRowY(e), 180, false)] {
                    for yy in y..<(y + size) { for xx in x..<(x + size) where pixel(xx, yy) != colour(k, done: done) {
                        Issue.record("icon \(k) done \(done) at \(xx),\(yy): \(pixel(xx, yy))"); return
                    } }
                }
            }
            let top = layout.sectionTop(e)
            let smallLabel = layout.smallRowY(e) + 60 + ContactSheet.Layout.labelGap
            let largeLabel = layout.largeRowY(e) + 180 + ContactSheet.Layout.labelGap
            bands += [top..<(top + ContactSheet.Layout.headerHeight), smallLabel..<(smallLabel + BitmapFont.lineHeight),
                      largeLabel..<(layout.largeRowY(e) + 180 + layout.largeLabelHeight)]
            // The bands lie between the rows, in order, inside the sheet.
            #expect(bands[3 * e].upperBound <= layout.smallRowY(e) && bands[3 * e + 1].lowerBound >= layout.smallRowY(e) + 60)
            #expect(bands[3 * e + 1].upperBound <= layout.largeRowY(e) && bands[3 * e + 2].lowerBound >= layout.largeRowY(e) + 180)
            #expect(bands[3 * e + 2].upperBound <= (e == 1 ? layout.height - ContactSheet.Layout.margin : layout.sectionTop(e + 1)))
            // Descenders drawn inside the bands: "Leg raises" (scale 2), "jumpy" names, "legraise-01" ids.
            let inkRows = { (rows: Range<Int>, columns: Range<Int>) in rows.contains { y in columns.contains { x in
                let p = pixel(x, y)
                return p[0] == ContactSheet.ink.0 && p[2] == ContactSheet.ink.2
                    || p[0] == ContactSheet.secondaryInk.0 && p[2] == ContactSheet.secondaryInk.2
            } } }
            let name = ContactSheet.Layout.margin..<(ContactSheet.Layout.margin + BitmapFont.width(of: "Leg raises", scale: 2))
            if e == 0 { #expect(inkRows((top + 2 * BitmapFont.height)..<(top + 2 * BitmapFont.lineHeight), name)) }
            #expect(inkRows((largeLabel + BitmapFont.height)..<(largeLabel + BitmapFont.lineHeight), 0..<image.width))
            let idLine = largeLabel + ContactSheet.Layout.lineStep
            if e == 0 { #expect(inkRows((idLine + BitmapFont.height)..<(idLine + BitmapFont.lineHeight), 0..<image.width)) }
        }
        let background: [UInt8] = [242, 242, 247, 255]
        var stray = 0
        for y in 0..<image.height where !bands.contains(where: { $0.contains(y) }) {
            for x in 0..<image.width where pixel(x, y) != background {
                if !icons.contains(where: { x >= $0.x && x < $0.x + $0.size && y >= $0.y && y < $0.y + $0.size }) { stray += 1 }
            }
        }
        #expect(stray == 0)
        // Ten distinct 3x icons across the middle of each 3x row.
        for e in 0..<2 {
            let y = layout.largeRowY(e) + 90
            let colours = Set((0..<image.width).map { pixel($0, y) }).subtracting([background])
            #expect(colours.count == 10)
        }
    }

    /// With dark variants, each section gains a band of the dark page under its 1x row, holding the dark icons
    /// (here missing, so drawn as frames), and the 3x row moves down by that band.
    @Test func darkRowUnderTheLightOne() throws {
        let exercise = Catalog.Exercise(id: "squat", name: "Squats", progressions: [
            Catalog.Progression(id: "squat-01", stage: 0, name: "Shoulderstand squats", animation: nil, pose: nil),
        ])
        var light = IconStyle()
        light.darkAppearance = false
        let catalog = Catalog(baseModel: "b.dae", style: nil, exercises: [exercise])
        let without = ContactSheet(catalog: catalog, style: light, outputRoot: "/nonexistent", format: .png)
        let with = ContactSheet(catalog: catalog, style: IconStyle(), outputRoot: "/nonexistent", format: .png)
        let band = with.layout.darkRowHeight
        #expect(band == 60 + ContactSheet.Layout.gap + ContactSheet.Layout.rowGap)
        #expect(with.layout.height == without.layout.height + band)
        #expect(with.layout.largeRowY(0) == without.layout.largeRowY(0) + band)
        let image = try PNGEncoder.decode(try with.png())
        // Just left of the first dark icon: the dark page, (0, 0.05, 0.15) in 8-bit sRGB.
        let y = with.layout.darkRowY(0) + 30, x = ContactSheet.Layout.margin - 2
        let i = 4 * (y * image.width + x)
        #expect(Array(image.rgba[i..<(i + 3)]) == [0, 13, 38])
    }

    /// Icons that are not on disk are drawn as "missing"; the sheet is still made.
    @Test func missingIconsDoNotStopTheSheet() throws {
        let exercise = Catalog.Exercise(id: "squat", name: "Squats", progressions: [
            Catalog.Progression(id: "squat-01", stage: 0, name: "Shoulderstand squats", animation: nil, pose: nil),
        ])
        let sheet = ContactSheet(catalog: Catalog(baseModel: "b.dae", style: nil, exercises: [exercise]), style: IconStyle(),
                                 outputRoot: "/nonexistent-\(UUID().uuidString)", format: .xcassets)
        let image = try PNGEncoder.decode(try sheet.png())
        #expect(image.width == sheet.layout.width && image.height == sheet.layout.height)
        let empty = ContactSheet(catalog: Catalog(baseModel: "b.dae", style: nil, exercises: []), style: IconStyle(),
                                 outputRoot: "/nonexistent", format: .png)
        #expect(try PNGEncoder.decode(try empty.png()).height == 2 * ContactSheet.Layout.margin)
    }

    /// A catalog of 10,000 exercises (or one exercise of 10,000 steps) gets a sheet of bounded size, not a 2.6 GB
    /// attempt: the first exercises and steps that fit, and a note of what is left out; the 60-icon catalog is whole.
    @Test func sheetSizeIsCapped() throws {
        func exercise(_ e: Int, steps: Int) -> Catalog.Exercise {
            Catalog.Exercise(id: "ex\(e)", name: "Exercise \(e)", progressions: (0..<steps).map {
                Catalog.Progression(id: "ex\(e)-\($0)", stage: $0, name: "Step \($0)", animation: nil, pose: nil)
            })
        }
        let many = ContactSheet(catalog: Catalog(baseModel: "b.dae", style: nil, exercises: (0..<10_000).map { exercise($0, steps: 10) }),
                                style: IconStyle(), outputRoot: "/nonexistent", format: .png)
        let l = many.layout
        #expect(l.width * l.height <= ContactSheet.maxPixels && l.sections >= 10 && l.sections < 10_000 && l.columns == 10)
        #expect(many.omitted?.contains("the first \(l.sections) of 10000 exercises") == true)
        let wide = ContactSheet(catalog: Catalog(baseModel: "b.dae", style: nil, exercises: [exercise(0, steps: 10_000)]),
                                style: IconStyle(), outputRoot: "/nonexistent", format: .png)
        #expect(wide.layout.width <= ContactSheet.maxWidth && wide.layout.columns >= 10 && wide.omitted != nil)
        let image = try PNGEncoder.decode(try wide.png())
        #expect(image.width == wide.layout.width && image.height == wide.layout.height)
        let six = ContactSheet(catalog: Catalog(baseModel: "b.dae", style: nil, exercises: (0..<6).map { exercise($0, steps: 10) }),
                               style: IconStyle(), outputRoot: "/nonexistent", format: .png)
        #expect(six.omitted == nil && six.layout.sections == 6 && six.layout.columns == 10)
    }
}
