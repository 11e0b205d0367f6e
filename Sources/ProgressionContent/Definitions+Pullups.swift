/// Pullups: hanging from a bar (the grip held by moving the root; the bar is put in the hands at
/// the reference key), arms from overhead to chin over the bar.
///
/// Camera rule (see docs/reading-at-a-glance.md): the steps that hang under the bar (02, 04-10) differ in the grip
/// (wide, hands touching, a hand on the wrist, one arm, a towel below the bar) and share one front-left view
/// (``barView``) in which the bar runs across the picture through the hands. The two steps whose cue is the body's
/// angle are seen from the side: leaning back from a pole (01) and the legs out onto a box (03, turned 35 degrees so
/// the bar still crosses the hands).
extension ProgressionLibrary {
    static let hangRoot = SIMD3<Float>(0, 0, 1.2)
    static let grips: [ProgressionDefinition.BodyPoint] = [.palm("L"), .palm("R")]
    /// Both hands held on the bar by IK (the wrists), so the grip does not slide as the arms bend.
    static let gripContacts: [Contact] = [.hand("L", surface: nil, orient: false), .hand("R", surface: nil, orient: false)]

    /// A horizontal bar across the hands: through the grip of hand `side` at the reference key, along X
    /// (across the figure's shoulders), with no uprights (they would cross the figure in a three-quarter view).
    static func bar(_ side: String = "L", length: Float = 1.0) -> [ProgressionDefinition.Prop] {
        [.init(name: "bar", shape: .bar(length: length, radius: 0.02), position: .zero, attach: .palm(side), follow: SIMD3(0, 1, 1))]
    }

    /// Pull-ups are seen from the front-left, a little raised: the bar runs across the picture and the
    /// hands, the head and the free arm are all in view.
    static let barView = ProgressionDefinition.View.from(55, up: 12)

