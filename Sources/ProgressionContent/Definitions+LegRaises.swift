/// Leg raises: seated on a box, lying on the back (head towards +Y, pelvis held) or hanging from a bar.
///
/// Camera rule (see docs/reading-at-a-glance.md): the steps differ in the legs' angle to the body, so they are seen
/// from the side; the hanging steps (06-10) turned a little (``hangingLegView``) so the bar is a line across the
/// hands, not a dot. The two frog steps differ in the legs' shape instead (knees wide, soles together), which
/// only shows across the body: the lying one (04) from above its feet, the hanging one (08) from the front-left.
extension ProgressionLibrary {
    static let lying = KeyPose().root(-90)
    /// Hanging leg raises: mostly from the side, so the legs' angle reads, turned enough that the bar is a line across the hands.
    static let hangingLegView = ProgressionDefinition.View.from(28, up: 10)
    /// The hanging frog (08): the knees open wide and the soles together at the top, seen from the front-left so
    /// the diamond of the legs shows (from the side it is one more knee raise). The lying frog (04) is seen from
    /// above (10°, 80°) with the thighs 25° off the mat: the body on the mat with the knees wide out to both sides
    /// and the soles together, a frog on its back (raised higher, the thighs point at the camera and the diamond is lost).
    static let frogView = ProgressionDefinition.View.from(45, up: 20)

    static let legRaises: [ProgressionDefinition] = [
        ProgressionDefinition(
            id: "legraise-01", name: "Knee tucks", duration: 2.5,
            keys: [KeyPose().root(-28).both("thigh", -62).both("shin", 25).both("upper_arm", 38).both("hand", -80).j("neck", 15).key(0),
                   KeyPose().root(-42).trunk(18).both("thigh", -142).both("shin", 135).both("upper_arm", 45).both("hand", -80).key(0.5)],
            iconic: 0.5, ground: .init(bones: ["hips"], height: 0.45), anchor: [.seat],
            contacts: [.hand("L", surface: 0.45), .hand("R", surface: 0.45)],
            props: [.init(name: "box", shape: .box(SIMD3(0.6, 0.45, 0.45)), position: SIMD3(0, 0.12, 0.225), attach: .seat)]),
        ProgressionDefinition(
            id: "legraise-02", name: "Flat knee raises", duration: 2.5,
            keys: [lying.both("thigh", -45).both("shin", 95).both("foot", 45).key(0),
                   lying.both("thigh", -95).both("shin", 95).both("foot", 20).key(0.5)],
            iconic: 0.5, anchor: [.seat]),
        ProgressionDefinition(
            id: "legraise-03", name: "Flat bent leg raises", duration: 2.5,
            keys: [lying.both("thigh", -8).both("shin", 30).both("foot", 20).key(0),
                   lying.both("thigh", -90).both("shin", 30).both("foot", 20).key(0.5)],
            iconic: 0.5, anchor: [.seat]),
        ProgressionDefinition(
            id: "legraise-04", name: "Flat frog raises", duration: 3,
            keys: [lying.both("foot", 20).key(0), lying.both("thigh", -60).both("shin", 100).both("foot", 20).key(0.3),
                   lying.both("thigh", -65, 15, 70).both("shin", 115).both("foot", 20).key(0.5),
                   lying.both("thigh", -80).both("foot", 20).key(0.75)],
            iconic: 0.5, anchor: [.seat], view: .from(10, up: 80)),
        ProgressionDefinition(
            id: "legraise-05", name: "Flat straight leg raises", duration: 3,
            keys: [lying.both("foot", 20).key(0), lying.both("thigh", -90).both("foot", 20).key(0.5)],
            iconic: 0.5, anchor: [.seat]),
        ProgressionDefinition(
            id: "legraise-06", name: "Hanging knee raises", duration: 2.5,
            keys: [hang().key(0), hang().root(12).both("thigh", -115).both("shin", 120).key(0.5)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar(), view: hangingLegView),
        ProgressionDefinition(
            id: "legraise-07", name: "Hanging bent leg raises", duration: 2.5,
            keys: [hang().both("shin", 30).key(0), hang().root(10).both("thigh", -126).both("shin", 58).key(0.5)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar(), view: hangingLegView),
        ProgressionDefinition(
            id: "legraise-08", name: "Hanging frog raises", duration: 3,
            keys: [hang().key(0), hang().root(8).both("thigh", -70).both("shin", 100).key(0.3),
                   hang().root(12).both("thigh", -105, 45, 25).both("shin", 125).key(0.5), hang().root(6).both("thigh", -80).both("shin", 0).key(0.75)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar(), view: frogView),
        ProgressionDefinition(
            id: "legraise-09", name: "Partial straight leg raises", duration: 2.5,
            keys: [hang().both("shin", 0).key(0), hang().root(3).both("thigh", -45).both("shin", 0).key(0.5)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar(), view: hangingLegView),
        ProgressionDefinition(
            id: "legraise-10", name: "Hanging straight leg raises", duration: 3,
            keys: [hang().both("shin", 0).key(0), hang().root(10).both("thigh", -92).both("shin", 0).key(0.5)],
            iconic: 0.5, ground: nil, anchor: grips, contacts: gripContacts, props: bar(), view: hangingLegView),
    ]
}
