/// Squats: standing, feet held flat at the ankles; depth from hip flexion and knee bend, the trunk
/// leaning forward and the arms reaching forward for balance.
///
/// Camera rule (one for the row, see docs/reading-at-a-glance.md):
/// - Steps that differ in depth or in what is in front of the body (01 shoulderstand, 02 box, 03 hands on the
///   thighs, 04 knees at 90, 05 full, and the one-leg steps 08 half, 09 assisted and 10 pistol with the free leg
///   forward) are seen from the side (``View/side``): depth, the box, the free leg straight out in front and the hand
///   reaching down to the ball by the standing foot (09) are the outline there.
/// - Steps that differ in what happens sideways (06 feet together, 07 a foot on a ball out to the side) share one
///   front view, a little raised (``squatSideCueView``), where both feet, the gap between them and the ball are in
///   view and "to the side" is sideways on the screen. 09 was seen from the front-left too, and read for 07: its free
///   leg lay where 07's ball leg lies, and only the ball's place told them apart. Later, with 07 seen from the
///   front-left (65°) and 09 from the side, the two were still read for each other once (seed 19859): from 65° 07's
///   ball leg pointed at the viewer like a leg out in front, and 09's small ball behind the heel looked like a foot on
///   a ball. Now 07 is seen from straight in front (a wide squat, one foot up on the ball beside it) and 09's hand
///   reaches forward and down onto a larger ball in front of the standing foot.
extension ProgressionLibrary {
    /// Steps 06 and 07: from straight in front, a little raised.
    static let squatSideCueView = ProgressionDefinition.View.from(90, up: 12)

    /// A squat at `hip` (thigh, relative to the pelvis), `knee`, with the pelvis tilted `lean` and the
    /// trunk bent `trunk` per spine joint; arms horizontal in front.
    static func squatPose(lean: Float, trunk: Float, hip: Float, knee: Float, armsForward: Bool = true) -> KeyPose {
        var k = KeyPose().root(lean).trunk(trunk).both("thigh", hip).both("shin", knee).j("neck", -trunk)
        if armsForward { k = k.both("upper_arm", -90 - lean - 2 * trunk) }
        return k
    }

    static let footContacts: [Contact] = Contact.feet
    static let ankles: [ProgressionDefinition.BodyPoint] = [.ankle("L"), .ankle("R")]

