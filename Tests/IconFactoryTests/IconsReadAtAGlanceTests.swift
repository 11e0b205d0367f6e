import AssetCatalog
import ColladaKit
import Foundation
import PoseRenderer
import Testing

/// The 60 icons of the bundled `Assets/`, measured as a person reads them (issue "Icons that read at a
/// glance"), each rendered as the batch renders it (the pose file applied to the base model, the
/// catalog's time, the computed offset), in the not-done state at @3x:
/// - **told apart**: the silhouettes (alpha > 0.5 of the icon with its circles removed: the figure and its
///   props, with the glow) of two steps of one exercise overlap by an IoU below 0.80;
/// - **on the canvas**: no pixel with any alpha on the outer 2 px, at @3x and at @1x;
/// - **standing out**: composited on a white page, the mean luminance of the icon over the figure's pixels
///   differs from that of what lies beneath (the circles on white) by at least 30/255. Luminance: Rec. 709
///   weights on linear light, encoded with the sRGB curve, 0...255. The same on iOS's dark page
///   (28, 28, 30) is printed.
/// The worst pair of each exercise is printed.
@Suite struct IconsReadAtAGlanceTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets").path
    static let reading = CatalogFile.read(path: assets + "/catalog.json")

    /// One exercise's ten icons: the silhouette masks and, per step, the border pixels and the luminance gaps.
    struct Measured {
        var ids: [String] = []
        var masks: [[Bool]] = []
        var borderPixels: [Int] = []
        var whiteGap: [Float] = []
        var darkGap: [Float] = []
    }

    static func luminance(_ rgb: SIMD3<Float>) -> Float {
        SRGB.fromLinear(0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z) * 255
    }

    /// Mean luminance (0...255) of `image` over `page`, and of `backdrop` over `page`, at the pixels of `mask`.
    static func gap(_ image: LinearImage, backdrop: LinearImage, mask: [Bool], page: SIMD3<Float>) -> Float {
        var a: Float = 0, b: Float = 0, n: Float = 0
        for i in mask.indices where mask[i] {
            let p = image.pixels[i], q = backdrop.pixels[i]
            a += luminance(SIMD3(p.x, p.y, p.z) + page * (1 - p.w))
            b += luminance(SIMD3(q.x, q.y, q.z) + page * (1 - q.w))
            n += 1
        }
        return n > 0 ? abs(a - b) / n : 0
    }

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
        style.scales = [3]
        var out = Measured()
        for entry in exercise.progressions {
            let posed = try #require(entry.posedFile)
            let rig = try ColladaLoader.load(path: assets + "/" + posed)
            let scene = base.applying(rig: rig).scene
            let pose = scene.pose(at: entry.poseTime ?? rig.animationRange.map { ($0.lowerBound + $0.upperBound) / 2 } ?? 0)
            let withCircles = IconRenderer(scene: scene, style: style)
            let withoutCircles = IconRenderer(scene: scene, style: bare)
            let frame = withCircles.prepare(pose)
            let offset = withCircles.centringOffset(frame)
            let icon = withCircles.render(frame, states: [.incomplete], scale: 3, offset: offset)[0].image
            let figure = withoutCircles.render(frame, states: [.incomplete], scale: 3, offset: offset)[0].image
            let small = withoutCircles.render(frame, states: [.incomplete], scale: 1, offset: offset)[0].image
            // The circles alone, as the icon draws them.
            var backdrop = LinearImage(width: icon.width, height: icon.height)
            let side = Float(icon.width)
            for c in style.circles {
                Compositing.fillCircle(&backdrop, center: SIMD2(side / 2, side / 2), radius: c.diameter * side / 2,
                                       color: SRGB.linear(style.incompleteColor), opacity: c.incompleteOpacity)
            }
            let mask = figure.pixels.map { $0.w > 0.5 }
            out.ids.append(entry.id)
            out.masks.append(mask)
            out.borderPixels.append(borderPixels(figure) + borderPixels(small))
            out.whiteGap.append(gap(icon, backdrop: backdrop, mask: mask, page: SIMD3(repeating: 1)))
            out.darkGap.append(gap(icon, backdrop: backdrop, mask: mask, page: SRGB.linear([28 / 255, 28 / 255, 30 / 255])))
        }
        return out
    }

    @Test(.enabled(if: reading.file != nil, "needs Assets/catalog.json"))
    func everyStepReadsAndIsToldApart() throws {
        let file = try #require(Self.reading.file)
        let base = try ColladaLoader.load(path: Self.assets + "/" + file.catalog.baseModel)
        #expect(file.catalog.exercises.count == 6)
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
            let white = m.whiteGap.min() ?? 0, dark = m.darkGap.min() ?? 0
            print("""
                \(exercise.id): worst pair \(worst.a) / \(worst.b) IoU \(String(format: "%.2f", worst.value)); \
                luminance gap on white at least \(String(format: "%.0f", white))/255, on dark at least \
                \(String(format: "%.0f", dark))/255; border pixels \(m.borderPixels.reduce(0, +))
                """)
            for (id, n) in zip(m.ids, m.borderPixels) { #expect(n == 0, "\(id): \(n) pixels on the outer 2 px") }
            for (id, g) in zip(m.ids, m.whiteGap) { #expect(g >= 30, "\(id): the grey figure is only \(g)/255 from the circles on white") }
        }
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
        // Black (opaque) over white: 255 apart; a 50% black over white against white: the sRGB of linear 0.5.
        var black = LinearImage(width: 1, height: 1)
        black.pixels[0] = SIMD4(0, 0, 0, 1)
        let white = LinearImage(width: 1, height: 1)
        #expect(abs(Self.gap(black, backdrop: white, mask: [true], page: SIMD3(repeating: 1)) - 255) < 0.01)
        var half = LinearImage(width: 1, height: 1)
        half.pixels[0] = SIMD4(0, 0, 0, 0.5)
        #expect(abs(Self.gap(half, backdrop: white, mask: [true], page: SIMD3(repeating: 1)) - (255 - SRGB.fromLinear(0.5) * 255)) < 0.01)
    }
}
