/// Pushups: face down (root x about 70-85), feet held at the ankles, hands planted by IK.
/// The figure faces -Y, so its head is towards -Y (screen left in the side view).
extension ProgressionLibrary {
    static func plank(_ body: Float, arms: Float, elbow: Float = 0) -> KeyPose {
        KeyPose().root(body).both("upper_arm", arms).both("forearm", elbow).both("hand", -75 + elbow / 3)
            .both("foot", 35).both("toe", -40).j("neck", -25)
    }

    /// A pushup's low point with the forearms vertical under the chest: body near level, upper arms back
    /// along the body and down (`upper`), elbows bent `elbow` (about 90 at the half, more at the bottom).
    static func pushBottom(_ body: Float = 86, upper: Float = 10, elbow: Float = -95) -> KeyPose {
        KeyPose().root(body).both("upper_arm", upper, 8).both("forearm", elbow).both("hand", -90 - upper - elbow)
            .both("foot", 35).both("toe", -40).j("neck", -30)
    }

    /// The straight-arm top of a pushup; the hands stay where the low point planted them (IK).
    static let pushTop = plank(74, arms: -74)
    static let floorFeet = Contact.feet.map { c -> Contact in var c = c; c.surface = nil; return c }

    static let pushups: [ProgressionDefinition] = [
        ProgressionDefinition(
            id: "pushup-01", name: "Wall pushups", duration: 2.5,
            keys: [KeyPose().root(12).both("upper_arm", -100).both("hand", -90).both("foot", -12).key(0),
                   KeyPose().root(30).both("upper_arm", -95).both("forearm", -100).both("hand", -60).both("foot", -30).j("neck", -15).key(0.5)],
            iconic: 0.5, anchor: [.ankle("L"), .ankle("R")], contacts: Contact.feet + [.hand("L", surface: nil), .hand("R", surface: nil)],
            props: [.init(name: "wall", shape: .box(SIMD3(0.8, 0.06, 1.8)), position: SIMD3(0, -0.06, 0.9),
                          attach: .palm("L"), follow: SIMD3(0, 1, 0))]),
        ProgressionDefinition(
            id: "pushup-02", name: "Incline pushups", duration: 2.5,
            keys: [plank(42, arms: -42).both("foot", 0).key(0), plank(62, arms: -20, elbow: -90).both("foot", 0).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["foot.L"]), anchor: [.ankle("L"), .ankle("R")],
            contacts: Contact.feet + [.hand("L", surface: 0.75), .hand("R", surface: 0.75)],
            props: [.init(name: "box", shape: .box(SIMD3(0.7, 0.45, 0.75)), position: SIMD3(0, 0.05, 0.375), attach: .palm("L"))]),
        ProgressionDefinition(
            id: "pushup-03", name: "Kneeling pushups", duration: 2.5,
            keys: [plank(55, arms: -55).both("shin", 70).both("foot", 40).key(0),
                   plank(70, arms: -30, elbow: -60).both("shin", 55).both("foot", 40).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["shin.L"]), levelWith: "hand.L", anchor: [.knee("L"), .knee("R")], contacts: Contact.hands),
        ProgressionDefinition(
            id: "pushup-04", name: "Half pushups", duration: 2.5,
            keys: [pushTop.key(0), pushBottom(80, upper: -15, elbow: -85).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.L", anchor: ankles,
            contacts: floorFeet + Contact.hands),
        ProgressionDefinition(
            id: "pushup-05", name: "Full pushups", duration: 2.5,
            keys: [pushTop.key(0), pushBottom(88, upper: 25, elbow: -110).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.L", anchor: ankles,
            contacts: floorFeet + Contact.hands),
        ProgressionDefinition(
            id: "pushup-06", name: "Close pushups", duration: 2.5,
            keys: [pushTop.both("upper_arm", -68, 0, -14).key(0),
                   pushBottom(88, upper: 20, elbow: -105).both("upper_arm", 20, 0, -16).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.L", anchor: ankles,
            contacts: floorFeet + Contact.hands, view: .from(40, up: 30)),
        ProgressionDefinition(
            id: "pushup-07", name: "Uneven pushups", duration: 2.5,
            keys: [pushTop.right("upper_arm", -80).right("forearm", -40).key(0),
                   pushBottom(86, upper: 25, elbow: -110).right("upper_arm", -20).right("forearm", -60).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.L", anchor: ankles,
            contacts: floorFeet + [.hand("L"), .hand("R", surface: 0.24)],
            props: [.init(name: "ball", shape: .ball(radius: 0.12), position: SIMD3(0, 0, 0.12), attach: .palm("R"),
                          follow: SIMD3(1, 1, 0))],
            view: .from(50, up: 20)),
        ProgressionDefinition(
            id: "pushup-08", name: "Half one-arm pushups", duration: 2.5,
            keys: [pushTop.right("upper_arm", -66, 10).left("upper_arm", 40, -10).left("forearm", -90).left("hand", 0)
                    .both("thigh", 0, -22).key(0),
                   pushBottom(80, upper: -15, elbow: -85).left("upper_arm", 50, -10).left("forearm", -90).left("hand", 0)
                    .both("thigh", 0, -22).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.R", anchor: ankles,
            contacts: floorFeet + [.hand("R")], view: .from(-30, up: 30)),
        ProgressionDefinition(
            id: "pushup-09", name: "Lever pushups", duration: 2.5,
            keys: [pushTop.left("upper_arm", -20, -80).left("forearm", -25).left("hand", 0).key(0),
                   pushBottom(86, upper: 25, elbow: -110).left("upper_arm", -10, -80).left("forearm", -55).left("hand", 0).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.R", anchor: ankles,
            contacts: floorFeet + [.hand("R"), .hand("L", surface: 0.24)],
            props: [.init(name: "ball", shape: .ball(radius: 0.12), position: SIMD3(0, 0, 0.12), attach: .palm("L"),
                          follow: SIMD3(1, 1, 0))],
            view: .from(75, up: 25)),
        ProgressionDefinition(
            id: "pushup-10", name: "One-arm pushups", duration: 3,
            keys: [pushTop.right("upper_arm", -66, 10).left("upper_arm", 40, -10).left("forearm", -90).left("hand", 0)
                    .both("thigh", 0, -22).key(0),
                   pushBottom(88, upper: 25, elbow: -110).left("upper_arm", 50, -10).left("forearm", -90).left("hand", 0)
                    .both("thigh", 0, -22).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.R", anchor: ankles,
            contacts: floorFeet + [.hand("R")], view: .from(-35, up: 35)),
    ]
}
