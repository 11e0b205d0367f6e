import Foundation
import Testing
@testable import PoseRenderer

/// A 1x1 image of an sRGB colour at `alpha`.
private func pixel(_ srgb: SIMD3<Float>, alpha: Float = 1) -> LinearImage {
    let l = SIMD3(SRGB.toLinear(srgb.x), SRGB.toLinear(srgb.y), SRGB.toLinear(srgb.z))
    return LinearImage(width: 1, height: 1, pixels: [SIMD4(l * alpha, alpha)])!
}

/// The sRGB-encoded straight colour of a 1x1 image.
private func srgb(_ img: LinearImage) -> SIMD3<Float> {
    let p = img.pixels[0]
    let c = SIMD3(p.x, p.y, p.z) / p.w
    return SIMD3(SRGB.fromLinear(c.x), SRGB.fromLinear(c.y), SRGB.fromLinear(c.z))
}

private func close(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ tol: Float = 1e-4) -> Bool {
    let d = a - b
    return max(abs(d.x), abs(d.y), abs(d.z)) <= tol
}

@Suite struct EffectsTests {
    /// (amount, input sRGB, expected sRGB): hand-computed from the Filter Effects matrices.
    static let colorCases: [(String, Float, SIMD3<Float>, SIMD3<Float>)] = [
        ("grayscale", 1, SIMD3(1, 0, 0), SIMD3(repeating: 0.2126)),
        ("grayscale", 1, SIMD3(0, 1, 0), SIMD3(repeating: 0.7152)),
        ("grayscale", 0.5, SIMD3(1, 0, 0), SIMD3(0.2126 + 0.7874 * 0.5, 0.2126 * 0.5, 0.2126 * 0.5)),
        ("grayscale", 0, SIMD3(0.3, 0.6, 0.9), SIMD3(0.3, 0.6, 0.9)),
        ("contrast", 1.5, SIMD3(repeating: 0.5), SIMD3(repeating: 0.5)),
        ("contrast", 1.5, SIMD3(0.6, 0.2, 0.9), SIMD3(0.65, 0.05, 1)),    // 0.9 -> 1.1 clamps to 1
        ("contrast", 0.5, SIMD3(0, 1, 0.25), SIMD3(0.25, 0.75, 0.375)),
        ("saturation", 0, SIMD3(1, 0, 0), SIMD3(repeating: 0.213)),
        ("saturation", 2, SIMD3(repeating: 0.4), SIMD3(repeating: 0.4)),
    ]

    @Test(arguments: colorCases)
    func colorEffectsMatchHandComputedPixels(_ c: (String, Float, SIMD3<Float>, SIMD3<Float>)) {
        let m: ColorMatrix = c.0 == "grayscale" ? .grayscale(c.1) : c.0 == "contrast" ? .contrast(c.1) : .saturation(c.1)
        var img = pixel(c.2, alpha: 0.6)
        m.apply(to: &img)
        #expect(close(srgb(img), c.3), "\(c.0)(\(c.1)) of \(c.2): \(srgb(img))")
        #expect(abs(img.pixels[0].w - 0.6) < 1e-6, "alpha is kept")
    }

    @Test func composedMatrixEqualsOneAfterTheOther() {
        var a = pixel(SIMD3(0.8, 0.3, 0.1)), b = a
        ColorMatrix.contrast(1.1).after(.grayscale(0.5)).apply(to: &a)
        ColorMatrix.grayscale(0.5).apply(to: &b)
        ColorMatrix.contrast(1.1).apply(to: &b)
        #expect(close(srgb(a), srgb(b), 1e-3))
    }

    @Test func transparentPixelsStayTransparent() {
        var img = LinearImage(width: 2, height: 1)
        ColorMatrix.contrast(2).apply(to: &img)   // the offset would add colour to (0, 0, 0, 0) if applied blindly
        #expect(img.pixels.allSatisfy { $0 == .zero })
    }

    @Test(arguments: [Float(1), 2, 3.5])
    func glowRadiusIsSigmaInPixels(radius: Float) {
        // One opaque pixel in the middle: its glow is the 2D kernel, g(dx) g(dy), with g ∝ exp(-k² / 2σ²), σ = radius.
        let n = 41, c = 20
        var img = LinearImage(width: n, height: n)
        img[c, c] = SIMD4(1, 1, 1, 1)
        let shadowOnly = Compositing.shadow(img, color: SIMD3(1, 1, 1), opacity: 1, radius: radius)
        let a0 = shadowOnly[c + 1, c].w, a1 = shadowOnly[c + 3, c].w, a2 = shadowOnly[c + 3, c + 2].w
        let sigma = radius
        #expect(abs(a1 / a0 - exp(-(9 - 1) / (2 * sigma * sigma))) < 1e-4)
        #expect(abs(a2 / a1 - exp(-4 / (2 * sigma * sigma))) < 1e-4)
        // The kernel is normalised: the glow's alpha sums to 1 (the pixel itself is covered by the image).
        let total = shadowOnly.pixels.reduce(Float(0)) { $0 + $1.w } - 1
        let centreGlow = GaussianBlur(sigma: sigma).weights[GaussianBlur(sigma: sigma).radius]
        #expect(abs(total - (1 - centreGlow * centreGlow)) < 1e-3)
        #expect(GaussianBlur(sigma: sigma).radius == Int((3 * sigma).rounded(.up)))
    }

