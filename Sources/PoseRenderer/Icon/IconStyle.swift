/// The numbers of the icon recipe (`DESIGN.md`, "The icon"), as stored in `Assets/icon-style.json`.
///
/// Lengths are fractions of the icon's side (`pointSize` points, rendered at each of `scales`), so every
/// length is computed in pixels at each scale, never by resampling a 1x image. Colours are sRGB-encoded
/// components in 0...1, as a designer writes them (`rgb(1, 0.4, 0.2)`); the renderer converts them to
/// linear light.
///
/// The JSON format is this type's `Codable` encoding, keys as the property names:
/// ```json
/// { "format": 1, "pointSize": 60, "scales": [1, 2, 3],
///   "themeColor": [1, 0.4, 0.2], "incompleteColor": [0.5, 0.5, 0.5],
///   "circles": [ {"diameter": 0.7, "completeOpacity": 0.8, "incompleteOpacity": 0.25},
///                {"diameter": 0.4, "completeOpacity": 0.8, "incompleteOpacity": 0.25} ],
///   "figureHeight": 1, "figureColor": [0.82, 0.8, 0.78],
///   "grayscaleComplete": 0.5, "grayscaleIncomplete": 1, "contrast": 1.1,
///   "glowRadius": 0.01, "glowColor": [1, 1, 1], "glowOpacity": 1,
///   "samplesPerSide": 4 }
/// ```
public struct IconStyle: Sendable, Codable, Equatable {
    /// One circle behind the figure, centred on the canvas, drawn in list order (first is furthest back).
    public struct Circle: Sendable, Codable, Equatable {
        /// Diameter as a fraction of the icon's side.
        public var diameter: Float
        /// Opacity of `themeColor` when the progression is complete.
        public var completeOpacity: Float
        /// Opacity of `incompleteColor` when it is not.
        public var incompleteOpacity: Float

        public init(diameter: Float, completeOpacity: Float, incompleteOpacity: Float) {
            self.diameter = diameter
            self.completeOpacity = completeOpacity
            self.incompleteOpacity = incompleteOpacity
        }
    }

    /// Version of this format; readers refuse a higher one.
    public var format: Int = 1
    /// The icon's side in points (@1x pixels).
    public var pointSize: Int = 60
    /// The scales written for each icon (1 = `name.png`, 2 = `name@2x.png`, ...).
    public var scales: [Int] = [1, 2, 3]
    /// The app's theme colour (sRGB components).
    public var themeColor: [Float] = [1, 0.4, 0.2]
    /// The circles' colour when not complete (sRGB components).
    public var incompleteColor: [Float] = [0.5, 0.5, 0.5]
    /// Circles behind the figure.
    public var circles: [Circle] = [
        Circle(diameter: 0.7, completeOpacity: 0.8, incompleteOpacity: 0.25),
        Circle(diameter: 0.4, completeOpacity: 0.8, incompleteOpacity: 0.25),
    ]
    /// The figure's frame height as a fraction of the side (the original app: `size`).
    public var figureHeight: Float = 1
    /// Default diffuse colour of the mannequin when its material gives none (sRGB components).
    public var figureColor: [Float] = [0.82, 0.8, 0.78]
    /// SwiftUI `grayscale(_:)` amount on the figure when complete.
    public var grayscaleComplete: Float = 0.5
    /// SwiftUI `grayscale(_:)` amount on the figure when not complete.
    public var grayscaleIncomplete: Float = 1
    /// SwiftUI `contrast(_:)` amount on the figure ("a little more contrast").
    public var contrast: Float = 1.1
    /// Radius of the white glow (`shadow(color:radius:)`) as a fraction of the side.
    public var glowRadius: Float = 0.01
    /// The glow's colour (sRGB components).
    public var glowColor: [Float] = [1, 1, 1]
    /// The glow's opacity.
    public var glowOpacity: Float = 1
    /// Supersampling: samples per pixel side (4 = 16 samples per pixel).
    public var samplesPerSide: Int = 4

    public init() {}

    /// The recipe of `DESIGN.md` exactly.
    public static let standard = IconStyle()
}
