import AssetCatalog
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// One PNG showing every icon of the catalog: per exercise a row of its ten progressions not yet done,
/// then a row of them done, each at @2x with its id beneath, over iOS's light grouped background.
/// Drawn from the PNG files on disk, so it shows exactly what was written.
struct ContactSheet {
    var catalog: Catalog
    var style: IconStyle
    var outputRoot: String
    var format: IconBatch.Format

    static let background: (UInt8, UInt8, UInt8) = (242, 242, 247)
    static let ink: (UInt8, UInt8, UInt8) = (60, 60, 67)

    func png() throws -> [UInt8] {
        let scale = style.scales.contains(2) ? 2 : (style.scales.first ?? 1)
        let icon = style.pointSize * scale
        let pad = 8, label = 14, header = 16
        let columns = max(1, catalog.exercises.map(\.progressions.count).max() ?? 1)
        let cellW = icon + pad, cellH = icon + label
        let width = pad + columns * cellW
        let height = pad + catalog.exercises.count * (header + 2 * cellH) + pad
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            rgba[4 * i] = Self.background.0; rgba[4 * i + 1] = Self.background.1; rgba[4 * i + 2] = Self.background.2
        }
        func plot(_ x: Int, _ y: Int) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let o = 4 * (y * width + x)
            rgba[o] = Self.ink.0; rgba[o + 1] = Self.ink.1; rgba[o + 2] = Self.ink.2
        }
        var y = pad
        for exercise in catalog.exercises {
            BitmapFont.draw(exercise.name, x: pad, y: y + 4, scale: 1, plot)
            y += header
            for (state, suffix) in IconJob.states {
                _ = state
                for (c, p) in exercise.progressions.enumerated() {
                    let x = pad + c * cellW
                    let name = p.id + suffix
                    let file = XCAssets.filename(name, scale: scale)
                    let path = format == .xcassets ? "\(outputRoot)/\(name).imageset/\(file)" : "\(outputRoot)/\(file)"
                    if let data = FileManager.default.contents(atPath: path),
                       let image = try? PNGEncoder.decode(Array(data)), image.width == icon, image.height == icon {
                        blend(image.rgba, size: icon, into: &rgba, width: width, at: x, y)
                    } else {
                        BitmapFont.draw("missing", x: x + 4, y: y + icon / 2, scale: 1, plot)
                    }
                    let text = suffix.isEmpty ? p.id : "done"
                    BitmapFont.draw(text, x: x + max(0, (icon - BitmapFont.width(of: text)) / 2), y: y + icon + 3, scale: 1, plot)
                }
                y += cellH
            }
        }
        return try PNGEncoder.encode(rgba: rgba, width: width, height: height, fast: true)
    }

    /// Straight-alpha sRGB `src` over the opaque sheet, blended in linear light.
    private func blend(_ src: [UInt8], size: Int, into dst: inout [UInt8], width: Int, at x0: Int, _ y0: Int) {
        let toLinear = (0..<256).map { SRGB.toLinear(Float($0) / 255) }
        for y in 0..<size {
            for x in 0..<size {
                let s = 4 * (y * size + x)
                let a = Float(src[s + 3]) / 255
                guard a > 0 else { continue }
                let d = 4 * ((y0 + y) * width + (x0 + x))
                for c in 0..<3 {
                    let l = toLinear[Int(src[s + c])] * a + toLinear[Int(dst[d + c])] * (1 - a)
                    dst[d + c] = UInt8(max(0, min(255, (SRGB.fromLinear(l) * 255).rounded())))
                }
            }
        }
    }
}
