/// The `Contents.json` files of an Xcode asset catalog, written byte for byte as Xcode writes them
/// (two-space indent, `"key" : value`, keys sorted, a final newline), so opening the catalog in Xcode
/// changes nothing.
enum XCAssets {
    /// `info` as Xcode writes it.
    static let info = "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n"

    /// The catalog's root `Contents.json`.
    static let rootContents = "{\n" + info + "}\n"

    /// One image of an imageset: its file, scale, and whether it is the dark appearance's.
    struct Image {
        /// Nil for a scale with no file (a sprite atlas frame's 1x, listed as Xcode lists an empty slot).
        var filename: String?
        var scale: Int
        var dark = false
    }

    /// What a dark appearance's file name adds before the scale: `pushup-01-dark@3x.png`.
    static let darkSuffix = "-dark"

    /// An imageset's `Contents.json`: one `universal` image per scale, `filename` for each; a dark appearance's
    /// image carries `"appearances" : [{"appearance" : "luminosity", "value" : "dark"}]`, listed (as Xcode
    /// lists them) after the any-appearance image of the same scale.
    static func imagesetContents(files: [Image]) -> String {
        let ordered = files.enumerated().sorted { ($0.element.scale, $0.element.dark ? 1 : 0, $0.offset) < ($1.element.scale, $1.element.dark ? 1 : 0, $1.offset) }
        var s = "{\n  \"images\" : [\n"
        for (i, f) in ordered.map(\.element).enumerated() {
            s += "    {\n"
            if f.dark {
                s += "      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }\n      ],\n"
            }
            if let filename = f.filename { s += "      \"filename\" : \"\(filename)\",\n" }
            s += "      \"idiom\" : \"universal\",\n      \"scale\" : \"\(f.scale)x\"\n    }"
            s += i + 1 < ordered.count ? ",\n" : "\n"
        }
        return s + "  ],\n" + info + "}\n"
    }

    /// `name.png`, `name@2x.png`, `name@3x.png`.
    static func filename(_ name: String, scale: Int) -> String {
        scale == 1 ? "\(name).png" : "\(name)@\(scale)x.png"
    }
}
