import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// `bench preview`: the time to make one terminal preview frame (pose, skin, raster with depth, encode), median,
/// best and 90th percentile of `runs`, over the animation's frames in turn.
package struct PreviewBenchmark {
    package var scene: Scene
    /// Columns and rows of the grid.
    package var width: Int, height: Int
    package var modes: [PreviewMode]
    package var colors: PreviewColor
    /// Samples per pixel side (default: the mode's).
    package var samples: Int?
    /// Frames timed per mode (at least 1).
    package var runs: Int
    package var threads: Int?
    /// Also time each stage apart and print their medians.
    package var stages: Bool

    package init(scene: Scene, width: Int, height: Int, modes: [PreviewMode], colors: PreviewColor, samples: Int?, runs: Int,
                 threads: Int?, stages: Bool) {
        self.scene = scene
        self.width = width
        self.height = height
        self.modes = modes
        self.colors = colors
        self.samples = samples
        self.runs = max(1, runs)
        self.threads = threads
        self.stages = stages
    }

    /// Times every mode; one line per mode on `output.line`.
    package func run(output: BenchmarkOutput) {
        let times = PreviewTimeline(scene: scene).loopTimes()
        output.line("preview \(width)x\(height), \(scene.triangleCount) triangles, \(times.count) frame(s) per loop, colour \(colors.rawValue)")
        for m in modes {
            let r = PreviewRenderer(scene: scene, mode: m, columns: width, rows: height, samplesPerSide: samples, threads: threads)
            let px = m.pixelSize(columns: width, rows: height)
            _ = r.render(scene.pose(at: times[0]), options: CellOptions(color: colors))
            var ms: [Double] = []
            var bytes = 0
            for k in 0..<runs {
                let t0 = ContinuousClock.now
                let f = r.render(scene.pose(at: times[k % times.count]), options: CellOptions(color: colors))
                ms.append((ContinuousClock.now - t0).milliseconds)
                bytes += f.text.bytes.count
            }
            ms.sort()
            if stages { stageMedians(r, times: times, output: output) }
            let name = m.rawValue.padded(to: 8)
            let size = "\(px.width)x\(px.height) px".padded(to: 12)
            output.line(name + size + String(cFormat: " median %.3f ms  best %.3f ms  p90 %.3f ms  (%d bytes/frame)",
                                       ms[ms.count / 2], ms[0], ms[ms.count * 9 / 10], bytes / runs))
        }
    }

    /// Median milliseconds of each stage of ``PreviewRenderer/render(_:options:)``, timed apart.
    func stageMedians(_ r: PreviewRenderer, times: [Float], output: BenchmarkOutput) {
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
        output.line("  stages (median ms): " + zip(names, t).map { n, v in n + String(cFormat: " %.3f", v.sorted()[v.count / 2]) }.joined(separator: ", "))
    }
}
