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
    /// The ink line's weight in points (the figure's outline and where it passes in front of itself; ``Ink``);
    /// 0 draws none. One point is one pixel at 1x and three at 3x: one weight at every scale.
    public var outlineWidth: Float = 1
    /// How much farther (metres) the figure must lie behind itself for a crease line.
    public var creaseDepth: Float = 0.12
    /// The dark ink (sRGB components): on the light page, and wherever it contrasts more with the circles.
    public var inkColor: [Float] = [0.16, 0.16, 0.2]
    /// The light ink (sRGB components): where it contrasts more with the circles than ``inkColor`` (the grey
    /// circles on the dark page).
    public var lightInkColor: [Float] = [1, 1, 1]
    /// Colour of the props (walls, boxes, bars, balls: unskinned meshes in a scene with a skinned figure), drawn
    /// flat: lighter than the figure, so they support the pose and never lead (sRGB components).
    public var propColor: [Float] = [0.8, 0.8, 0.8]
    /// The props' and the floor's own outline, in points (0: none): thinner and lighter than the figure's ink, so
    /// a thin bar or a light wall shows on the page without leading.
    public var propOutlineWidth: Float = 0.6
    /// The props' outline colour (sRGB components).
    public var propOutlineColor: [Float] = [0.5, 0.5, 0.53]
    /// Whether a floor is drawn under a figure that stands near height 0: a thin slab at the floor's height
    /// under the figure's footprint, so that depth, contacts and feet off the floor read.
    public var floor: Bool = true
    /// The floor's colour (sRGB components), drawn flat.
    public var floorColor: [Float] = [0.86, 0.86, 0.86]
    /// Whether dark-appearance variants are drawn (the asset catalog's `luminosity: dark`).
    public var darkAppearance: Bool = true
    /// The page the dark variants are drawn for (sRGB components): the app's dark background.
    public var darkPageColor: [Float] = [0, 0.05, 0.15]
    /// On the dark page, props and floor are dimmed by this factor (linear light), so that they recede there
    /// as their light tone makes them recede on a white page.
    public var darkPropTone: Float = 0.35

    public init() {}

    /// The original app's recipe exactly (two circles of 0.7 and 0.4 of the side, grey 0.25 or theme
    /// colour 0.8, grayscale 1 or 0.5, contrast 1.1, a white glow of 0.01 of the side).
    public static let standard = IconStyle()

    /// Decodes a style in which every key is optional: a missing one takes ``standard``'s value, so a
    /// style file need only say what it changes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = IconStyle.standard
        format = try c.decodeIfPresent(Int.self, forKey: .format) ?? d.format
        pointSize = try c.decodeIfPresent(Int.self, forKey: .pointSize) ?? d.pointSize
        scales = try c.decodeIfPresent([Int].self, forKey: .scales) ?? d.scales
        themeColor = try c.decodeIfPresent([Float].self, forKey: .themeColor) ?? d.themeColor
        incompleteColor = try c.decodeIfPresent([Float].self, forKey: .incompleteColor) ?? d.incompleteColor
        circles = try c.decodeIfPresent([Circle].self, forKey: .circles) ?? d.circles
        figureHeight = try c.decodeIfPresent(Float.self, forKey: .figureHeight) ?? d.figureHeight
        figureColor = try c.decodeIfPresent([Float].self, forKey: .figureColor) ?? d.figureColor
        grayscaleComplete = try c.decodeIfPresent(Float.self, forKey: .grayscaleComplete) ?? d.grayscaleComplete
        grayscaleIncomplete = try c.decodeIfPresent(Float.self, forKey: .grayscaleIncomplete) ?? d.grayscaleIncomplete
        contrast = try c.decodeIfPresent(Float.self, forKey: .contrast) ?? d.contrast
        glowRadius = try c.decodeIfPresent(Float.self, forKey: .glowRadius) ?? d.glowRadius
        glowColor = try c.decodeIfPresent([Float].self, forKey: .glowColor) ?? d.glowColor
        glowOpacity = try c.decodeIfPresent(Float.self, forKey: .glowOpacity) ?? d.glowOpacity
        samplesPerSide = try c.decodeIfPresent(Int.self, forKey: .samplesPerSide) ?? d.samplesPerSide
        outlineWidth = try c.decodeIfPresent(Float.self, forKey: .outlineWidth) ?? d.outlineWidth
        creaseDepth = try c.decodeIfPresent(Float.self, forKey: .creaseDepth) ?? d.creaseDepth
        inkColor = try c.decodeIfPresent([Float].self, forKey: .inkColor) ?? d.inkColor
        lightInkColor = try c.decodeIfPresent([Float].self, forKey: .lightInkColor) ?? d.lightInkColor
        propColor = try c.decodeIfPresent([Float].self, forKey: .propColor) ?? d.propColor
        propOutlineWidth = try c.decodeIfPresent(Float.self, forKey: .propOutlineWidth) ?? d.propOutlineWidth
        propOutlineColor = try c.decodeIfPresent([Float].self, forKey: .propOutlineColor) ?? d.propOutlineColor
        floor = try c.decodeIfPresent(Bool.self, forKey: .floor) ?? d.floor
        floorColor = try c.decodeIfPresent([Float].self, forKey: .floorColor) ?? d.floorColor
        darkAppearance = try c.decodeIfPresent(Bool.self, forKey: .darkAppearance) ?? d.darkAppearance
        darkPageColor = try c.decodeIfPresent([Float].self, forKey: .darkPageColor) ?? d.darkPageColor
        darkPropTone = try c.decodeIfPresent(Float.self, forKey: .darkPropTone) ?? d.darkPropTone
    }

    /// What is out of range, in words (nil when the style can be drawn): colours of three components
    /// in 0...1, fractions in 0...1, `pointSize` 8...1024, `scales` 1...4, `samplesPerSide` 1...8.
    public var problem: String? {
        if format > 1 { return "format \(format) is newer than this tool reads (1)" }
        if !(8...1024).contains(pointSize) { return "pointSize is \(pointSize); it must be 8...1024" }
        if scales.isEmpty || scales.contains(where: { !(1...4).contains($0) }) { return "scales must be a list of 1...4, like [1, 2, 3]" }
        if !(1...8).contains(samplesPerSide) { return "samplesPerSide is \(samplesPerSide); it must be 1...8" }
        for (name, c) in [("themeColor", themeColor), ("incompleteColor", incompleteColor), ("figureColor", figureColor), ("glowColor", glowColor),
                          ("inkColor", inkColor), ("lightInkColor", lightInkColor), ("propColor", propColor), ("propOutlineColor", propOutlineColor), ("floorColor", floorColor),
                          ("darkPageColor", darkPageColor)]
        where c.count != 3 || c.contains(where: { !(0...1).contains($0) }) {
            return "\(name) must be three numbers in 0...1 (red, green, blue)"
        }
        for (name, v) in [("figureHeight", figureHeight), ("glowRadius", glowRadius), ("glowOpacity", glowOpacity),
                          ("grayscaleComplete", grayscaleComplete), ("grayscaleIncomplete", grayscaleIncomplete),
                          ("outlineWidth", outlineWidth), ("propOutlineWidth", propOutlineWidth), ("darkPropTone", darkPropTone)]
        where !(0...2).contains(v) {
            return "\(name) is \(v); it must be 0...2"
        }
        if !(0...4).contains(contrast) { return "contrast is \(contrast); it must be 0...4" }
        if !(0...10).contains(creaseDepth) { return "creaseDepth is \(creaseDepth); it must be 0...10 (metres)" }
        for c in circles where !(0...1).contains(c.diameter) || !(0...1).contains(c.completeOpacity) || !(0...1).contains(c.incompleteOpacity) {
            return "a circle's diameter and opacities must be 0...1"
        }
        return nil
    }
}
