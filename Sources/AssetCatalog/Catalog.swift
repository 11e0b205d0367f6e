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
package struct Catalog: Codable, Equatable, Sendable {
    package struct Standard: Codable, Equatable, Sendable {
        /// `beginner`, `intermediate` or `progression`.
        package var level: String
        package var sets: Int?
        package var reps: Int?
        package var holdSeconds: Int?
        package var eachSide: Bool?

        package init(level: String, sets: Int? = nil, reps: Int? = nil, holdSeconds: Int? = nil, eachSide: Bool? = nil) {
            self.level = level
            self.sets = sets
            self.reps = reps
            self.holdSeconds = holdSeconds
            self.eachSide = eachSide
        }
    }

    package struct Progression: Codable, Equatable, Sendable {
        /// `<type>-NN`, stage 0 is `-01`.
        package var id: String
        /// 0...9.
        package var stage: Int
        package var name: String
        package var standards: [Standard]
        /// The looping animation-only rig, relative to the catalog's folder.
        package var animation: String
        /// The pose file (a few frames around the iconic moment), relative to the catalog's folder.
        package var pose: String
        /// The time, in seconds of the pose file's timeline, that the icon freezes.
        package var poseTime: Float
        /// Whether the animation loops (first and last frame equal).
        package var loops: Bool
        /// Hand-tuned offset in points overriding the computed one.
        package var iconOffset: [Float]?

        package init(id: String, stage: Int, name: String, standards: [Standard], animation: String, pose: String,
                     poseTime: Float, loops: Bool, iconOffset: [Float]? = nil) {
            self.id = id
            self.stage = stage
            self.name = name
            self.standards = standards
            self.animation = animation
            self.pose = pose
            self.poseTime = poseTime
            self.loops = loops
            self.iconOffset = iconOffset
        }
    }

    package struct Exercise: Codable, Equatable, Sendable {
        /// `pushup`, `squat`, `pullup`, `legraise`, `bridge`, `handstand`.
        package var id: String
        package var name: String
        package var progressions: [Progression]

        package init(id: String, name: String, progressions: [Progression]) {
            self.id = id
            self.name = name
            self.progressions = progressions
        }
    }

    /// Version of this format; readers refuse a higher one.
    package var format: Int = 1
    /// The base mannequin, relative to the catalog's folder.
    package var baseModel: String
    /// The icon style (`IconStyle`), relative to the catalog's folder.
    package var style: String
    package var exercises: [Exercise]

    package init(format: Int = 1, baseModel: String, style: String, exercises: [Exercise]) {
        self.format = format
        self.baseModel = baseModel
        self.style = style
        self.exercises = exercises
    }

    /// Every progression in catalog order.
    package var progressions: [Progression] { exercises.flatMap(\.progressions) }
}