    @Test func shadowOffsetMovesTheGlow() {
        var img = LinearImage(width: 21, height: 21)
        img[10, 10] = SIMD4(0, 0, 0, 1)
        let s = Compositing.shadow(img, color: SIMD3(1, 1, 1), opacity: 0.5, radius: 1, x: 3, y: -2)
        #expect(s[13, 8].w > s[7, 12].w)
        #expect(abs(s[13, 8].w - 0.5 * pow(GaussianBlur(sigma: 1).weights[3], 2)) < 1e-5)
    }

    @Test func circleEdgeCoverageIsAnalytic() {
        var img = LinearImage(width: 33, height: 33)
        Compositing.fillCircle(&img, center: SIMD2(16.5, 16.5), radius: 8, color: SIMD3(1, 0, 0), opacity: 0.8)
        #expect(abs(img[16, 16].w - 0.8) < 1e-6)           // inside
        #expect(abs(img[24, 16].w - 0.4) < 1e-6)           // centre exactly on the rim: half covered
        #expect(abs(img[16, 8].w - 0.4) < 1e-6)
        #expect(img[26, 16].w == 0)                        // outside
        // A pixel centre 0.25 px inside the rim: coverage 0.75.
        var img2 = LinearImage(width: 33, height: 33)
        Compositing.fillCircle(&img2, center: SIMD2(16.5, 16.5), radius: 8.25, color: SIMD3(1, 1, 1), opacity: 1)
        #expect(abs(img2[24, 16].w - 0.75) < 1e-6)
        #expect(abs(img2[24, 16].x - 0.75) < 1e-6, "premultiplied colour")
    }

    @Test func overIsPremultipliedPorterDuff() {
        var dst = LinearImage(width: 1, height: 1, pixels: [SIMD4(0, 0, 0.5, 0.5)])!
        let src = LinearImage(width: 1, height: 1, pixels: [SIMD4(0.25, 0, 0, 0.25)])!
        Compositing.over(src, onto: &dst)
        #expect(close(SIMD3(dst.pixels[0].x, dst.pixels[0].y, dst.pixels[0].z), SIMD3(0.25, 0, 0.375), 1e-6))
        #expect(abs(dst.pixels[0].w - 0.625) < 1e-6)
    }

    @Test func opacityAndWholePixelOffset() {
        var img = LinearImage(width: 4, height: 3)
        img[1, 1] = SIMD4(0.5, 0.5, 0.5, 1)
        let moved = Compositing.offset(img, x: 2, y: 1)
        #expect(moved[3, 2] == SIMD4(0.5, 0.5, 0.5, 1) && moved[1, 1] == .zero)
        let half = Compositing.offset(img, x: 0.5, y: 0)
        #expect(abs(half[1, 1].w - 0.5) < 1e-6 && abs(half[2, 1].w - 0.5) < 1e-6)
        var o = img
        Compositing.opacity(0.25, &o)
        #expect(o[1, 1] == SIMD4(0.125, 0.125, 0.125, 0.25))
    }

    @Test func edgesHaveNoDarkFringe() {
        // A white figure's half-covered edge pixel: premultiplied (0.5, 0.5, 0.5, 0.5) is white at half alpha.
        let img = LinearImage(width: 2, height: 1, pixels: [SIMD4(0.5, 0.5, 0.5, 0.5), SIMD4(1, 1, 1, 1)])!
        let bytes = SRGB.encodeStraight(img)
        #expect(Array(bytes[0..<4]) == [255, 255, 255, 128])
        #expect(Array(bytes[4..<8]) == [255, 255, 255, 255])
    }

    @Test(arguments: [Float(0), 0.002, 0.01, 0.2, 0.5, 0.73, 1])
    func srgbTableMatchesTheTransferFunction(l: Float) {
        let img = LinearImage(width: 1, height: 1, pixels: [SIMD4(l, l, l, 1)])!
        let b = SRGB.encodeStraight(img)[0]
        #expect(abs(Float(b) - SRGB.fromLinear(l) * 255) <= 0.51)
    }

    @Test func tabulatedCurvesStayWithinTheirStatedError() {
        // Dense samples over 0...1 (including each table knot and the points between), the linear toe of the
        // encode curve, and the exact fallback past 1.
        var worstEncode: Float = 0, worstDecode: Float = 0
        for k in 0...65536 {
            let x = Float(k) / 65536
            worstEncode = max(worstEncode, abs(SRGB.encodeCurve(x) - SRGB.fromLinear(x)))
            worstDecode = max(worstDecode, abs(SRGB.decodeCurve(x) - SRGB.toLinear(x)))
        }
        #expect(worstEncode < 2e-5, "encode curve off by \(worstEncode)")
        #expect(worstDecode < 2e-5, "decode curve off by \(worstDecode)")
        #expect(SRGB.encodeCurve(1.5) == SRGB.fromLinear(1.5))
        #expect(SRGB.decodeCurve(-0.25) == SRGB.toLinear(0))
    }
}
