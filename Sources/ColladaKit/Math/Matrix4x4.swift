#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4x4 single-precision matrix stored as four column vectors, the shape of Apple's `simd_float4x4`.
///
/// Points are column vectors: `m * p` transforms `p`. COLLADA writes `<matrix>` row-major; the
/// Document layer converts (see ``Matrix4x4/init(rowMajor:)``), so every `Matrix4x4` in this
/// package is column-major in memory and in meaning.
public struct Matrix4x4: Sendable, Equatable, Hashable {
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    @inlinable
    public init(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) {
        columns = (c0, c1, c2, c3)
    }

    /// The identity matrix.
    public static let identity = Matrix4x4(
        SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    /// Builds a matrix from 16 values written row by row, as COLLADA's `<matrix>`,
    /// `bind_shape_matrix` and `float4x4` sources are.
    ///
    /// - Precondition: `values` has at least 16 elements from `offset`.
    @inlinable
    public init<C: RandomAccessCollection>(rowMajor values: C, offset: Int = 0) where C.Element == Float, C.Index == Int {
        let b = values.startIndex + offset
        self.init(
            SIMD4(values[b + 0], values[b + 4], values[b + 8], values[b + 12]),
            SIMD4(values[b + 1], values[b + 5], values[b + 9], values[b + 13]),
            SIMD4(values[b + 2], values[b + 6], values[b + 10], values[b + 14]),
            SIMD4(values[b + 3], values[b + 7], values[b + 11], values[b + 15]))
    }

    /// The 16 values row by row (COLLADA's order).
    public var rowMajor: [Float] {
        var out = [Float]()
        out.reserveCapacity(16)
        for r in 0..<4 { for c in 0..<4 { out.append(self[c, r]) } }
        return out
    }

    /// Element at `column`, `row`.
    @inlinable
    public subscript(column: Int, row: Int) -> Float {
        get { self[column][row] }
        set { self[column][row] = newValue }
    }

    /// Column `index` (0...3).
    @inlinable
    public subscript(index: Int) -> SIMD4<Float> {
        get {
            switch index {
            case 0: return columns.0
            case 1: return columns.1
            case 2: return columns.2
            default: return columns.3
            }
        }
        set {
            switch index {
            case 0: columns.0 = newValue
            case 1: columns.1 = newValue
            case 2: columns.2 = newValue
            default: columns.3 = newValue
            }
        }
    }

    @inlinable
    public static func == (a: Matrix4x4, b: Matrix4x4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
            && a.columns.3 == b.columns.3
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns.0); hasher.combine(columns.1); hasher.combine(columns.2); hasher.combine(columns.3)
    }

    /// Matrix product `a * b` (apply `b` first, then `a`).
    @inlinable
    public static func * (a: Matrix4x4, b: Matrix4x4) -> Matrix4x4 {
        Matrix4x4(a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3)
    }

    /// Matrix-vector product.
    @inlinable
    public static func * (m: Matrix4x4, v: SIMD4<Float>) -> SIMD4<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// Transforms a point (w = 1) and drops w (no perspective divide).
    @inlinable
    public func transformPoint(_ p: SIMD3<Float>) -> SIMD3<Float> {
        let r = columns.0 * p.x + columns.1 * p.y + columns.2 * p.z + columns.3
        return SIMD3(r.x, r.y, r.z)
    }

    /// Transforms a direction (w = 0).
    @inlinable
    public func transformDirection(_ d: SIMD3<Float>) -> SIMD3<Float> {
        let r = columns.0 * d.x + columns.1 * d.y + columns.2 * d.z
        return SIMD3(r.x, r.y, r.z)
    }

    /// The transpose.
    @inlinable
    public var transposed: Matrix4x4 {
        let (a, b, c, d) = columns
        return Matrix4x4(
            SIMD4(a.x, b.x, c.x, d.x), SIMD4(a.y, b.y, c.y, d.y),
            SIMD4(a.z, b.z, c.z, d.z), SIMD4(a.w, b.w, c.w, d.w))
    }

