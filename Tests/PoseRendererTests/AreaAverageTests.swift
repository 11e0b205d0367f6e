import ColladaKit
import Testing
@testable import PoseRenderer
import TestSupport

/// The batch draws an icon once at its largest scale and averages it down to the smaller ones.
struct AreaAverageTests {
    /// 3 to 1 is the plain mean of each 3x3 block.
    @Test func wholeRatioIsTheBlockMean() {
        var image = LinearImage(width: 6, height: 3)
        for i in image.pixels.indices { image.pixels[i] = SIMD4(Float(i), Float(i % 5), 1, Float(i) / 18) }
        let small = image.areaAveraged(width: 2, height: 1)
        for b in 0..<2 {
            var sum = SIMD4<Float>.zero
            for y in 0..<3 { for x in 0..<3 { sum += image[3 * b + x, y] } }
            #expect(largest(small[b, 0] - sum / 9) < 1e-5, "block \(b): \(small[b, 0]) vs \(sum / 9)")
        }
    }

    /// 3 to 2 weighs by overlap, 2/3 and 1/3 per axis, and keeps the image's total (mean times area).
    @Test func fractionalRatioWeighsByOverlap() {
        let row: [Float] = [3, 6, 9]
        let out = AreaAverage.resample(row, width: 3, height: 1, newWidth: 2, newHeight: 1)
        #expect(abs(out[0] - (3 * 2 / 3 + 6 * 1 / 3)) < 1e-5 && abs(out[1] - (6 * 1 / 3 + 9 * 2 / 3)) < 1e-5, "\(out)")
        var pixels: [Float] = []
        for i in 0..<(9 * 9) { pixels.append(Float((i * 37) % 11)) }
        let six = AreaAverage.resample(pixels, width: 9, height: 9, newWidth: 6, newHeight: 6)
        let before = pixels.reduce(0, +) / 81, after = six.reduce(0, +) / 36
        #expect(abs(before - after) < 1e-4, "mean \(before) became \(after)")
        // Odd sizes: 7 to 3 and 5 to 4, each output pixel's weights sum to one.
        for (n, m) in [(7, 3), (5, 4), (180, 120), (180, 60)] {
            let taps = AreaAverage.Taps(source: n, target: m)
            for i in 0..<m {
                let s = taps.weights[(i * taps.stride)..<(i * taps.stride + taps.count[i])].reduce(0, +)
                #expect(abs(s - 1) < 1e-5, "\(n) to \(m), pixel \(i): weights sum to \(s)")
                #expect(taps.first[i] + taps.count[i] <= n)
            }
        }
    }

    /// A one-pixel line at 3x keeps its weight at 1x: a third of a pixel's coverage, as a 1x render would have.
    @Test func thinLineKeepsItsWeight() {
        var image = LinearImage(width: 9, height: 9)
        for y in 0..<9 { image[4, y] = SIMD4(0, 0, 0, 1) }
        let small = image.areaAveraged(width: 3, height: 3)
        for y in 0..<3 {
            #expect(abs(small[1, y].w - 1.0 / 3) < 1e-6 && small[0, y].w == 0 && small[2, y].w == 0)
        }
    }

    /// Averaging a 3x render down to 1x sees what a 1x render with 3x3 times the samples sees: the sample
    /// positions coincide (4x4 per 3x pixel is 12x12 per 1x pixel), so the plain figure matches to float rounding.
    @Test(.enabled(if: TestPaths.hasShared, "needs ../shared (the Blender-made humanoid)"))
    func derivedScaleMatchesADenserNativeRender() throws {
        let scene = try ColladaLoader.load(path: TestPaths.humanoid ?? "")
        var style = IconStyle.standard
        style.samplesPerSide = 4
        let renderer = IconRenderer(scene: scene, style: style, threads: 1)
        let frame = renderer.prepare(scene.pose(at: 0.4))
        let offset = renderer.centringOffset(frame)
        let both = renderer.render(frame, variants: [(.plain, .light), (.complete, .light)], scales: [1, 3], offset: offset)
        let derived = both[0][0].image
        #expect(derived.width == 60 && both[1][0].image.width == 180 && both[0][1].scale == 1)
        var dense = style
        dense.samplesPerSide = 12
        let native = IconRenderer(scene: scene, style: dense, threads: 1).render(frame, variants: [(.plain, .light)], scale: 1, offset: offset)[0].image
        var worst: Float = 0, covered = 0
        for (a, b) in zip(derived.pixels, native.pixels) {
            worst = max(worst, largest(a - b))
            if b.w > 0.5 { covered += 1 }
        }
        #expect(covered > 100, "the figure covers \(covered) px at 1x")
        #expect(worst < 1e-3, "largest channel difference \(worst)")
        // The figure's box at 1x holds the figure's pixels.
        let box = try #require(both[0][0].figureBounds)
        let drawn = try #require(native.alphaBounds(threshold: 0.5))
        #expect(box.x <= drawn.x + 1 && box.y <= drawn.y + 1 && box.x + box.width >= drawn.x + drawn.width - 1
                && box.y + box.height >= drawn.y + drawn.height - 1, "box \(box), drawn \(drawn)")
    }
}

/// The largest absolute channel of `v`.
private func largest(_ v: SIMD4<Float>) -> Float { max(max(abs(v.x), abs(v.y)), max(abs(v.z), abs(v.w))) }
