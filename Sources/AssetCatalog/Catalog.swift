/// `Assets/catalog.json`: the exercises and their progressions, with the files that show them.
///
/// Only what an icon needs is required: the base model, and per progression an `id` and an
/// `animation` (the looping animation-only rig) or a `pose` file (a few frames around the iconic
/// moment), or both. Everything else has a default (`assettool init` writes them all out):
///
/// | key | default |
/// | --- | --- |
/// | `format` | 1 |
/// | `style` | none: the original app's recipe (``IconStyle/standard``) |
/// | `animationContainer` | none: any (the `<animation>` id every rig must hold, for an app that looks it up by id) |
/// | exercise `name` | its id, capitalised |
/// | progression `name` | its id |
/// | progression `stage` | `NN - 1` for an id ending in `-NN`, else its place in the exercise |
/// | `standards` | none |
/// | `loops` | true |
/// | `poseTime` | the middle of the pose file's animation, else of the animation's |
/// | `iconOffset` | computed from the figure's silhouette |
///
/// ```json
/// { "baseModel": "Models/base-model.dae",
///   "exercises": [ { "id": "pushup", "progressions": [
///     { "id": "pushup-01", "animation": "Animations/pushup-01.dae" } ] } ] }
/// ```
/// Paths are relative to the folder that holds `catalog.json`. A standard is either `sets` x `reps`
/// or a hold of `holdSeconds`; `eachSide` marks "(each)". `iconOffset` (points, x right, y down, as
/// SwiftUI's `offset`) overrides the computed centring offset.
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
        package var animation: String?
        /// The pose file (a few frames around the iconic moment), relative to the catalog's folder.
        package var pose: String?
        /// The time, in seconds of the posed file's timeline, that the icon freezes; nil: the middle.
        package var poseTime: Float?
        /// Whether the animation loops (first and last frame equal).
        package var loops: Bool
        /// Hand-tuned offset in points overriding the computed one.
        package var iconOffset: [Float]?

        /// The file the icon poses: the pose file, else the animation.
        package var posedFile: String? { pose ?? animation }

        package init(id: String, stage: Int, name: String, standards: [Standard] = [], animation: String?, pose: String?,
                     poseTime: Float? = nil, loops: Bool = true, iconOffset: [Float]? = nil) {
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
    /// The icon style (`IconStyle`), relative to the catalog's folder; nil: the original recipe.
    package var style: String?
    /// The id of the `<animation>` every rig must hold (the original app looked its animation up as
    /// `action_container-rig`); nil: any. `validate` checks it (rule `rig-container-id`).
    package var animationContainer: String?
    package var exercises: [Exercise]

    package init(format: Int = 1, baseModel: String, style: String?, exercises: [Exercise]) {
        self.format = format
        self.baseModel = baseModel
        self.style = style
        self.exercises = exercises
    }

    /// Every progression in catalog order.
    package var progressions: [Progression] { exercises.flatMap(\.progressions) }
}

// Decoding with the defaults of the table above.

extension Catalog {
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decodeIfPresent(Int.self, forKey: .format) ?? 1
        baseModel = try c.decode(String.self, forKey: .baseModel)
        style = try c.decodeIfPresent(String.self, forKey: .style)
        animationContainer = try c.decodeIfPresent(String.self, forKey: .animationContainer)
        exercises = try c.decode([Exercise].self, forKey: .exercises)
    }
}

extension Catalog.Exercise {
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? id.prefix(1).uppercased() + id.dropFirst()
        progressions = try c.decode([Catalog.Progression].self, forKey: .progressions)
        for i in progressions.indices where progressions[i].stage < 0 {
            progressions[i].stage = i
        }
    }
}

extension Catalog.Progression {
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        // -1 until the exercise gives it its place (see Exercise's decoding).
        stage = try c.decodeIfPresent(Int.self, forKey: .stage) ?? Self.stage(fromID: id) ?? -1
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? id
        standards = try c.decodeIfPresent([Catalog.Standard].self, forKey: .standards) ?? []
        animation = try c.decodeIfPresent(String.self, forKey: .animation)
        pose = try c.decodeIfPresent(String.self, forKey: .pose)
        poseTime = try c.decodeIfPresent(Float.self, forKey: .poseTime)
        loops = try c.decodeIfPresent(Bool.self, forKey: .loops) ?? true
        iconOffset = try c.decodeIfPresent([Float].self, forKey: .iconOffset)
        if animation == nil && pose == nil {
            throw DecodingError.dataCorrupted(.init(
                codingPath: c.codingPath, debugDescription: "progression '\(id)' names no file: give \"animation\" (the rig), \"pose\" (a pose file), or both"))
        }
        if let o = iconOffset, o.count != 2 {
            throw DecodingError.dataCorrupted(.init(
                codingPath: c.codingPath + [CodingKeys.iconOffset], debugDescription: "iconOffset is two numbers, [x, y] in points"))
        }
    }

    /// `NN - 1` for an id ending in `-NN` (`pushup-03` is stage 2), else nil.
    package static func stage(fromID id: String) -> Int? {
        guard let dash = id.lastIndex(of: "-"), case let digits = id[id.index(after: dash)...],
              digits.count == 2, let n = Int(digits), n >= 1 else { return nil }
        return n - 1
    }
}
