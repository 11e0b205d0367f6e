import ArgumentParser
import ColladaKit
import Foundation
import PoseRenderer
import TerminalPreview

/// `assettool bench preview FILE [--rig RIG] [--width 80] [--height 40] [--mode M] [--color C] [--runs N]`: the time
/// to make one preview frame (pose, skin, raster with depth, encode), median and best of `--runs`, over the
/// animation's frames in turn.
struct PreviewBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Time one terminal preview frame (pose + skin + raster + cells).")

    @Argument(help: "The COLLADA file (base model).")
    var file: String

    @Option(help: "An animation-only rig applied to the base model.")
    var rig: String?

    @Option(help: "Columns.")
    var width = 80

    @Option(help: "Rows.")
    var height = 40

    @Option(help: "ascii, blocks or braille; all three when absent.")
    var mode: PreviewMode?

    @Option(help: "Colours of the encoded text: never, 256 or truecolor.")
    var color: Terminal.ColorChoice = .never

    @Option(help: "Samples per pixel side (default: the mode's).")
    var samples: Int?

    @Option(help: "Frames timed per mode.")
    var runs = 200

    @Option(help: "Worker threads (default: all cores).")
    var threads: Int?

    @Flag(help: "Also print the median of each stage: pose, skin + draw list, camera, raster, shading, cells.")
    var stages = false

    func validate() throws {
        if !(1...1000).contains(width) || !(1...1000).contains(height) { throw ValidationError("--width and --height must be 1...1000") }
        if runs < 1 { throw ValidationError("--runs must be at least 1") }
    }

    func run() throws {
        let loaded = try PreviewCommand.loadPosable(file: file, rig: rig, clip: nil)
        let colors = Terminal.color(color, isTerminal: false, environment: [:])
        let times = PreviewTimeline(scene: loaded.scene).loopTimes()
        print("preview \(width)x\(height), \(loaded.scene.triangleCount) triangles, \(times.count) frame(s) per loop, colour \(colors.rawValue)")
        for m in mode.map({ [$0] }) ?? PreviewMode.allCases {
            let r = PreviewRenderer(scene: loaded.scene, mode: m, columns: width, rows: height, samplesPerSide: samples, threads: threads)
            let px = m.pixelSize(columns: width, rows: height)
            _ = r.render(loaded.scene.pose(at: times[0]), options: CellOptions(color: colors))
            var ms: [Double] = []
            var bytes = 0
            for k in 0..<runs {
                let t0 = ContinuousClock.now
                let f = r.render(loaded.scene.pose(at: times[k % times.count]), options: CellOptions(color: colors))
                ms.append((ContinuousClock.now - t0).milliseconds)
                bytes += f.text.bytes.count
            }
            ms.sort()
            if stages { printStages(r, scene: loaded.scene, times: times, colors: colors) }
            let name = m.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            let size = "\(px.width)x\(px.height) px".padding(toLength: 12, withPad: " ", startingAt: 0)
            print(name + size + String(format: " median %.3f ms  best %.3f ms  p90 %.3f ms  (%d bytes/frame)",
                                       ms[ms.count / 2], ms[0], ms[ms.count * 9 / 10], bytes / runs))
        }
    }

    /// Median milliseconds of each stage of ``PreviewRenderer/render(_:options:)``, timed apart.
    func printStages(_ r: PreviewRenderer, scene: Scene, times: [Float], colors: PreviewColor) {
        var t = [[Double]](repeating: [], count: 6)
        let size = r.mode.pixelSize(columns: r.columns, rows: r.rows)
        for k in 0..<runs {
            var c = ContinuousClock.now
            func lap(_ i: Int) { let n = ContinuousClock.now; t[i].append((n - c).milliseconds); c = n }
            let pose = scene.pose(at: times[k % times.count]); lap(0)
            let list = r.renderer.drawList(pose); lap(1)
            let cam = r.camera.camera(scene: scene, pose: pose, points: list.positions, aspect: Float(size.width) / Float(size.height)).camera; lap(2)
            let img = Rasterizer.renderWithDepth(list, camera: cam, width: size.width, height: size.height, options: r.options); lap(3)
            let raster = PreviewRaster(img, camera: cam, edgeJump: 0.05); lap(4)
            var out = TextBuffer()
            r.encode(raster, options: CellOptions(color: colors), into: &out); lap(5)
        }
        let names = ["pose", "skin+list", "camera", "raster", "shading", "cells"]
        print("  stages (median ms): " + zip(names, t).map { n, v in String(format: "%@ %.3f", n, v.sorted()[v.count / 2]) }.joined(separator: ", "))
    }
}