    /// The translation part (fourth column, xyz).
    @inlinable
    public var translation: SIMD3<Float> { SIMD3(columns.3.x, columns.3.y, columns.3.z) }

    /// The upper-left 3x3 determinant; negative for a mirroring transform.
    @inlinable
    public var determinant3x3: Float {
        let a = SIMD3(columns.0.x, columns.0.y, columns.0.z)
        let b = SIMD3(columns.1.x, columns.1.y, columns.1.z)
        let c = SIMD3(columns.2.x, columns.2.y, columns.2.z)
        return simdDot(a, simdCross(b, c))
    }

    /// The inverse, computed in double precision; `nil` when singular (a pivot below 1e-12 of the
    /// largest element) or not finite.
    public var inverse: Matrix4x4? {
        // Work in Double: inverse bind matrices of small-unit files (centimetres) lose
        // several bits in single precision otherwise.
        // Gauss-Jordan elimination with partial pivoting on [A | I], row-major in `a`.
        var a = [Double](repeating: 0, count: 32)
        for r in 0..<4 {
            for c in 0..<4 { a[r * 8 + c] = Double(self[c, r]) }
            a[r * 8 + 4 + r] = 1
        }
        var scale: Double = 0
        for i in 0..<16 { scale = max(scale, abs(a[(i / 4) * 8 + i % 4])) }
        guard scale.isFinite, scale > 0 else { return nil }
        for col in 0..<4 {
            var pivot = col
            for r in (col + 1)..<4 where abs(a[r * 8 + col]) > abs(a[pivot * 8 + col]) { pivot = r }
            let p = a[pivot * 8 + col]
            guard abs(p) > 1e-12 * scale else { return nil }
            if pivot != col {
                for k in 0..<8 { a.swapAt(pivot * 8 + k, col * 8 + k) }
            }
            let inv = 1 / p
            for k in 0..<8 { a[col * 8 + k] *= inv }
            for r in 0..<4 where r != col {
                let f = a[r * 8 + col]
                if f != 0 { for k in 0..<8 { a[r * 8 + k] -= f * a[col * 8 + k] } }
            }
        }
        var out = Matrix4x4.identity
        for r in 0..<4 { for c in 0..<4 { out[c, r] = Float(a[r * 8 + 4 + c]) } }
        return out
    }

    /// True when every element is finite.
    @inlinable
    public var isFinite: Bool {
        // x * 0 is 0 for finite x and NaN for infinities and NaNs.
        let z0: SIMD4<Float> = columns.0 * 0 + columns.1 * 0
        let z1: SIMD4<Float> = columns.2 * 0 + columns.3 * 0
        return z0 + z1 == SIMD4<Float>(repeating: 0)
    }

    /// Largest absolute element difference; for tolerance comparisons.
    public func maxDifference(_ other: Matrix4x4) -> Float {
        var d: Float = 0
        for c in 0..<4 {
            let diff: SIMD4<Float> = self[c] - other[c]
            let x = diff.replacing(with: -diff, where: diff .< 0)
            d = Swift.max(d, x.max())
        }
        return d
    }
}

extension Matrix4x4 {
    /// A translation by `t`.
    @inlinable
    public static func translation(_ t: SIMD3<Float>) -> Matrix4x4 {
        var m = Matrix4x4.identity
        m.columns.3 = SIMD4(t.x, t.y, t.z, 1)
        return m
    }

    /// A non-uniform scale.
    @inlinable
    public static func scale(_ s: SIMD3<Float>) -> Matrix4x4 {
        Matrix4x4(SIMD4(s.x, 0, 0, 0), SIMD4(0, s.y, 0, 0), SIMD4(0, 0, s.z, 0), SIMD4(0, 0, 0, 1))
    }

