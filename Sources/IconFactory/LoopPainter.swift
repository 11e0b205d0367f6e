import ColladaKit
import PoseRenderer

/// Draws one loop: the rep's frames through ``IconRenderer`` (the icon's drawing of the figure, without circles),
/// one framing for all of them, encoded as the atlas's PNGs and one APNG.
package enum LoopPainter {
    package struct RenderError: Error, CustomStringConvertible {
        package var description: String
    }

    /// One loop, encoded.
    package struct Loop: Sendable {
        /// Per frame, its PNG at each of ``LoopBatch/atlasScales``.
        package var frames: [[[UInt8]]]
        package var apng: [UInt8]
        /// The rep's length, ms (one frame's time more when the rep does not loop): the APNG's delays sum to it.
        package var milliseconds: Int
        /// The offset every frame is drawn with, in points.
        package var offset: SIMD2<Float>
        /// Per frame, the frame it was drawn as: itself, or an earlier one whose pose it matches (``DrawnPoses``).
        package var drawnAs: [Int] = []
        /// The floor every frame is drawn on (nil: none).
        package var floor: IconRenderer.FloorPlacement?
    }

    /// What a loop frame is drawn as: the not-done icon's figure for the white page (grey, dark ink, white glow).
    package static let variant: (state: IconState, appearance: IconAppearance) = (.incomplete, .light)

    /// `<id>_000`: a frame's imageset and texture name (three digits at least, so names sort in play order).
    package static func frameName(_ id: String, _ k: Int) -> String {
        let digits = String(k)
        return id + "_" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// The times of the loop's frames: `start + k · length / n`, `n = round(length · fps)` (at least 1). A rep that
    /// loops (the catalog's `loops`, true unless said) ends where it starts, so its end is left out
    /// (``PreviewTimeline/loopTimes(fps:)``); one that does not (`"loops": false`: its last pose is not its first)
    /// gets the end as one frame more, so the loop shows the whole motion before it starts again.
    package static func times(_ timeline: PreviewTimeline, fps: Int, loops: Bool = true) -> [Float] {
        let times = timeline.loopTimes(fps: Float(fps))
        guard !loops, timeline.duration > 0 else { return times }
        return times + [timeline.start + timeline.duration]
    }

    /// The loop's framing: one camera for every frame (the rig's, posed at each time; else the one fitted to the
    /// first frame), one floor for the whole rep and the one offset that frames them all. Each frame is measured
    /// from its skinned positions alone and let go (a rep's prepared frames together are hundreds of MB), then
    /// drawn one by one. `drawnAs`: per time, the first time whose pose it matches (``DrawnPoses``; itself when
    /// none), which the drawing follows too.
    ///
    /// The floor: each frame's own (``IconRenderer/floorPlacement(under:within:right:)``), all laid along the
    /// first frame's camera, and their union drawn in every frame (nil when no frame has one). A floor of each
    /// frame's own grew and shrank with the rep (legs raised off it, hands coming down to it): 32 of the 60 loops.
    package static func framing(_ renderer: IconRenderer, scene: Scene, times: [Float]) throws
        -> (camera: RenderCamera?, offset: SIMD2<Float>, drawnAs: [Int], floor: IconRenderer.FloorPlacement?) {
        var fitted: RenderCamera?
        var right: SIMD3<Float>?
        var measured: [(boxes: IconRenderer.Boxes, camera: RenderCamera)] = []
        var floor: IconRenderer.FloorPlacement?
        var drawn = DrawnPoses()
        var drawnAs: [Int] = []
        for (k, t) in times.enumerated() {
            let pose = scene.pose(at: t)
            if let earlier = drawn.match(pose) {
                drawnAs.append(earlier)
                continue
            }
            drawn.add(pose, frame: k)
            drawnAs.append(k)
            let m = renderer.measureWithoutFloor(pose: pose, camera: fitted, floorRight: right)
            if k == 0 {
                if !m.isFile { fitted = m.camera }
                right = IconRenderer.floorRight(m.camera)
            }
            if let own = m.floor { floor = floor.map { $0.union(own) } ?? own }
            measured.append((m.boxes, fitted ?? m.camera))
        }
        // A frame shown again adds nothing to the union of the boxes: only the frames drawn are measured.
        let boxes = measured.map { m in floor.map { renderer.boxes(m.boxes, addingFloor: $0, camera: m.camera) } ?? m.boxes }
        guard let offset = renderer.centringOffset(boxes: boxes) else {
            throw RenderError(description: "the figure is not in view of the camera during the rep")
        }
        return (fitted, offset, drawnAs, floor)
    }

    /// The frame at `time`, prepared to draw through the loop's camera (`fitted`: nil for the rig's own) on the
    /// loop's floor (nil: none).
    package static func frame(_ renderer: IconRenderer, scene: Scene, at time: Float, fitted: RenderCamera?,
                              floor: IconRenderer.FloorPlacement?) -> IconRenderer.Frame {
        var frame = renderer.prepare(scene.pose(at: time), floor: .placed(floor))
        if let fitted { frame.camera = fitted }
        return frame
    }

    /// The poses of a rep drawn so far, to find a time whose pose is one of them again: a hold (the pause at the
    /// bottom of a rep), or the way up passing the way down's poses (most reps are symmetric in time). Such a
    /// time takes the earlier frame's images: 929 of the bundled reps' 2,088 frames (44%).
    ///
    /// Two poses match when every node's world matrix agrees within ``tolerance`` (the rotation and scale part,
    /// unitless; the translation within that many metres, in the file's units) and the morph weights are the
    /// same. Within it (joints at unit scale, as Blender's are), no vertex of a figure a few metres across moves by
    /// more than about 5e-5 m: 0.003 px at @3x for the bundled framing, where the raster snaps every vertex to
    /// 1/1024 px. In the bundled reps a frame's
    /// nearest earlier pose is either within 6e-6 (the same pose reached again: they differ by the rounding of the
    /// curve's arithmetic) or farther than 1.6e-5 (for all but 21 frames, farther than 1e-3). A reused frame differs
    /// from a render at its own time only in samples on an edge, as two renders of poses 1e-6 apart do (at @3x at
    /// most 0.35% of the figure's pixels by more than 1/255).
    struct DrawnPoses {
        static let tolerance: Float = 1e-5
        private var poses: [(frame: Int, world: [Matrix4x4], morphs: [[Float]])] = []

        /// The frame of the first pose drawn that `pose` matches.
        func match(_ pose: Pose) -> Int? {
            // Metres per file unit (the axis conversion's scale): the translation's tolerance in file units.
            let c = pose.axisConversion.columns.0
            let metres = (c.x * c.x + c.y * c.y + c.z * c.z).squareRoot()
            let move = metres > 0 && metres.isFinite ? Self.tolerance / metres : Self.tolerance
            let turn = SIMD4<Float>(repeating: Self.tolerance)
            let shift = SIMD4<Float>(move, move, move, Self.tolerance)
            for drawn in poses where drawn.world.count == pose.worldMatrices.count && drawn.morphs == pose.morphWeights {
                var same = true
                for (a, b) in zip(drawn.world, pose.worldMatrices) {
                    let d0: SIMD4<Float> = a.columns.0 - b.columns.0, d1: SIMD4<Float> = a.columns.1 - b.columns.1
                    let d2: SIMD4<Float> = a.columns.2 - b.columns.2, d3: SIMD4<Float> = a.columns.3 - b.columns.3
                    // Column by column: a NaN difference stays NaN (max of NaN and NaN) and fails `.<=`.
                    if !(all(pointwiseMax(d0, -d0) .<= turn) && all(pointwiseMax(d1, -d1) .<= turn)
                         && all(pointwiseMax(d2, -d2) .<= turn) && all(pointwiseMax(d3, -d3) .<= shift)) { same = false; break }
                }
                if same { return drawn.frame }
            }
            return nil
        }

        mutating func add(_ pose: Pose, frame: Int) {
            poses.append((frame, pose.worldMatrices, pose.morphWeights))
        }
    }

    /// The loop of `scene`'s rep at `fps`, drawn with `style` (its `pointSize` the loop's side).
    /// `loops`: whether the rep ends where it starts (see ``times(_:fps:loops:)``).
    package static func paint(scene: Scene, style: IconStyle, timeline: PreviewTimeline, fps: Int, loops: Bool = true) throws -> Loop {
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        let times = Self.times(timeline, fps: fps, loops: loops)
        let (fitted, offset, drawnAs, floor) = try framing(renderer, scene: scene, times: times)
        var pngs: [[[UInt8]]] = []
        var apngFrames: [[UInt8]] = []
        let scales = LoopBatch.atlasScales
        for (k, t) in times.enumerated() {
            // A time whose pose the framing found drawn before shows that frame's images.
            if drawnAs[k] != k {
                pngs.append(pngs[drawnAs[k]])
                apngFrames.append(apngFrames[drawnAs[k]])
                continue
            }
            let frame = Self.frame(renderer, scene: scene, at: t, fitted: fitted, floor: floor)
            let images = renderer.render(frame, variants: [variant], scales: scales, offset: offset, circles: false)
            var encoded: [[UInt8]] = []
            for (scale, image) in zip(scales, images) {
                encoded.append(try PNGEncoder.encode(image[0].image, fast: true))
                if scale == LoopBatch.apngScale { apngFrames.append(SRGB.encodeStraight(image[0].image)) }
            }
            pngs.append(encoded)
        }
        let side = style.pointSize * LoopBatch.apngScale
        var seconds = timeline.duration > 0 ? Double(timeline.duration) : Double(times.count) / Double(fps)
        // A rep that does not loop shows its end frame for one frame's time beyond its length (its times are the
        // looping ones and the end: `times.count - 1` steps).
        if !loops, timeline.duration > 0 { seconds += Double(timeline.duration) / Double(times.count - 1) }
        let delays = APNGEncoder.delays(seconds: seconds, count: apngFrames.count)
        let apng = try APNGEncoder.encode(frames: apngFrames, width: side, height: side, delays: delays)
        return Loop(frames: pngs, apng: apng, milliseconds: delays.reduce(0) { $0 + Int($1.num) }, offset: offset, drawnAs: drawnAs,
                    floor: floor)
    }
}