    static let squats: [ProgressionDefinition] = [
        ProgressionDefinition(
            id: "squat-01", name: "Shoulderstand squats", duration: 3,
            keys: [KeyPose().root(180).j("neck", 70).j("head", 20).both("upper_arm", 80).both("forearm", -100).both("hand", 0)
                    .both("thigh", -10).key(0),
                   KeyPose().root(180).j("neck", 70).j("head", 20).both("upper_arm", 80).both("forearm", -100).both("hand", 0)
                    .both("thigh", -135).both("shin", 120).key(0.5)],
            iconic: 0.5, anchor: [.upperBack]),
        ProgressionDefinition(
            id: "squat-02", name: "Jackknife squats", duration: 3,
            keys: [KeyPose().root(70).both("thigh", -70).both("upper_arm", -70).both("hand", -60).j("neck", -30).key(0),
                   KeyPose().root(40).trunk(5).both("thigh", -138).both("shin", 135).both("upper_arm", -70).both("forearm", -20)
                    .both("hand", -60).j("neck", -30).key(0.5)],
            iconic: 0.5, anchor: ankles,
            contacts: footContacts + [.hand("L", surface: 0.5), .hand("R", surface: 0.5)],
            props: [.init(name: "box", shape: .box(SIMD3(0.7, 0.4, 0.5)), position: SIMD3(0, -0.1, 0.25), attach: .palm("L"))]),
        ProgressionDefinition(
            id: "squat-03", name: "Supported squats", duration: 3,
            keys: [squatPose(lean: 28, trunk: 12, hip: -60, knee: 60, armsForward: false).both("upper_arm", -40).key(0),
                   squatPose(lean: 30, trunk: 10, hip: -140, knee: 145, armsForward: false).both("upper_arm", -75)
                    .both("forearm", -15).key(0.5)],
            iconic: 0.5, referenceKey: 1, anchor: ankles,
            contacts: footContacts + [.init(bone: "hand.L", holdOrientation: false, at: .init(bone: "thigh.L", offset: SIMD3(0, 0.27, -0.09))),
                                      .init(bone: "hand.R", holdOrientation: false, at: .init(bone: "thigh.R", offset: SIMD3(0, 0.27, -0.09)))]),
        ProgressionDefinition(
            id: "squat-04", name: "Half squats", duration: 2.5,
            keys: [squatPose(lean: 0, trunk: 0, hip: 0, knee: 0).key(0),
                   squatPose(lean: 18, trunk: 6, hip: -80, knee: 92).key(0.5)],
            iconic: 0.5, anchor: ankles, contacts: footContacts),
        ProgressionDefinition(
            id: "squat-05", name: "Full squats", duration: 3,
            keys: [squatPose(lean: 0, trunk: 0, hip: 0, knee: 0).key(0),
                   squatPose(lean: 25, trunk: 10, hip: -140, knee: 148).key(0.5)],
            iconic: 0.5, anchor: ankles, contacts: footContacts),
        ProgressionDefinition(
            id: "squat-06", name: "Close squats", duration: 3,
            keys: [squatPose(lean: 0, trunk: 0, hip: 0, knee: 0).both("thigh", 0, 3.5).key(0),
                   squatPose(lean: 28, trunk: 10, hip: -140, knee: 148).both("thigh", -140, 3.5).key(0.5)],
            iconic: 0.5, anchor: ankles, contacts: footContacts, view: squatSideCueView),
        ProgressionDefinition(
            id: "squat-07", name: "Uneven squats", duration: 3,
            keys: [squatPose(lean: 0, trunk: 0, hip: 0, knee: 0).right("thigh", -12, -30).right("shin", 20).key(0),
                   squatPose(lean: 25, trunk: 10, hip: -140, knee: 148).right("thigh", -105, -28).right("shin", 125).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["foot.L"]), anchor: [.ankle("L")],
            contacts: [.foot("L"), .foot("R", surface: 0.26)],
            props: [.init(name: "ball", shape: .ball(radius: 0.13), position: SIMD3(0, 0, 0.13),
                          attach: .init(bone: "foot.R", offset: SIMD3(0, 0.05, 0)), follow: SIMD3(1, 1, 0))],
            view: squatSideCueView),
        ProgressionDefinition(
            id: "squat-08", name: "Half one-leg squats", duration: 3,
            keys: [KeyPose().right("thigh", -45).both("upper_arm", -90).key(0),
                   KeyPose().root(20).trunk(5).left("thigh", -85).left("shin", 95).right("thigh", -100)
                    .both("upper_arm", -120).j("neck", -5).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["foot.L"]), anchor: [.ankle("L")], contacts: [.foot("L")]),
        ProgressionDefinition(
            // The left hand (the standing leg's side) reaches forward and down onto a ball just in front of the left
            // foot (the ball's size follows the hand's height: 0.12 m radius); the right arm and the free right leg
            // forward.
            id: "squat-09", name: "Assisted one-leg squats", duration: 3,
            keys: [KeyPose().right("thigh", -40).right("upper_arm", -90).left("upper_arm", -10, -20).key(0),
                   KeyPose().root(30).trunk(12).left("thigh", -142).left("shin", 150).right("thigh", -132)
                    .right("upper_arm", -130).left("upper_arm", -75, -12).left("forearm", -30).left("hand", -50)
                    .j("neck", -15).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["foot.L"]), anchor: [.ankle("L")],
            contacts: [.foot("L")],
            props: [.init(name: "ball", shape: .ball(radius: 0.1), position: SIMD3(0, 0.0, 0.1), attach: .palm("L"),
                          follow: SIMD3(1, 1, 0), under: "hand.L")]),
        ProgressionDefinition(
            id: "squat-10", name: "One-leg squats", duration: 3,
            keys: [KeyPose().right("thigh", -30).both("upper_arm", -90).key(0),
                   KeyPose().root(30).trunk(10).left("thigh", -145).left("shin", 152).right("thigh", -118)
                    .both("upper_arm", -140).j("neck", -10).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["foot.L"]), anchor: [.ankle("L")], contacts: [.foot("L")]),
    ]
}
