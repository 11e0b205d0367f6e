import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PoseRenderer

/// `--play`: an animation redrawn in place at its own rate.
///
/// On a terminal: the cursor is hidden (`ESC[?25l`); each frame is wrapped in synchronized-output markers
/// (`ESC[?2026h` ... `ESC[?2026l`, so the terminal shows it whole), and every frame after the first starts by moving
/// the cursor back up over the previous one (`CR`, `ESC[<rows>A`) and erasing each line before drawing it. Frames
/// are shown on a fixed schedule (frame k of the run at `k · interval` from the start; a late frame is drawn at
/// once, not skipped). It stops after `loops` loops or on SIGINT/SIGTERM, and always ends with the attributes
/// reset and the cursor shown again (`ESC[0m ESC[?25h`), below the picture. Off a terminal the frames are
/// printed one after another, without escape sequences.
package struct PreviewPlayer {
    var renderer: PreviewRenderer
    var scene: Scene
    var clip: AnimationClip?
    var color: PreviewColor
    /// Animation times of one loop.
    var times: [Float]
    /// Seconds per frame.
    var interval: Double
    /// Loops to play; `nil` until interrupted.
    var loops: Int?
    var isTerminal: Bool

    package init(renderer: PreviewRenderer, scene: Scene, clip: AnimationClip?, color: PreviewColor, times: [Float],
                 interval: Double, loops: Int?, isTerminal: Bool) {
        self.renderer = renderer
        self.scene = scene
        self.clip = clip
        self.color = color
        self.times = times
        self.interval = interval
        self.loops = loops
        self.isTerminal = isTerminal
    }

    package enum Outcome { case finished, interrupted, outputClosed }

    /// Plays; returns how it ended.
    package func play() -> Outcome {
        let flag = InterruptFlag()
        flag.install()
        defer { flag.uninstall() }
        if isTerminal { Terminal.write(Array("\u{1B}[?25l".utf8)) }
        var outcome = Outcome.finished
        let clock = ContinuousClock()
        let begin = clock.now
        var shown = 0
        var loop = 0
        run: while loops.map({ loop < $0 }) ?? true {
            for t in times {
                if flag.isRaised { outcome = .interrupted; break run }
                let frame = renderer.render(scene.pose(at: t, clip: clip), options: CellOptions(color: color, clearLines: isTerminal))
                var out = TextBuffer(capacity: frame.text.bytes.count + 32)
                if isTerminal {
                    out.append("\u{1B}[?2026h")
                    if shown > 0 {
                        out.append("\r\u{1B}[")
                        out.append(decimal: frame.rows)
                        out.append("A")
                    }
                    out.bytes.append(contentsOf: frame.text.bytes)
                    out.append("\u{1B}[?2026l")
                } else {
                    if shown > 0 { out.append("\n") }
                    out.bytes.append(contentsOf: frame.text.bytes)
                }
                if !Terminal.write(out.bytes) { outcome = .outputClosed; break run }
                shown += 1
                // Wait for this frame's slot to end, in short naps so Ctrl-C is answered within 10 ms.
                // Clamped (about 292 years): an interval from absurd key times must not trap.
                let ns = (Double(shown) * interval * 1e9).rounded()
                let deadline = begin + .nanoseconds(ns.isFinite ? Int64(min(max(ns, 0), 9.2e18)) : 0)
                while clock.now < deadline {
                    if flag.isRaised { outcome = .interrupted; break run }
                    let left = clock.now.duration(to: deadline)
                    let nap = min(0.01, max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18))
                    usleep(UInt32((nap * 1e6).rounded(.up)))
                }
            }
            loop += 1
        }
        if isTerminal { Terminal.write(Array("\u{1B}[0m\u{1B}[?25h".utf8)) }
        return outcome
    }
}
