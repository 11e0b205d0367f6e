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
        return try run(program: exe, arguments, environment: environment, in: directory)
    }

    /// Runs `program` (any executable: python3, blender...) with `arguments`, both pipes read at once.
    static func run(program: URL, _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil) throws -> Output {
        let p = Process()
        p.executableURL = program
        p.arguments = arguments
        if let environment { p.environment = environment }
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Drain both pipes at once, before waiting: a child that fills one pipe (64 KB) while we read
        // the other to its end would block forever.
        let e = Drained()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { e.data = err.fileHandleForReading.readDataToEndOfFile() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e.data, as: UTF8.self))
    }

    /// What the other thread read (written once by it, read after `group.wait()`).
    private final class Drained: @unchecked Sendable {
        var data = Data()
    }
}
