/// Pullups: hanging from a bar (the grip held by moving the root; the bar is put in the hands at
/// the reference key), arms from overhead to chin over the bar.
extension ProgressionLibrary {
    static let hangRoot = SIMD3<Float>(0, 0, 1.2)
    static let grips: [ProgressionDefinition.BodyPoint] = [.palm("L"), .palm("R")]
    /// Both hands held on the bar by IK (the wrists), so the grip does not slide as the arms bend.
    static let gripContacts: [Contact] = [.hand("L", surface: nil, orient: false), .hand("R", surface: nil, orient: false)]

    /// A bar through the grip of hand `side` at the reference key, on a post standing on the floor on the
    /// far side (-X, away from the camera).
    static func bar(_ side: String = "L") -> [ProgressionDefinition.Prop] {
        [.init(name: "bar", shape: .bar(length: 1.4, radius: 0.02), position: .zero, attach: .palm(side), follow: SIMD3(0, 1, 1))]
            + [.init(name: "post", shape: .pole(height: 1, radius: 0.025), position: SIMD3(-0.7, 0, 0),
                     attach: .palm(side), follow: SIMD3(0, 1, 1), standOnFloor: true)]
    }

    /// Dead hang: arms overhead a little wider than the shoulders (`width` degrees out), legs straight.
    static func hang(width: Float = -12) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", -178, width).both("thigh", -5).both("shin", 10)
    }

    /// Chin over the bar: upper arms down at the sides, elbows fully bent.
    static func pullTop(width: Float = -20) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", -40, width).both("forearm", -140).j("neck", -15)
            .both("thigh", -15).both("shin", 35)
    }

    /// Elbows at 90 degrees.
    static func pullHalf(width: Float = -16) -> KeyPose {
        KeyPose().at(hangRoot).both("upper_arm", -125, width).both("forearm", -90).both("thigh", -8).both("shin", 20)
    }

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
            props: bar()),
        ProgressionDefinition(
            id: "pullup-03", name: "Jackknife pulls", duration: 2.5,
            keys: [hang().at(SIMD3(0, 0, 0.85)).both("thigh", -128).both("shin", 0).key(0),
                   pullHalf().at(SIMD3(0, 0, 0.85)).both("thigh", -110).both("shin", 0).key(0.25),
                   pullTop().at(SIMD3(0, 0, 0.85)).both("thigh", -95).both("shin", 0).key(0.5),
                   pullHalf().at(SIMD3(0, 0, 0.85)).both("thigh", -110).both("shin", 0).key(0.75)],
            iconic: 0.5, ground: nil, anchor: grips,
            contacts: gripContacts + [.foot("L", surface: nil), .foot("R", surface: nil)],
            props: bar() + [.init(name: "box", shape: .box(SIMD3(0.7, 0.45, 0.5)), position: SIMD3(0, -0.08, 0),
                                 attach: .ankle("L"), under: "foot.L")]),
        ProgressionDefinition(
            id: "pullup-04", name: "Half pullups", duration: 2.5,
            keys: [pullHalf().key(0), pullTop().key(0.5)],
            iconic: 0, ground: nil, anchor: grips, contacts: gripContacts, props: bar()),
        ProgressionDefinition(
            id: "pullup-05", name: "Full pullups", duration: 3,
            keys: [hang().key(0), pullHalf().key(0.25), pullTop().key(0.5), pullHalf().key(0.75)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar()),
        ProgressionDefinition(
            id: "pullup-06", name: "Close pullups", duration: 3,
            keys: [hang(width: 8).key(0), pullHalf(width: 6).key(0.25), pullTop(width: 4).key(0.5), pullHalf(width: 6).key(0.75)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar()),
        ProgressionDefinition(
            id: "pullup-07", name: "Uneven pullups", duration: 3,
            keys: [hang().left("upper_arm", -165, 10).left("forearm", -25).key(0),
                   pullTop().left("upper_arm", -30, 15).left("forearm", -150).key(0.5)],
            iconic: 0.5, ground: nil, anchor: [.palm("R")], contacts: [.hand("R", surface: nil, orient: false)], props: bar("R")),
        ProgressionDefinition(
            id: "pullup-08", name: "Half one-arm pullups", duration: 3,
            keys: [pullHalf().left("upper_arm", -10, -15).left("forearm", -20).key(0),
                   pullTop().left("upper_arm", -10, -15).left("forearm", -20).key(0.5)],
            iconic: 0.5, ground: nil, anchor: [.palm("R")], contacts: [.hand("R", surface: nil, orient: false)], props: bar("R")),
        ProgressionDefinition(
            id: "pullup-09", name: "Assisted one-arm pullups", duration: 3,
            keys: [hang().left("upper_arm", -150, -10).left("forearm", -5).key(0),
                   pullTop().left("upper_arm", -70, -15).left("forearm", -40).key(0.5)],
            iconic: 0.5, ground: nil, anchor: [.palm("R")], contacts: [.hand("R", surface: nil, orient: false)],
            props: bar("R") + [.init(name: "towel", shape: .box(SIMD3(0.07, 0.015, 0.75)), position: SIMD3(0.22, 0, -0.36),
                                    attach: .init(bone: "hand.R", offset: SIMD3(0, 0.08, 0)), follow: SIMD3(0, 1, 1)),
                   ]),
        ProgressionDefinition(
            id: "pullup-10", name: "One-arm pullups", duration: 3.5,
            keys: [hang().left("upper_arm", -10, -15).left("forearm", -20).key(0),
                   pullHalf().left("upper_arm", -10, -15).left("forearm", -20).key(0.25),
                   pullTop().left("upper_arm", -10, -15).left("forearm", -20).key(0.5),
                   pullHalf().left("upper_arm", -10, -15).left("forearm", -20).key(0.75)],
            iconic: 0.5, ground: nil, anchor: [.palm("R")], contacts: [.hand("R", surface: nil, orient: false)], props: bar("R")),
    ]
}
