import Foundation
import Testing
import TestSupport

/// End-to-end tests of `assettool pose`: the command as a user runs it.
@Suite struct PoseCommandTests {
    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The base humanoid with its walk rig applied: OBJ written atomically to a file, one `o` per
    /// instance, 818 vertices in POSITION order, faces in range; the rig's report on stderr.
    @Test(.enabled(if: TestPaths.shared != nil, "needs ../shared (the Blender-made humanoid)"))
    func objOfTheHumanoidWithItsRig() throws {
        let shared = try #require(TestPaths.shared)
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("walk.obj").path
        let base = shared + "/corpus/blender-made/humanoid_default.dae"
        let rig = shared + "/corpus/blender-made/humanoid_anim_only.dae"
        let r = try CommandRunner.run(["pose", base, "--rig", rig, "--frame", "8", "--fps", "30", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("9 channel(s) applied, 0 unmatched"), "\(r.stderr)")
        #expect(r.stderr.contains("camera replaced"))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("o ") }.count == 1)
        let vertices = lines.filter { $0.hasPrefix("v ") }
        #expect(vertices.count == 818)
        let faces = lines.filter { $0.hasPrefix("f ") }
        #expect(faces.count == 1608)
        for f in faces {
            for corner in f.split(separator: " ").dropFirst() {
                let v = Int(corner.split(separator: "/").first ?? "") ?? 0
                #expect((1...818).contains(v))
            }
        }
        // Y up, metres: the walking figure stands on the floor, about 1.7 m tall here.
        let ys = vertices.compactMap { Float($0.split(separator: " ")[2]) }
        let height = (ys.max() ?? 0) - (ys.min() ?? 0)
        #expect(height > 1.2 && height < 2.2, "height \(height)")
    }

    /// JSON carries meshes, joint world matrices and the camera; the frame and time options agree.
    @Test(.enabled(if: TestPaths.shared != nil, "needs ../shared (the Blender-made humanoid)"))
    func jsonFrameEqualsTime() throws {
        let shared = try #require(TestPaths.shared)
        let base = shared + "/corpus/blender-made/humanoid_default.dae"
        let a = try CommandRunner.run(["pose", base, "--frame", "12", "--fps", "24", "--format", "json"])
        let b = try CommandRunner.run(["pose", base, "--time", "0.5", "--format", "json"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let oa = try #require(try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any])
        let ob = try #require(try JSONSerialization.jsonObject(with: Data(b.stdout.utf8)) as? [String: Any])
        #expect(oa["meshes"] as? NSArray == ob["meshes"] as? NSArray)
        let joints = try #require(oa["joints"] as? [[String: Any]])
        #expect(joints.count >= 13)
        #expect(joints.allSatisfy { ($0["world"] as? [Double])?.count == 16 })
        let camera = try #require(oa["camera"] as? [String: Any])
        #expect(camera["projection"] as? String == "perspective")
        let yfov = try #require(camera["yfovDegrees"] as? Double)
        #expect(abs(yfov - 22.9) < 0.1)
    }

    /// Bad arguments exit 64 (no time is the animation's start), an unreadable file 66, a broken file 65 with a located error, and a
    /// failed write leaves the previous output untouched.
    @Test func errorsAndExitCodes() throws {
        let fixture = TestPaths.fixtures + "/rig_semantics.dae"
        // No time: the animation's start (the shared option rules are PoseOptionsTests').
        let noTime = try CommandRunner.run(["pose", fixture, "--format", "json"])
        let atStart = try CommandRunner.run(["pose", fixture, "--format", "json", "--time", "0"])
        #expect(noTime.status == 0 && noTime.stdout == atStart.stdout, "\(noTime.stderr)")
        #expect(try CommandRunner.run(["pose", fixture, "--format", "ply", "--time", "0"]).status == 64)
        let missing = try CommandRunner.run(["pose", "/nonexistent.dae", "--time", "0"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent.dae"))
        let noClip = try CommandRunner.run(["pose", fixture, "--time", "0", "--clip", "nope"])
        #expect(noClip.status == 64)
        #expect(noClip.stderr.contains("no clip named 'nope'"))

        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("broken.dae")
        try Data("<COLLADA version=\"1.4.1\">\n<library_geometries>\n<geometry id=\"g\">\n".utf8).write(to: broken)
        let r = try CommandRunner.run(["pose", broken.path, "--time", "0"])
        #expect(r.status == 65)
        #expect(r.stderr.contains(broken.path + ":"))
        // A good output, then a run that fails to load: the good output stays.
        let out = dir.appendingPathComponent("out.obj")
        #expect(try CommandRunner.run(["pose", fixture, "--time", "0", "-o", out.path]).status == 0)
        let before = try Data(contentsOf: out)
        #expect(try CommandRunner.run(["pose", broken.path, "--time", "0", "-o", out.path]).status == 65)
        #expect(try Data(contentsOf: out) == before)
    }
}
