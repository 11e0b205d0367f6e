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
    /// first frame) and the one offset that frames them all. Each frame is measured from its skinned positions alone
    /// and let go (a rep's prepared frames together are hundreds of MB), then drawn one by one.
    package static func framing(_ renderer: IconRenderer, scene: Scene, times: [Float]) throws -> (camera: RenderCamera?, offset: SIMD2<Float>) {
        var fitted: RenderCamera?
        var boxes: [IconRenderer.Boxes] = []
        for (k, t) in times.enumerated() {
            let measured = renderer.centringBoxes(pose: scene.pose(at: t), camera: fitted)
            if k == 0, !measured.isFile {
                fitted = measured.camera
            }
            boxes.append(measured.boxes)
        }
        guard let offset = renderer.centringOffset(boxes: boxes) else {
            throw RenderError(description: "the figure is not in view of the camera during the rep")
        }
        return (fitted, offset)
    }

    /// The frame at `time`, prepared to draw through the loop's camera (`fitted`: nil for the rig's own).
    package static func frame(_ renderer: IconRenderer, scene: Scene, at time: Float, fitted: RenderCamera?) -> IconRenderer.Frame {
        var frame = renderer.prepare(scene.pose(at: time))
        if let fitted { frame.camera = fitted }
        return frame
    }

    /// The loop of `scene`'s rep at `fps`, drawn with `style` (its `pointSize` the loop's side).
    /// `loops`: whether the rep ends where it starts (see ``times(_:fps:loops:)``).
    package static func paint(scene: Scene, style: IconStyle, timeline: PreviewTimeline, fps: Int, loops: Bool = true) throws -> Loop {
        let renderer = IconRenderer(scene: scene, style: style, camera: .auto, threads: 1)
        let times = Self.times(timeline, fps: fps, loops: loops)
        let (fitted, offset) = try framing(renderer, scene: scene, times: times)
        var pngs: [[[UInt8]]] = []
        var apngFrames: [[UInt8]] = []
        let scales = LoopBatch.atlasScales
        for t in times {
            let frame = Self.frame(renderer, scene: scene, at: t, fitted: fitted)
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
        return Loop(frames: pngs, apng: apng, milliseconds: delays.reduce(0) { $0 + Int($1.num) }, offset: offset)
    }
}
