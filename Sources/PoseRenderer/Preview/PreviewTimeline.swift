import ColladaKit

/// When the frames of an animation are: its time range and its own sample rate (from the key times).
public struct PreviewTimeline: Sendable, Equatable {
    /// First time, seconds.
    public var start: Float
    /// Length of one loop, seconds (0 for a still scene).
    public var duration: Float
    /// Frames per second: the keys' own rate (``ColladaKit/Scene/keyRate(clip:)``, the one the export samples at).
    public var sampleRate: Float

    /// A duration that is not finite (a clip ending at `inf`, keys at ±3e38) counts as 0: a still scene.
    public init(start: Float, duration: Float, sampleRate: Float) {
        self.start = start
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.sampleRate = sampleRate
    }

    /// The timeline of `scene`'s animation, or of `clip`'s channels (times from the clip's start, as
    /// ``Scene/pose(at:clip:)`` measures them). O(keys log keys).
    public init(scene: Scene, clip: AnimationClip? = nil) {
        let rate = scene.keyRate(clip: clip)
        if let range = scene.animationRange(clip: clip) {
            self.init(start: range.lowerBound, duration: range.upperBound - range.lowerBound, sampleRate: rate)
        } else {
            self.init(start: 0, duration: 0, sampleRate: rate)
        }
    }

    /// The times of one loop at `fps` frames per second (default: ``sampleRate``): `start + k · duration / n` for
    /// `k` in `0..<n`, `n = round(duration · fps)` within 1...100,000; the end time is left out, as a looping rep ends
    /// where it starts.
    public func loopTimes(fps: Float? = nil) -> [Float] {
        let rate = fps.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? sampleRate
        // Clamped as a Float: keys 1e20 s apart would make Int(duration · rate) trap.
        let frames = (duration * rate).rounded()
        let n = frames >= 1 ? Int(min(frames, 100_000)) : 1
        return (0..<n).map { start + Float($0) * duration / Float(n) }
    }

    /// Seconds each frame is shown at `fps` (default ``sampleRate``).
    public func frameInterval(fps: Float? = nil) -> Double {
        let times = loopTimes(fps: fps)
        if duration > 0 { return Double(duration) / Double(times.count) }
        return 1 / Double(fps.flatMap { $0 > 0 ? $0 : nil } ?? sampleRate)
    }
}
