import ColladaKit

/// Key, fill and rim lights in camera space, applied in linear light over the diffuse colour.
///
/// `colour = albedo · (ambient + ambientUp · n.y + key · max(0, n·k) + fill · max(0, n·f) + rim · (1 - max(0, n.z))³)`
/// with `n` the unit normal in camera space (x right, y up, z towards the viewer). The key comes from the upper
/// left front, the fill from the right, the rim brightens the silhouette, where the surface turns away. The
/// terms sum to at most about 1.1, so a light albedo stays below white, and the key/fill difference (0.8 against
/// 0.25) gives the form in grayscale as well as in colour.
public struct Lighting: Sendable, Equatable {
    public var ambient: Float = 0.16
    public var ambientUp: Float = 0.06
    public var keyDirection = SIMD3<Float>(-0.45, 0.62, 0.64)
    public var key: Float = 0.78
    public var fillDirection = SIMD3<Float>(0.8, -0.05, 0.6)
    public var fill: Float = 0.24
    public var rim: Float = 0.3

    public init() {}

    /// The lights the icons use.
    public static let standard = Lighting()

    /// Lights with unit directions (precomputed once per render).
    @usableFromInline
    struct Prepared: Sendable {
        let ambient: Float, ambientUp: Float, key: Float, fill: Float, rim: Float
        let k: SIMD3<Float>, f: SIMD3<Float>

        init(_ l: Lighting) {
            ambient = l.ambient; ambientUp = l.ambientUp; key = l.key; fill = l.fill; rim = l.rim
            k = simdNormalize(l.keyDirection)
            f = simdNormalize(l.fillDirection)
        }

        /// Linear colour of `albedo` under the lights, normal `n` (unit, camera space, facing the viewer).
        @inline(__always)
        func shade(albedo: SIMD3<Float>, normal n: SIMD3<Float>) -> SIMD3<Float> {
            let kd = max(0, (n * k).sum()), fd = max(0, (n * f).sum())
            let t = 1 - max(0, n.z)
            let e = ambient + ambientUp * n.y + key * kd + fill * fd + rim * t * t * t
            return albedo * max(0, e)
        }

        /// Props and the floor: flatter than the figure (a quarter of the key's range over a high ambient), so
        /// their form shows without drawing the eye: `albedo · (0.78 + 0.22 · max(0, n·k))`.
        @inline(__always)
        func shadeFlat(albedo: SIMD3<Float>, normal n: SIMD3<Float>) -> SIMD3<Float> {
            albedo * (0.78 + 0.22 * max(0, (n * k).sum()))
        }
    }
}
