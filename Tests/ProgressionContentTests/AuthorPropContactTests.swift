import ColladaKit
import Testing
@testable import ProgressionContent

/// Where a movement says the body touches a prop or the floor (hands on the bar, the head on the floor,
/// the ball under the back, a hand on the ball, the towel in the hand), it does, at every frame of the rep:
/// the skinned vertices of the touching part come within 3 cm of the prop's surface, and (except for a
/// grip, where the bar runs through the closed hand) sink no more than 3 cm into it. One touch holds at
/// the iconic moment only: squat-09's hand on the ball, which pushes off it and leaves it as the body rises, and the
/// head on the floor at the bottom of a handstand pushup.
///
/// The step's own cue holds at the iconic moment (the pose file's frames, so the icon): the two hands of a close step
/// touch (their vertices within 3 cm, never more than 3 cm into each other), and a ball that a hand or foot rests on
/// lies under it (the touching vertices above the ball's centre) and beside the body, not inside it.
@Suite struct AuthorPropContactTests {
    struct Touch: Sendable, CustomTestStringConvertible {
        var id: String
        /// Bones whose vertices touch (each bone's own vertices, by largest weight).
        var bones: [String]
        /// The prop's name; `nil` for the floor.
        var prop: String?
        var isGrip = false
        /// `false`: the touch holds at the iconic moment (the pose file's frames) only (a hand that pushes off
        /// a ball at the bottom of a squat and leaves it as the body rises).
        var wholeRep = true
        var testDescription: String { "\(id): \(bones.joined(separator: "+")) on \(prop ?? "the floor")" }
    }

    static let hands = ["hand.L", "hand.R"]
    static let touches: [Touch] = {
        var t: [Touch] = []
        for n in 2...10 where n != 3 {
            let id = "pullup-" + (n < 10 ? "0\(n)" : "\(n)")
            // One-arm steps hold the bar with the right hand; pullup-07's left hand holds the right wrist.
            let holding = [7, 8, 9, 10].contains(n) ? ["hand.R"] : hands
            for h in holding { t.append(Touch(id: id, bones: [h], prop: "bar", isGrip: true)) }
        }
        t.append(Touch(id: "pullup-03", bones: ["hand.L"], prop: "bar", isGrip: true))
        t.append(Touch(id: "pullup-03", bones: ["foot.L", "toe.L"], prop: "box"))
        t.append(Touch(id: "pullup-09", bones: ["hand.L"], prop: "towel", isGrip: true))
        for n in 6...10 { for h in hands { t.append(Touch(id: "legraise-" + (n < 10 ? "0\(n)" : "\(n)"), bones: [h], prop: "bar", isGrip: true)) } }
        t.append(Touch(id: "legraise-01", bones: ["hips"], prop: "box"))
        t.append(Touch(id: "handstand-01", bones: ["head"], prop: nil))
        t.append(Touch(id: "bridge-04", bones: ["head"], prop: nil))
        t.append(Touch(id: "bridge-05", bones: ["spine", "hips"], prop: "ball"))
        t.append(Touch(id: "bridge-03", bones: ["hand.L"], prop: "box"))
        t.append(Touch(id: "bridge-07", bones: ["hand.L"], prop: "wall"))
        t.append(Touch(id: "bridge-08", bones: ["hand.L"], prop: "wall"))
        t.append(Touch(id: "pushup-01", bones: ["hand.L"], prop: "wall"))
        t.append(Touch(id: "pushup-02", bones: ["hand.L"], prop: "box"))
        t.append(Touch(id: "pushup-07", bones: ["hand.L"], prop: "ball"))
        t.append(Touch(id: "pushup-09", bones: ["hand.L"], prop: "ball"))
        t.append(Touch(id: "squat-02", bones: ["hand.L"], prop: "box"))
        t.append(Touch(id: "squat-07", bones: ["foot.R", "toe.R"], prop: "ball"))
        t.append(Touch(id: "squat-09", bones: ["hand.L"], prop: "ball", wholeRep: false))
        // The head on the floor where the step says so: the bottom of a handstand pushup (and of the close one).
        t.append(Touch(id: "handstand-05", bones: ["head"], prop: nil, wholeRep: false))
        t.append(Touch(id: "handstand-06", bones: ["head"], prop: nil, wholeRep: false))
        t.append(Touch(id: "handstand-07", bones: ["hand.R"], prop: "ball"))
        t.append(Touch(id: "handstand-09", bones: ["hand.L"], prop: "ball"))
        return t
    }()

    /// Signed distance (metres) from `p` to the surface of a placed prop: negative inside.
    static func distance(_ p: SIMD3<Float>, to prop: BakedMotion.PlacedProp) -> Float {
        let q = p - prop.centre
        switch prop.shape {
        case .box(let size):
            let d = SIMD3(abs(q.x), abs(q.y), abs(q.z)) - size / 2
            let outside = SIMD3(max(d.x, 0), max(d.y, 0), max(d.z, 0))
            return simdLength(outside) + min(max(d.x, max(d.y, d.z)), 0)
        case .bar(let length, let radius):
            let along = max(abs(q.x) - length / 2, 0)
            return hypot(along, hypot(q.y, q.z)) - radius
        case .pole(let height, let radius):
            let along = max(abs(q.z) - height / 2, 0)
            return hypot(along, hypot(q.x, q.y)) - radius
        case .ball(let radius):
            return simdLength(q) - radius
        }
    }

