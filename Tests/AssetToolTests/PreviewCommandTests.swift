import ColladaKit
import Foundation
import PoseRenderer
import Testing
import TestSupport

@Suite struct PreviewCommandTests {
    static let cube = TestPaths.repoRoot.path + "/Tests/PoseRendererTests/Fixtures/lit_cube.dae"
    static var humanoid: String? { TestPaths.shared.map { $0 + "/corpus/blender-made/humanoid_default.dae" } }
    static var humanoidRig: String? { TestPaths.shared.map { $0 + "/corpus/blender-made/humanoid_anim_only.dae" } }

    @Test func pipedOutputIsPlainAt80Columns() throws {
        let r = try CommandRunner.run(["preview", Self.cube])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 41)  // 40 rows, each ending in "\n"
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.count > 40 })
        #expect(!r.stdout.contains("\u{1B}"))
        // Default mode without colour: ascii.
        #expect(r.stdout.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func forcedColourEvenIntoAPipe() throws {
        let p256 = try CommandRunner.run(["preview", Self.cube, "--color", "256", "--width", "30", "--height", "15"])
        #expect(p256.status == 0 && p256.stdout.contains("\u{1B}[38;5;") && p256.stdout.contains("▀"))
        let tc = try CommandRunner.run(["preview", Self.cube, "--color", "truecolor", "--mode", "braille", "--width", "30", "--height", "15"])
        #expect(tc.status == 0 && tc.stdout.contains("\u{1B}[38;2;") && !tc.stdout.contains("\u{1B}[38;5;"))
        let auto = try CommandRunner.run(["preview", Self.cube, "--color", "auto", "--width", "30"], environment: ["COLORTERM": "truecolor"])
        #expect(auto.status == 0 && !auto.stdout.contains("\u{1B}"))
    }

    @Test func badArguments() throws {
        #expect(try CommandRunner.run(["preview", Self.cube, "--time", "1", "--frame", "2"]).status == 64)
        #expect(try CommandRunner.run(["preview", Self.cube, "--loops", "2"]).status == 64)
        #expect(try CommandRunner.run(["preview", Self.cube, "--mode", "sixel"]).status == 64)
        #expect(try CommandRunner.run(["preview", Self.cube, "--width", "0"]).status == 64)
        #expect(try CommandRunner.run(["preview", "/nonexistent/x.dae"]).status == 66)
    }

    /// `--play --loops 2` on a terminal: exit 0, cursor hidden first and shown last, every frame wrapped in
    /// synchronized output, each frame after the first moving back up over the previous one.
    @Test(.enabled(if: PseudoTerminal.isAvailable, "needs Linux's /dev/ptmx"))
    func playTwoLoopsOnATerminal() throws {
        var args = ["preview", Self.cube, "--play", "--loops", "2", "--width", "30", "--height", "12", "--mode", "ascii"]
        var framesPerLoop = 1, rows = 12
        if let h = Self.humanoid, let rig = Self.humanoidRig {
            args = ["preview", h, "--rig", rig, "--play", "--loops", "2", "--width", "40", "--height", "20", "--fps", "12"]
            framesPerLoop = -1
            rows = 20
        }
        let r = try PseudoTerminal.run(args)
        let text = r.text
        #expect(r.reason == .exit && r.status == 0, "\(text.suffix(300))")
        #expect(text.hasPrefix("\u{1B}[?25l"))
        #expect(text.hasSuffix("\u{1B}[?25h"))
        let begins = text.components(separatedBy: "\u{1B}[?2026h").count - 1
        let ends = text.components(separatedBy: "\u{1B}[?2026l").count - 1
        let ups = text.components(separatedBy: "\r\u{1B}[\(rows)A").count - 1
        #expect(begins == ends && begins >= 2 && ups == begins - 1, "frames \(begins), ends \(ends), moves up \(ups)")
        if framesPerLoop > 0 {
            #expect(begins == 2 * framesPerLoop)
        } else {
            #expect(begins % 2 == 0)  // the same frames in each of the two loops
        }
        // Colour on a terminal by default (256 colours without COLORTERM).
        if framesPerLoop < 0 { #expect(text.contains("\u{1B}[38;5;")) }
    }

    @Test(.enabled(if: TestPaths.shared != nil && PseudoTerminal.isAvailable, "needs ../shared (the Blender-made humanoid) and /dev/ptmx"))
    func ctrlCStopsAndRestoresTheCursor() throws {
        let h = try #require(Self.humanoid), rig = try #require(Self.humanoidRig)
        let r = try PseudoTerminal.run(["preview", h, "--rig", rig, "--play", "--width", "40", "--height", "20"],
                                       environment: ["NO_COLOR": "1"], signalAfter: (SIGINT, "\u{1B}[?2026l", 4))
        #expect(r.reason == .exit && r.status == 130)
        #expect(r.text.hasPrefix("\u{1B}[?25l") && r.text.hasSuffix("\u{1B}[0m\u{1B}[?25h"))
        #expect(!r.text.contains("\u{1B}[38;"))  // NO_COLOR
        let begins = r.text.components(separatedBy: "\u{1B}[?2026h").count
        let ends = r.text.components(separatedBy: "\u{1B}[?2026l").count
        #expect(begins == ends && begins > 3)
    }

    /// `--frame N` is the time `N / rate` (the animation's key rate, or --fps), as `pose` and `render` read it;
    /// no time is the animation's start.
    @Test(.enabled(if: TestPaths.shared != nil, "needs ../shared (the Blender-made humanoid)"))
    func frameIsTimeAtTheRate() throws {
        let h = try #require(Self.humanoid), rig = try #require(Self.humanoidRig)
        let scene = try ColladaLoader.load(path: h).applying(rig: try ColladaLoader.load(path: rig)).scene
        let timeline = PreviewTimeline(scene: scene)
        let common = ["preview", h, "--rig", rig, "--width", "40", "--mode", "braille"]
        let atStart = try CommandRunner.run(common)
        let start = try CommandRunner.run(common + ["--time", "\(timeline.start)"])
        let frame0 = try CommandRunner.run(common + ["--frame", "0"])
        let time0 = try CommandRunner.run(common + ["--time", "0"])
        let frame12 = try CommandRunner.run(common + ["--frame", "12", "--fps", "24"])
        let half = try CommandRunner.run(common + ["--time", "0.5"])
        let own = try CommandRunner.run(common + ["--frame", "6"])
        let ownTime = try CommandRunner.run(common + ["--time", "\(6 / timeline.sampleRate)"])
        #expect([atStart, start, frame0, time0, frame12, half, own, ownTime].allSatisfy { $0.status == 0 })
        #expect(atStart.stdout == start.stdout)
        #expect(frame0.stdout == time0.stdout)
        #expect(frame12.stdout == half.stdout && frame12.stdout != frame0.stdout)
        #expect(own.stdout == ownTime.stdout)
    }
}
