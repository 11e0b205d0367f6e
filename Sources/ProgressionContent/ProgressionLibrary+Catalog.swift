import AssetCatalog

/// Names and standards of the Big Six (`../shared/PROGRESSIONS.md`), written as there:
/// `"1x10 2x25 3x50"` (sets x reps for beginner, intermediate, progression), `"30s 60s 120s"` for
/// holds, a trailing `" each"` for per-arm or per-leg standards. `catalog(poseTime:)` turns them
/// into `Assets/catalog.json`; edit the table here (or the generated catalog) to correct one.
extension ProgressionLibrary {
    static let exercises: [(id: String, name: String, progressions: [(name: String, standards: String)])] = [
        ("pushup", "Pushups", [
            ("Wall pushups", "1x10 2x25 3x50"), ("Incline pushups", "1x10 2x20 3x40"),
            ("Kneeling pushups", "1x10 2x15 3x30"), ("Half pushups", "1x8 2x12 2x25"),
            ("Full pushups", "1x5 2x10 2x20"), ("Close pushups", "1x5 2x10 2x20"),
            ("Uneven pushups", "1x5 2x10 2x20 each"), ("Half one-arm pushups", "1x5 2x10 2x20 each"),
            ("Lever pushups", "1x5 2x10 2x20 each"), ("One-arm pushups", "1x5 2x10 1x100 each"),
        ]),
        ("squat", "Squats", [
            ("Shoulderstand squats", "1x10 2x25 3x50"), ("Jackknife squats", "1x10 2x20 3x40"),
            ("Supported squats", "1x10 2x15 3x30"), ("Half squats", "1x8 2x35 2x50"),
            ("Full squats", "1x5 2x10 2x30"), ("Close squats", "1x5 2x10 2x20"),
            ("Uneven squats", "1x5 2x10 2x20 each"), ("Half one-leg squats", "1x5 2x10 2x20 each"),
            ("Assisted one-leg squats", "1x5 2x10 2x20 each"), ("One-leg squats", "1x5 2x10 2x50 each"),
        ]),
        ("pullup", "Pullups", [
            ("Vertical pulls", "1x10 2x20 3x40"), ("Horizontal pulls", "1x10 2x20 3x30"),
            ("Jackknife pulls", "1x10 2x15 3x20"), ("Half pullups", "1x8 2x11 2x15"),
            ("Full pullups", "1x5 2x8 2x10"), ("Close pullups", "1x5 2x8 2x10"),
            ("Uneven pullups", "1x5 2x7 2x9 each"), ("Half one-arm pullups", "1x4 2x6 2x8 each"),
            ("Assisted one-arm pullups", "1x3 2x5 2x7 each"), ("One-arm pullups", "1x1 2x3 2x6 each"),
        ]),
        ("legraise", "Leg raises", [
            ("Knee tucks", "1x10 2x25 3x40"), ("Flat knee raises", "1x10 2x20 3x35"),
            ("Flat bent leg raises", "1x10 2x15 3x30"), ("Flat frog raises", "1x8 2x15 3x25"),
            ("Flat straight leg raises", "1x5 2x10 2x20"), ("Hanging knee raises", "1x5 2x10 2x15"),
            ("Hanging bent leg raises", "1x5 2x10 2x15"), ("Hanging frog raises", "1x5 2x10 2x15"),
            ("Partial straight leg raises", "1x5 2x10 2x15"), ("Hanging straight leg raises", "1x5 2x10 2x30"),
        ]),
        ("bridge", "Bridges", [
            ("Short bridges", "1x10 2x25 3x50"), ("Straight bridges", "1x10 2x20 3x40"),
            ("Angled bridges", "1x8 2x15 3x30"), ("Head bridges", "1x8 2x15 2x25"),
            ("Half bridges", "1x8 2x15 2x20"), ("Full bridges", "1x6 2x10 2x15"),
            ("Wall walking bridges (down)", "1x3 2x6 2x10"), ("Wall walking bridges (up)", "1x2 2x4 2x8"),
            ("Closing bridges", "1x1 2x3 2x6"), ("Stand-to-stand bridges", "1x1 2x3 2x10"),
        ]),
        ("handstand", "Handstand pushups", [
            ("Wall headstands", "30s 60s 120s"), ("Crow stands", "10s 30s 60s"),
            ("Wall handstands", "30s 60s 120s"), ("Half handstand pushups", "1x5 2x10 2x20"),
            ("Handstand pushups", "1x5 2x10 2x15"), ("Close handstand pushups", "1x5 2x9 2x12"),
            ("Uneven handstand pushups", "1x5 2x8 2x10 each"), ("Half one-arm handstand pushups", "1x4 2x6 2x8 each"),
            ("Lever handstand pushups", "1x3 2x4 2x6 each"), ("One-arm handstand pushups", "1x1 2x2 1x5 each"),
        ]),
    ]

    /// Parses one standards string of the table.
    static func standards(_ text: String) -> [Catalog.Standard] {
        let words = text.split(separator: " ")
        let each = words.last == "each"
        let levels = ["beginner", "intermediate", "progression"]
        return words.filter { $0 != "each" }.enumerated().map { i, w in
            var s = Catalog.Standard(level: levels[min(i, 2)])
            if w.hasSuffix("s"), let secs = Int(w.dropLast()) {
                s.holdSeconds = secs
            } else {
                let parts = w.split(separator: "x")
                s.sets = parts.first.flatMap { Int($0) }
                s.reps = parts.last.flatMap { Int($0) }
            }
            if each { s.eachSide = true }
            return s
        }
    }

    static func catalog(poseTime: Float) -> Catalog {
        var catalog = Catalog(baseModel: "Models/base-model.dae", style: "icon-style.json", exercises: exercises.map { e in
            Catalog.Exercise(id: e.id, name: e.name, progressions: e.progressions.enumerated().map { i, p in
                let id = "\(e.id)-\(i + 1 < 10 ? "0" : "")\(i + 1)"
                return Catalog.Progression(id: id, stage: i, name: p.name, standards: standards(p.standards),
                                           animation: "Animations/\(id).dae", pose: "Poses/\(id)-pose.dae",
                                           poseTime: poseTime, loops: true, iconOffset: nil)
            })
        })
        // The rigs are written as the app's maker exported them, in <animation id="action_container-rig">.
        catalog.animationContainer = "action_container-rig"
        return catalog
    }
}