    static func hypot(_ a: Float, _ b: Float) -> Float { (a * a + b * b).squareRoot() }

    @Test(arguments: touches)
    func touchHoldsThroughTheRep(_ touch: Touch) throws {
        let def = try #require(ProgressionLibrary.all.first { $0.id == touch.id })
        let author = AssetAuthor()
        let builder = author.builder
        let motion = builder.bake(def)
        var prop: BakedMotion.PlacedProp?
        if let name = touch.prop {
            prop = try #require(motion.props.first { $0.name == name }, "\(touch.id) has no prop \(name)")
        }
        let bones = Set(touch.bones.compactMap { author.skeleton.index($0) })
        #expect(bones.count == touch.bones.count)
        var farthest: Float = -.infinity, deepest: Float = .infinity
        let frames = touch.wholeRep ? motion.frames : AssetAuthor.poseFrames(motion).map { motion.frames[$0] }
        for frame in frames {
            var nearest: Float = .infinity
            for (v, p) in builder.skinned(frame).enumerated() where bones.contains(builder.dominantBone[v]) {
                let d = prop.map { Self.distance(p, to: $0) } ?? p.z
                nearest = min(nearest, d)
            }
            farthest = max(farthest, nearest)
            deepest = min(deepest, nearest)
        }
        #expect(farthest <= 0.03, "\(touch.testDescription): \(farthest * 100) cm away at some frame")
        if !touch.isGrip {
            #expect(deepest >= -0.03, "\(touch.testDescription): sinks \(-deepest * 100) cm into it")
        }
    }

    /// Close steps: the two hands touch at the iconic moment.
    static let closeSteps = ["pushup-06", "pullup-06", "handstand-06"]

    @Test(arguments: closeSteps)
    func closeHandsTouch(_ id: String) throws {
        let def = try #require(ProgressionLibrary.all.first { $0.id == id })
        let author = AssetAuthor()
        let builder = author.builder
        let motion = builder.bake(def)
        let left = try #require(author.skeleton.index("hand.L")), right = try #require(author.skeleton.index("hand.R"))
        for f in AssetAuthor.poseFrames(motion) {
            let verts = builder.skinned(motion.frames[f])
            let l = verts.indices.filter { builder.dominantBone[$0] == left }.map { verts[$0] }
            let r = verts.indices.filter { builder.dominantBone[$0] == right }.map { verts[$0] }
            var nearest: Float = .infinity
            for a in l { for b in r { nearest = min(nearest, simdLength(a - b)) } }
            #expect(nearest <= 0.03, "\(id): the hands are \(nearest * 100) cm apart at frame \(f)")
            // Not one hand inside the other: the wrists stay at least a hand's thickness apart.
            let wl = motion.frames[f].world[left].transformPoint(.zero), wr = motion.frames[f].world[right].transformPoint(.zero)
            #expect(simdLength(wl - wr) >= 0.035, "\(id): the wrists are \(simdLength(wl - wr) * 100) cm apart at frame \(f)")
        }
    }

    /// Balls a hand or foot rests on: (id, the resting bones).
    static let ballSupports: [(String, [String])] = [
        ("pushup-07", ["hand.L"]), ("pushup-09", ["hand.L"]), ("squat-07", ["foot.R", "toe.R"]), ("squat-09", ["hand.L"]),
        ("handstand-07", ["hand.R"]), ("handstand-09", ["hand.L"]),
    ]

    @Test(arguments: ballSupports.map(\.0))
    func ballIsUnderTheNamedHandOrFoot(_ id: String) throws {
        let bonesNamed = try #require(Self.ballSupports.first { $0.0 == id }?.1)
        let def = try #require(ProgressionLibrary.all.first { $0.id == id })
        let author = AssetAuthor()
        let builder = author.builder
        let motion = builder.bake(def)
        let ball = try #require(motion.props.first { $0.name == "ball" })
        let bones = Set(bonesNamed.compactMap { author.skeleton.index($0) })
        for f in AssetAuthor.poseFrames(motion) {
            let verts = builder.skinned(motion.frames[f])
            // The touching vertex of the named part is above the ball's centre: the ball is under it.
            let touching = verts.indices.filter { bones.contains(builder.dominantBone[$0]) }.min {
                Self.distance(verts[$0], to: ball) < Self.distance(verts[$1], to: ball)
            }
            let t = try #require(touching)
            #expect(Self.distance(verts[t], to: ball) <= 0.03, "\(id): \(bonesNamed[0]) is off the ball at frame \(f)")
            #expect(verts[t].z > ball.centre.z, "\(id): the ball is not under \(bonesNamed[0]) at frame \(f)")
            // No other part of the body is inside the ball (it lies beside the chest, the foot, the head).
            let inside = verts.indices.filter { !bones.contains(builder.dominantBone[$0]) && Self.distance(verts[$0], to: ball) < -0.03 }
            #expect(inside.isEmpty, "\(id): \(inside.count) vertices of other parts are inside the ball at frame \(f)")
        }
    }
}
