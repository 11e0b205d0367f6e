/// Handstand pushups: upside down (root x 180, facing +Y), back to a thin wall, the wrists held where
/// they are planted; holds sway a little.
///
/// Camera rule (one side for the row, see docs/reading-at-a-glance.md):
/// - Steps that differ in how the body rests on the floor and how deep it goes are seen from the front-left
///   three-quarter: 01-05 raised (``depthView``: headstand on the forearms, crow with the feet in the air, straight
///   arms, elbows at 40 with the head clear of the floor, head on the floor), and the two one-arm steps, 08
///   (halfway) and 10 (bottom), from the same side but level (``levelDepthView``). From that side the arms' bend, the
///   head's gap to the floor and the feet off it are outlines and the two arms part (from the side they lay on one
///   another: 01 and 05 read alike); the one-arm steps' split legs are a V. The one-arm steps have no wall and differ
///   in depth alone: seen level, the floor is a line and the head is on it (10) or clear of it (08). Raised, the
///   slab's top face took up the head's gap and a rater read the two for each other (seed 33100).
/// - Steps that differ in what the hands do (06 touching, 07 one on a ball, 09 the free arm straight out onto a
///   ball) share one raised front three-quarter view (``handsView``) where both hands and the free arm are in
///   front of the head and the wall hides behind the back.
extension ProgressionLibrary {
    static let wrists: [ProgressionDefinition.BodyPoint] = [.wrist("L"), .wrist("R")]

    /// Upside down, arms overhead, hands flat.
    static func handstand(shoulder: Float = -178, elbow: Float = 0, width: Float = -8) -> KeyPose {
        KeyPose().root(180).both("upper_arm", shoulder, width).both("forearm", elbow).both("hand", 90).j("neck", -20)
            .both("foot", 30)
    }

    /// The bottom of a handstand pushup: upper arms level, forearms upright, the top of the head on the floor.
    static func handstandBottom(width: Float = -8, elbow: Float = -85) -> KeyPose {
        handstand(shoulder: -95, elbow: elbow, width: width).j("neck", -40)
    }
    /// Halfway: elbows bent about 40 degrees, the head well clear of the floor (the bottom puts it on the floor:
    /// the gap is what tells the two apart at 60 pt).
    static let handstandHalf = handstand(shoulder: -140, elbow: -40).j("neck", -35)

    /// A thin, narrow wall behind the heels (the figure's back faces -Y): a line in the side view, hidden
    /// behind the body in the front view.
    static let heelWall = ProgressionDefinition.Prop(
        name: "wall", shape: .box(SIMD3(0.12, 0.02, 2.1)), position: SIMD3(0, 0, 1.05), besideBody: -1)

    /// The one-arm steps (08, 10) split the legs, one forward and one back, 30 degrees each, away from the wall, as
    /// one-arm handstands balance. The legs are the figure's largest parts, so the V is a cue that reads at 60 pt: with
    /// the legs together a free arm out or on the hip was a few pixels and 08 read as 04 or 07, 10 as 05. The split is
    /// forward and back (not a side straddle) so that it shows from the depth side (``levelDepthView``), where 08's half and 10's bottom
    /// differ as 04 and 05 do (seen from the front, a straddle hid the arm's bend and the two read for each other).
    static func splitLegs(_ k: KeyPose) -> KeyPose { k.left("thigh", -30).right("thigh", 30) }

    /// Steps 01-05: from the figure's left side turned 25 degrees to its front, raised.
    static let depthView = ProgressionDefinition.View.from(-25, up: 20)
    /// Steps 08 and 10: the same side, level (6 degrees up), so that the floor is a line under the head.
    static let levelDepthView = ProgressionDefinition.View.from(-25, up: 6)
    /// Steps 06, 07 and 09: from the figure's front-left, raised.
    static let handsView = ProgressionDefinition.View.from(-65, up: 26)

    /// Half one-arm: the free (left) arm out to the side and up towards the feet, well off the floor (not the lever
    /// arm of 09, which goes straight out and down onto its ball).
    static func freeArmOut(_ k: KeyPose) -> KeyPose { k.left("upper_arm", 0, -42).left("forearm", 0).left("hand", 0) }
    /// One-arm steps at the bottom: the free (left) hand on the hip, elbow out (a triangle up by the hips, far from the
    /// hands; the upper arm turned so that the elbow bends as a hinge in the body's plane). Held 14 degrees off the body
    /// it read as 08's free arm out to the side; held against the body it vanished and the step read as 06.
    static func freeArmIn(_ k: KeyPose) -> KeyPose { k.left("upper_arm", 45, 0, -90).left("forearm", -85).left("hand", 0) }

