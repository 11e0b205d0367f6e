import ColladaKit

/// A posed scene drawn into a grid of terminal cells by the icons' renderer (``SceneRenderer``, ``Rasterizer``):
/// the figure skinned, seen through a ``PreviewCamera`` fitted to fill the view, rasterized at the mode's pixel
/// size (square pixels; a cell is about twice as tall as it is wide) with its depth, then encoded cell by cell.
///
/// Cost per frame: skinning (O(vertices · influences)), one raster of `2c x 4r` (or `c x 2r`) pixels at
/// `samplesPerSide²` samples each, O(pixels) encoding. Output is identical for any thread count.
public struct PreviewRenderer: Sendable {
    public let renderer: SceneRenderer
    public var mode: PreviewMode
    public var camera: PreviewCamera
    /// Cells across.
    public var columns: Int
    /// Cells down.
    public var rows: Int
    /// Raster options. Samples per pixel side by default: 1 for ascii and braille (a cell already has 2 x 4 pixels,
    /// so its coverage has 9 levels), 2 for blocks (1 x 2 pixels per cell, whose colours then blend at edges).
    public var options: RasterOptions
    /// How much darker the far side of the figure is than its near side (0...1).
    public var depthShading: Float = 0.4
    /// The distance step (as a fraction of the figure's bounding-box diagonal) that makes a depth edge.
    public var edgeJumpFraction: Float = 0.03

    public init(scene: Scene, mode: PreviewMode, camera: PreviewCamera = .file, columns: Int, rows: Int,
                samplesPerSide: Int? = nil, threads: Int? = nil) {
        renderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: .standard))
        self.mode = mode
        self.camera = camera
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        options = RasterOptions(samplesPerSide: samplesPerSide ?? (mode == .blocks ? 2 : 1), threads: threads)
    }

    /// The pixels of `pose` for this grid, shaded by light and depth, and whether the file's camera was used.
    /// Everything is drawn (the figure and a rig's props); the camera frames the figure alone (the skinned meshes;
    /// everything when nothing is skinned), as the icons do, so a wall or a bar's post does not shrink it.
    public func raster(_ pose: Pose) -> (raster: PreviewRaster, isFileCamera: Bool) {
        let scene = renderer.scene
        let meshes = renderer.deformer.posedMeshes(pose, normals: true)
        let list = DrawList(scene: scene, meshes: meshes, coloring: renderer.coloring)
        var figure: [SIMD3<Float>] = []
        for m in meshes {
            if case .skin = scene.meshInstances[m.instance].source { figure.append(contentsOf: m.positions) }
        }
        if figure.isEmpty { figure = list.positions }
        let size = mode.pixelSize(columns: columns, rows: rows)
        let chosen = camera.camera(scene: scene, pose: pose, points: figure, aspect: Float(size.width) / Float(size.height))
        let rendered = Rasterizer.renderWithDepth(list, camera: chosen.camera, width: size.width, height: size.height, options: options)
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for p in figure where p.x.isFinite && p.y.isFinite && p.z.isFinite {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let diagonal = lo.x <= hi.x ? simdLength(hi - lo) : 1
        let raster = PreviewRaster(rendered, camera: chosen.camera, depthShading: depthShading,
                                   edgeJump: max(1e-6, edgeJumpFraction * diagonal))
        return (raster, chosen.isFile)
    }

    /// `pose` as terminal text in `color` (``PreviewColor/none``: plain, deterministic text).
    public func render(_ pose: Pose, options cell: CellOptions = CellOptions()) -> PreviewFrame {
        let r = raster(pose).raster
        var out = TextBuffer(capacity: rows * (columns * (cell.color == .none ? 3 : 24) + 8))
        encode(r, options: cell, into: &out)
        return PreviewFrame(columns: columns, rows: rows, text: out)
    }

    /// Encodes a raster of this grid's pixel size with the mode's encoder.
    public func encode(_ r: PreviewRaster, options cell: CellOptions, into out: inout TextBuffer) {
        switch mode {
        case .ascii: AsciiEncoder.encode(r, columns: columns, rows: rows, options: cell, into: &out)
        case .blocks: BlockEncoder.encode(r, columns: columns, rows: rows, options: cell, into: &out)
        case .braille: BrailleEncoder.encode(r, columns: columns, rows: rows, options: cell, into: &out)
        }
    }
}
