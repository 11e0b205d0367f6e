import ColladaKit
import PoseRenderer

/// A contact sheet of the authored poses (`docs/progressions.png`): each progression's iconic frame drawn by
/// the icons' rasterizer, seen from the rig camera's side (+X, looking along -X: screen right is +Y, up is +Z)
/// through an orthographic camera, 10 per row (one exercise type per row), under a band with its id and
/// name. The floor (z = 0) is a grey line; props are darker than the figure.
struct ProgressionSheet {
    /// Side of a figure's square, in pixels.
    var cell: Int
    /// Height of the label band above each figure, in pixels.
    static let labelBand = 22
    static let columns = 10
    static let figureColor = SIMD3<Float>(0.72, 0.74, 0.78)
    static let propColor = SIMD3<Float>(0.32, 0.32, 0.34)
    static let ink: UInt8 = 40, floor: UInt8 = 160, rule: UInt8 = 200

    /// One figure to draw: world positions (Z up) and triangles of the figure and of each prop.
    struct Figure {
        var id: String
        var name: String
        var body: (positions: [SIMD3<Float>], triangles: [UInt32])
        var props: [(positions: [SIMD3<Float>], triangles: [UInt32])]
        /// Looked-at point, metres (its x is ignored: the view is along X).
        var target: SIMD3<Float>
        /// Side of the square of world seen, metres.
        var extent: Float
    }

    /// The sheet as PNG bytes (8-bit RGBA, opaque).
    ///
    /// Cost: one 4x4-sampled render per figure, `cell x cell` pixels.
    func png(_ figures: [Figure]) throws -> [UInt8] {
        let rows = (figures.count + Self.columns - 1) / Self.columns
        let cellHeight = cell + Self.labelBand
        let width = Self.columns * cell, height = max(1, rows) * cellHeight
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        func set(_ x: Int, _ y: Int, _ v: UInt8) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let o = 4 * (y * width + x)
            rgba[o] = v; rgba[o + 1] = v; rgba[o + 2] = v
        }
        for (i, figure) in figures.enumerated() {
            let x0 = (i % Self.columns) * cell, y0 = (i / Self.columns) * cellHeight
            let image = Rasterizer.render(Self.drawList(figure), camera: Self.camera(figure), width: cell, height: cell,
                                          options: RasterOptions(samplesPerSide: 4))
            let floorRow = Int((Float(cell) / 2 + figure.target.z * Float(cell) / figure.extent).rounded())
            for y in 0..<cell {
                for x in 0..<cell {
                    let p = image[x, y]
                    let o = 4 * ((y0 + Self.labelBand + y) * width + x0 + x)
                    if p.w <= 0 {
                        if y == floorRow { set(x0 + x, y0 + Self.labelBand + y, Self.floor) }
                        continue
                    }
                    // Premultiplied linear colour over the white page, then sRGB.
                    for c in 0..<3 {
                        let l = p[c] + (1 - p.w)
                        rgba[o + c] = UInt8(max(0, min(255, (SRGB.fromLinear(l) * 255).rounded())))
                    }
                }
            }
            BitmapFont.draw(label(figure.id), x: x0 + 4, y: y0 + 3, scale: 1) { set($0, $1, Self.ink) }
            BitmapFont.draw(label(figure.name), x: x0 + 4, y: y0 + 12, scale: 1) { set($0, $1, Self.ink) }
            for x in x0..<(x0 + cell) { set(x, y0 + cellHeight - 1, Self.rule) }
            for y in y0..<(y0 + cellHeight) { set(x0 + cell - 1, y, Self.rule) }
        }
        return try PNGEncoder.encode(rgba: rgba, width: width, height: height)
    }

    /// `text` as the font can draw it (no parentheses) and cut to fit a cell's width, with `.` marking a cut.
    func label(_ text: String) -> String {
        let plain = text.filter { $0 != "(" && $0 != ")" }
        let fits = max(1, (cell - 6) / BitmapFont.advance)
        return plain.count <= fits ? plain : String(plain.prefix(fits - 1)) + "."
    }

    /// The figure and its props as one list, flat-shaded (one normal per triangle).
    static func drawList(_ figure: Figure) -> DrawList {
        var list = DrawList()
        list.palette = [figureColor, propColor]
        for (k, part) in ([figure.body] + figure.props).enumerated() {
            let base = UInt32(list.positions.count)
            list.positions += part.positions
            for t in stride(from: 0, to: part.triangles.count - 2, by: 3) {
                let a = part.positions[Int(part.triangles[t])], b = part.positions[Int(part.triangles[t + 1])]
                let c = part.positions[Int(part.triangles[t + 2])]
                let n = simdCross(b - a, c - a)
                let length = simdLength(n)
                let normal = length > 0 ? n / length : SIMD3<Float>(1, 0, 0)
                for j in 0..<3 {
                    list.indices.append(base + part.triangles[t + j])
                    list.cornerNormals.append(normal)
                }
                list.colorIndex.append(k == 0 ? 0 : 1)
            }
        }
        return list
    }

    /// An orthographic camera on +X looking at `target` along -X, Z up, seeing `extent` metres square.
    static func camera(_ figure: Figure) -> RenderCamera {
        let distance = 4 * figure.extent
        let eye = figure.target + SIMD3(distance, 0, 0)
        let world = Matrix4x4.lookAt(eye: eye, target: figure.target, up: SIMD3(0, 0, 1))
        let near: Float = 0.01, far = 2 * distance
        return RenderCamera(view: world.inverse ?? .identity,
                            projection: RenderCamera.orthographic(ymag: figure.extent / 2, aspect: 1, near: near, far: far),
                            near: near, far: far)
    }
}
