import Foundation

/// The clean files the validate tests mutate: the Blender-made rig and base model of `../shared/corpus`,
/// and a one-progression catalog.
package enum ValidateFixtures {
    /// The start tag attribute of the rig's hips key times.
    package static let hipsInput = "id=\"Armature_Walk_hips_pose_matrix-input-array\""

    package static let progression = """
                {
                  "id": "pushup-01",
                  "stage": 0,
                  "name": "Wall pushups",
                  "standards": [
                    {"level": "beginner", "sets": 1, "reps": 10},
                    {"level": "intermediate", "sets": 2, "reps": 25},
                    {"level": "progression", "sets": 3, "reps": 50}
                  ],
                  "animation": "Animations/pushup-01.dae",
                  "pose": "Poses/pushup-01-pose.dae",
                  "poseTime": 0.5,
                  "loops": LOOPS
                }
        """

    package static func catalog(loops: Bool) -> String {
        """
        {
          "format": 1,
          "baseModel": "Models/base-model.dae",
          "style": "icon-style.json",
          "animationContainer": "action_container-rig",
          "exercises": [
            {
              "id": "pushup",
              "name": "Pushups",
              "progressions": [
        \(progression.replacingOccurrences(of: "LOOPS", with: loops ? "true" : "false"))
              ]
            }
          ]
        }
        """
    }

    package static func cleanRig() throws -> String {
        let shared = try TestPaths.requireShared()
        let text = try String(contentsOfFile: shared + "/corpus/blender-made/humanoid_anim_only.dae", encoding: .utf8)
        return text.replacingOccurrences(of: "id=\"action_container-Armature\"", with: "id=\"action_container-rig\"")
    }

    package static func cleanBase() throws -> String {
        let shared = try TestPaths.requireShared()
        return try String(contentsOfFile: shared + "/corpus/blender-made/humanoid_default.dae", encoding: .utf8)
    }
}
