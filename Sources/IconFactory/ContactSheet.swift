import AssetCatalog
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// One PNG for people to review every icon of the catalog, over iOS's light grouped background.
///
/// Per exercise, top to bottom: a header (the exercise's name, how many steps, what the rows show); one
/// row at 1x (`pointSize` pixels, the size the app shows) with the steps not yet done, then, after a wider
/// gap, the same steps done, each with its step number beneath; one row at 3x with the steps not yet done,
/// each with its name (wrapped, cut with `.` if it is still too long) and its id beneath. Drawn from the
/// PNG files on disk, so it shows exactly what was written. A scale the style lacks is drawn from the
/// nearest scale it has, resampled, and the header says so. Labels use ``BitmapFont``; every label band
/// is tall enough for its descenders.
///
/// Cost: one PNG decode per icon shown (30 per exercise) and one blend of its pixels (table lookups, no
/// per-pixel floating point), spread over the cores by bands of whole exercises; then one fast PNG encode
/// of the sheet, which is most of the time: for the 60-icon catalog's 1932 x 1906 sheet, about 28 ms of
/// drawing on 2 cores and 57 ms of encoding (zlib, one stream).
struct ContactSheet: Sendable {
    var catalog: Catalog
    var style: IconStyle
    var outputRoot: String
    var format: IconBatch.Format

    /// An sRGB colour, 8 bits per channel.
    typealias RGB = (UInt8, UInt8, UInt8)
    /// iOS's `systemGroupedBackground` (light).
    static let background: RGB = (242, 242, 247)
    /// iOS's `label` colour.
    static let ink: RGB = (60, 60, 67)
    /// iOS's `secondaryLabel` (`label` at 60 %) over the background.
    static let secondaryInk: RGB = (133, 133, 139)

    /// The scales of the two rows: 1x, as the app shows the icons, and 3x, large enough to judge them.
    static let smallScale = 1, largeScale = 3

    /// The style's dark page, 8-bit sRGB.
    var darkPage: RGB {
        func byte(_ i: Int) -> UInt8 { UInt8(min(255, max(0, (style.darkPageColor[i] * 255).rounded()))) }
        return style.darkPageColor.count == 3 ? (byte(0), byte(1), byte(2)) : (0, 13, 38)
    }

    /// The sheet's layout for this catalog and style.
    var layout: Layout {
        let columns = max(1, catalog.exercises.map(\.progressions.count).max() ?? 1)
        let nameLines = catalog.progressions.map {
            Self.wrap($0.name, width: style.pointSize * Self.largeScale, maxLines: Layout.maxNameLines).count
        }.max() ?? 1
        var layout = Layout(pointSize: style.pointSize, columns: columns, nameLines: nameLines, sections: catalog.exercises.count,
                            darkRow: style.darkAppearance)
        // Bounded whatever the catalog: at most `maxWidth` pixels wide (the first columns of a long exercise) and
        // `maxPixels` in all (the first exercises); ``omitted`` says what is left out.
        while layout.columns > 1 && layout.width > Self.maxWidth { layout.columns -= 1 }
        while layout.sections > 1 && layout.width * layout.height > Self.maxPixels { layout.sections = layout.sections * 3 / 4 }
        return layout
    }

    /// The sheet's largest width and area: 8192 px and 32 Mpx (128 MB of RGBA, then its PNG), far above
    /// the 60-icon catalog's 1932 x 2290.
    static let maxWidth = 8192, maxPixels = 32 << 20

    /// What a capped sheet leaves out: exercises past the first `layout.sections`, and steps past the first
    /// `layout.columns` of the exercises shown; nil when it shows everything.
    var omitted: String? {
        let layout = layout
        let exercises = catalog.exercises.count - layout.sections
        let steps = catalog.exercises.prefix(layout.sections).map { max(0, $0.progressions.count - layout.columns) }.reduce(0, +)
        guard exercises > 0 || steps > 0 else { return nil }
        return "the review sheet shows the first \(layout.sections) of \(catalog.exercises.count) exercises and at most "
            + "\(layout.columns) steps of each (it is capped at \(Self.maxWidth) px wide and \(Self.maxPixels >> 20) Mpx)"
    }

