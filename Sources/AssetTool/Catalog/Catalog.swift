/// `Assets/catalog.json`: the six exercise types and their ten progressions, with the files that show them.
///
/// The JSON format is this type's `Codable` encoding (keys as the property names); paths are relative to the
/// folder that holds `catalog.json`. Standards live here, not in code, so they can be corrected:
/// ```json
/// { "format": 1, "baseModel": "Models/base-model.dae", "style": "icon-style.json",
///   "exercises": [ { "id": "pushup", "name": "Pushups", "progressions": [
///     { "id": "pushup-01", "stage": 0, "name": "Wall pushups",
///       "standards": [ {"level": "beginner", "sets": 1, "reps": 10},
///                      {"level": "intermediate", "sets": 2, "reps": 25},
///                      {"level": "progression", "sets": 3, "reps": 50} ],
///       "animation": "Animations/pushup-01.dae", "pose": "Poses/pushup-01-pose.dae",
///       "poseTime": 0.0417, "loops": true } ] } ] }
/// ```
/// A standard is either `sets` x `reps` or a hold of `holdSeconds`; `eachSide` marks "(each)".
/// `iconOffset` (points, x right, y down, as SwiftUI's `offset`) overrides the computed centring offset.
struct Catalog: Codable, Equatable, Sendable {
    struct Standard: Codable, Equatable, Sendable {
        /// `beginner`, `intermediate` or `progression`.
        var level: String
        var sets: Int?
        var reps: Int?
        var holdSeconds: Int?
        var eachSide: Bool?
    }

    struct Progression: Codable, Equatable, Sendable {
        /// `<type>-NN`, stage 0 is `-01`.
        var id: String
        /// 0...9.
        var stage: Int
        var name: String
        var standards: [Standard]
        /// The looping animation-only rig, relative to the catalog's folder.
        var animation: String
        /// The pose file (a few frames around the iconic moment), relative to the catalog's folder.
        var pose: String
        /// The time, in seconds of the pose file's timeline, that the icon freezes.
        var poseTime: Float
        /// Whether the animation loops (first and last frame equal).
        var loops: Bool
        /// Hand-tuned offset in points overriding the computed one.
        var iconOffset: [Float]?
    }

    struct Exercise: Codable, Equatable, Sendable {
        /// `pushup`, `squat`, `pullup`, `legraise`, `bridge`, `handstand`.
        var id: String
        var name: String
        var progressions: [Progression]
    }

    /// Version of this format; readers refuse a higher one.
    var format: Int = 1
    /// The base mannequin, relative to the catalog's folder.
    var baseModel: String
    /// The icon style (`IconStyle`), relative to the catalog's folder.
    var style: String
    var exercises: [Exercise]

    /// Every progression in catalog order.
    var progressions: [Progression] { exercises.flatMap(\.progressions) }
}
