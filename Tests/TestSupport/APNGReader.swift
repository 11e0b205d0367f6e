import Foundation

/// An animated PNG as an independent reader decodes it: Pillow, through `scripts/apng_frames.py` (every frame
/// composited as Pillow plays it, hashed over its RGBA bytes), and `pngcheck`'s verdict.
package enum APNGReader {
    package struct Decoded: Decodable {
        package var format: String
        package var animated: Bool
        package var frames: Int
        /// Pillow's `loop` (0: forever), nil when the file says nothing.
        package var loop: Int?
        package var size: [Int]
        /// Each frame's duration, ms.
        package var durations: [Double]
        /// SHA-256 (hex) of each composited frame's RGBA bytes.
        package var sha256: [String]
    }

    /// python3 with Pillow is on the PATH (looked up once).
    package static let havePillow: Bool = (try? run("/usr/bin/env", ["python3", "-c", "import PIL"]).status) == 0
    /// `pngcheck` is installed.
    package static let havePngcheck = FileManager.default.isExecutableFile(atPath: "/usr/bin/pngcheck")

    /// `path` decoded by Pillow.
    package static func decode(_ path: String) throws -> Decoded {
        let r = try run("/usr/bin/env", ["python3", TestPaths.repoRoot.path + "/scripts/apng_frames.py", path])
        guard r.status == 0 else { throw Failure(description: "apng_frames.py \(path): \(r.stderr)") }
        return try JSONDecoder().decode(Decoded.self, from: Data(r.stdout.utf8))
    }

    /// `pngcheck -q` on `paths`: its exit status and what it printed (nothing when all pass).
    package static func pngcheck(_ paths: [String]) throws -> (status: Int32, output: String) {
        let r = try run("/usr/bin/pngcheck", ["-q"] + paths)
        return (r.status, r.stdout + r.stderr)
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Small outputs (a JSON line, a verdict): stderr is read after stdout's end without filling its pipe.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
