#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A rotation quaternion `(x, y, z, w)`: `w` is the scalar part, `xyz` the vector part.
///
/// Unit quaternions `q` and `-q` are the same rotation; ``slerp(_:_:_:)`` picks the shorter of the two
/// arcs, so interpolating a turn of more than 180 degrees between two samples goes the short way.
public struct Quaternion: Sendable, Equatable {
    /// `x, y, z` (vector part) and `w` (scalar part).
    public var vector: SIMD4<Float>

    /// A quaternion from its four components.
    @inlinable
    public init(x: Float, y: Float, z: Float, w: Float) { vector = SIMD4(x, y, z, w) }

    /// A quaternion from `(x, y, z, w)`.
    @inlinable
    public init(_ vector: SIMD4<Float>) { self.vector = vector }

    /// The identity rotation.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// A right-handed rotation of `radians` about `axis` (normalised here; a zero axis gives identity).
    public init(axis: SIMD3<Float>, radians: Float) {
        let len = simdLength(axis)
        guard len > 0, len.isFinite else { self = .identity; return }
        let a = axis / len
        let h = Double(radians) / 2
        let s = Float(sin(h))
        vector = SIMD4(a.x * s, a.y * s, a.z * s, Float(cos(h)))
    }

    /// The vector part's x.
    public var x: Float { vector.x }
    /// The vector part's y.
    public var y: Float { vector.y }
    /// The vector part's z.
    public var z: Float { vector.z }
    /// The scalar part, `cos(angle / 2)`.
    public var w: Float { vector.w }

    /// The four-dimensional dot product; its sign tells which of `q`, `-q` is nearer.
    @inlinable
    public func dot(_ other: Quaternion) -> Float { (vector * other.vector).sum() }

    /// The same rotation scaled to unit length (identity for a zero quaternion).
    public var normalized: Quaternion {
        let l = (vector * vector).sum().squareRoot()
        guard l > 0, l.isFinite else { return .identity }
        return Quaternion(vector / l)
    }

    /// The rotation part of `m`, found by Shepperd's method on the orthonormalised upper 3x3.
    ///
    /// The columns are first made orthonormal (Gram-Schmidt; the third column is the cross product
    /// of the first two, so the result is a proper rotation even when `m` mirrors or shears).
    /// Shepperd's method then takes the square root of the largest of `4w², 4x², 4y², 4z²`, which
    /// avoids dividing by a small number near 180-degree turns.
    public init(rotationOf m: Matrix4x4) {
        let (r0, r1, r2) = Quaternion.orthonormalBasis(m)
        // Row r, column c of the rotation: R[r][c] = column c's component r.
        let m00 = Double(r0.x), m10 = Double(r0.y), m20 = Double(r0.z)
        let m01 = Double(r1.x), m11 = Double(r1.y), m21 = Double(r1.z)
        let m02 = Double(r2.x), m12 = Double(r2.y), m22 = Double(r2.z)
        let trace = m00 + m11 + m22
        var q: (Double, Double, Double, Double)  // x y z w
        if trace >= m00 && trace >= m11 && trace >= m22 {
            let s = (1 + trace).squareRoot() * 2  // 4w
            q = ((m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4)
        } else if m00 >= m11 && m00 >= m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2  // 4x
            q = (s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s)
        } else if m11 >= m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2  // 4y
            q = ((m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2  // 4z
            q = ((m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s)
        }
        self = Quaternion(SIMD4(Float(q.0), Float(q.1), Float(q.2), Float(q.3))).normalized
    }

    /// The upper 3x3 of `m` made orthonormal and right-handed: the first column normalised, the
    /// second made perpendicular to it, the third their cross product. Degenerate columns fall back
    /// to coordinate axes.
    static func orthonormalBasis(_ m: Matrix4x4) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
        let c0 = SIMD3(m.columns.0.x, m.columns.0.y, m.columns.0.z)
        let c1 = SIMD3(m.columns.1.x, m.columns.1.y, m.columns.1.z)
        let c2 = SIMD3(m.columns.2.x, m.columns.2.y, m.columns.2.z)
        var x = c0
        if simdLength(x) < 1e-20 { x = simdLength(simdCross(c1, c2)) > 0 ? simdCross(c1, c2) : SIMD3(1, 0, 0) }
        x = simdNormalize(x)
        var y = c1 - simdDot(x, c1) * x
        if simdLength(y) < 1e-20 * max(1, simdLength(c1)) {
            y = simdCross(c2, x)
            if simdLength(y) < 1e-20 { y = abs(x.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0); y -= simdDot(x, y) * x }
        }
        y = simdNormalize(y)
        return (x, y, simdCross(x, y))
    }

    /// The rotation as a 4x4 matrix (no translation). `self` is normalised first.
    public var matrix: Matrix4x4 {
        let q = normalized.vector
        let x = q.x, y = q.y, z = q.z, w = q.w
        let xx = x * x, yy = y * y, zz = z * z
        let xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z
        return Matrix4x4(
            SIMD4(1 - 2 * (yy + zz), 2 * (xy + wz), 2 * (xz - wy), 0),
            SIMD4(2 * (xy - wz), 1 - 2 * (xx + zz), 2 * (yz + wx), 0),
            SIMD4(2 * (xz + wy), 2 * (yz - wx), 1 - 2 * (xx + yy), 0),
            SIMD4(0, 0, 0, 1))
    }

    /// Normalised linear interpolation along the shorter arc.
    public static func nlerp(_ a: Quaternion, _ b: Quaternion, _ t: Float) -> Quaternion {
        let bb = a.dot(b) < 0 ? Quaternion(-b.vector) : b
        return Quaternion(a.vector + (bb.vector - a.vector) * t).normalized
    }

    /// Spherical linear interpolation along the shorter arc: `b` is negated when `a · b < 0`.
    /// Nearly equal rotations (angle below about 2.5 degrees) use ``nlerp(_:_:_:)``, which agrees
    /// with slerp there to float precision and does not divide by a vanishing `sin θ`.
    public static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: Float) -> Quaternion {
        let qa = a.normalized, qb0 = b.normalized
        var d = Double(qa.dot(qb0))
        var qb = qb0
        if d < 0 { d = -d; qb = Quaternion(-qb0.vector) }
        if d > 0.9998 { return nlerp(qa, qb, t) }
        let theta = acos(min(d, 1))
        let s = sin(theta)
        let wa = Float(sin((1 - Double(t)) * theta) / s)
        let wb = Float(sin(Double(t) * theta) / s)
        return Quaternion(qa.vector * wa + qb.vector * wb).normalized
    }
}

