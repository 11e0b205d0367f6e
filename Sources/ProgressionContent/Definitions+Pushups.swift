/// Pushups: face down (root x about 70-85), feet held at the ankles, hands planted by IK.
/// The figure faces -Y, so its head is towards -Y (screen left in the side view).
///
/// Camera rule (one for the row, see docs/reading-at-a-glance.md):
/// - Steps 01-05 differ in the incline and the depth (wall, box, knees, elbows at 90, chest to the floor): they
///   are seen from the side (``View/side``), where the body's slope and the bend of the arms are the outline.
/// - Steps 06-10 all go down on the floor and differ in what the hands do (touching, one on a ball, the free arm
///   behind the back, the free arm straight out on a ball, one arm): they share one moderately raised
///   three-quarter view from the head end on the figure's right (``pushHandsView``), a steady view in which the
///   floor stays level, the hands show under the chest, the free (left) arm and its ball stand out beyond the head
///   (out to the side reads as out to the side, not along the body) and the arm behind the back lies on top.
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
    /// Steps 06-10: from the figure's front-right (the head end), moderately raised.
    static let pushHandsView = ProgressionDefinition.View.from(115, up: 18)

    /// The free (left) arm behind the back of the one-arm steps: elbow up and out, the forearm across the small of the back.
    static func armBehindBack(_ k: KeyPose) -> KeyPose { k.left("upper_arm", 45, 30, -20).left("forearm", -70).left("hand", 0) }

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
            // Hands touching under the chest (a diamond), elbows out.
            id: "pushup-06", name: "Close pushups", duration: 2.5,
            keys: [pushTop.both("upper_arm", -68, 0, -20).key(0),
                   pushBottom(88, upper: 8, elbow: -100).both("upper_arm", 8, 0, -33).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.L", anchor: ankles,
            contacts: floorFeet + Contact.hands, view: pushHandsView),
        ProgressionDefinition(
            // The left hand on a ball beside the chest, arm bent and out; the right hand on the floor under the chest.
            id: "pushup-07", name: "Uneven pushups", duration: 2.5,
            keys: [pushTop.left("upper_arm", -30, -70, 15).left("forearm", -60).left("hand", 60, 0, -40).key(0),
                   pushBottom(86, upper: 25, elbow: -110).left("upper_arm", 0, -70, 15).left("forearm", -80).left("hand", 60, 0, -40).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.R", anchor: ankles,
            contacts: floorFeet + [.hand("R"), .hand("L", surface: 0.22)],
            props: [.init(name: "ball", shape: .ball(radius: 0.11), position: SIMD3(0, 0, 0.11), attach: .palm("L"),
                          follow: SIMD3(1, 1, 0))],
            view: pushHandsView),
        ProgressionDefinition(
            id: "pushup-08", name: "Half one-arm pushups", duration: 2.5,
            keys: [armBehindBack(pushTop.right("upper_arm", -66, 10)).both("thigh", 0, -22).key(0),
                   armBehindBack(pushBottom(76, upper: -32, elbow: -55)).both("thigh", 0, -22).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.R", anchor: ankles,
            contacts: floorFeet + [.hand("R")], view: pushHandsView),
        ProgressionDefinition(
            // The left arm straight out to the side, its hand on a ball; the rep rises part way so the straight
            // arm keeps the ball.
            id: "pushup-09", name: "Lever pushups", duration: 2.5,
            keys: [pushBottom(84, upper: 0, elbow: -85).left("upper_arm", -10, -75).left("forearm", -5).left("hand", 0).key(0),
                   pushBottom(86, upper: 25, elbow: -110).left("upper_arm", -10, -82).left("forearm", -12).left("hand", 0).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.R", anchor: ankles,
            contacts: floorFeet + [.hand("R"), .hand("L", surface: 0.2)],
            props: [.init(name: "ball", shape: .ball(radius: 0.1), position: SIMD3(0, 0, 0.1), attach: .palm("L"),
                          follow: SIMD3(1, 1, 0))],
            view: pushHandsView),
        ProgressionDefinition(
            id: "pushup-10", name: "One-arm pushups", duration: 3,
            keys: [armBehindBack(pushTop.right("upper_arm", -66, 10)).both("thigh", 0, -22).key(0),
                   armBehindBack(pushBottom(88, upper: 25, elbow: -110)).both("thigh", 0, -22).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["toe.L"]), levelWith: "hand.R", anchor: ankles,
            contacts: floorFeet + [.hand("R")], view: pushHandsView),
    ]
}