    /// Dead hang: arms overhead, hands a little wider than the shoulders (`width` degrees out from straight
    /// overhead; negative brings them in: -26 puts the two hands touching above the head), legs straight.
    static func hang(width: Float = 14) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", -178, width).both("forearm", -20).both("thigh", -5).both("shin", 10)
    }

    /// Chin over the bar, seen from the front as a "W": upper arms out and down `tilt` degrees below
    /// the shoulders (abducted about the forward axis, so the elbows sit well under the bar), forearms
    /// upright to the bar; knees bent, feet behind (nobody stands like that: it hangs). With tilt 45 the
    /// elbows are about 20 cm below and outside the shoulders and the hands a little above them.
    static func pullTop(tilt: Float = 45) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", 0, tilt - 90).both("forearm", 0, -138).j("neck", -12)
            .both("thigh", -8).both("shin", 75)
    }

    /// Elbows at 90 degrees, out to the sides at shoulder height (a goalpost), head under the bar.
    static func pullHalf(tilt: Float = 5) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", -90, tilt, 90).both("forearm", -95).both("thigh", -6).both("shin", 55)
    }

    /// Chin at the bar, arms along the body (jackknife pulls, seen from the side).
    static func pullTopSide(width: Float = -20) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", -40, width).both("forearm", -140).j("neck", -15)
            .both("thigh", -15).both("shin", 35)
    }

    /// Elbows at 90 degrees, arms along the body (jackknife pulls).
    static func pullHalfSide(width: Float = -16) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", -125, width).both("forearm", -90).both("thigh", -8).both("shin", 20)
    }

    /// The free arm of a one-arm step, hanging out to the side where the front view shows it.
    static func freeArm(_ k: KeyPose) -> KeyPose { k.left("upper_arm", -8, -32).left("forearm", -15).left("hand", 0) }
    /// The free arm of a one-arm pull at the top: straight and well out from the side, down (a line no other step has).
    static func freeArmDown(_ k: KeyPose) -> KeyPose { k.left("upper_arm", 0, -40).left("forearm", 0).left("hand", 0) }

    static let pullups: [ProgressionDefinition] = [
        ProgressionDefinition(
            id: "pullup-01", name: "Vertical pulls", duration: 2.5,
            keys: [KeyPose().root(-24).both("upper_arm", -62, 14).both("hand", 0).key(0),
                   KeyPose().root(-6).both("upper_arm", -60, 14).both("forearm", -100).key(0.5)],
            iconic: 0, anchor: ankles, contacts: footContacts + [.hand("L", surface: nil, orient: false), .hand("R", surface: nil, orient: false)],
            props: [.init(name: "pole", shape: .pole(height: 2.2, radius: 0.03), position: SIMD3(0, 0, 1.1), attach: .palm("L"),
                          follow: SIMD3(0, 1, 0))]),
        ProgressionDefinition(
            id: "pullup-02", name: "Horizontal pulls", duration: 2.5,
            keys: [KeyPose().root(-68).both("upper_arm", -112).both("foot", 20).key(0),
                   KeyPose().root(-52).both("upper_arm", -60).both("forearm", -100).both("foot", 20).j("neck", 10).key(0.5)],
            iconic: 0.5, anchor: ankles,
            contacts: [.foot("L", surface: nil), .foot("R", surface: nil), .hand("L", surface: nil, orient: false), .hand("R", surface: nil, orient: false)],
            props: bar(), view: barView),
        ProgressionDefinition(
            id: "pullup-03", name: "Jackknife pulls", duration: 2.5,
            keys: [hang(width: -12).at(SIMD3(0, 0, 0.85)).both("forearm", 0).both("thigh", -128).both("shin", 0).key(0),
                   pullHalfSide().at(SIMD3(0, 0, 0.85)).both("thigh", -110).both("shin", 0).key(0.25),
                   pullTopSide().at(SIMD3(0, 0, 0.85)).both("thigh", -95).both("shin", 0).key(0.5),
                   pullHalfSide().at(SIMD3(0, 0, 0.85)).both("thigh", -110).both("shin", 0).key(0.75)],
            iconic: 0.5, ground: nil, anchor: grips,
            contacts: gripContacts + [.foot("L", surface: nil), .foot("R", surface: nil)],
            props: bar() + [.init(name: "box", shape: .box(SIMD3(0.7, 0.45, 0.5)), position: SIMD3(0, -0.08, 0),
                                 attach: .ankle("L"), under: "foot.L")],
            view: .from(35, up: 10)),
        ProgressionDefinition(
            id: "pullup-04", name: "Half pullups", duration: 2.5,
            keys: [pullHalf().key(0), pullTop().key(0.5)],
            iconic: 0, ground: nil, anchor: grips, contacts: gripContacts, props: bar(length: 1.3), view: barView),
        ProgressionDefinition(
            id: "pullup-05", name: "Full pullups", duration: 3,
            keys: [hang().key(0), pullHalf().key(0.25), pullTop().key(0.5), pullHalf().key(0.75)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar(length: 1.3), view: barView),
        ProgressionDefinition(
            // The hands touching on the bar (held there by IK through the rep), elbows out in a diamond at the top.
            id: "pullup-06", name: "Close pullups", duration: 3,
            keys: [hang(width: -26).key(0), pullHalf().key(0.25), pullTop().key(0.5), pullHalf().key(0.75)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar(length: 1.0), view: barView),
        ProgressionDefinition(
            // The bar hand narrow above its shoulder with the elbow down in front (the side view's top); the free arm's
            // elbow out to the side and up, its forearm across over the face to grip that wrist just under the bar: an arm
            // framing the head (across the chest it vanished into the torso at 60 pt and read as a one-arm pull).
            id: "pullup-07", name: "Uneven pullups", duration: 3,
            keys: [hang(width: -26).left("upper_arm", -165, 12).left("forearm", -20).key(0),
                   pullTopSide().left("upper_arm", 0, -115).left("forearm", 0, -149).key(0.5)],
            iconic: 0.5, ground: nil, anchor: [.palm("R")],
            contacts: [.hand("R", surface: nil, orient: false),
                       .init(bone: "hand.L", holdOrientation: false, at: .init(bone: "forearm.R", offset: SIMD3(0, 0.17, 0)))],
            props: bar("R", length: 1.3), view: barView),
        ProgressionDefinition(
            id: "pullup-08", name: "Half one-arm pullups", duration: 3,
            keys: [freeArm(pullHalf()).key(0), freeArm(pullTop()).key(0.5)],
            iconic: 0, ground: nil, anchor: [.palm("R")], contacts: [.hand("R", surface: nil, orient: false)],
            props: bar("R", length: 1.3), view: barView),
        ProgressionDefinition(
            // The free (left) hand grips a towel hung from the bar out to the side, a forearm's length below it: the arm
            // reaches up and out at the hang and is level, out to the side, at the top. The bar arm's top is the narrow one
            // (elbow down in front, hand over its shoulder), so the body stays under the bar and the towel in reach.
            id: "pullup-09", name: "Assisted one-arm pullups", duration: 3,
            keys: [hang(width: -26).left("upper_arm", 0, -130).left("forearm", -10).key(0),
                   pullTop().right("upper_arm", -40, -20).right("forearm", -140).left("upper_arm", 0, -95).left("forearm", -15).key(0.5)],
            iconic: 0.5, ground: nil, anchor: [.palm("R")],
            contacts: [.hand("R", surface: nil, orient: false), .hand("L", surface: nil, orient: false)],
            props: bar("R", length: 1.5) + [.init(name: "towel", shape: .box(SIMD3(0.07, 0.025, 0.8)), position: .zero, attach: .palm("L"),
                                                   follow: SIMD3(1, 1, 0), hangFrom: .palm("R"))],
            view: barView),
        ProgressionDefinition(
            id: "pullup-10", name: "One-arm pullups", duration: 3.5,
            keys: [freeArm(hang()).key(0), freeArm(pullHalf()).key(0.25), freeArmDown(pullTop()).key(0.5), freeArm(pullHalf()).key(0.75)],
            iconic: 0.5, ground: nil, anchor: [.palm("R")], contacts: [.hand("R", surface: nil, orient: false)],
            props: bar("R", length: 1.3), view: barView),
    ]
}
