import Testing
@testable import PoseRenderer

/// The ink line on images whose answers are known: a square figure gets a band of the line's width inside its
/// edge and nothing in its middle; a nearer square in front of a farther one gets a crease along its edge on the
/// near side only; a thin prop is inked through; the crop to the covered box changes nothing.
@Suite struct InkTests {
    /// A `size` x `size` layered image: the figure covers `figure` (at depth `depth(x, y)`), props cover `prop`.
    static func layered(size: Int, figure: (Int, Int) -> Bool, depth: (Int, Int) -> Float = { _, _ in 1 },
                        prop: (Int, Int) -> Bool = { _, _ in false }) -> LayeredImage {
        var image = LinearImage(width: size, height: size), fig = LinearImage(width: size, height: size)
        var z = [Float](repeating: .infinity, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                if figure(x, y) {
                    fig[x, y] = SIMD4(0.5, 0.5, 0.5, 1); image[x, y] = SIMD4(0.5, 0.5, 0.5, 1); z[y * size + x] = depth(x, y)
                } else if prop(x, y) {
                    image[x, y] = SIMD4(0.8, 0.8, 0.8, 1)
                }
            }
        }
        return LayeredImage(image: image, figure: fig, figureDepth: z)
    }

    @Test func outlineIsOneLineWidthInsideTheEdge() {
        let l = Self.layered(size: 40, figure: { x, y in (10..<30).contains(x) && (10..<30).contains(y) })
        let ink = Ink.amount(l, width: 3, creaseDepth: 0)
        // Along the middle row: fully inked in the first 3 px inside each edge, clear from 5 px in, none outside.
        let row = 20 * 40
        for x in 10..<13 { #expect(ink[row + x] > 0.95, "x \(x): \(ink[row + x])") }
        for x in 27..<30 { #expect(ink[row + x] > 0.95, "x \(x): \(ink[row + x])") }
        for x in 15..<25 { #expect(ink[row + x] == 0, "x \(x): \(ink[row + x])") }
        for x in [0, 9, 30, 39] { #expect(ink[row + x] == 0) }
    }

    @Test func creaseOnTheNearSideOnly() {
        // A far square (depth 2) with a near bar (depth 1) across its middle rows 18..<22.
        let l = Self.layered(size: 40, figure: { x, y in (5..<35).contains(x) && (5..<35).contains(y) },
                             depth: { _, y in (18..<22).contains(y) ? 1 : 2 })
        let ink = Ink.amount(l, width: 1, creaseDepth: 0.12)
        let x = 20
        #expect(ink[18 * 40 + x] == 1 && ink[21 * 40 + x] == 1, "the near bar's edge rows are inked")
        #expect(ink[17 * 40 + x] == 0 && ink[22 * 40 + x] == 0, "the far surface beside it is not")
        #expect(ink[12 * 40 + x] == 0 && ink[28 * 40 + x] == 0)
        // Without a depth step there is no crease.
        let flat = Self.layered(size: 40, figure: { x, y in (5..<35).contains(x) && (5..<35).contains(y) })
        #expect(Ink.amount(flat, width: 1, creaseDepth: 0.12)[18 * 40 + x] == 0)
    }

    @Test func thinPropIsInkedThroughAndFigureIsNot() {
        let l = Self.layered(size: 40, figure: { x, y in (25..<35).contains(x) && (5..<35).contains(y) },
                             prop: { x, y in y == 20 && x < 25 })
        let other = Ink.otherAmount(l, width: 1.8)
        for x in 2..<22 { #expect(other[20 * 40 + x] > 0.95, "x \(x): \(other[20 * 40 + x])") }
        #expect(other[30 + 20 * 40] == 0, "the figure's pixels get no prop ink")
        #expect(other[10 * 40 + 10] == 0)
    }

    /// The work is cropped to the covered box: the same numbers as over the whole image (a figure touching the
    /// image's edge and one in a corner far from it).
    @Test func cropChangesNothing() {
        for (a, b) in [(0, 12), (28, 40)] {
            let l = Self.layered(size: 40, figure: { x, y in (a..<b).contains(x) && (a..<b).contains(y) },
                                 depth: { x, _ in x < (a + b) / 2 ? 1 : 1.5 })
            let ink = Ink.amount(l, width: 2, creaseDepth: 0.12)
            // Reference: the outline over the whole image, uncropped.
            let whole = Ink.outline(l.figure.pixels.map { $0.w }, width: 40, height: 40, lineWidth: 2)
            for i in ink.indices where l.figureDepth[i].isFinite {
                let x = i % 40
                if x != (a + b) / 2 - 1 && x != (a + b) / 2 - 2 { #expect(ink[i] == whole[i], "pixel \(i)") }
            }
        }
    }
}
