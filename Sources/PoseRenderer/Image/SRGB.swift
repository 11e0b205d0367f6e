#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sRGB transfer function (IEC 61966-2-1) and the conversion to 8-bit straight-alpha bytes.
public enum SRGB {
    /// sRGB-encoded component (0...1) to linear light:
    /// `c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4`.
    @inlinable
    public static func toLinear(_ c: Float) -> Float {
        c <= 0.04045 ? c / 12.92 : Float(pow(Double((c + 0.055) / 1.055), 2.4))
    }

    /// Linear component (0...1) to sRGB encoding: `l <= 0.0031308 ? 12.92 l : 1.055 l^(1/2.4) - 0.055`.
    @inlinable
    public static func fromLinear(_ l: Float) -> Float {
        l <= 0.0031308 ? l * 12.92 : Float(1.055 * pow(Double(l), 1 / 2.4) - 0.055)
    }

    /// ``fromLinear(_:)`` or ``toLinear(_:)`` as a table over 0...1, sampled every 1/4096 and read with linear
    /// interpolation: for per-pixel filters, where `pow` would dominate. Within 0...1 the error is below 2e-5
    /// (0.005 of an 8-bit step) for either curve (`EffectsTests` checks it against the exact functions);
    /// outside, the exact function is used (negative input gives the curve at 0).
    struct Curve: Sendable {
        enum Direction: Sendable { case encode, decode }
        let direction: Direction
        let table: [Float]
        static let steps = 4096

        init(_ direction: Direction) {
            self.direction = direction
            // One entry past the end, equal to the last, so x = 1 interpolates within bounds.
            table = (0...Self.steps + 1).map { k in
                let x = Float(min(k, Self.steps)) / Float(Self.steps)
                return direction == .encode ? SRGB.fromLinear(x) : SRGB.toLinear(x)
            }
        }

        @inline(__always)
        func callAsFunction(_ x: Float) -> Float {
            guard x <= 1 else { return direction == .encode ? SRGB.fromLinear(x) : SRGB.toLinear(x) }
            let t = max(x, 0) * Float(Self.steps)
            let i = Int(t)
            let f = t - Float(i)
            return table.withUnsafeBufferPointer { p in p[i] + (p[i + 1] - p[i]) * f }
        }
    }

    /// ``fromLinear(_:)`` tabulated (see ``Curve``).
    static let encodeCurve = Curve(.encode)
    /// ``toLinear(_:)`` tabulated (see ``Curve``).
    static let decodeCurve = Curve(.decode)

    /// sRGB components (a designer's `rgb(…)`) to a linear colour.
    public static func linear(_ c: [Float]) -> SIMD3<Float> {
        let r = c.count > 0 ? c[0] : 0, g = c.count > 1 ? c[1] : r, b = c.count > 2 ? c[2] : r
        return SIMD3(toLinear(r), toLinear(g), toLinear(b))
    }

    /// Table from a linear value quantised to 16 bits (`Int(l * 65535 + 0.5)`) to its 8-bit sRGB code.
    /// The step 1/65535 moves the sRGB code by at most 0.05 near black, so the table gives the correctly
    /// rounded byte except within 0.05 of a rounding boundary.
    static let encodeTable: [UInt8] = (0...65535).map { i in
        UInt8(min(255, max(0, (fromLinear(Float(i) / 65535) * 255).rounded())))
    }

