import AssetCatalog

/// `gallery.html`: every catalog progression's loop (its APNG), grouped by exercise, with its name and standards,
/// each shown twice, on a white tile and on the app's dark page; the page itself light, or dark when the system
/// asks for it (`prefers-color-scheme`). Self-contained (no script, no
/// file from elsewhere: the loops are beside it; an empty icon, so a browser asks no server for `/favicon.ico`)
/// and deterministic (the same catalog and records give the same bytes). Each loop's two `<img>` have `id="loop-<id>"` and `id="loop-<id>-dark"`, `data-id`, `data-page` (`light`, `dark`), and the size it should decode to
/// (`data-natural-width`, `data-natural-height`, pixels), its frame count and length (`data-frames`, `data-ms`), so
/// a browser test can check every loop without knowing the catalog.
enum LoopGallery {
    static func html(catalog: Catalog, loops: [String: LoopJob.Detail]) -> String {
        var s = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <link rel="icon" href="data:,">
            <title>Progression loops</title>
            <style>
            :root { color-scheme: light dark; --page: #ffffff; --ink: #1c1c1e; --soft: #6e6e73; --tile: #f2f2f7; }
            @media (prefers-color-scheme: dark) { :root { --page: #000d26; --ink: #f2f2f7; --soft: #a1a1a6; --tile: #0b1a36; } }
            body { margin: 0; padding: 24px; min-width: 1460px; background: var(--page); color: var(--ink); font: 14px/1.35 -apple-system, system-ui, sans-serif; }
            h1 { font-size: 22px; margin: 0 0 16px; }
            h2 { font-size: 17px; margin: 24px 0 8px; }
            .row { display: grid; grid-template-columns: repeat(10, minmax(136px, 1fr)); gap: 8px; }
            figure { margin: 0; padding: 8px; background: var(--tile); border-radius: 12px; text-align: center; }
            .pair { display: flex; justify-content: center; gap: 4px; margin-bottom: 6px; }
            .tile { padding: 2px; border-radius: 8px; line-height: 0; }
            .tile.light { background: #ffffff; }
            .tile.dark { background: #000d26; }
            figure img { display: block; }
            figcaption b { display: block; font-size: 13px; }
            figcaption span { display: block; font-size: 10.5px; color: var(--soft); }
            .missing { color: var(--soft); font-size: 11px; }
            </style>
            </head>
            <body>
            <h1>Progression loops</h1>

            """
        for exercise in catalog.exercises {
            s += "<section id=\"exercise-\(escape(exercise.id))\">\n<h2>\(escape(exercise.name))</h2>\n<div class=\"row\">\n"
            for p in exercise.progressions {
                s += "<figure>\n"
                if let loop = loops[p.id] {
                    // The loop on a white tile and on the app's dark page: the transparent frames seen on both.
                    s += "<div class=\"pair\">"
                    for page in ["light", "dark"] {
                        s += "<div class=\"tile \(page)\"><img id=\"loop-\(escape(p.id))\(page == "dark" ? "-dark" : "")\" data-id=\"\(escape(p.id))\" data-page=\"\(page)\""
                        s += " src=\"\(LoopBatch.apngFolder)/\(escape(p.id)).png\" width=\"\(loop.points)\" height=\"\(loop.points)\""
                        s += " data-natural-width=\"\(loop.pixels)\" data-natural-height=\"\(loop.pixels)\" data-frames=\"\(loop.frames)\""
                        s += " data-ms=\"\(loop.milliseconds)\" alt=\"\(escape(p.name))\"></div>"
                    }
                    s += "</div>\n"
                } else {
                    s += "<div class=\"missing\">not made</div>\n"
                }
                s += "<figcaption><b>\(escape(p.name))</b>"
                for standard in p.standards { s += "<span>\(escape(describe(standard)))</span>" }
                s += "</figcaption>\n</figure>\n"
            }
            s += "</div>\n</section>\n"
        }
        return s + "</body>\n</html>\n"
    }

    /// `Beginner 1×10`, `Progression 2×30 s (each)`: as the app writes a standard, "(each)" for each side.
    static func describe(_ s: Catalog.Standard) -> String {
        var text = s.level.prefix(1).uppercased() + s.level.dropFirst() + " "
        let sets = s.sets.map { "\($0)×" } ?? ""
        if let hold = s.holdSeconds {
            text += sets + "\(hold) s"
        } else if let reps = s.reps {
            text += sets + "\(reps)"
        } else {
            text += sets.isEmpty ? "-" : String(sets.dropLast())
        }
        return text + (s.eachSide == true ? " (each)" : "")
    }

    /// Text for HTML (content or a quoted attribute).
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
