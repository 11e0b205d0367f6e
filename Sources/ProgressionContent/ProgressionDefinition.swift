/// One progression's movement as data: key poses (joint rotations plus root placement) over one
/// rep, what the body holds fixed (an anchor point and IK contacts), props and the iconic moment.
/// ``MotionBuilder`` turns it into per-frame joint matrices.
///
/// Conventions (Blender's axes, the figure's rest pose standing at the origin facing -Y, left +X):
/// - A joint rotation is degrees `(x, y, z)` about the *world* axes of the rest pose, applied
///   `x` first, relative to the parent bone (so `x` is flexion/extension in the side view). Signs
///   on the X axis: hip flexion (thigh forward) is negative, knee flexion positive, shoulder
///   flexion (arm forward/up) negative, elbow flexion negative, trunk bending forward positive,
///   ankle plantarflexion positive.
/// - The root is the hips joint: `rootRotation` (same convention; `x = 90` lies face down with the
///   head towards -Y, `x = -90` face up with the head towards +Y) and `rootPosition` (metres).
package struct ProgressionDefinition: Sendable {
    /// A key pose at `at` (fraction of the rep, 0..<1). The rep loops: phase 1 is the first key.
    struct Key: Sendable {
        var at: Float
        var rootPosition: SIMD3<Float>
        var rootRotation: SIMD3<Float>
        var joints: [String: SIMD3<Float>]
    }

    /// A point on the body: `bone`'s rest frame point `offset` (metres, local +Y along the bone).
    struct BodyPoint: Sendable {
        var bone: String
        var offset: SIMD3<Float>
    }

    /// A hand or foot held where it is at the reference key: the wrist/ankle by two-bone IK, and
    /// the hand/foot's world orientation when `holdOrientation`.
    struct Contact: Sendable {
        /// `hand.L`, `hand.R`, `foot.L` or `foot.R`.
        var bone: String
        var holdOrientation: Bool = true
        /// When set, the target is moved vertically so the lowest vertex of the hand (or foot and
        /// toes) sits at this height at the reference key (0: the floor; a ball's or box's top).
        var surface: Float?
        /// When set, the hand is held on this body point, wherever it goes, instead of at its own place at
        /// the reference key (a hand riding on a thigh, the free hand gripping the other's wrist).
        var at: BodyPoint?
    }

    /// Where the body rests at the reference key: the lowest vertex of `bones` (every bone when
    /// empty) is put at `height` by moving the whole motion vertically.
    struct Ground: Sendable {
        var bones: [String] = []
        var height: Float = 0
    }

    enum Shape: Sendable {
        /// Axis-aligned box, full sizes (x, y, z).
        case box(SIMD3<Float>)
        /// Cylinder along X (a bar), length and radius.
        case bar(length: Float, radius: Float)
        /// Vertical cylinder, height and radius.
        case pole(height: Float, radius: Float)
        case ball(radius: Float)

        /// Half the size of the shape's axis-aligned box, centred on the prop's centre.
        var halfExtent: SIMD3<Float> {
            switch self {
            case .box(let size): return size / 2
            case .bar(let length, let radius): return SIMD3(length / 2, radius, radius)
            case .pole(let height, let radius): return SIMD3(radius, radius, height / 2)
            case .ball(let radius): return SIMD3(repeating: radius)
            }
        }
    }

    /// A static prop, centred at `position` plus, on the axes where `follow` is 1, the position of
    /// body point `attach` at the reference key (so a bar sits in the hands, a ball under a foot).
    struct Prop: Sendable {
        var name: String
        var shape: Shape
        var position: SIMD3<Float>
        var attach: BodyPoint?
        var follow: SIMD3<Float> = SIMD3(0, 1, 0)
        /// For a box: its top is put at the lowest vertex of this bone's part of the mesh (foot and
        /// toes for a foot) at the reference key and its bottom on the floor (a box under the heels).
        /// For a ball: it rests on the floor right under that lowest vertex, its top touching it (a ball
        /// under the back); `position` and `attach` are then not used.
        var under: String?
        /// For a box: it hangs from this body point's height at the reference key (its top there, a
        /// towel from the bar the other hand holds).
        var hangFrom: BodyPoint?
        /// For a pole: it stands on the floor and reaches up to the placed centre's height.
        var standOnFloor = false
        /// -1 (or +1): the prop's y is instead put just beyond the body's -Y (+Y) extreme over the
        /// whole rep (a wall the back or heels come close to but never cross).
        var besideBody: Float = 0
    }

    /// Where the rig's camera looks from: `azimuth` degrees round from the figure's left side (+X, 0)
    /// towards its front (-Y, 90) or back (-90), `elevation` degrees above the horizon. The step's cue
    /// decides: a side view shows a plank or a squat's depth; a front or three-quarter view shows what
    /// happens sideways (hands together, one arm, a ball out to the side, a bar across the hands).
    struct View: Sendable {
        var azimuth: Float = 0
        var elevation: Float = 0
        static let side = View()
        static func from(_ azimuth: Float, up elevation: Float = 10) -> View { View(azimuth: azimuth, elevation: elevation) }
    }

    package var id: String
    var name: String
    /// Seconds per rep (2 to 4).
    var duration: Float
    var keys: [Key]
    /// Phase (0..<1) of the iconic moment.
    var iconic: Float
    /// Index of the key contacts, anchor and props are taken from.
    var referenceKey: Int = 0
    /// Vertical placement at the reference key (`nil`: the keys' root positions as written).
    var ground: Ground? = Ground()
    /// When set, every key's root pitch (x) is shifted by one angle, found by bisection, so that at
    /// the reference key this bone group's lowest vertex is level with the ground bones' lowest (a
    /// plank whose hands and toes both touch the floor with straight arms).
    var levelWith: String?
    /// Points held at their reference-key place by moving the root (their mean is held).
    var anchor: [BodyPoint] = []
    var contacts: [Contact] = []
    var props: [Prop] = []
    var view: View = .side

    /// The exercise part of the id (`pushup` of `pushup-04`): the steps that share one figure scale.
    var exercise: Substring { id.split(separator: "-").first ?? Substring(id) }
}