    /// Premultiplied linear pixels to 8-bit RGBA bytes, straight alpha, sRGB-encoded colour.
    ///
    /// Alpha is `round(a * 255)`; colour is un-premultiplied (`c / a`) then encoded. A pixel whose alpha byte is 0
    /// gets colour 0 as well, so no colour hides under zero alpha. O(pixels), table lookups only.
    public static func encodeStraight(_ image: LinearImage) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.width * image.height * 4)
        encodeTable.withUnsafeBufferPointer { table in
            image.pixels.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBytes { dst in
                    let d = dst.bindMemory(to: SIMD4<UInt8>.self)
                    let whole = src.count / 4 * 4
                    var i = 0
                    while i < whole {
                        let bytes = encodePixels4(src[i], src[i + 1], src[i + 2], src[i + 3], table: table)
                        UnsafeMutableRawPointer(d.baseAddress! + i).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
                        i += 4
                    }
                    for i in whole..<src.count { d[i] = encodePixel(src[i], table: table) }
                }
            }
        }
        return out
    }

    /// One premultiplied linear pixel as straight-alpha sRGB bytes (see ``encodeStraight(_:)``); `table` is
    /// ``encodeTable`` (or a buffer of it).
    @inline(__always)
    static func encodePixel<Table: RandomAccessCollection<UInt8>>(_ p: SIMD4<Float>, table: Table) -> SIMD4<UInt8>
        where Table.Index == Int {
        let a = min(max(p.w, 0), 1)
        let a8 = a * 255 + 0.5
        guard a8 >= 1 else { return .zero }
        let c = (SIMD3(p.x, p.y, p.z) * (1 / a)).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
        let q = c * 65535 + 0.5
        return SIMD4(table[Int(Int32(q.x))], table[Int(Int32(q.y))], table[Int(Int32(q.z))], UInt8(Int32(a8)))
    }

    /// Four pixels' ``encodePixel(_:table:)`` at once (16 bytes, in order): each lane the same arithmetic (the same
    /// clamps, one division `1 / a`, the same products and truncations), so the same bytes, with the divisions and
    /// the clamps done four at a time.
    @inline(__always)
    static func encodePixels4(_ p0: SIMD4<Float>, _ p1: SIMD4<Float>, _ p2: SIMD4<Float>, _ p3: SIMD4<Float>,
                              table: UnsafeBufferPointer<UInt8>) -> SIMD16<UInt8> {
        let one = SIMD4<Float>(repeating: 1)
        // As `min(max(w, 0), 1)` for numbers. A NaN alpha (which `clamped` makes 0, where the one-pixel path keeps NaN)
        // gives a clear pixel either way: `a8 >= 1` fails for both.
        let a = SIMD4(p0.w, p1.w, p2.w, p3.w).clamped(lowerBound: .zero, upperBound: one)
        let a8 = a * 255 + 0.5
        let drawn = a8 .>= 1
        if !any(drawn) { return .zero }
        let inv = one / a
        func channel(_ c: SIMD4<Float>) -> SIMD4<Float> {
            // Lanes not drawn are set to 0 before the conversion (their quotient may be NaN or infinite).
            let q = (c * inv).clamped(lowerBound: .zero, upperBound: one) * 65535 + 0.5
            return q.replacing(with: 0, where: .!drawn)
        }
        let r = channel(SIMD4(p0.x, p1.x, p2.x, p3.x)), g = channel(SIMD4(p0.y, p1.y, p2.y, p3.y))
        let b = channel(SIMD4(p0.z, p1.z, p2.z, p3.z))
        let alpha = a8.replacing(with: 0, where: .!drawn)
        // Lane by lane, `Int32(_:)` truncates as the one-pixel path does (the generic vector conversion is far slower).
        @inline(__always) func at(_ v: SIMD4<Float>, _ k: Int) -> UInt8 { table[Int(Int32(v[k]))] }
        @inline(__always) func byte(_ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: Int32(alpha[k])) }
        // A lane not drawn reads `table[0]`, which is 0 (linear 0 is sRGB 0), and alpha 0: its four bytes are 0, as
        // the one-pixel path's `.zero`.
        return SIMD16<UInt8>(at(r, 0), at(g, 0), at(b, 0), byte(0), at(r, 1), at(g, 1), at(b, 1), byte(1),
                             at(r, 2), at(g, 2), at(b, 2), byte(2), at(r, 3), at(g, 3), at(b, 3), byte(3))
    }

    /// 8-bit straight-alpha sRGB RGBA bytes back to premultiplied linear pixels (exact transfer function).
    public static func decodeStraight(_ bytes: [UInt8], width: Int, height: Int) -> LinearImage? {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        let lut = (0...255).map { toLinear(Float($0) / 255) }
        var px = [SIMD4<Float>](repeating: .zero, count: width * height)
        for i in 0..<px.count {
            let a = Float(bytes[4 * i + 3]) / 255
            px[i] = SIMD4(lut[Int(bytes[4 * i])] * a, lut[Int(bytes[4 * i + 1])] * a, lut[Int(bytes[4 * i + 2])] * a, a)
        }
        return LinearImage(width: width, height: height, pixels: px)
    }
}
