/// Which icon is drawn.
public enum IconState: String, Sendable, CaseIterable, Codable {
    /// The figure alone: centred, shaded, no circles and no colour effects (previews, contact sheets).
    case plain
    /// Done: circles in the theme colour, figure `grayscale(grayscaleComplete)`, contrast, glow.
    case complete
    /// Not yet done: grey circles, figure `grayscale(grayscaleIncomplete)`, contrast, glow.
    case incomplete
}

/// Which page an icon is drawn for: the asset catalog's `luminosity` appearance.
public enum IconAppearance: String, Sendable, CaseIterable, Codable {
    /// Any appearance: drawn for a white page.
    case light
    /// Dark mode: drawn for the style's ``IconStyle/darkPageColor``.
    case dark
}
