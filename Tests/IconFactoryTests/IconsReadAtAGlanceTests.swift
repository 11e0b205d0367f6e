import AssetCatalog
import ColladaKit
import Foundation
import PoseRenderer
import Testing
import TestSupport

/// The 60 icons of the bundled `Assets/`, measured as a person reads them (issues "Icons that read at a
/// glance" and "Icons a person names alone at 60 pt"), each rendered as the batch renders it (the pose file
/// applied to the base model, the catalog's time, the computed offset) at @3x, in both states and for both
/// pages (the light appearance on white, the dark appearance on the style's dark page): 240 cases.
/// - **the figure's edge stands out**: composited on its page, the mean relative luminance (WCAG: Rec. 709
///   weights on linear light) of the figure's edge (pixels of the figure, coverage above 0.5, within 3 px of a
///   pixel outside it) against that of the ring 1 to 5 px outside the figure (whatever is there: the glow, the
///   circles, the page, a prop) has a contrast ratio `(L1 + 0.05) / (L2 + 0.05)` of at least 3 : 1 (WCAG 2.2
///   SC 1.4.11, non-text contrast) in every case;
/// - **props support, never lead**: on the white page the props and the floor (pixels they cover more than
///   half) are never darker, on average, than the figure;
/// - **told apart**: the silhouettes (alpha > 0.5 of the icon with its circles removed: the figure and its props,
///   with the glow; not the floor, which lies under every step alike) of two steps of one exercise overlap by an
///   IoU below 0.80;
/// - **on the canvas**: no pixel of anything drawn (figure, props, floor) on the outer 2 px, at @3x and at @1x.
/// The worst case of each exercise is printed.
@Suite struct IconsReadAtAGlanceTests {
    static let assets = TestPaths.assets
    static let reading = CatalogFile.read(path: assets + "/catalog.json")

    /// One exercise's ten icons: the silhouette masks, the border pixels, the edge contrasts and the tones.
    struct Measured {
        var ids: [String] = []
        var masks: [[Bool]] = []
        var borderPixels: [Int] = []
        /// Per step, the edge contrast of each (state, page) case, in ``variants`` order.
        var contrast: [[Float]] = []
        /// Per step, the mean luminance of the figure and of the props on the white page (nil: no props).
        var tones: [(figure: Float, props: Float?)] = []
    }

    /// The four cases of each step: not done and done, on the white page and on the dark one.
    static let variants: [(state: IconState, appearance: IconAppearance)] =
        [(.incomplete, .light), (.complete, .light), (.incomplete, .dark), (.complete, .dark)]

    static func luminance(_ rgb: SIMD3<Float>) -> Float { 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z }

    /// The edge and ring of a figure mask (`size` x `size`): figure pixels within `edge` px of a pixel outside it,
    /// and outside pixels within `ring` px of the figure (distances between pixel centres).
    static func edgeAndRing(_ figure: [Bool], size: Int, edge: Int = 3, ring: Int = 5) -> (edge: [Int], ring: [Int]) {
        var e: [Int] = [], r: [Int] = []
        let reach = max(edge, ring)
        // Only the figure's box grown by `reach` can hold edge or ring pixels (a cheaper scan under the sanitizers).
        var lo = (x: size, y: size), hi = (x: -1, y: -1)
        for y in 0..<size { for x in 0..<size where figure[y * size + x] {
            lo = (min(lo.x, x), min(lo.y, y)); hi = (max(hi.x, x), max(hi.y, y))
        } }
        guard lo.x <= hi.x else { return (e, r) }
        for y in max(0, lo.y - reach)...min(size - 1, hi.y + reach) {
            for x in max(0, lo.x - reach)...min(size - 1, hi.x + reach) {
                let inside = figure[y * size + x]
                let limit = inside ? edge : ring
                var near = false
                scan: for dy in -reach...reach {
                    for dx in -reach...reach where dx * dx + dy * dy <= limit * limit {
                        let xx = x + dx, yy = y + dy
                        let other = xx >= 0 && yy >= 0 && xx < size && yy < size ? figure[yy * size + xx] : false
                        if other != inside { near = true; break scan }
                    }
                }
                if near { if inside { e.append(y * size + x) } else { r.append(y * size + x) } }
            }
        }
        return (e, r)
    }