    /// The sheet as PNG bytes (8-bit RGBA, opaque).
    /// - Throws: ``PNGError`` if the encoder fails; a missing or unreadable icon is drawn as "missing".
    func png() throws -> [UInt8] {
        let layout = layout
        return try PNGEncoder.encode(rgba: rgba(layout), width: layout.width, height: layout.height, fast: true,
                                     threads: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The sheet's pixels (`layout.width * layout.height * 4` bytes, opaque RGBA). Each worker fills and
    /// draws its own band of rows (whole exercises), so the bytes never depend on the number of workers.
    func rgba(_ layout: Layout) -> [UInt8] {
        let count = layout.width * layout.height * 4
        let sections = layout.sections
        let workers = max(1, min(sections, ProcessInfo.processInfo.activeProcessorCount))
        // Capacity for one more byte a row: the PNG writer makes its filtered rows in place (no second 18 MB).
        return [UInt8](unsafeUninitializedCapacity: count + layout.height) { buffer, initialized in
            guard let base = buffer.baseAddress else { initialized = 0; return }
            let pixels = Canvas.Pixels(base: base)
            let draw = { @Sendable (w: Int) in
                let mine = (w * sections / workers)..<((w + 1) * sections / workers)
                let canvas = Canvas(pixels: pixels, width: layout.width, rows: layout.rows(ofSections: mine))
                canvas.fill(Self.background)
                for e in mine { drawSection(e, layout: layout, on: canvas) }
            }
            if workers == 1 { draw(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: draw) }
            initialized = count
        }
    }

    /// Exercise `e`'s header, rows and labels, drawn within `canvas`'s band.
    private func drawSection(_ e: Int, layout: Layout, on canvas: Canvas) {
        let exercise = catalog.exercises[e]
        let smallSource = Self.sourceScale(for: Self.smallScale, in: style.scales)
        let largeSource = Self.sourceScale(for: Self.largeScale, in: style.scales)
        let top = layout.sectionTop(e), small = layout.smallSize, large = layout.largeSize
        canvas.text(exercise.name, x: Layout.margin, y: top, scale: 2, Self.ink)
        canvas.text(caption(steps: exercise.progressions.count, smallSource: smallSource, largeSource: largeSource),
                    x: Layout.margin + BitmapFont.width(of: exercise.name, scale: 2) + 16, y: top + BitmapFont.height,
                    Self.secondaryInk)
        for (state, suffix) in IconJob.states {
            for (c, p) in exercise.progressions.enumerated() where c < layout.columns {
                let x = layout.smallX(c, done: state == .complete), y = layout.smallRowY(e)
                drawIcon(p.id + suffix, source: smallSource, size: small, at: x, y, on: canvas)
                canvas.centredText("\(p.stage + 1)", x: x, width: small, y: y + small + Layout.labelGap, Self.ink)
            }
        }
        if style.darkAppearance {
            // The dark appearance's icons on the dark page, the same two groups.
            let y = layout.darkRowY(e)
            canvas.rect(x: Layout.margin - Layout.gap / 2, y: y - Layout.gap / 2, width: layout.smallRowWidth + Layout.gap,
                        height: small + Layout.gap, darkPage)
            for (state, suffix) in IconJob.states {
                for (c, p) in exercise.progressions.enumerated() where c < layout.columns {
                    drawIcon(p.id + suffix, variant: XCAssets.darkSuffix, source: smallSource, size: small,
                             at: layout.smallX(c, done: state == .complete), y, on: canvas)
                }
            }
        }
        for (c, p) in exercise.progressions.enumerated() where c < layout.columns {
            let x = layout.largeX(c), y = layout.largeRowY(e)
            drawIcon(p.id, source: largeSource, size: large, at: x, y, on: canvas)
            var lineY = y + large + Layout.labelGap
            for line in Self.wrap(p.name, width: large, maxLines: layout.nameLines) {
                canvas.centredText(line, x: x, width: large, y: lineY, Self.ink)
                lineY += Layout.lineStep
            }
            canvas.centredText(Self.cut(p.id, width: large), x: x, width: large,
                               y: y + large + Layout.labelGap + layout.nameLines * Layout.lineStep, Self.secondaryInk)
        }
    }

    /// The header's second part: what the two rows show, and from which scale a row was resampled.
    func caption(steps: Int, smallSource: Int?, largeSource: Int?) -> String {
        func from(_ source: Int?, _ scale: Int) -> String {
            guard let source else { return " (none written)" }
            return source == scale ? "" : " (from @\(source)x)"
        }
        return "\(steps) steps.  1x\(from(smallSource, Self.smallScale)): not done, then done"
            + (style.darkAppearance ? ", and below on the dark page.  " : ".  ")
            + "3x\(from(largeSource, Self.largeScale)): not done."
    }

    /// Blends icon `name` (read at scale `source`, resampled if that is not `size`'s) at (`x`, `y`), or
    /// draws a "missing" frame when it cannot be read.
    private func drawIcon(_ name: String, variant: String = "", source: Int?, size: Int, at x: Int, _ y: Int, on canvas: Canvas) {
        if let source, let pixels = iconPixels(name, variant: variant, scale: source, size: size) {
            canvas.blend(pixels, size: size, at: x, y)
        } else {
            canvas.frame(x: x, y: y, size: size, Self.secondaryInk)
            canvas.centredText("missing", x: x, width: size, y: y + (size - BitmapFont.lineHeight) / 2, Self.secondaryInk)
        }
    }

    /// The straight-alpha sRGB bytes of imageset `name`'s image (`variant`: its file name's suffix, `-dark`) at `scale` as written, resampled to `size` x `size`; nil if the
    /// file is absent, unreadable, or not `pointSize * scale` pixels square.
    private func iconPixels(_ name: String, variant: String, scale: Int, size: Int) -> [UInt8]? {
        let file = XCAssets.filename(name + variant, scale: scale)
        let path = format == .xcassets ? "\(outputRoot)/\(name).imageset/\(file)" : "\(outputRoot)/\(file)"
        let written = style.pointSize * scale
        guard let data = FileManager.default.contents(atPath: path),
              let image = try? PNGEncoder.decode(Array(data)), image.width == written, image.height == written else { return nil }
        return written == size ? image.rgba : Self.resampled(image.rgba, from: written, to: size)
    }

    /// The scale of the style nearest `wanted` (the larger of two as near: shrinking keeps detail); nil if none.
    static func sourceScale(for wanted: Int, in scales: [Int]) -> Int? {
        scales.filter { $0 > 0 }.min { a, b in
            let da = abs(a - wanted), db = abs(b - wanted)
            return da != db ? da < db : a > b
        }
    }

    /// `text` in lines at most `width` pixels wide (scale 1), broken at spaces (or inside a word longer than a
    /// line), at most `maxLines` of them; text that does not fit ends the last line with `.`.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        let fits = max(1, (width + 1) / BitmapFont.advance)
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while !word.isEmpty {
                let candidate = line.isEmpty ? word : line + " " + word
                if candidate.count <= fits { line = candidate; word = ""; continue }
                if line.isEmpty {
                    line = String(word.prefix(fits))
                    word = String(word.dropFirst(fits))
                }
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        guard lines.count > max(1, maxLines) else { return lines }
        var kept = Array(lines.prefix(max(1, maxLines)))
        let last = kept[kept.count - 1]
        kept[kept.count - 1] = String(last.prefix(fits - 1)) + "."
        return kept
    }

    /// `text` cut to `width` pixels (scale 1), ending with `.` when cut.
    static func cut(_ text: String, width: Int) -> String {
        let fits = max(1, (width + 1) / BitmapFont.advance)
        return text.count <= fits ? text : String(text.prefix(fits - 1)) + "."
    }

    /// Resamples a square straight-alpha sRGB image from `from` to `to` pixels a side: each output pixel is
    /// the mean, premultiplied and in linear light, of the source pixels it covers (the nearest one when
    /// enlarging). Used only when the style lacks a scale the sheet shows.
    static func resampled(_ src: [UInt8], from: Int, to: Int) -> [UInt8] {
        guard from > 0, to > 0, src.count == from * from * 4 else { return [UInt8](repeating: 0, count: max(0, to) * max(0, to) * 4) }
        let lut = (0..<256).map { SRGB.toLinear(Float($0) / 255) }
        var out = [UInt8](repeating: 0, count: to * to * 4)
        func span(_ i: Int) -> Range<Int> {
            let lo = i * from / to
            return lo..<max(lo + 1, (i + 1) * from / to)
        }
        for y in 0..<to {
            for x in 0..<to {
                var sum = SIMD4<Float>.zero, n: Float = 0
                for sy in span(y) {
                    for sx in span(x) {
                        let s = 4 * (sy * from + sx)
                        let a = Float(src[s + 3]) / 255
                        sum += SIMD4(lut[Int(src[s])] * a, lut[Int(src[s + 1])] * a, lut[Int(src[s + 2])] * a, a)
                        n += 1
                    }
                }
                let mean = sum / n, o = 4 * (y * to + x)
                guard mean.w > 0 else { continue }
                for c in 0..<3 { out[o + c] = UInt8(min(255, max(0, (SRGB.fromLinear(mean[c] / mean.w) * 255).rounded()))) }
                out[o + 3] = UInt8(min(255, max(0, (mean.w * 255).rounded())))
            }
        }
        return out
    }
}

extension ContactSheet {
    /// Where everything goes, in pixels, top-left origin. Sections (one per exercise) are stacked with
    /// ``sectionGap`` between them; each is a header band, the 1x row and its labels, the 3x row and its labels.
    struct Layout: Equatable {
        static let margin = 12
        /// Between two icons of a row.
        static let gap = 12
        /// Added to ``gap`` between the 1x row's not-done group and its done group.
        static let groupGap = 36
        /// Between an icon's bottom edge and its first label line.
        static let labelGap = 3
        /// From one label line's top to the next one's: a line with its descenders, and one pixel.
        static let lineStep = BitmapFont.lineHeight + 1
        /// The header's name is drawn at scale 2; its band holds its descenders.
        static let headerHeight = 2 * BitmapFont.lineHeight
        static let headerGap = 6, rowGap = 4, sectionGap = 14
        /// The most lines a progression's name may take under its 3x icon.
        static let maxNameLines = 2

        var pointSize: Int
        /// Icons per group: the most progressions an exercise has.
        var columns: Int
        /// Lines given to each name under the 3x icons (the most any name needs, at most ``maxNameLines``).
        var nameLines: Int
        /// Exercises.
        var sections: Int
        /// Whether each section has a 1x row of the dark appearance, on the dark page, under the first.
        var darkRow = false

        var smallSize: Int { pointSize * ContactSheet.smallScale }
        var largeSize: Int { pointSize * ContactSheet.largeScale }
        /// The band under a 1x icon: its step number.
        var smallLabelHeight: Int { Self.labelGap + BitmapFont.lineHeight }
        /// The band under a 3x icon: its name's lines, then its id.
        var largeLabelHeight: Int { Self.labelGap + nameLines * Self.lineStep + BitmapFont.lineHeight }
        /// The dark row's band: its icons and the page's margin around them.
        var darkRowHeight: Int { darkRow ? smallSize + Self.gap + Self.rowGap : 0 }
        var sectionHeight: Int {
            Self.headerHeight + Self.headerGap + smallSize + smallLabelHeight + Self.rowGap + darkRowHeight + largeSize + largeLabelHeight
        }
        var smallRowWidth: Int { 2 * columns * (smallSize + Self.gap) - Self.gap + Self.groupGap }
        var largeRowWidth: Int { columns * (largeSize + Self.gap) - Self.gap }
        var width: Int { 2 * Self.margin + max(smallRowWidth, largeRowWidth) }
        var height: Int { 2 * Self.margin + sections * sectionHeight + max(0, sections - 1) * Self.sectionGap }

        /// Top of section `e`'s header.
        func sectionTop(_ e: Int) -> Int { Self.margin + e * (sectionHeight + Self.sectionGap) }
        /// Top of section `e`'s 1x icons.
        func smallRowY(_ e: Int) -> Int { sectionTop(e) + Self.headerHeight + Self.headerGap }
        /// Top of section `e`'s dark-page 1x icons (when ``darkRow``).
        func darkRowY(_ e: Int) -> Int { smallRowY(e) + smallSize + smallLabelHeight + Self.rowGap + Self.gap / 2 }
        /// Top of section `e`'s 3x icons.
        func largeRowY(_ e: Int) -> Int { smallRowY(e) + smallSize + smallLabelHeight + Self.rowGap + darkRowHeight }
        /// Left of the 1x icon of column `c`, in the not-done group or the done group.
        func smallX(_ c: Int, done: Bool) -> Int {
            Self.margin + c * (smallSize + Self.gap) + (done ? columns * (smallSize + Self.gap) + Self.groupGap : 0)
        }
        /// Left of the 3x icon of column `c`.
        func largeX(_ c: Int) -> Int { Self.margin + c * (largeSize + Self.gap) }
        /// The rows of the sections `range`: from the gap above the first (the top margin for section 0) to
        /// the gap above the next (the bottom margin after the last); every row when there are no sections.
        func rows(ofSections range: Range<Int>) -> Range<Int> {
            guard !range.isEmpty else { return sections == 0 ? 0..<height : 0..<0 }
            let top = range.lowerBound == 0 ? 0 : sectionTop(range.lowerBound) - Self.sectionGap
            let bottom = range.upperBound >= sections ? height : sectionTop(range.upperBound) - Self.sectionGap
            return top..<bottom
        }
    }

    /// A band of rows of the sheet's pixels that one worker draws on; drawing outside the band, or outside
    /// the sheet, is clipped. Workers share the pixel memory and each writes only its own band.
    struct Canvas: Sendable {
        /// The first byte of the sheet's RGBA pixels, shared by the workers.
        struct Pixels: @unchecked Sendable {
            let base: UnsafeMutablePointer<UInt8>
        }

        let pixels: Pixels
        /// The sheet's width in pixels.
        let width: Int
        /// The rows this canvas may write.
        let rows: Range<Int>

        /// Every pixel of the band opaque `colour`: the first row set, then copied.
        func fill(_ colour: RGB) {
            guard width > 0, !rows.isEmpty else { return }
            let rowBytes = 4 * width, first = pixels.base + rows.lowerBound * rowBytes
            for x in 0..<width {
                first[4 * x] = colour.0; first[4 * x + 1] = colour.1; first[4 * x + 2] = colour.2; first[4 * x + 3] = 255
            }
            for y in rows.dropFirst() { (pixels.base + y * rowBytes).update(from: first, count: rowBytes) }
        }

        /// Sets one pixel's colour, if it is in the band.
        func set(_ x: Int, _ y: Int, _ colour: RGB) {
            guard x >= 0, x < width, rows.contains(y) else { return }
            let p = pixels.base + 4 * (y * width + x)
            p[0] = colour.0; p[1] = colour.1; p[2] = colour.2
        }

        /// `text` with its top-left corner at (`x`, `y`); it takes `BitmapFont.lineHeight * scale` rows.
        func text(_ text: String, x: Int, y: Int, scale: Int = 1, _ colour: RGB) {
            BitmapFont.draw(text, x: x, y: y, scale: scale) { set($0, $1, colour) }
        }

        /// `text` centred on the span `x..<x + width` (left-aligned if wider).
        func centredText(_ text: String, x: Int, width: Int, y: Int, _ colour: RGB) {
            self.text(text, x: x + max(0, (width - BitmapFont.width(of: text)) / 2), y: y, colour)
        }

        /// A filled opaque rectangle.
        func rect(x: Int, y: Int, width w: Int, height h: Int, _ colour: RGB) {
            for yy in max(y, rows.lowerBound)..<max(max(y, rows.lowerBound), min(y + h, rows.upperBound)) {
                for xx in max(0, x)..<max(max(0, x), min(x + w, width)) { set(xx, yy, colour) }
            }
        }

        /// A one-pixel outline of the square `size` x `size` at (`x`, `y`).
        func frame(x: Int, y: Int, size: Int, _ colour: RGB) {
            for i in 0..<max(0, size) {
                set(x + i, y, colour); set(x + i, y + size - 1, colour)
                set(x, y + i, colour); set(x + size - 1, y + i, colour)
            }
        }

        /// Blends a square straight-alpha sRGB image (`size` x `size` pixels) over the canvas at (`x0`, `y0`),
        /// in linear light: both colours to 16-bit linear by table, mixed by the 8-bit alpha in integers, back
        /// to sRGB by table. Transparent pixels are skipped and opaque ones copied.
        func blend(_ src: [UInt8], size: Int, at x0: Int, _ y0: Int) {
            guard size > 0, src.count == size * size * 4 else { return }
            let x1 = max(0, -x0), x2 = min(size, width - x0)
            let y1 = max(0, rows.lowerBound - y0), y2 = min(size, rows.upperBound - y0)
            guard x1 < x2, y1 < y2 else { return }
            src.withUnsafeBufferPointer { s in
                ContactSheet.linear16.withUnsafeBufferPointer { lin in
                    ContactSheet.srgb8.withUnsafeBufferPointer { enc in
                        for y in y1..<y2 {
                            var i = 4 * (y * size + x1)
                            var d = pixels.base + 4 * ((y0 + y) * width + x0 + x1)
                            for _ in x1..<x2 {
                                let a = UInt32(s[i + 3])
                                if a == 255 {
                                    d[0] = s[i]; d[1] = s[i + 1]; d[2] = s[i + 2]
                                } else if a != 0 {
                                    for c in 0..<3 {
                                        let l = lin[Int(s[i + c])] * a + lin[Int(d[c])] * (255 - a)
                                        d[c] = enc[Int((l + 127) / 255)]
                                    }
                                }
                                i += 4
                                d += 4
                            }
                        }
                    }
                }
            }
        }
    }

    /// sRGB byte to linear light, scaled to 0...65535.
    static let linear16: [UInt32] = (0..<256).map { UInt32((SRGB.toLinear(Float($0) / 255) * 65535).rounded()) }

    /// Linear light in 0...65535 to the nearest sRGB byte: code `k` covers the linear values from the
    /// midpoint below it to the midpoint above it (256 transfer-function evaluations, then a fill).
    static let srgb8: [UInt8] = {
        let upper = (0..<255).map { SRGB.toLinear((Float($0) + 0.5) / 255) * 65535 }
        var table = [UInt8](repeating: 255, count: 65536)
        var code = 0
        for i in 0..<65536 {
            while code < 255 && Float(i) >= upper[code] { code += 1 }
            table[i] = UInt8(code)
        }
        return table
    }()
}