    static let handstands: [ProgressionDefinition] = [
        ProgressionDefinition(
            // Forearm headstand: forearms flat on the floor in front of the head, hands together.
            id: "handstand-01", name: "Wall headstands", duration: 3,
            keys: [KeyPose().root(180).both("upper_arm", -175, 0, 160).both("forearm", -90).both("hand", 0).both("foot", 30).key(0),
                   KeyPose().root(178).both("upper_arm", -175, 0, 160).both("forearm", -90).both("hand", 0).both("foot", 30)
                    .both("thigh", -3).key(0.5)],
            iconic: 0, ground: .init(bones: ["head"]), anchor: [.headTop], contacts: Contact.hands, props: [heelWall],
            view: depthView),
        ProgressionDefinition(
            // Crow: body tipped forward over the hands, knees on the backs of the upper arms, feet high off the floor.
            id: "handstand-02", name: "Crow stands", duration: 3,
            keys: [KeyPose().root(90).trunk(10).both("thigh", -130, 0, 30).both("shin", 155).both("upper_arm", -80)
                    .both("forearm", -25).both("hand", -65).j("neck", -35).both("foot", 40).key(0),
                   KeyPose().root(88).trunk(10).both("thigh", -130, 0, 30).both("shin", 155).both("upper_arm", -82)
                    .both("forearm", -25).both("hand", -65).j("neck", -35).both("foot", 40).key(0.5)],
            iconic: 0, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, view: depthView),
        ProgressionDefinition(
            id: "handstand-03", name: "Wall handstands", duration: 3,
            keys: [handstand().key(0), handstand().both("thigh", -3).root(178).key(0.5)],
            iconic: 0, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall], view: depthView),
        ProgressionDefinition(
            id: "handstand-04", name: "Half handstand pushups", duration: 3,
            keys: [handstand().key(0), handstandHalf.key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall], view: depthView),
        ProgressionDefinition(
            id: "handstand-05", name: "Handstand pushups", duration: 3,
            keys: [handstand().key(0), handstandBottom().key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall], view: depthView),
        ProgressionDefinition(
            // Hands touching in front of the face, elbows out (a diamond).
            id: "handstand-06", name: "Close handstand pushups", duration: 3,
            keys: [handstand(width: 10).key(0), handstand(shoulder: -103, elbow: -86, width: -35).j("neck", -40).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["hand.L"]), anchor: wrists, contacts: Contact.hands, props: [heelWall],
            view: handsView),
        ProgressionDefinition(
            id: "handstand-07", name: "Uneven handstand pushups", duration: 3,
            keys: [handstand().right("upper_arm", -150).right("forearm", -30).right("hand", 70).key(0),
                   handstandBottom().right("upper_arm", -80).right("forearm", -100).right("hand", 70).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.L"]), anchor: [.wrist("L")], contacts: [.hand("L"), .hand("R", surface: 0.3)],
            props: [heelWall, .init(name: "ball", shape: .ball(radius: 0.15), position: SIMD3(0, 0, 0.15), attach: .palm("R"),
                                    follow: SIMD3(1, 1, 0))],
            view: handsView),
        ProgressionDefinition(
            id: "handstand-08", name: "Half one-arm handstand pushups", duration: 3,
            keys: [splitLegs(freeArmOut(handstand())).key(0), splitLegs(freeArmOut(handstandHalf)).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.R"]), anchor: [.wrist("R")], contacts: [.hand("R")], view: levelDepthView),
        ProgressionDefinition(
            // The lever arm straight out to the side at shoulder height, its hand on a ball; the rep rises part way
            // (the straight arm keeps the ball).
            id: "handstand-09", name: "Lever handstand pushups", duration: 3,
            keys: [handstand(shoulder: -108, elbow: -72).left("upper_arm", 0, -80).left("forearm", -10).left("hand", 0).j("neck", -38).key(0),
                   handstandBottom().left("upper_arm", 0, -90).left("forearm", -18).left("hand", 0).key(0.5)],
            iconic: 0.5, referenceKey: 1, ground: .init(bones: ["hand.R"]), anchor: [.wrist("R")],
            contacts: [.hand("R"), .hand("L", surface: 0.22)],
            props: [heelWall, .init(name: "ball", shape: .ball(radius: 0.11), position: SIMD3(0, 0, 0.11), attach: .palm("L"),
                                    follow: SIMD3(1, 1, 0))],
            view: handsView),
        ProgressionDefinition(
            id: "handstand-10", name: "One-arm handstand pushups", duration: 3.5,
            keys: [splitLegs(freeArmIn(handstand())).key(0), splitLegs(freeArmIn(handstandBottom())).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hand.R"]), anchor: [.wrist("R")], contacts: [.hand("R")], view: levelDepthView),
    ]
}
