/// A 3x3 colour matrix with an offset, SwiftUI's colour effects written as the CSS/SVG `feColorMatrix` they follow.
///
/// Applied per pixel to **unpremultiplied, sRGB-encoded** components (`c' = M · c + offset`, then clamped to
/// 0...1), because on iOS these filters run on the gamma-encoded colours of the layer (Core Animation keeps
/// 8-bit sRGB-encoded backing stores), so the same numbers give the same result as on device. Alpha is kept.
/// The image stays premultiplied linear around the effect (see ``apply(to:)``).
public struct ColorMatrix: Sendable, Equatable {
    /// Rows of the matrix.
    public var r: SIMD3<Float>, g: SIMD3<Float>, b: SIMD3<Float>
    public var offset: SIMD3<Float>

    public init(r: SIMD3<Float>, g: SIMD3<Float>, b: SIMD3<Float>, offset: SIMD3<Float> = .zero) {
        self.r = r; self.g = g; self.b = b; self.offset = offset
    }

    public static let identity = ColorMatrix(r: SIMD3(1, 0, 0), g: SIMD3(0, 1, 0), b: SIMD3(0, 0, 1))

    /// `grayscale(amount)` (Filter Effects 1, `grayscale()`), with `s = 1 - amount` (amount clamped to 0...1):
    /// ```
    /// | 0.2126 + 0.7874 s   0.7152 - 0.7152 s   0.0722 - 0.0722 s |
    /// | 0.2126 - 0.2126 s   0.7152 + 0.2848 s   0.0722 - 0.0722 s |
    /// | 0.2126 - 0.2126 s   0.7152 - 0.7152 s   0.0722 + 0.9278 s |
    /// ```
    /// Rows sum to 1, so greys stay grey; `grayscale(1)` of pure red is `(0.2126, 0.2126, 0.2126)`.
    public static func grayscale(_ amount: Float) -> ColorMatrix {
        let s = 1 - min(max(amount, 0), 1)
        return ColorMatrix(
            r: SIMD3(0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s),
            g: SIMD3(0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s),
            b: SIMD3(0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s))
    }

    /// `saturation(amount)` (Filter Effects 1, `saturate()` / `feColorMatrix type="saturate"`), `s = amount >= 0`:
    /// ```
    /// | 0.213 + 0.787 s   0.715 - 0.715 s   0.072 - 0.072 s |
    /// | 0.213 - 0.213 s   0.715 + 0.285 s   0.072 - 0.072 s |
    /// | 0.213 - 0.213 s   0.715 - 0.715 s   0.072 + 0.928 s |
    /// ```
    public static func saturation(_ amount: Float) -> ColorMatrix {
        let s = max(amount, 0)
        return ColorMatrix(
            r: SIMD3(0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s),
            g: SIMD3(0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s),
            b: SIMD3(0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s))
    }

    /// `contrast(amount)`: per channel `c' = (c - 0.5) · amount + 0.5` (Filter Effects 1 `contrast()`: slope
    /// `amount`, intercept `0.5 - 0.5 · amount`). Mid grey 0.5 is the fixed point.
    public static func contrast(_ amount: Float) -> ColorMatrix {
        let a = max(amount, 0)
        return ColorMatrix(r: SIMD3(a, 0, 0), g: SIMD3(0, a, 0), b: SIMD3(0, 0, a), offset: SIMD3(repeating: 0.5 - 0.5 * a))
    }

    /// `self` after `first`: applying the result equals applying `first`, then `self` (no clamping in between).
    public func after(_ first: ColorMatrix) -> ColorMatrix {
        let cols = (SIMD3(first.r.x, first.g.x, first.b.x), SIMD3(first.r.y, first.g.y, first.b.y), SIMD3(first.r.z, first.g.z, first.b.z))
        func row(_ v: SIMD3<Float>) -> SIMD3<Float> { SIMD3((v * cols.0).sum(), (v * cols.1).sum(), (v * cols.2).sum()) }
        return ColorMatrix(r: row(r), g: row(g), b: row(b), offset: apply(first.offset) )
    }

    /// `M · c + offset` (unclamped).
    @inline(__always)
    public func apply(_ c: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3((r * c).sum(), (g * c).sum(), (b * c).sum()) + offset
    }

    /// Applies the matrix to every pixel of a premultiplied linear image: unpremultiply, sRGB-encode, `M · c + o`,
    /// clamp to 0...1, decode, premultiply. Transparent pixels stay transparent. O(pixels), the transfer
    /// functions tabulated (``SRGB/Curve``: within 2e-5 of exact, far below an 8-bit step).
    public func apply(to image: inout LinearImage) {
        let encode = SRGB.encodeCurve, decode = SRGB.decodeCurve
        image.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count {
                let px = p[i]
                guard px.w > 0 else { p[i] = .zero; continue }
                let c = SIMD3(px.x, px.y, px.z) / px.w
                let e = SIMD3(encode(c.x), encode(c.y), encode(c.z))
                let m = apply(e).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                let l = SIMD3(decode(m.x), decode(m.y), decode(m.z))
                p[i] = SIMD4(l * px.w, px.w)
            }
        }
    }
}
