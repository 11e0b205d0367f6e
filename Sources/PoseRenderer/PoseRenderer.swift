/// Skinning, rasterizing, icon effects and PNG output. (Filled in by the renderer work.)
public enum PoseRendererInfo {
    public static let version = "0.1.0"
}
