/// The `Contents.json` files of an Xcode asset catalog, written byte for byte as Xcode writes them
/// (two-space indent, `"key" : value`, keys sorted, a final newline), so opening the catalog in Xcode
/// changes nothing.
enum XCAssets {
    /// `info` as Xcode writes it.
    static let info = "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n"

    /// The catalog's root `Contents.json`.
    static let rootContents = "{\n" + info + "}\n"

    /// An imageset's `Contents.json`: one `universal` image per scale, `filename` for each.
    static func imagesetContents(files: [(filename: String, scale: Int)]) -> String {
        var s = "{\n  \"images\" : [\n"
        for (i, f) in files.enumerated() {
            s += "    {\n      \"filename\" : \"\(f.filename)\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"\(f.scale)x\"\n    }"
            s += i + 1 < files.count ? ",\n" : "\n"
        }
        return s + "  ],\n" + info + "}\n"
    }

    /// `name.png`, `name@2x.png`, `name@3x.png`.
    static func filename(_ name: String, scale: Int) -> String {
        scale == 1 ? "\(name).png" : "\(name)@\(scale)x.png"
    }
}