    /// A right-handed rotation of `degrees` about `axis` (normalised here; a zero axis gives identity),
    /// as COLLADA's `<rotate>` defines it.
    public static func rotation(axis: SIMD3<Float>, degrees: Float) -> Matrix4x4 {
        let len = simdLength(axis)
        guard len > 0, len.isFinite else { return .identity }
        let a = axis / len
        let rad = Double(degrees) * .pi / 180
        let c = Float(cos(rad)), s = Float(sin(rad)), t = 1 - c
        return Matrix4x4(
            SIMD4(t * a.x * a.x + c, t * a.x * a.y + s * a.z, t * a.x * a.z - s * a.y, 0),
            SIMD4(t * a.x * a.y - s * a.z, t * a.y * a.y + c, t * a.y * a.z + s * a.x, 0),
            SIMD4(t * a.x * a.z + s * a.y, t * a.y * a.z - s * a.x, t * a.z * a.z + c, 0),
            SIMD4(0, 0, 0, 1))
    }

    /// COLLADA `<lookat>`: the matrix that places a camera at `eye` looking at `target` with `up`
    /// (the inverse of a view matrix: the node's local -Z points at the target).
    public static func lookAt(eye: SIMD3<Float>, target: SIMD3<Float>, up: SIMD3<Float>) -> Matrix4x4 {
        var f = target - eye
        let fl = simdLength(f)
        guard fl > 0 else { return .translation(eye) }
        f /= fl
        var s = simdCross(f, up)
        var sl = simdLength(s)
        if sl < 1e-12 {  // up parallel to the view direction: pick any perpendicular
            s = simdCross(f, abs(f.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0))
            sl = simdLength(s)
        }
        s /= sl
        let u = simdCross(s, f)
        return Matrix4x4(
            SIMD4(s.x, s.y, s.z, 0), SIMD4(u.x, u.y, u.z, 0), SIMD4(-f.x, -f.y, -f.z, 0),
            SIMD4(eye.x, eye.y, eye.z, 1))
    }

    /// COLLADA `<skew>` (RenderMan's `RiSkew`): a shear along `translationAxis` such that vectors
    /// along `rotationAxis` turn by `degrees` towards `translationAxis`. Points move parallel to
    /// `translationAxis` by an amount proportional to their distance along the part of
    /// `rotationAxis` perpendicular to it. Degenerate axes or an angle reaching 90 degrees give identity.
    public static func skew(degrees: Float, rotationAxis a1: SIMD3<Float>, translationAxis a2: SIMD3<Float>) -> Matrix4x4 {
        let l2 = simdLength(a2)
        guard l2 > 0 else { return .identity }
        let u = a2 / l2                      // unit shear direction
        let an1 = simdDot(a1, u)             // a1's component along u
        let perp = a1 - an1 * u
        let an2 = simdLength(perp)           // a1's component across u (> 0)
        guard an2 > 0 else { return .identity }
        let p = perp / an2
        // Rotate (an2, an1) in the (p, u) plane by the angle, towards u.
        let th = Double(degrees) * .pi / 180
        let rp = Double(an2) * cos(th) - Double(an1) * sin(th)
        let ru = Double(an2) * sin(th) + Double(an1) * cos(th)
        guard rp > 1e-9 else { return .identity }
        // M = I + k u p^T maps a1 to a vector parallel to the rotated one.
        let k = Float(ru / rp - Double(an1) / Double(an2))
        var m = Matrix4x4.identity
        for c in 0..<3 {
            for r in 0..<3 { m[c, r] += k * u[r] * p[c] }
        }
        return m
    }
}

@inlinable @inline(__always)
public func simdDot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }

@inlinable @inline(__always)
public func simdCross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inlinable @inline(__always)
public func simdLength(_ a: SIMD3<Float>) -> Float { (a * a).sum().squareRoot() }

@inlinable @inline(__always)
public func simdNormalize(_ a: SIMD3<Float>) -> SIMD3<Float> {
    let l = simdLength(a)
    return l > 0 ? a / l : a
}
