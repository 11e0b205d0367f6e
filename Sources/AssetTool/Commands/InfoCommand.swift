import ArgumentParser
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `assettool info FILE [--json]`: what a COLLADA file holds.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise a COLLADA file (.dae or .zae).",
        discussion: "Exit status: 0 when the file loads (warnings allowed), 65 when it cannot be loaded, 66 when it cannot be read.")

    @Argument(help: "The COLLADA file.")
    var file: String

    @Flag(name: .long, help: "Print exactly one JSON object on stdout.")
    var json = false

    @Flag(name: .long, help: "Keep the file's axes and units instead of Y-up metres.")
    var keepFileSpace = false

    func run() throws {
        let scene: Scene
        do {
            scene = try ColladaLoader.load(path: file, options: .init(keepFileSpace: keepFileSpace))
        } catch let e as LoadError {
            DiagnosticPrinter.printToStderr(e.diagnostics.filter { $0.severity == .error })
            if json {
                let summary = FailedSummary(file: file, error: e.diagnostics.first { $0.severity == .error }?.message ?? "cannot load",
                                            diagnostics: e.diagnostics.map(FailedSummary.Item.init))
                print(String(decoding: try JSONEncoder.sorted.encode(summary), as: UTF8.self))
            }
            throw ExitCode(e.kind)
        }
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(SceneSummary(scene)), as: UTF8.self))
        } else {
            print(InfoText.render(SceneSummary(scene)))
        }
        DiagnosticPrinter.printToStderr(scene.diagnostics)
    }
}

/// The JSON printed for a file that does not load.
struct FailedSummary: Encodable {
    struct Item: Encodable {
        var severity: String, line: Int, column: Int, id: String, message: String
        init(_ d: Diagnostic) {
            severity = d.severity.rawValue; line = d.location.line; column = d.location.column; id = d.id; message = d.message
        }
    }
    var file: String
    var loaded = false
    var error: String
    var diagnostics: [Item]
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return e
    }
}

enum InfoText {
    static func render(_ s: SceneSummary) -> String {
        var lines: [String] = []
        lines.append("\(s.file)")
        lines.append("  COLLADA \(s.colladaVersion)\(s.authoringTool.map { ", written by \($0)" } ?? "")")
        lines.append("  axes: \(s.upAxis), unit: \(s.unitMeters) m")
        lines.append("  geometry: \(s.geometries.count) mesh(es), \(s.totals.triangles) triangles")
        for g in s.geometries.prefix(20) {
            lines.append("    \(g.id)\(g.name.map { " (\($0))" } ?? ""): \(g.positions) positions, \(g.triangles) triangles in \(g.primitives) primitive(s)\(g.lines > 0 ? ", \(g.lines) line segments" : "")")
        }
        if s.geometries.count > 20 { lines.append("    ... \(s.geometries.count - 20) more") }
        for c in s.controllers {
            if c.kind == "skin" {
                lines.append("  skin \(c.id) on \(c.source): \(c.joints) joints, \(c.vertices) vertices, up to \(c.maxInfluences) influences\(c.unnormalizedVertices > 0 ? ", \(c.unnormalizedVertices) vertices not normalised" : "")")
            } else {
                lines.append("  morph \(c.id) on \(c.source)")
            }
        }
        lines.append("  nodes: \(s.nodes) (\(s.joints) joints) in \(s.visualScenes) visual scene(s)")
        if s.animations.channels > 0 {
            let range = s.animations.start.map { "\($0)...\(s.animations.end ?? $0) s" } ?? "empty"
            lines.append("  animation: \(s.animations.channels) channels, \(s.animations.samplers) samplers, \(range), \(s.animations.interpolations.joined(separator: " "))")
        } else {
            lines.append("  animation: none")
        }
        for c in s.clips { lines.append("    clip \(c.name ?? c.id ?? "?"): \(c.start)...\(c.end) s, \(c.channels) channels") }
        for c in s.cameras {
            let fov = c.yfovDegrees.map { String(cFormat: "yfov %.2f deg", $0) } ?? ""
            lines.append("  camera \(c.id): \(c.kind) \(fov)\(c.aspectRatio.map { String(cFormat: ", aspect %.3f", $0) } ?? "")")
        }
        lines.append("  lights: \(s.lights), materials: \(s.materials)")
        if !s.diagnostics.isEmpty { lines.append("  \(s.diagnostics.count) warning(s), on stderr") }
        return lines.joined(separator: "\n")
    }
}
