import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `assettool` with its stdout on a pseudo-terminal (stderr discarded), as a user's terminal would be,
/// reading everything it writes. `signalAfter` sends a signal to it (Ctrl-C as the terminal sends it) once it has
/// written `marker` `count` times, so that what it drew before the signal does not depend on how loaded the machine is
/// (a fixed delay did: under ThreadSanitizer on a busy CI machine one second was not always three frames).
enum PseudoTerminal {
    struct Output {
        var status: Int32
        var reason: Process.TerminationReason
        var bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    enum Failure: Error { case noExecutable, openpt(Int32) }

    /// Whether this system has Linux's pseudo-terminal multiplexer (the ioctl numbers below are Linux's).
    static var isAvailable: Bool {
        #if os(Linux)
        return FileManager.default.fileExists(atPath: "/dev/ptmx")
        #else
        return false
        #endif
    }

    static func run(_ arguments: [String], environment: [String: String] = [:],
                    signalAfter: (signal: Int32, marker: String, count: Int)? = nil) throws -> Output {
        guard let exe = CommandRunner.executable else { throw Failure.noExecutable }
        // posix_openpt/unlockpt/ptsname are not in Swift's Glibc module; on Linux they are /dev/ptmx and two ioctls
        // (linux/asm-generic/ioctls.h: TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned)).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Failure.openpt(errno) }
        var unlock: Int32 = 0, number: UInt32 = 0
        let tiocsptlck: UInt = 0x4004_5431, tiocgptn: UInt = 0x8004_5430
        guard withUnsafeMutablePointer(to: &unlock, { ioctl(master, tiocsptlck, $0) }) == 0,
              withUnsafeMutablePointer(to: &number, { ioctl(master, tiocgptn, $0) }) == 0 else {
            close(master)
            throw Failure.openpt(errno)
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { close(master); throw Failure.openpt(errno) }
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for k in ["NO_COLOR", "COLORTERM"] { env[k] = nil }
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        p.standardOutput = handle
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        close(slave)
        // Read until the slave side is gone (EIO) so the child never blocks on a full terminal.
        final class Box: @unchecked Sendable {
            private let lock = NSLock()
            private var stored: [UInt8] = []
            func append(_ chunk: ArraySlice<UInt8>) { lock.lock(); stored.append(contentsOf: chunk); lock.unlock() }
            var bytes: [UInt8] { lock.lock(); defer { lock.unlock() }; return stored }
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress, 65536) }
                if n > 0 { box.append(buf[0..<n]) } else if n < 0 && errno == EINTR { continue } else { break }
            }
            done.signal()
        }
        reader.start()
        if let s = signalAfter {
            // Polls what it wrote until the marker has come `count` times, or it has exited, or two minutes pass
            // (then the signal goes anyway and the caller's expectations say what was missing).
            let marker = Array(s.marker.utf8)
            let deadline = Date().addingTimeInterval(120)
            while p.isRunning && Date() < deadline && Self.occurrences(of: marker, in: box.bytes) < s.count {
                Thread.sleep(forTimeInterval: 0.01)
            }
            if p.isRunning { kill(p.processIdentifier, s.signal) }
        }
        p.waitUntilExit()
        done.wait()
        close(master)
        return Output(status: p.terminationStatus, reason: p.terminationReason, bytes: box.bytes)
    }

    static func occurrences(of marker: [UInt8], in bytes: [UInt8]) -> Int {
        guard !marker.isEmpty, bytes.count >= marker.count else { return 0 }
        var n = 0, i = 0
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0] && bytes[i..<(i + marker.count)].elementsEqual(marker) { n += 1; i += marker.count } else { i += 1 }
        }
        return n
    }
}