    /// The mean relative luminance of `image` composited on `page` (linear) over `pixels`.
    static func meanLuminance(_ image: LinearImage, page: SIMD3<Float>, pixels: [Int]) -> Float {
        guard !pixels.isEmpty else { return 0 }
        var sum: Float = 0
        for i in pixels {
            let p = image.pixels[i]
            sum += luminance(SIMD3(p.x, p.y, p.z) + page * (1 - p.w))
        }
        return sum / Float(pixels.count)
    }

    /// WCAG contrast ratio of two relative luminances.
    static func ratio(_ a: Float, _ b: Float) -> Float { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// Pixels with any alpha within `band` pixels of an edge.
    static func borderPixels(_ image: LinearImage, band: Int = 2) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where x < band || y < band || x >= image.width - band || y >= image.height - band {
                if image[x, y].w > 0.5 / 255 { count += 1 }
            }
        }
        return count
    }

    static func iou(_ a: [Bool], _ b: [Bool]) -> Float {
        var both = 0, either = 0
        for i in a.indices {
            if a[i] && b[i] { both += 1 }
            if a[i] || b[i] { either += 1 }
        }
        return either > 0 ? Float(both) / Float(either) : 0
    }

    static func measure(_ exercise: Catalog.Exercise, file: CatalogFile, base: Scene) throws -> Measured {
        var style = file.style
        var bare = style
        bare.circles = []
        // The silhouettes leave out the floor: it lies under every step of an exercise alike and says nothing of
        // which step it is (IoU measures the figure and its props, as before the floor was drawn).
        bare.floor = false
        style.scales = [3]
        var out = Measured()
        for entry in exercise.progressions {
            let posed = try #require(entry.posedFile)
            let rig = try ColladaLoader.load(path: assets + "/" + posed)
            let scene = base.applying(rig: rig).scene
            let pose = scene.pose(at: entry.poseTime ?? rig.animationRange().map { ($0.lowerBound + $0.upperBound) / 2 } ?? 0)
            let renderer = IconRenderer(scene: scene, style: style)
            let withoutCircles = IconRenderer(scene: scene, style: bare)
            let frame = renderer.prepare(pose)
            let offset = renderer.centringOffset(frame)
            let icons = renderer.render(frame, variants: Self.variants + [(.plain, .light)], scale: 3, offset: offset)
            let bareFrame = withoutCircles.prepare(pose)
            let silhouette = withoutCircles.render(bareFrame, states: [.incomplete], scale: 3, offset: offset)[0].image
            // Everything drawn with the glow, no circles: the figure, its props and the floor of `frame`.
            var open = file.style
            open.circles = []
            let edges = IconRenderer(scene: scene, style: open)
            let large = edges.render(frame, states: [.incomplete], scale: 3, offset: offset)[0].image
            let small = edges.render(frame, states: [.incomplete], scale: 1, offset: offset)[0].image
            let size = silhouette.width
            let figure = icons[0].figureAlpha.map { $0 > 0.5 }
            try #require(figure.count == size * size)
            let (edge, ring) = Self.edgeAndRing(figure, size: size)
            var contrasts: [Float] = []
            for (variant, icon) in zip(Self.variants, icons) {
                let page = renderer.page(variant.appearance)
                contrasts.append(Self.ratio(Self.meanLuminance(icon.image, page: page, pixels: edge),
                                            Self.meanLuminance(icon.image, page: page, pixels: ring)))
            }
            // Props and floor: where the plain render covers more than half and the figure does not.
            let plain = icons[4]
            let propPixels = plain.image.pixels.indices.filter { plain.image.pixels[$0].w - plain.figureAlpha[$0] > 0.5 }
            let figurePixels = figure.indices.filter { figure[$0] }
            let white = SIMD3<Float>(repeating: 1)
            out.tones.append((Self.meanLuminance(icons[0].image, page: white, pixels: figurePixels),
                              propPixels.isEmpty ? nil : Self.meanLuminance(icons[0].image, page: white, pixels: propPixels)))
            out.ids.append(entry.id)
            out.masks.append(silhouette.pixels.map { $0.w > 0.5 })
            // On the canvas: everything drawn (the floor too, with the glow's reach counted by the margin), at @3x and @1x.
            out.borderPixels.append(borderPixels(large) + borderPixels(small))
            out.contrast.append(contrasts)
        }
        return out
    }

    @Test(.enabled(if: reading.file != nil, "needs Assets/catalog.json"))
    func everyStepReadsAndIsToldApart() throws {
        let file = try #require(Self.reading.file)
        let base = try ColladaLoader.load(path: Self.assets + "/" + file.catalog.baseModel)
        #expect(file.catalog.exercises.count == 6)
        var cases = 0
        for exercise in file.catalog.exercises {
            let m = try Self.measure(exercise, file: file, base: base)
            #expect(m.ids.count == 10)
            var worst: (value: Float, a: String, b: String) = (0, "", "")
            for i in m.masks.indices {
                for j in m.masks.indices where j > i {
                    let value = Self.iou(m.masks[i], m.masks[j])
                    if value > worst.value { worst = (value, m.ids[i], m.ids[j]) }
                    #expect(value < 0.80, "\(m.ids[i]) and \(m.ids[j]) overlap: IoU \(value)")
                }
            }
            var low: (value: Float, id: String, variant: Int) = (.infinity, "", 0)
            for (id, row) in zip(m.ids, m.contrast) {
                for (k, c) in row.enumerated() {
                    cases += 1
                    if c < low.value { low = (c, id, k) }
                    let v = Self.variants[k]
                    #expect(c >= 3, "\(id) \(v.state) on the \(v.appearance) page: the figure's edge is \(c) : 1 against its surround")
                }
            }
            let perPage = (0..<4).map { k in m.contrast.map { $0[k] }.min() ?? 0 }
            let worstTone = zip(m.ids, m.tones).compactMap { id, t in t.props.map { (id, $0 - t.figure) } }.min { $0.1 < $1.1 }
            let v = Self.variants[low.variant]
            print("""
                \(exercise.id): worst pair \(worst.a) / \(worst.b) IoU \(String(format: "%.2f", worst.value)); \
                edge contrast at least \(String(format: "%.1f", low.value)) : 1 (\(low.id), \(v.state), \(v.appearance) page); \
                per case (not done / done on white, not done / done on dark) at least \
                \(perPage.map { String(format: "%.1f", $0) }.joined(separator: " / ")); \
                props minus figure luminance at least \(worstTone.map { String(format: "%.2f (%@)", $0.1, $0.0) } ?? "no props"); \
                border pixels \(m.borderPixels.reduce(0, +))
                """)
            for (id, n) in zip(m.ids, m.borderPixels) { #expect(n == 0, "\(id): \(n) pixels on the outer 2 px") }
            for (id, t) in zip(m.ids, m.tones) {
                if let props = t.props { #expect(props >= t.figure, "\(id): props (\(props)) darker than the figure (\(t.figure))") }
            }
        }
        #expect(cases == 240)
    }

    /// The measures themselves, on small images whose answers are known.
    @Test func measuresOnKnownImages() throws {
        #expect(Self.iou([true, true, false, false], [true, false, true, false]) == 1 / Float(3))
        #expect(Self.iou([true, true], [true, true]) == 1)
        var image = LinearImage(width: 8, height: 8)
        #expect(Self.borderPixels(image) == 0)
        image.pixels[3 * 8 + 3] = SIMD4(0.5, 0.5, 0.5, 1)
        #expect(Self.borderPixels(image) == 0)
        image.pixels[1 * 8 + 4] = SIMD4(0, 0, 0, 0.01)
        #expect(Self.borderPixels(image) == 1)
        // Contrast: black on white is 21 : 1; the edge and ring of a 4 x 4 square in a 12 x 12 image.
        #expect(abs(Self.ratio(0, 1) - 21) < 1e-4)
        var square = [Bool](repeating: false, count: 144)
        for y in 4..<8 { for x in 4..<8 { square[y * 12 + x] = true } }
        let (edge, ring) = Self.edgeAndRing(square, size: 12, edge: 1, ring: 1)
        #expect(edge.count == 12 && ring.count == 16)
        var grey = LinearImage(width: 1, height: 1)
        grey.pixels[0] = SIMD4(0.5, 0.5, 0.5, 1)
        #expect(abs(Self.meanLuminance(grey, page: .zero, pixels: [0]) - 0.5) < 1e-5)
        var half = LinearImage(width: 1, height: 1)
        half.pixels[0] = SIMD4(0, 0, 0, 0.5)
        #expect(abs(Self.meanLuminance(half, page: SIMD3(repeating: 1), pixels: [0]) - 0.5) < 1e-5)
    }
}
