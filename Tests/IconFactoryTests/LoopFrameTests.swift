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

    /// `id`'s loop framed at ``fps``: its scene and style, a renderer, the times and ``LoopPainter/framing(_:scene:times:)``.
    static func framed(_ id: String) throws -> (scene: Scene, style: IconStyle, renderer: IconRenderer, times: [Float],
                                                 framing: (camera: RenderCamera?, offset: SIMD2<Float>, drawnAs: [Int], floor: IconRenderer.FloorPlacement?)) {
        let (scene, style) = try posed(id)
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        let times = LoopPainter.times(PreviewTimeline(scene: scene), fps: fps)
        return (scene, style, renderer, times, try LoopPainter.framing(renderer, scene: scene, times: times))
    }

    /// Nothing of `image` is drawn on its outer 2 px.
    static func expectNothingAtTheEdge(_ image: LinearImage) {
        let side = image.width
        for y in 0..<side {
            for x in 0..<side where x < 2 || y < 2 || x >= side - 2 || y >= side - 2 {
                #expect(image.pixels[y * side + x].w <= 1.0 / 255, "drawn at the edge (\(x), \(y))")
            }
        }
    }

    /// Every frame of `squat-04`'s loop equals the icon renderer's not-done drawing at that frame's time with the
    /// loop's offset and floor and no circles (exactly, byte for byte at @2x and @3x); and the icon with its circles is, in
    /// linear light, that drawing over the circles (within 1e-5).
    @Test func aFrameIsTheIconsDrawingWithoutCircles() throws {
        let (scene, style) = try Self.posed("squat-04")
        let timeline = PreviewTimeline(scene: scene)
        let loop = try LoopPainter.paint(scene: scene, style: style, timeline: timeline, fps: Self.fps)
        let times = LoopPainter.times(timeline, fps: Self.fps)
        #expect(loop.frames.count == times.count && times.count == Int((timeline.duration * Float(Self.fps)).rounded()))
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        for k in [0, times.count / 2] {
            let frame = renderer.prepare(scene.pose(at: times[k]), floor: .placed(loop.floor))
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
        let (scene, _, renderer, times, (fitted, offset, _, floor)) = try Self.framed("pullup-06")
        let frames = times.map { LoopPainter.frame(renderer, scene: scene, at: $0, fitted: fitted, floor: floor) }
        // The union's offset is the one the frames together give.
        #expect(renderer.centringOffset(frames: frames) == offset)
        let single = frames.compactMap { renderer.centringOffset($0) }
        #expect(single.count == frames.count)
        // The union's offset is not simply one frame's when the figure moves.
        #expect(Set(single.map { [$0.x, $0.y] }).count > 1)
        for frame in frames {
            Self.expectNothingAtTheEdge(renderer.render(frame, variants: [LoopPainter.variant], scale: 2, offset: offset, circles: false)[0].image)
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
        let endPose = scene.pose(at: timeline.start + timeline.duration)
        let last = once.count - 1
        if loop.drawnAs[last] == last {
            let end = renderer.prepare(endPose, floor: .placed(loop.floor))
            let drawn = renderer.render(end, variants: [LoopPainter.variant], scales: [2, 3], offset: loop.offset, circles: false)[0][0].image
            #expect(try PNGEncoder.decode(loop.frames[last][0]).rgba == PNGEncoder.decode(try PNGEncoder.encode(drawn, fast: true)).rgba)
        } else {
            // squat-04 loops, so its end pose is its start's again (within ``LoopPainter/DrawnPoses``): frame 0 shown again.
            var first = LoopPainter.DrawnPoses()
            first.add(scene.pose(at: once[loop.drawnAs[last]]), frame: loop.drawnAs[last])
            #expect(first.match(endPose) == loop.drawnAs[last])
            #expect(loop.frames[last] == loop.frames[loop.drawnAs[last]])
        }
    }

    /// A time whose pose is one drawn before (a symmetric rep's way up passes the way down's poses) shows that
    /// frame, drawn once. Each such frame is what a render at its own time draws, but for samples on an edge that
    /// the last bits of the pose move: at @3x at most 1% of the figure's pixels differ by more than 1/255 (the whole
    /// batch's worst, at 60 pt, is 0.35%), while the frame before it, 1/12 s of motion away, differs from that render
    /// in many times more.
    @Test func aPoseDrawnBeforeIsNotDrawnAgain() throws {
        let (scene, style) = try Self.posed("squat-04")
        let timeline = PreviewTimeline(scene: scene)
        let fps = 12
        let loop = try LoopPainter.paint(scene: scene, style: style, timeline: timeline, fps: fps)
        let times = LoopPainter.times(timeline, fps: fps)
        #expect(loop.drawnAs.count == times.count)
        let reused = loop.drawnAs.indices.filter { loop.drawnAs[$0] != $0 }
        // squat-04 goes down and up along the same curve: a good share of its frames are the way down's.
        #expect(reused.count >= times.count / 5, "\(reused.count) of \(times.count) frames reused")
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        /// Pixels of `got` that differ from `expected` by more than 1/255 (premultiplied, any channel or alpha), the
        /// largest difference, and the figure's pixels (alpha at least 1/2 in `expected`).
        func compare(_ got: [UInt8], _ expected: [UInt8]) -> (differing: Int, worst: Float, figure: Int) {
            var worst: Float = 0, differing = 0, figure = 0
            for i in stride(from: 0, to: min(got.count, expected.count), by: 4) {
                let a = Float(got[i + 3]) / 255, b = Float(expected[i + 3]) / 255
                var d = abs(a - b)
                for c in 0..<3 { d = max(d, abs(Float(got[i + c]) / 255 * a - Float(expected[i + c]) / 255 * b)) }
                worst = max(worst, d)
                if d > 1.5 / 255 { differing += 1 }
                if b >= 0.5 { figure += 1 }
            }
            return (differing, worst, figure)
        }
        for k in reused {
            let j = loop.drawnAs[k]
            #expect(j < k && loop.drawnAs[j] == j)
            var drawn = LoopPainter.DrawnPoses()
            drawn.add(scene.pose(at: times[j]), frame: j)
            #expect(drawn.match(scene.pose(at: times[k])) == j)
            let own = renderer.render(renderer.prepare(scene.pose(at: times[k]), floor: .placed(loop.floor)), variants: [LoopPainter.variant], scales: [3],
                                      offset: loop.offset, circles: false)[0][0].image
            let expected = try PNGEncoder.decode(try PNGEncoder.encode(own, fast: true)).rgba
            let got = try PNGEncoder.decode(loop.frames[k][1]).rgba
            #expect(got.count == expected.count && got.count == (Self.size * 3) * (Self.size * 3) * 4)
            let reuse = compare(got, expected)
            #expect(reuse.figure > 100)
            #expect(reuse.differing * 100 <= reuse.figure, "frame \(k) shown as \(j): \(reuse.differing) of \(reuse.figure) figure pixels differ")
            // The frame before, a twelfth of a second away: the bound above tells a pose apart from its neighbour.
            let before = compare(try PNGEncoder.decode(loop.frames[k - 1][1]).rgba, expected)
            #expect(before.differing >= max(10, 4 * reuse.differing), "frame \(k): the one before differs in \(before.differing), the reused in \(reuse.differing)")
        }
    }

    /// One floor for the whole rep: legraise-05 lies on its back and raises its straight legs, so a floor of each
    /// frame's own would shrink from under the whole body to under the trunk and grow back. The loop's floor is the
    /// union of the drawn frames' own (all laid along the first frame's camera); every frame the loop paints is the
    /// icon drawing on that floor, which differs from the drawing on the frame's own; and the framing measures the
    /// floor it draws: its offset is what the prepared frames give, and nothing is drawn on the outer 2 px.
    @Test func oneFloorForTheWholeRep() throws {
        let (scene, style, renderer, times, (fitted, offset, drawnAs, floor)) = try Self.framed("legraise-05")
        let timeline = PreviewTimeline(scene: scene)
        let loopFloor = try #require(floor)
        let first = renderer.measureWithoutFloor(pose: scene.pose(at: times[0]), camera: fitted, floorRight: nil)
        let right = IconRenderer.floorRight(first.camera)
        #expect(loopFloor.right == right)
        // The frames drawn (a frame shown again is not measured again).
        let drawn = times.indices.filter { drawnAs[$0] == $0 }
        let own = try drawn.map { k in
            try #require(renderer.measureWithoutFloor(pose: scene.pose(at: times[k]), camera: fitted, floorRight: right).floor)
        }
        // Each frame's own floor lies within the loop's, and the loop's is exactly their union.
        let union = own.dropFirst().reduce(own[0]) { $0.union($1) }
        #expect(union == loopFloor)
        for o in own { #expect(o.a0 >= loopFloor.a0 && o.a1 <= loopFloor.a1 && o.b0 >= loopFloor.b0 && o.b1 <= loopFloor.b1) }
        // The frames' own floors are not all one: at the top of the rep the legs are off the floor.
        let lengths = own.map { $0.a1 - $0.a0 }
        #expect(lengths.max()! - lengths.min()! > 0.2, "floor lengths \(lengths)")
        // The framing measures the floor it draws: the offset is the one the prepared frames give, and every frame
        // stays off the outer 2 px.
        let frames = times.map { LoopPainter.frame(renderer, scene: scene, at: $0, fitted: fitted, floor: loopFloor) }
        #expect(renderer.centringOffset(frames: frames) == offset)
        for frame in frames {
            #expect(frame.list.layer.filter { $0 == .floor }.count == 12)
            Self.expectNothingAtTheEdge(renderer.render(frame, variants: [LoopPainter.variant], scale: 2, offset: offset, circles: false)[0].image)
        }
        // What `paint` drew, where the legs are up: the drawing on the loop's floor, byte for byte at @3x, which is
        // not the drawing on the frame's own (shorter) floor.
        let loop = try LoopPainter.paint(scene: scene, style: style, timeline: timeline, fps: Self.fps)
        #expect(loop.floor == loopFloor && loop.offset == offset)
        let top = drawn[try #require(lengths.indices.min { lengths[$0] < lengths[$1] })]
        let pose = scene.pose(at: times[top])
        var onOwn = renderer.prepare(pose)
        if let fitted { onOwn.camera = fitted }
        let expected = renderer.render(frames[top], variants: [LoopPainter.variant], scales: [2, 3], offset: offset, circles: false)[1][0].image
        let ownFloor = renderer.render(onOwn, variants: [LoopPainter.variant], scales: [2, 3], offset: offset, circles: false)[1][0].image
        let got = try PNGEncoder.decode(loop.frames[top][1]).rgba
        #expect(got == (try PNGEncoder.decode(try PNGEncoder.encode(expected, fast: true))).rgba)
        #expect(got != (try PNGEncoder.decode(try PNGEncoder.encode(ownFloor, fast: true))).rgba)
        let covered = { (image: LinearImage) in image.pixels.filter { $0.w > 0.5 }.count }
        #expect(covered(expected) > covered(ownFloor), "on the loop's floor \(covered(expected)) px drawn, on its own \(covered(ownFloor))")
        // And a figure with no floor in any frame (a hang) gets none.
        #expect(try Self.framed("pullup-06").framing.floor == nil)
    }

    /// Poses match within 1e-5 in every world matrix entry (the translation within 1e-5 m, in the file's units),
    /// with the same morph weights; a NaN never matches.
    @Test func posesMatchWithinTheirTolerance() throws {
        let (scene, _) = try Self.posed("squat-04")
        let pose = scene.pose(at: PreviewTimeline(scene: scene).start)
        let node = try #require(pose.worldMatrices.indices.last)
        func moved(_ dx: Float, turn: Float = 0, metresPerUnit: Float? = nil) -> Pose {
            var p = pose
            p.worldMatrices[node].columns.3.x += dx
            p.worldMatrices[node].columns.0.y += turn
            if let m = metresPerUnit { p.axisConversion = p.axisConversion * Matrix4x4(SIMD4(m, 0, 0, 0), SIMD4(0, m, 0, 0), SIMD4(0, 0, m, 0), SIMD4(0, 0, 0, 1)) }
            return p
        }
        var drawn = LoopPainter.DrawnPoses()
        #expect(drawn.match(pose) == nil)
        drawn.add(pose, frame: 7)
        #expect(drawn.match(pose) == 7)
        #expect(drawn.match(moved(5e-6)) == 7)
        #expect(drawn.match(moved(0, turn: 5e-6)) == 7)
        #expect(drawn.match(moved(5e-5)) == nil)
        #expect(drawn.match(moved(0, turn: 5e-5)) == nil)
        #expect(drawn.match(moved(.nan)) == nil)
        // A file in centimetres: 1e-5 m is 1e-3 of its units.
        var centimetres = LoopPainter.DrawnPoses()
        let cm = moved(0, metresPerUnit: 0.01)
        centimetres.add(cm, frame: 0)
        var near = cm, far = cm
        near.worldMatrices[node].columns.3.x += 5e-4
        far.worldMatrices[node].columns.3.x += 5e-3
        #expect(centimetres.match(near) == 0)
        #expect(centimetres.match(far) == nil)
        // The unit scales the translation's tolerance only: a rotation 5e-5 off still does not match.
        var turned = cm
        turned.worldMatrices[node].columns.0.y += 5e-5
        #expect(centimetres.match(turned) == nil)
        // Morph weights must be equal, bit for bit (no bundled rig has a morph: these are set by hand).
        var weighted = pose
        weighted.morphWeights = [[0.25, 0.5]]
        var morphs = LoopPainter.DrawnPoses()
        morphs.add(weighted, frame: 3)
        #expect(morphs.match(weighted) == 3)
        var reweighted = weighted
        reweighted.morphWeights = [[0.25, 0.5000001]]
        #expect(morphs.match(reweighted) == nil)
        #expect(morphs.match(pose) == nil)
    }
}
