/// Handstand pushups: upside down (root x 180, facing +Y), back to a wall, the wrists held where
/// they are planted; holds sway a little.
extension ProgressionLibrary {
    static let wrists: [ProgressionDefinition.BodyPoint] = [.wrist("L"), .wrist("R")]

    /// Upside down, arms overhead, hands flat.
    static func handstand(shoulder: Float = -178, elbow: Float = 0, width: Float = -8) -> KeyPose {
        KeyPose().root(180).both("upper_arm", shoulder, width).both("forearm", elbow).both("hand", 90).j("neck", -20)
            .both("foot", 30)
    }

    /// A wall behind the heels (the figure's back faces -Y).
    static let heelWall = ProgressionDefinition.Prop(
        name: "wall", shape: .box(SIMD3(0.3, 0.04, 2.1)), position: SIMD3(0, 0, 1.05), besideBody: -1)

    /// The headstand and the crow are seen from the figure's front-left (it faces +Y), a little raised.
    /// The handstand pushups that differ in depth are seen from the side, the wall a line behind the
    /// heels; those that differ in what the hands do (together, on a ball, one arm, out to the side)
    /// from the front, the wall hidden behind the figure.
    static let handstandView = ProgressionDefinition.View.from(-35, up: 12)

    static let handstands: [ProgressionDefinition] = [
        ProgressionDefinition(
            id: "handstand-01", name: "Wall headstands", duration: 3,
            keys: [KeyPose().root(180).both("upper_arm", -95).both("forearm", -90).both("hand", 0).j("neck", -10).key(0),
                   KeyPose().root(178).both("upper_arm", -95).both("forearm", -90).both("hand", 0).j("neck", -10).both("thigh", -3).key(0.5)],
            iconic: 0, ground: .init(bones: ["head"]), anchor: [.headTop], contacts: Contact.hands, props: [heelWall],
            view: handstandView),
        ProgressionDefinition(
            id: "handstand-02", name: "Crow stands", duration: 3,
            keys: [KeyPose().root(58).trunk(10).both("thigh", -135, -12).both("shin", 150).both("upper_arm", -78, -6)
                    .both("forearm", -25).both("hand", -65).j("neck", -35).both("foot", 60).both("toe", 20).key(0),
                   KeyPose().root(60).trunk(10).both("thigh", -135, -12).both("shin", 150).both("upper_arm", -80, -6)
                    .both("forearm", -25).both("hand", -65).j("neck", -35).both("foot", 60).both("toe", 20).key(0.5)],
            iconic: 0, anchor: wrists, contacts: Contact.hands, view: handstandView),
        ProgressionDefinition(
            id: "handstand-03", name: "Wall handstands", duration: 3,
            keys: [handstand().key(0), handstand().both("thigh", -3).root(178).key(0.5)],
            iconic: 0, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall], view: .from(-8, up: 8)),
        ProgressionDefinition(
            id: "handstand-04", name: "Half handstand pushups", duration: 3,
            keys: [handstand().key(0), handstand(shoulder: -135, elbow: -45).j("neck", -35).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall], view: .from(-15, up: 8)),
        ProgressionDefinition(
            id: "handstand-05", name: "Handstand pushups", duration: 3,
            keys: [handstand().key(0), handstand(shoulder: -95, elbow: -85).j("neck", -40).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall], view: .from(-15, up: 8)),
        ProgressionDefinition(
            id: "handstand-06", name: "Close handstand pushups", duration: 3,
            keys: [handstand(width: 10).key(0), handstand(shoulder: -95, elbow: -85, width: 10).j("neck", -40).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall], view: .from(-72, up: 10)),
        ProgressionDefinition(
            id: "handstand-07", name: "Uneven handstand pushups", duration: 3,
            keys: [handstand().right("upper_arm", -150).right("forearm", -30).right("hand", 70).key(0),
                   handstand(shoulder: -95, elbow: -85).right("upper_arm", -80).right("forearm", -100).right("hand", 70).j("neck", -40).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.L"]), anchor: [.wrist("L")], contacts: [.hand("L"), .hand("R", surface: 0.24)],
            props: [heelWall, .init(name: "ball", shape: .ball(radius: 0.12), position: SIMD3(0, 0, 0.12), attach: .palm("R"),
                                    follow: SIMD3(1, 1, 0))],
            view: .from(-50, up: 12)),
        ProgressionDefinition(
            id: "handstand-08", name: "Half one-arm handstand pushups", duration: 3,
            keys: [handstand().left("upper_arm", -10, -20).left("forearm", 0).left("hand", 0).key(0),
                   handstand(shoulder: -135, elbow: -45).left("upper_arm", -10, -20).left("forearm", 0).left("hand", 0).j("neck", -35).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.R"]), anchor: [.wrist("R")], contacts: [.hand("R")], props: [heelWall], view: .from(-62, up: 10)),
        ProgressionDefinition(
            id: "handstand-09", name: "Lever handstand pushups", duration: 3,
            keys: [handstand().left("upper_arm", -178, -45).left("hand", 0).key(0),
                   handstand(shoulder: -95, elbow: -85).left("upper_arm", -178, -60).left("forearm", 0).left("hand", 0).j("neck", -40).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.R"]), anchor: [.wrist("R")], contacts: [.hand("R"), .hand("L", surface: 0.24)],
            props: [heelWall, .init(name: "ball", shape: .ball(radius: 0.12), position: SIMD3(0, 0, 0.12), attach: .palm("L"),
                                    follow: SIMD3(1, 1, 0))],
            view: .from(-80, up: 10)),
        ProgressionDefinition(
            id: "handstand-10", name: "One-arm handstand pushups", duration: 3.5,
            keys: [handstand().left("upper_arm", -10, -20).left("forearm", 0).left("hand", 0).key(0),
                   handstand(shoulder: -95, elbow: -85).left("upper_arm", -10, -20).left("forearm", 0).left("hand", 0).j("neck", -40).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.R"]), anchor: [.wrist("R")], contacts: [.hand("R")], props: [heelWall], view: .from(-30, up: 10)),
    ]
}
