import Foundation
import ColladaKit
import PipelineKit
import PoseRenderer
@testable import SceneExport
import Testing

/// Where two paths met on one concept: the preview and the export once took an animation's key rate two
/// ways (the median step with 24 by default, the most common step with 30) and its range four ways. Both
/// now read ``Scene/keyRate(clip:)`` and ``Scene/animationRange(clip:)``.
@Suite struct OneDefinitionTests {
    /// A node slid along X with keys at uneven steps: two at 1/60 s, one at 1/30, one at 1/24 and three at
    /// 1/10. The median step is 1/24 s; the most common is 1/10 s, so the two old definitions disagreed.
    static func unevenScene(startingAt t0: Float = 0.5) throws -> Scene {
        var t: [Float] = [t0]
        let steps: [Float] = [1 / 60, 1 / 60, 1 / 30, 1 / 24, 0.1, 0.1, 0.1]
        for step in steps { t.append((t.last ?? 0) + step) }
        let times = t.map { "\($0)" }.joined(separator: " ")
        let values = t.indices.map { "\(Float($0) * 0.1)" }.joined(separator: " ")
        let text = """
        <?xml version="1.0" encoding="utf-8"?>
        <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
          <asset><up_axis>Y_UP</up_axis></asset>
          <library_animations>
            <animation id="slide">
              <source id="in"><float_array id="in-a" count="\(t.count)">\(times)</float_array>
                <technique_common><accessor source="#in-a" count="\(t.count)"><param name="TIME" type="float"/></accessor></technique_common></source>
              <source id="out"><float_array id="out-a" count="\(t.count)">\(values)</float_array>
                <technique_common><accessor source="#out-a" count="\(t.count)"><param name="X" type="float"/></accessor></technique_common></source>
              <sampler id="s"><input semantic="INPUT" source="#in"/><input semantic="OUTPUT" source="#out"/></sampler>
              <channel source="#s" target="root/location.X"/>
            </animation>
          </library_animations>
          <library_visual_scenes><visual_scene id="Scene">
            <node id="root" name="root"><translate sid="location">0 0 0</translate></node>
          </visual_scene></library_visual_scenes>
          <scene><instance_visual_scene url="#Scene"/></scene>
        </COLLADA>
        """
        return try ColladaLoader.load(bytes: Array(text.utf8), path: "uneven.dae")
    }

    @Test func previewAndExportShareTheKeyRate() throws {
        let scene = try Self.unevenScene()
        #expect(scene.keyRate() == 10)
        #expect(PreviewTimeline(scene: scene).sampleRate == scene.keyRate())
        let model = ExportModel(scene: scene, name: "uneven")
        let times = try #require(model.animation?.times)
        // The export samples at the same rate: keys 1/10 s apart from the first key.
        #expect(times.count >= 3)
        #expect(abs(times[1] - times[0] - 0.1) < 1e-5, "export steps \(times[1] - times[0]) s")
    }

    @Test func previewAndExportShareTheRange() throws {
        let scene = try Self.unevenScene(startingAt: 0.5)
        let range = try #require(scene.animationRange())
        #expect(abs(range.lowerBound - 0.5) < 1e-6)
        let timeline = PreviewTimeline(scene: scene)
        #expect(timeline.start == range.lowerBound && abs(timeline.duration - (range.upperBound - range.lowerBound)) < 1e-6)
        let model = ExportModel(scene: scene, name: "uneven")
        let times = try #require(model.animation?.times)
        // The document's clock, not shifted to start at 0: the first key at the first COLLADA key, the last at the last.
        #expect(abs((times.first ?? 0) - range.lowerBound) < 1e-6 && abs((times.last ?? 0) - range.upperBound) < 1e-5, "\(times)")
        // The icon's default pose time is the middle of the same range.
        #expect(ExportModel.lengthProblem(scene, path: "uneven.dae") == nil)
    }

    /// The USD clock is the GLB's: time codes at the sampling rate, the last key (which ends the animation between
    /// two steps) at its fractional code, so both files play the rep in the same seconds.
    @Test func usdTimeCodesFollowTheKeyTimes() throws {
        let scene = try Self.unevenScene()
        let model = ExportModel(scene: scene, name: "uneven")
        let animation = try #require(model.animation)
        #expect(animation.keysPerSecond == 10)
        let text = USDAWriter.write(model)
        #expect(text.contains("timeCodesPerSecond = 10\n"), "\(text.prefix(300))")
        // The stage's clock is the COLLADA document's: start and end time codes / timeCodesPerSecond are its first
        // and last key times (0.5 s and after), in the text layer and in the binary layer's fields alike.
        let range = try #require(scene.animationRange())
        func code(_ key: String) throws -> Double {
            let line = try #require(text.split(separator: "\n").first { $0.contains("\(key) = ") })
            return try #require(Double(line.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""))
        }
        #expect(abs(try code("startTimeCode") / 10 - Double(range.lowerBound)) < 1e-4, "startTimeCode for a first key at \(range.lowerBound) s")
        #expect(abs(try code("endTimeCode") / 10 - Double(range.upperBound)) < 1e-4, "endTimeCode for a last key at \(range.upperBound) s")
        let root = USDLayer(model).specs[0].fields
        #expect(root.first { $0.name == "startTimeCode" }?.value == .double(try code("startTimeCode")))
        // Whole steps print as whole codes: k / 10 · 10 is not exact in floating point, the code is.
        #expect(USDAWriter.timeCode(Float(3) / 10, rate: 10) == "3" && USDAWriter.timeCode(Float(7) / 24, rate: 24) == "7")
    }

    /// A key time that is not finite (the reader refuses one in a file; a scene built in code may hold one) is
    /// refused before any sampling, at its sampler.
    @Test func nonFiniteKeyTimeIsRefused() throws {
        var scene = try Self.unevenScene()
        scene.samplers[0].input[scene.samplers[0].input.count - 1] = .infinity
        let problem = try #require(ExportModel.lengthProblem(scene, path: "uneven.dae"))
        #expect(problem.id == "animation-too-long" && problem.message.contains("not a finite number"), "\(problem)")
    }

    /// No keys to tell: one rate for every command.
    @Test func stillSceneRate() throws {
        var scene = try Self.unevenScene()
        scene.channels = []
        #expect(scene.keyRate() == Scene.defaultKeyRate)
        #expect(PreviewTimeline(scene: scene).sampleRate == Scene.defaultKeyRate)
        #expect(scene.animationRange() == nil)
    }

    /// One version: the command's, the GLB generator's and the batch records' tool strings start the same.
    @Test func oneVersion() {
        #expect(ExportBatch.toolVersion.hasPrefix(ToolVersion.name + " ("))
        #expect(PoseRendererInfo.version == ToolVersion.release)
    }
}
