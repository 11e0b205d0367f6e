import Foundation

/// Runs the built `assettool` executable and captures its output.
enum CommandRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL? {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("assettool")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    static func run(_ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil) throws -> Output {
        guard let exe = executable else { throw CocoaError(.fileNoSuchFile) }
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        if let environment { p.environment = environment }
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting so a full pipe cannot block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var fixtures: String { repoRoot.path + "/Tests/ColladaKitTests/Fixtures" }
    static var shared: String? {
        let p = repoRoot.deletingLastPathComponent().appendingPathComponent("shared").path
        return FileManager.default.fileExists(atPath: p + "/corpus") ? p : nil
    }
}
