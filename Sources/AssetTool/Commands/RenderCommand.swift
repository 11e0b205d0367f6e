import ArgumentParser
import AssetCatalog
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer

/// `assettool render FILE [--rig RIG] [--clip NAME] [--time S | --frame N [--fps F]] [--size PX] [--camera auto|file|fit]
/// [--icon plain|complete|incomplete] [--style icon-style.json] [--scale N] -o OUT.png`: one posed frame, or one
/// icon, as a PNG written atomically.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a posed COLLADA file (or its icon) to a PNG.",
        discussion: """
            Without --icon: the posed scene, --size x --size pixels times --scale, through the file's camera \
            (or a fitted one). With --icon: the icon recipe of the style (circles, grayscale, contrast, glow), \
            --size points (default: the style's pointSize) at --scale. The PNG is 8-bit RGBA, straight alpha, \
            sRGB, byte-identical for identical input, written atomically. Exit status: 0 on success, 64 for \
            bad arguments, 65 when a file cannot be loaded, 66 when it cannot be read, 73 when the output \
            cannot be written.
            """)

    @Argument(help: "The COLLADA file (base model).")
    var file: String

    @OptionGroup(title: "Pose")
    var pose: PoseOptions

    @Option(help: "Side of the image: pixels at scale 1 (a plain render, default 256) or points (an icon, default: the style's).")
    var size: Int?

    @Option(help: "Pixels per point (1, 2, 3...).")
    var scale: Int = 1

    @Option(help: "Camera: the file's when it has one (auto), the file's (file), or one framing the posed geometry (fit).")
    var camera: CameraChoice = .auto

    @Option(help: "Draw the icon in this state (plain: the figure without circles).")
    var icon: IconState?

    @Option(help: "An icon style file (icon-style.json; every key optional); default: the original app's recipe.")
    var style: String?

    @Option(help: "Samples per pixel side (default: the style's samplesPerSide, 4).")
    var samples: Int?

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.threads }

    @Flag(help: "Skip back faces.")
    var cull = false

    @Option(name: [.short, .customLong("output")], help: "Output PNG (written atomically).")
    var output: String

    func validate() throws {
        if let size, !(1...8192).contains(size) { throw ValidationError("--size must be 1...8192") }
        if !(1...8).contains(scale) { throw ValidationError("--scale must be 1...8") }
        if (size ?? 256) * scale > 8192 { throw ValidationError("--size times --scale must be at most 8192 pixels") }
        if let samples, !(1...16).contains(samples) { throw ValidationError("--samples must be 1...16") }
    }

    func run() throws {
        var iconStyle = IconStyle.standard
        if let style {
            let read = CatalogFile.readStyle(path: style)
            DiagnosticPrinter.printToStderr(read.diagnostics)
            guard let decoded = read.style else { throw read.unreadable ? ExitCode.unreadableInput : ExitCode.invalidInput }
            iconStyle = decoded
        }
        if let samples { iconStyle.samplesPerSide = samples }
        if let size, icon != nil { iconStyle.pointSize = size }
        let loaded = try self.pose.load(file)
        let scene = loaded.scene
        let pose = scene.pose(at: self.pose.time(in: scene, clip: loaded.clip), clip: loaded.clip)
        let png: [UInt8]
        if let icon {
            var r = IconRenderer(scene: scene, style: iconStyle, camera: camera, threads: threads)
            r.cameraChoice = camera
            let result = r.render(pose: pose, state: icon, scale: scale)
            let image = result.image
            let b = result.figureBounds.map { "\($0.width)x\($0.height) at (\($0.x), \($0.y))" } ?? "empty"
            Console.err("icon \(icon.rawValue) \(image.width)px: offset (\(result.offset.x), \(result.offset.y)) pt"
                        + "\(result.offsetComputed ? " (from the silhouette)" : ""), figure \(b) px, "
                        + (result.usedFileCamera ? "file camera" : "fitted camera"))
            png = try Self.encode { try PNGEncoder.encode(image) }
        } else {
            // No effect follows: resolve straight to sRGB bytes (the same bytes as encoding the linear image).
            let px = (size ?? 256) * scale
            let renderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: iconStyle))
            let options = RasterOptions(samplesPerSide: iconStyle.samplesPerSide, cullBackFaces: cull, threads: threads)
            let list = renderer.drawList(pose)
            let cam = renderer.camera(camera, pose: pose, list: list, aspect: 1).camera
            let rgba = Rasterizer.renderSRGB8(list, camera: cam, width: px, height: px, options: options)
            png = try Self.encode { try PNGEncoder.encode(rgba: rgba, width: px, height: px) }
        }
        do {
            try AtomicFile.write(png, to: output)
        } catch {
            Console.err(error.description)
            throw ExitCode.cannotWrite
        }
    }
}

extension RenderCommand {
    /// Runs an encoder, turning its error into a message and `ExitCode.internalError`.
    static func encode(_ body: () throws -> [UInt8]) throws -> [UInt8] {
        do { return try body() } catch {
            Console.err("error: cannot encode the PNG: \(error)")
            throw ExitCode.internalError
        }
    }
}

extension CameraChoice: ExpressibleByArgument {}
extension IconState: ExpressibleByArgument {}
