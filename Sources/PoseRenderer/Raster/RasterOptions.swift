#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a frame is rasterized.
public struct RasterOptions: Sendable {
    /// Supersampling: samples per pixel side (4 = 16 samples per pixel), on a regular grid at the sample
    /// centres. 1...16.
    public var samplesPerSide: Int = 4
    /// Skip triangles whose back faces the camera (counter-clockwise is the front, as COLLADA and OpenGL).
    public var cullBackFaces = false
    /// Worker threads; the output is identical for any count.
    public var threads: Int = RasterOptions.cores
    /// The cores, asked once (Foundation reads the cgroup's CPU quota from files on every call).
    static let cores = ProcessInfo.processInfo.activeProcessorCount
    /// The lights.
    public var lighting = Lighting.standard

    public init(samplesPerSide: Int = 4, cullBackFaces: Bool = false, threads: Int? = nil, lighting: Lighting = .standard) {
        self.samplesPerSide = min(max(samplesPerSide, 1), 16)
        self.cullBackFaces = cullBackFaces
        if let threads { self.threads = max(1, threads) }
        self.lighting = lighting
    }
}
