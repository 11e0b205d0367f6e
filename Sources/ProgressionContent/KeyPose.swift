/// A small builder for key poses, so the 60 definitions read like a choreographer's notes:
/// `KeyPose().root(68).both("upper_arm", -68).both("hand", -90).key(0)`.
/// Angles follow ``ProgressionDefinition``'s conventions; `both` mirrors a left-side rotation to
/// the right side (x kept, y and z negated).
struct KeyPose {
    var joints: [String: SIMD3<Float>] = [:]
    var rootPosition = SIMD3<Float>(0, 0, 0.97)
    var rootRotation = SIMD3<Float>.zero

    /// Root rotation (degrees) and, optionally, position.
    func root(_ x: Float, _ y: Float = 0, _ z: Float = 0, at p: SIMD3<Float>? = nil) -> KeyPose {
        var k = self
        k.rootRotation = SIMD3(x, y, z)
        if let p { k.rootPosition = p }
        return k
    }

    func at(_ p: SIMD3<Float>) -> KeyPose {
        var k = self
        k.rootPosition = p
        return k
    }

    /// One joint by its full Blender name (`spine`, `forearm.L`).
    func j(_ name: String, _ x: Float, _ y: Float = 0, _ z: Float = 0) -> KeyPose {
        var k = self
        k.joints[name] = SIMD3(x, y, z)
        return k
    }

    /// `name.L` as given and `name.R` mirrored.
    func both(_ name: String, _ x: Float, _ y: Float = 0, _ z: Float = 0) -> KeyPose {
        j("\(name).L", x, y, z).j("\(name).R", x, -y, -z)
    }

    func left(_ name: String, _ x: Float, _ y: Float = 0, _ z: Float = 0) -> KeyPose { j("\(name).L", x, y, z) }
    /// `name.R`, given as the mirror of a left-side rotation (y and z negated here).
    func right(_ name: String, _ x: Float, _ y: Float = 0, _ z: Float = 0) -> KeyPose { j("\(name).R", x, -y, -z) }

    /// The spine, chest bending by `x` each (positive forward).
    func trunk(_ x: Float) -> KeyPose { j("spine", x).j("chest", x) }

    func key(_ phase: Float) -> ProgressionDefinition.Key {
        ProgressionDefinition.Key(at: phase, rootPosition: rootPosition, rootRotation: rootRotation, joints: joints)
    }
}

extension ProgressionDefinition.BodyPoint {
    static func wrist(_ side: String) -> Self { .init(bone: "hand.\(side)", offset: .zero) }
    static func palm(_ side: String) -> Self { .init(bone: "hand.\(side)", offset: SIMD3(0, 0.08, 0)) }
    static func ankle(_ side: String) -> Self { .init(bone: "foot.\(side)", offset: .zero) }
    static func toes(_ side: String) -> Self { .init(bone: "toe.\(side)", offset: SIMD3(0, 0.05, 0)) }
    static func knee(_ side: String) -> Self { .init(bone: "shin.\(side)", offset: SIMD3(0, 0, 0.05)) }
    static let headTop = Self(bone: "head", offset: SIMD3(0, 0.2, 0))
    static let upperBack = Self(bone: "chest", offset: SIMD3(0, 0.2, -0.1))
    static let seat = Self(bone: "hips", offset: SIMD3(0, -0.1, -0.05))
}

typealias Contact = ProgressionDefinition.Contact

extension ProgressionDefinition.Contact {
    static func hand(_ side: String, surface: Float? = 0, orient: Bool = true) -> Self {
        .init(bone: "hand.\(side)", holdOrientation: orient, surface: surface)
    }
    static func foot(_ side: String, surface: Float? = 0) -> Self {
        .init(bone: "foot.\(side)", holdOrientation: true, surface: surface)
    }
    static let feet: [Self] = [.foot("L"), .foot("R")]
    static let hands: [Self] = [.hand("L"), .hand("R")]
}
