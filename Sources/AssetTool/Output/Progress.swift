#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress on stderr: a redrawn bar when stderr is a terminal, otherwise one plain line per item
/// (logs stay readable). Silent with `quiet`. Used from one task at a time (the batch reports results
/// in order from its collecting loop).
struct Progress {
    let total: Int
    let quiet: Bool
    let isTerminal: Bool
    private(set) var done = 0

    init(total: Int, quiet: Bool, isTerminal: Bool = isatty(2) != 0) {
        self.total = total
        self.quiet = quiet
        self.isTerminal = isTerminal
    }

    /// Reports one finished item.
    mutating func step(_ label: String, status: String) {
        done += 1
        guard !quiet else { return }
        if isTerminal {
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            Console.errRaw("\r\u{1B}[2K[\(bar)] \(done)/\(total) \(label) \(status)")
            if done == total { Console.errRaw("\n") }
        } else {
            Console.err("[\(done)/\(total)] \(label): \(status)")
        }
    }

    /// Prints a message without breaking the bar.
    func message(_ text: String) {
        if isTerminal && !quiet && done < total { Console.errRaw("\r\u{1B}[2K") }
        Console.err(text)
    }
}
