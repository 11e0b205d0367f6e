import Dispatch
import ColladaKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT (Ctrl-C) and SIGTERM into a flag the play loop polls, so it can stop between frames and restore the
/// terminal instead of dying with the cursor hidden. The signals are ignored at the process level while the flag
/// is installed and handled on a dispatch queue (no code runs in a signal handler); ``uninstall()`` gives them their
/// default action back.
final class InterruptFlag: @unchecked Sendable {
    /// Serialises the flag between the signal sources' queue and the play loop.
    private let queue = DispatchQueue(label: "assettool.interrupt-flag")
    private var raised = false
    private var sources: [DispatchSourceSignal] = []

    /// Whether a signal arrived.
    var isRaised: Bool {
        queue.sync { raised }
    }

    /// Starts catching SIGINT and SIGTERM.
    func install() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in self?.raise() }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops catching them (default actions again).
    func uninstall() {
        for s in sources { s.cancel() }
        sources.removeAll()
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    func raise() {
        queue.sync { raised = true }
    }
}