/// A transform split into translation, rotation and scale: `M = T · R · S`.
///
/// Interpolating these parts (translation and scale linearly, rotation by slerp) keeps a rigid
/// joint rigid between two baked matrix samples, where interpolating the 16 elements would shrink it.
/// Shear cannot be represented and is dropped.
public struct DecomposedTransform: Sendable, Equatable {
    /// The fourth column.
    public var translation: SIMD3<Float>
    /// The orthonormalised rotation.
    public var rotation: Quaternion
    /// Per-axis scale along the rotated axes; a mirroring matrix gets a negative x scale.
    public var scale: SIMD3<Float>

    /// The parts of `T · R · S`.
    public init(translation: SIMD3<Float>, rotation: Quaternion, scale: SIMD3<Float>) {
        self.translation = translation
        self.rotation = rotation
        self.scale = scale
    }

    /// Splits an affine `m` (the last row is assumed to be `0 0 0 1`).
    public init(_ m: Matrix4x4) {
        translation = m.translation
        let c0 = SIMD3(m.columns.0.x, m.columns.0.y, m.columns.0.z)
        let c1 = SIMD3(m.columns.1.x, m.columns.1.y, m.columns.1.z)
        let c2 = SIMD3(m.columns.2.x, m.columns.2.y, m.columns.2.z)
        var s = SIMD3(simdLength(c0), simdLength(c1), simdLength(c2))
        var r = m
        if m.determinant3x3 < 0 {
            // Put the mirror into the x scale so the rest is a proper rotation.
            s.x = -s.x
            r.columns.0 = -r.columns.0
        }
        rotation = Quaternion(rotationOf: r)
        scale = s
    }

    /// `T · R · S` as a matrix.
    public var matrix: Matrix4x4 {
        var m = rotation.matrix
        m.columns.0 *= scale.x
        m.columns.1 *= scale.y
        m.columns.2 *= scale.z
        m.columns.3 = SIMD4(translation.x, translation.y, translation.z, 1)
        return m
    }

    /// Component-wise interpolation: translation and scale linearly, rotation by shortest-path slerp.
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Float) -> DecomposedTransform {
        DecomposedTransform(
            translation: a.translation + (b.translation - a.translation) * t,
            rotation: Quaternion.slerp(a.rotation, b.rotation, t),
            scale: a.scale + (b.scale - a.scale) * t)
    }
}

extension Matrix4x4 {
    /// The transform between two affine matrices at fraction `t`, decomposed (translation and scale
    /// lerped, rotation slerped the short way). `t` of exactly 0 or 1 returns `a` or `b` unchanged,
    /// so matrices are exact at keys even when they shear.
    public static func interpolateDecomposed(_ a: Matrix4x4, _ b: Matrix4x4, _ t: Float) -> Matrix4x4 {
        if t <= 0 { return a }
        if t >= 1 { return b }
        return DecomposedTransform.interpolate(DecomposedTransform(a), DecomposedTransform(b), t).matrix
    }
}
