/// Bridges: face up, head towards +Y; hips lifted from the floor up to the full wheel, and the
/// standing walks down a wall or to the floor.
///
/// Camera rule (see docs/reading-at-a-glance.md): every step differs in the arch and in what carries it (the hips,
/// hands on a box, the head on the floor, a ball under the back, the hands on the wall), all of which read from the
/// side, so all ten are seen from the side (``View/side``).
extension ProgressionLibrary {
    /// A wheel: pelvis tilted `pelvis`, hips extended `hip`, back arched `arch` per spine joint,
    /// arms overhead `shoulder`.
    static func wheel(pelvis: Float, hip: Float, arch: Float, shoulder: Float, elbow: Float = 0, knee: Float = 50) -> KeyPose {
        KeyPose().root(pelvis).trunk(-arch).j("neck", -20).j("head", -10).both("thigh", hip).both("shin", knee)
            .both("upper_arm", shoulder).both("forearm", elbow).both("hand", -90).both("foot", -10)
    }

    /// Wall-walking hands: each held where it is planted on the wall at the reference key.
    static let wallHands: [Contact] = [.hand("L", surface: nil), .hand("R", surface: nil)]

    static let bridges: [ProgressionDefinition] = [
        ProgressionDefinition(
            id: "bridge-01", name: "Short bridges", duration: 2.5,
            keys: [lying.both("thigh", -50).both("shin", 100).both("foot", 40).key(0),
                   lying.root(-125).j("neck", 35).both("thigh", -12).both("shin", 100).both("foot", 40).key(0.5)],
            iconic: 0.5, anchor: [.upperBack], contacts: footContacts),
        ProgressionDefinition(
            id: "bridge-02", name: "Straight bridges", duration: 2.5,
            keys: [KeyPose().root(-72).both("upper_arm", 70).both("hand", -70).both("foot", 45).j("neck", 10).key(0),
                   KeyPose().root(-38).both("thigh", -48).both("upper_arm", 38).both("hand", -70).both("foot", 10).key(0.5)],
            iconic: 0, ground: .init(bones: ["foot.L"]), levelWith: "hand.L", anchor: ankles, contacts: [.foot("L", surface: nil), .foot("R", surface: nil)] + Contact.hands),
        ProgressionDefinition(
            id: "bridge-03", name: "Angled bridges", duration: 3,
            keys: [wheel(pelvis: -75, hip: 35, arch: 22, shoulder: -190).key(0),
                   wheel(pelvis: -80, hip: 22, arch: 16, shoulder: -180, elbow: -30).key(0.5)],
            iconic: 0, anchor: ankles, contacts: footContacts + [.hand("L", surface: 0.45), .hand("R", surface: 0.45)],
            props: [.init(name: "box", shape: .box(SIMD3(0.7, 0.4, 0.45)), position: SIMD3(0, 0.12, 0.225), attach: .palm("L"))]),
        ProgressionDefinition(
            id: "bridge-04", name: "Head bridges", duration: 3,
            keys: [wheel(pelvis: -75, hip: 35, arch: 18, shoulder: -165, elbow: -110).j("neck", -40).j("head", -30).key(0),
                   wheel(pelvis: -80, hip: 25, arch: 15, shoulder: -160, elbow: -110).j("neck", -35).j("head", -30).key(0.5)],
            iconic: 0, ground: .init(bones: ["head"]), anchor: [.headTop], contacts: footContacts + Contact.hands),
        ProgressionDefinition(
            id: "bridge-05", name: "Half bridges", duration: 3,
            keys: [wheel(pelvis: -82, hip: 25, arch: 28, shoulder: -200, knee: 70).key(0),
                   wheel(pelvis: -82, hip: 32, arch: 28, shoulder: -200, elbow: -10, knee: 70).key(0.5)],
            iconic: 0, anchor: [.init(bone: "spine", offset: SIMD3(0, 0.05, 0))], contacts: footContacts + Contact.hands,
            props: [.init(name: "ball", shape: .ball(radius: 0.22), position: .zero,
                          attach: .init(bone: "spine", offset: SIMD3(0, 0.05, 0)), follow: SIMD3(1, 1, 0), under: "spine")]),
        ProgressionDefinition(
            id: "bridge-06", name: "Full bridges", duration: 3,
            // Arms and legs straight: a wide, high wheel (step 10's bridge has the knees bent, the feet by the hands).
            keys: [wheel(pelvis: -84, hip: 18, arch: 36, shoulder: -208, knee: 12).key(0),
                   wheel(pelvis: -85, hip: 16, arch: 34, shoulder: -205, elbow: -15, knee: 12).key(0.5)],
            iconic: 0, ground: .init(bones: ["foot.L"]), levelWith: "hand.L", anchor: ankles, contacts: footContacts + Contact.hands),
        ProgressionDefinition(
            id: "bridge-07", name: "Wall walking bridges (down)", duration: 4,
            keys: [KeyPose().root(-44).trunk(-26).j("neck", -30).j("head", -15).both("thigh", 32).both("shin", 62)
                    .both("upper_arm", -150).both("forearm", -30).both("hand", 55).key(0),
                   KeyPose().root(-52).trunk(-30).j("neck", -35).j("head", -20).both("thigh", 40).both("shin", 75)
                    .both("upper_arm", -150).both("hand", 55).key(0.5)],
            iconic: 0.5, referenceKey: 1, anchor: ankles, contacts: footContacts + wallHands,
            props: [.init(name: "wall", shape: .box(SIMD3(0.8, 0.06, 1.9)), position: SIMD3(0, 0.05, 0.95), attach: .palm("L"))]),
        ProgressionDefinition(
            id: "bridge-08", name: "Wall walking bridges (up)", duration: 4,
            keys: [KeyPose().root(-34).trunk(-24).j("neck", -30).j("head", -10).both("thigh", 28).both("shin", 55)
                    .both("upper_arm", -160).both("hand", 70).key(0),
                   KeyPose().root(-26).trunk(-20).j("neck", -25).j("head", -10).both("thigh", 22).both("shin", 45)
                    .both("upper_arm", -160).both("forearm", -40).both("hand", 70).key(0.5)],
            iconic: 0, anchor: ankles, contacts: footContacts + wallHands,
            props: [.init(name: "wall", shape: .box(SIMD3(0.8, 0.06, 1.9)), position: SIMD3(0, 0.05, 0.95), attach: .palm("L"))]),
        ProgressionDefinition(
            id: "bridge-09", name: "Closing bridges", duration: 4,
            keys: [KeyPose().both("upper_arm", -170).key(0),
                   wheel(pelvis: -34, hip: 42, arch: 38, shoulder: -190, knee: 70).key(0.3),
                   wheel(pelvis: -66, hip: 45, arch: 30, shoulder: -195, elbow: -10, knee: 85).key(0.5)],
            // On the way down: hips forward over bent knees, the back arched until the head looks at the floor and
            // the straight arms point down at it, the hands well above it (the bridge itself is step 10's cue).
            iconic: 0.3, referenceKey: 1, anchor: ankles, contacts: footContacts),
        ProgressionDefinition(
            id: "bridge-10", name: "Stand-to-stand bridges", duration: 4,
            keys: [KeyPose().both("upper_arm", -170).key(0),
                   wheel(pelvis: -70, hip: 45, arch: 32, shoulder: -198, elbow: -10, knee: 85).key(0.5)],
            // The bridge it arches down to: knees bent and the feet close to the hands (step 06's wheel has the
            // arms and legs straight); the pitch levelled so that the hands are on the floor.
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["foot.L"]), levelWith: "hand.L", anchor: ankles, contacts: footContacts),
    ]
}
