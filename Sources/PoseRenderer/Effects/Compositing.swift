#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Porter-Duff compositing and SwiftUI's geometric and opacity effects on premultiplied linear images.
public enum Compositing {
    /// `source over destination`, premultiplied: `d' = s + d · (1 - s.a)` per pixel (images of equal size).
    public static func over(_ source: LinearImage, onto destination: inout LinearImage) {
        guard source.width == destination.width, source.height == destination.height else { return }
        source.pixels.withUnsafeBufferPointer { s in
            destination.pixels.withUnsafeMutableBufferPointer { d in
                for i in 0..<s.count { d[i] = s[i] + d[i] * (1 - s[i].w) }
            }
        }
    }

    /// SwiftUI `opacity(amount)`: every premultiplied component times `amount` (clamped to 0...1).
    public static func opacity(_ amount: Float, _ image: inout LinearImage) {
        let a = min(max(amount, 0), 1)
        image.pixels.withUnsafeMutableBufferPointer { p in for i in 0..<p.count { p[i] *= a } }
    }

    /// SwiftUI `offset(x:y:)` in pixels (x right, y down). Whole-pixel offsets move pixels exactly; fractional
    /// ones resample bilinearly (premultiplied, so edges stay clean). Pixels moved in from outside are transparent.
    public static func offset(_ image: LinearImage, x: Float, y: Float) -> LinearImage {
        var out = LinearImage(width: image.width, height: image.height)
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let tx = x - fx, ty = y - fy
        let ix = Int(fx), iy = Int(fy)
        // out(X, Y) = Σ weights · in(X - ix - {0,1}, Y - iy - {0,1})
        let w00 = (1 - tx) * (1 - ty), w10 = tx * (1 - ty), w01 = (1 - tx) * ty, w11 = tx * ty
        for Y in 0..<image.height {
            for X in 0..<image.width {
                let sx = X - ix, sy = Y - iy
                out.pixels[Y * image.width + X] = image[sx, sy] * w00 + image[sx - 1, sy] * w10
                    + image[sx, sy - 1] * w01 + image[sx - 1, sy - 1] * w11
            }
        }
        return out
    }

    /// How SwiftUI's `shadow(radius:)` maps to a Gaussian: σ = `radius` (the Core Animation `shadowRadius`
    /// convention that design tools convert to as "blur / 2", a CSS blur `B` being σ = `B / 2`).
    public static func shadowSigma(radius: Float) -> Float { radius }

    /// SwiftUI `shadow(color:radius:x:y:)` used as a glow: the image's alpha, blurred with σ =
    /// ``shadowSigma(radius:)`` pixels and moved by `(x, y)` pixels, filled with `color` (linear, premultiplied by
    /// `opacity`), drawn beneath the image: `result = image over (color · opacity · blur(alpha))`.
    public static func shadow(_ image: LinearImage, color: SIMD3<Float>, opacity: Float, radius: Float,
                              x: Float = 0, y: Float = 0) -> LinearImage {
        shadow(image, blurredAlpha: blurredAlpha(image, radius: radius), color: color, opacity: opacity, x: x, y: y)
    }

    /// The image's alpha blurred as ``shadow(_:color:opacity:radius:x:y:)`` blurs it: what several shadows of images
    /// with the same alpha (one figure under different colour filters) can share.
    public static func blurredAlpha(_ image: LinearImage, radius: Float) -> [Float] {
        let alpha = image.pixels.map { $0.w }  // a closure, not a key path: key paths are not specialised (10% of an icon batch)
        return GaussianBlur(sigma: shadowSigma(radius: radius)).apply(alpha, width: image.width, height: image.height)
    }

    /// ``shadow(_:color:opacity:radius:x:y:)`` with the blur given (``blurredAlpha(_:radius:)`` of an image with the
    /// same alpha as `image`).
    public static func shadow(_ image: LinearImage, blurredAlpha blurred: [Float], color: SIMD3<Float>, opacity: Float,
                              x: Float = 0, y: Float = 0) -> LinearImage {
        let o = min(max(opacity, 0), 1)
        var shadow = LinearImage(width: image.width, height: image.height)
        for i in 0..<blurred.count {
            let a = min(max(blurred[i], 0), 1) * o
            shadow.pixels[i] = SIMD4(color * a, a)
        }
        if x != 0 || y != 0 { shadow = offset(shadow, x: x, y: y) }
        over(image, onto: &shadow)
        return shadow
    }

    /// A filled circle with analytic antialiasing: a pixel's coverage is `clamp(r - d + 0.5, 0, 1)`, `d` the
    /// distance from the pixel's centre to the circle's centre (the area of a 1-pixel box filter across a
    /// straight edge), so a pixel centred on the rim gets 0.5. The circle (linear colour at `opacity`) is drawn
    /// over `image`. Centre and radius in pixels (pixel `i` spans `i ..< i + 1`).
    public static func fillCircle(_ image: inout LinearImage, center: SIMD2<Float>, radius: Float,
                                  color: SIMD3<Float>, opacity: Float) {
        let o = min(max(opacity, 0), 1)
        let x0 = max(0, Int((center.x - radius - 1).rounded(.down))), x1 = min(image.width - 1, Int((center.x + radius + 1).rounded(.up)))
        let y0 = max(0, Int((center.y - radius - 1).rounded(.down))), y1 = min(image.height - 1, Int((center.y + radius + 1).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let w = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in y0...y1 {
                for x in x0...x1 {
                    let d = SIMD2(Float(x) + 0.5, Float(y) + 0.5) - center
                    let dist = ((d * d).sum()).squareRoot()
                    let cov = min(max(radius - dist + 0.5, 0), 1)
                    guard cov > 0 else { continue }
                    let a = cov * o
                    p[y * w + x] = SIMD4(color * a, a) + p[y * w + x] * (1 - a)
                }
            }
        }
    }
}
