/// Sampling a sampler's curve at a time.
///
/// Segment `[k, k+1]` is interpolated as `interpolation[k]` says. Before the first key the first
/// value holds, after the last key the last value (COLLADA defines no extrapolation; this is the
/// "constant" behaviour of Blender, Maya and glTF).
///
/// The curve kinds, for each value dimension `j`, with `v0 = OUTPUT[k][j]`, `v1 = OUTPUT[k+1][j]`,
/// `t0 = INPUT[k]`, `t1 = INPUT[k+1]` and `α = (t - t0) / (t1 - t0)`:
/// - LINEAR: `v0 + (v1 - v0) α`. STEP: `v0` (the next key's value from `t1` on).
/// - BEZIER with 2-D tangents (`tangentStride == 2 * stride`, pairs `(time, value)` per dimension,
///   COLLADA 1.4.1 rev. A): control points `P0 = (t0, v0)`, `C0 = OUT_TANGENT[k]`,
///   `C1 = IN_TANGENT[k+1]`, `P1 = (t1, v1)`. The time polynomial is solved for the curve
///   parameter `s` (Newton steps kept inside a bisection bracket), then the value polynomial is
///   evaluated at `s`.
/// - BEZIER with 1-D tangents (`tangentStride == stride`, Maya/FCollada's older export): the
///   control points sit at `t0 + (t1 - t0)/3` and `t1 - (t1 - t0)/3`, so time is linear in `s`
///   (`s = α`); their values are `v0 + OUT_TANGENT/3` and `v1 - IN_TANGENT/3`, the tangents being
///   derivatives with respect to `s` (the same curve as HERMITE with those tangents).
/// - HERMITE: `h00(α) v0 + h10(α) T0 + h01(α) v1 + h11(α) T1` with `T0 = OUT_TANGENT[k]`,
///   `T1 = IN_TANGENT[k+1]`, derivatives with respect to `α` as in the COLLADA specification's
///   `P(s) = S M C`; with 2-D tangents the value component is used.
/// - CARDINAL: uniform Catmull-Rom through `v[k-1], v[k], v[k+1], v[k+2]` (end keys repeated).
/// - BSPLINE: uniform cubic B-spline over the same four keys (approximates; does not pass through).
///
/// BEZIER/HERMITE segments without tangents (the resolver drops mismatched ones with a warning)
/// are LINEAR.
extension AnimationSampler {
    /// The segment holding time `t`: the key `k` it starts at and the fraction `α` in `[0, 1]`.
    /// Before the first key `(0, 0)`, from the last key on `(last, 0)`; `nil` without keys.
    ///
    /// Binary search: O(log keys).
    public func segment(at t: Float) -> (key: Int, fraction: Float)? {
        let n = input.count
        guard n > 0 else { return nil }
        if n == 1 || !(t > input[0]) { return (0, 0) }
        if t >= input[n - 1] { return (n - 1, 0) }
        var lo = 0, hi = n - 1  // invariant: input[lo] <= t < input[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if input[mid] <= t { lo = mid } else { hi = mid }
        }
        let span = input[hi] - input[lo]
        let a = span > 0 ? (t - input[lo]) / span : 0
        return (lo, min(max(a, 0), 1))
    }

    /// Writes the `stride` values at time `t` (seconds, document time) into `out`, replacing its
    /// contents. Without keys `out` becomes empty.
    public func value(at t: Float, into out: inout [Float]) {
        out.removeAll(keepingCapacity: true)
        guard stride > 0, output.count >= input.count * stride, let (k, a) = curveSegment(at: t) else { return }
        let n = input.count
        if (a == 0 && segmentKind(k) != .bspline) || k + 1 >= n {
            out.append(contentsOf: output[(k * stride)..<((k + 1) * stride)])
            return
        }
        let kind = segmentKind(k)
        let hasTangents = tangentStride > 0 && inTangent.count >= n * tangentStride && outTangent.count >= n * tangentStride
        for j in 0..<stride {
            let v0 = output[k * stride + j], v1 = output[(k + 1) * stride + j]
            switch kind {
            case .step:
                out.append(v0)
            case .linear:
                out.append(v0 + (v1 - v0) * a)
            case .bezier where hasTangents:
                out.append(bezier(k: k, j: j, t: t, a: a, v0: v0, v1: v1))
            case .hermite where hasTangents:
                let (t0, t1) = hermiteTangents(k: k, j: j)
                out.append(Self.hermite(v0, t0, v1, t1, a))
            case .bezier, .hermite:
                out.append(v0 + (v1 - v0) * a)
            case .cardinal, .bspline:
                let vm = output[max(k - 1, 0) * stride + j]
                let v2 = output[min(k + 2, n - 1) * stride + j]
                out.append(kind == .cardinal ? Self.catmullRom(vm, v0, v1, v2, a) : Self.bspline(vm, v0, v1, v2, a))
            }
        }
    }

    /// The `stride` values at time `t`.
    public func value(at t: Float) -> [Float] {
        var out: [Float] = []
        value(at: t, into: &out)
        return out
    }

    // MARK: curve pieces

    /// The interpolation of segment `[k, k+1]` (LINEAR when not given).
    func segmentKind(_ k: Int) -> Interpolation {
        k < interpolation.count ? interpolation[k] : .linear
    }

    /// ``segment(at:)``, except that a time at or after the last key of a BSPLINE curve maps to the
    /// end of the last segment: a B-spline does not pass through its keys, so holding the last key's
    /// value would jump.
    func curveSegment(at t: Float) -> (key: Int, fraction: Float)? {
        guard let (k, a) = segment(at: t) else { return nil }
        let n = input.count
        if n >= 2 && k == n - 1 && segmentKind(n - 2) == .bspline { return (n - 2, 1) }
        return (k, a)
    }

    /// Tangents of dimension `j` for HERMITE: the value component of 2-D tangents, else the 1-D value.
    func hermiteTangents(k: Int, j: Int) -> (Float, Float) {
        if tangentStride == 2 * stride {
            return (outTangent[k * tangentStride + 2 * j + 1], inTangent[(k + 1) * tangentStride + 2 * j + 1])
        }
        let jj = min(j, tangentStride - 1)
        return (outTangent[k * tangentStride + jj], inTangent[(k + 1) * tangentStride + jj])
    }

    func bezier(k: Int, j: Int, t: Float, a: Float, v0: Float, v1: Float) -> Float {
        if tangentStride == 2 * stride {
            let t0 = Double(input[k]), t1 = Double(input[k + 1])
            let c0t = Double(outTangent[k * tangentStride + 2 * j])
            let c0v = Double(outTangent[k * tangentStride + 2 * j + 1])
            let c1t = Double(inTangent[(k + 1) * tangentStride + 2 * j])
            let c1v = Double(inTangent[(k + 1) * tangentStride + 2 * j + 1])
            let s = Self.solveBezierParameter(t0, c0t, c1t, t1, Double(t), guess: Double(a))
            return Float(Self.cubicBezier(Double(v0), c0v, c1v, Double(v1), s))
        }
        // 1-D tangents: control times at thirds, so the time curve is linear and s = α.
        let jj = min(j, tangentStride - 1)
        let c0 = Double(v0) + Double(outTangent[k * tangentStride + jj]) / 3
        let c1 = Double(v1) - Double(inTangent[(k + 1) * tangentStride + jj]) / 3
        return Float(Self.cubicBezier(Double(v0), c0, c1, Double(v1), Double(a)))
    }

    /// `B(s) = p0 (1-s)³ + 3 c0 s (1-s)² + 3 c1 s² (1-s) + p1 s³`.
    static func cubicBezier(_ p0: Double, _ c0: Double, _ c1: Double, _ p1: Double, _ s: Double) -> Double {
        let u = 1 - s
        return p0 * u * u * u + 3 * c0 * s * u * u + 3 * c1 * s * s * u + p1 * s * s * s
    }

    /// dB/ds.
    static func cubicBezierDerivative(_ p0: Double, _ c0: Double, _ c1: Double, _ p1: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * (c0 - p0) + 6 * u * s * (c1 - c0) + 3 * s * s * (p1 - c1)
    }

    /// The parameter `s` in `[0, 1]` where the time polynomial `B(s)` (control times `t0, c0, c1, t1`)
    /// equals `t`: Newton's method from `guess`, each step kept inside the bracket that bisection
    /// maintains (a step leaving it, or a flat derivative, bisects instead). At most 60 iterations;
    /// converges to ~1e-12 of the segment for monotone curves, and to a root for any curve that
    /// crosses `t` once.
    static func solveBezierParameter(_ t0: Double, _ c0: Double, _ c1: Double, _ t1: Double, _ t: Double,
                                     guess: Double) -> Double {
        var lo = 0.0, hi = 1.0
        let increasing = t1 >= t0
        var s = min(max(guess, 0), 1)
        let tol = 1e-12 * max(abs(t1 - t0), 1e-30)
        for _ in 0..<60 {
            let f = cubicBezier(t0, c0, c1, t1, s) - t
            if abs(f) <= tol { return s }
            // Shrink the bracket: for an increasing curve, f > 0 means s is past the root.
            if (f > 0) == increasing { hi = s } else { lo = s }
            let d = cubicBezierDerivative(t0, c0, c1, t1, s)
            var next = d != 0 ? s - f / d : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if next == s { return s }
            s = next
        }
        return s
    }

    /// Cubic Hermite: `h00 p0 + h10 m0 + h01 p1 + h11 m1` at `s` in `[0, 1]`.
    static func hermite(_ p0: Float, _ m0: Float, _ p1: Float, _ m1: Float, _ s: Float) -> Float {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        return h00 * p0 + h10 * m0 + h01 * p1 + h11 * m1
    }

    /// Uniform Catmull-Rom between `p1` and `p2` (tangents `(p2 - p0)/2`, `(p3 - p1)/2`).
    static func catmullRom(_ p0: Float, _ p1: Float, _ p2: Float, _ p3: Float, _ s: Float) -> Float {
        hermite(p1, (p2 - p0) / 2, p2, (p3 - p1) / 2, s)
    }

    /// Uniform cubic B-spline segment with control values `p0...p3`.
    static func bspline(_ p0: Float, _ p1: Float, _ p2: Float, _ p3: Float, _ s: Float) -> Float {
        let s2 = s * s, s3 = s2 * s, u = 1 - s
        let b0 = u * u * u
        let b1 = 3 * s3 - 6 * s2 + 4
        let b2 = -3 * s3 + 3 * s2 + 3 * s + 1
        let b3 = s3
        return (b0 * p0 + b1 * p1 + b2 * p2 + b3 * p3) / 6
    }

    /// For a baked 4x4 channel (`stride == 16`): the matrix at time `t`. Keys are returned exactly.
    /// Between LINEAR keys the two row-major matrices are decomposed and interpolated (translation
    /// and scale linearly, rotation by shortest-path slerp), never element by element; STEP holds
    /// the earlier key. Other curve kinds are evaluated per element along their curve and then made
    /// rigid again (decomposed and recomposed), which removes the shrinking a curve through
    /// rotation matrices causes. `nil` without keys or when `stride != 16`.
    public func matrix(at t: Float) -> Matrix4x4? {
        guard stride == 16, output.count >= input.count * 16, let (k, a) = curveSegment(at: t) else { return nil }
        let m0 = Matrix4x4(rowMajor: output, offset: k * 16)
        let kind = segmentKind(k)
        if (a == 0 && kind != .bspline) || k + 1 >= input.count { return m0 }
        switch kind {
        case .step:
            return m0
        case .linear:
            return .interpolateDecomposed(m0, Matrix4x4(rowMajor: output, offset: (k + 1) * 16), a)
        case .bezier, .hermite, .cardinal, .bspline:
            var v: [Float] = []
            value(at: t, into: &v)
            guard v.count == 16 else { return m0 }
            return DecomposedTransform(Matrix4x4(rowMajor: v)).matrix
        }
    }
}
