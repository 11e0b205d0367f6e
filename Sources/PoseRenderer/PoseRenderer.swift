import PipelineKit

/// PoseRenderer: posed COLLADA scenes to icons without a GPU.
///
/// - `Camera/`: ``RenderCamera`` from a COLLADA camera or fitted to the geometry.
/// - `Raster/`: ``DrawList``, ``Rasterizer`` (clipping, fixed-point edge functions, top-left rule, depth,
///   supersampling, bands across cores), ``SceneRenderer``.
/// - `Shading/`: ``Lighting`` (key, fill, rim in linear light) and the resolve.
/// - `Effects/`: ``ColorMatrix`` (grayscale, saturation, contrast), ``GaussianBlur``, ``Compositing``.
/// - `Image/`, `PNG/`: ``LinearImage`` (premultiplied linear), ``SRGB``, ``PNGEncoder`` (libpng simplified API).
/// - `Icon/`: ``IconStyle``, ``IconRenderer``.
/// - `Preview/`: ``PreviewRenderer`` (terminal cells: ``AsciiEncoder``, ``BlockEncoder``, ``BrailleEncoder``) over a
///   ``PreviewRaster`` (coverage, light and depth shading, depth edges from ``Rasterizer/renderWithDepth(_:camera:width:height:options:)``),
///   ``PreviewCamera``, ``PreviewColor``, ``PreviewTimeline``.
public enum PoseRendererInfo {
    /// The release of the package this renderer ships in (``PipelineKit/ToolVersion/release``).
    public static let version = ToolVersion.release
}
