import AssetCatalog
import ColladaKit
import Foundation
@testable import IconFactory
import PipelineKit
import PoseRenderer
import Testing
import TestSupport

/// A loop's frame is the icon renderer's drawing of the figure at the same time, without the circles: the same
/// pixels as ``IconRenderer`` draws with the loop's offset, and the icon with circles is that frame over them.
@Suite(.enabled(if: TestPaths.haveAssets, "needs Assets/catalog.json")) struct LoopFrameTests {
    static let assets = TestPaths.assets
    /// Small, so the test is cheap: 16 pt at @2x and @3x, 2 frames a second.
    static let size = 16, fps = 2

    static func posed(_ id: String) throws -> (scene: Scene, style: IconStyle) {
        let reading = CatalogFile.read(path: assets + "/catalog.json")
        let file = try #require(reading.file)
        let entry = try #require(file.catalog.progressions.first { $0.id == id })
        let base = try ColladaLoader.load(path: file.resolve(file.catalog.baseModel))
        let rigPath = file.resolve(try #require(entry.animation))
        let (scene, _) = try BatchPolicy.posed(base, rigBytes: try TestPaths.bytes(rigPath), rigPath: rigPath)
        var style = file.style
        style.pointSize = size
        return (scene, style)
    }

    /// Every frame of `squat-04`'s loop equals the icon renderer's not-done drawing at that frame's time with the
    /// loop's offset and no circles (exactly, byte for byte at @2x and @3x); and the icon with its circles is, in
    /// linear light, that drawing over the circles (within 1e-5).
    @Test func aFrameIsTheIconsDrawingWithoutCircles() throws {
        let (scene, style) = try Self.posed("squat-04")
        let timeline = PreviewTimeline(scene: scene)
        let loop = try LoopPainter.paint(scene: scene, style: style, timeline: timeline, fps: Self.fps)
        let times = LoopPainter.times(timeline, fps: Self.fps)
        #expect(loop.frames.count == times.count && times.count == Int((timeline.duration * Float(Self.fps)).rounded()))
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        for k in [0, times.count / 2] {
            let frame = renderer.prepare(scene.pose(at: times[k]))
            let variant = [(state: IconState.incomplete, appearance: IconAppearance.light)]
            let bare = renderer.render(frame, variants: variant, scales: [2, 3], offset: loop.offset, circles: false)
            for (s, scale) in [2, 3].enumerated() {
                let expected = try PNGEncoder.decode(try PNGEncoder.encode(bare[s][0].image, fast: true))
                let got = try PNGEncoder.decode(loop.frames[k][s])
                #expect(got.width == Self.size * scale)
                #expect(got.rgba == expected.rgba, "frame \(k) @\(scale)x")
                // Transparent where nothing is drawn: the corners, and no pixel of the grey circles' colour.
                #expect(got.rgba[3] == 0 && got.rgba[got.rgba.count - 1] == 0)
            }
            let icon = renderer.render(frame, variants: variant, scales: [3], offset: loop.offset)[0][0].image
            var backdrops: [IconState: LinearImage] = [:]
            let circles = renderer.backdrop(.incomplete, size: Self.size * 3, cache: &backdrops)
            var worst: Float = 0
            for i in icon.pixels.indices {
                let f = bare[1][0].image.pixels[i]
                let over = f + circles.pixels[i] * (1 - f.w)
                let d = over - icon.pixels[i]
                worst = max(worst, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            }
            #expect(worst <= 1e-5, "icon = frame over circles, worst \(worst)")
        }
    }

    /// One framing for the whole rep: the offset is the union's, so no frame draws anything within the edge margin,
    /// and every frame shares it (the figure does not jump).
    @Test func oneFramingKeepsEveryFrameInside() throws {
        let (scene, style) = try Self.posed("pullup-06")
        let timeline = PreviewTimeline(scene: scene)
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        let times = LoopPainter.times(timeline, fps: Self.fps)
        let (fitted, offset) = try LoopPainter.framing(renderer, scene: scene, times: times)
        let frames = times.map { LoopPainter.frame(renderer, scene: scene, at: $0, fitted: fitted) }
        // The union's offset is the one the frames together give.
        #expect(renderer.centringOffset(frames: frames) == offset)
        let single = frames.compactMap { renderer.centringOffset($0) }
        #expect(single.count == frames.count)
        // The union's offset is not simply one frame's when the figure moves.
        #expect(Set(single.map { [$0.x, $0.y] }).count > 1)
        for frame in frames {
            let image = renderer.render(frame, variants: [LoopPainter.variant], scale: 2, offset: offset, circles: false)[0].image
            let side = image.width
            for y in 0..<side {
                for x in 0..<side where x < 2 || y < 2 || x >= side - 2 || y >= side - 2 {
                    #expect(image.pixels[y * side + x].w <= 1.0 / 255, "drawn at the edge (\(x), \(y))")
                }
            }
        }
    }

    /// A rep the catalog says does not loop (`"loops": false`: its last pose is not its first) gets its end as one
    /// frame more, drawn at the end time, and that frame is shown for one frame's time beyond the rep's length; a
    /// looping rep leaves the end out (it is the first frame again).
    @Test func aRepThatDoesNotLoopShowsItsEnd() throws {
        let (scene, style) = try Self.posed("squat-04")
        let timeline = PreviewTimeline(scene: scene)
        let looping = LoopPainter.times(timeline, fps: Self.fps)
        let once = LoopPainter.times(timeline, fps: Self.fps, loops: false)
        #expect(once.count == looping.count + 1)
        #expect(Array(once.prefix(looping.count)) == looping)
        #expect(once.last == timeline.start + timeline.duration)
        #expect(!looping.contains(timeline.start + timeline.duration))
        let loop = try LoopPainter.paint(scene: scene, style: style, timeline: timeline, fps: Self.fps, loops: false)
        #expect(loop.frames.count == once.count)
        let interval = Double(timeline.duration) / Double(looping.count)
        #expect(loop.milliseconds == Int(((Double(timeline.duration) + interval) * 1000).rounded()))
        // The extra frame is the end pose drawn with the loop's offset (at @3x, averaged down to @2x, as every frame).
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        let end = renderer.prepare(scene.pose(at: timeline.start + timeline.duration))
        let drawn = renderer.render(end, variants: [LoopPainter.variant], scales: [2, 3], offset: loop.offset, circles: false)[0][0].image
        #expect(try PNGEncoder.decode(loop.frames[once.count - 1][0]).rgba == PNGEncoder.decode(try PNGEncoder.encode(drawn, fast: true)).rgba)
    }
}
