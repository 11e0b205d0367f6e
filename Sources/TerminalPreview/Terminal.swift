#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PoseRenderer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the preview needs to know about where its output goes: whether it is a terminal, its size, and the
/// colours it may use.
package enum Terminal {
    /// The `--color` choices.
    package enum ColorChoice: String, CaseIterable, Sendable {
        /// Colour only on a terminal, without `NO_COLOR`; truecolor when `COLORTERM` says so, else 256 colours.
        case auto
        /// Plain text.
        case never
        /// 256 colours, even into a pipe (an explicit choice overrides `NO_COLOR`, as no-color.org asks).
        case palette256 = "256"
        /// 24-bit colour, even into a pipe.
        case truecolor
    }

    /// Whether file descriptor `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's size in cells (`TIOCGWINSZ`), or `nil` when `fd` is not a terminal or reports 0.
    package static func size(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var ws = winsize()
        let r = withUnsafeMutablePointer(to: &ws) { ioctl(fd, UInt(TIOCGWINSZ), $0) }
        guard r == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    /// The colours to use for `choice` on an output that is (`isTerminal`) or is not a terminal, with `environment`:
    /// `auto` gives none off a terminal, with `NO_COLOR` set (non-empty) or `TERM=dumb`; truecolor when `COLORTERM`
    /// is `truecolor` or `24bit`; else 256 colours.
    package static func color(_ choice: ColorChoice, isTerminal: Bool, environment: [String: String]) -> PreviewColor {
        switch choice {
        case .never: return .none
        case .palette256: return .palette256
        case .truecolor: return .truecolor
        case .auto:
            guard isTerminal, (environment["NO_COLOR"] ?? "").isEmpty, environment["TERM"] != "dumb" else { return .none }
            let ct = (environment["COLORTERM"] ?? "").lowercased()
            return ct == "truecolor" || ct == "24bit" ? .truecolor : .palette256
        }
    }

    /// Writes all of `bytes` to `fd`, retrying on `EINTR` and partial writes; `false` on another error (a closed
    /// pipe, a full disk).
    @discardableResult
    package static func write(_ bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard var p = raw.baseAddress else { return true }
            var left = raw.count
            while left > 0 {
                #if canImport(Glibc)
                let n = Glibc.write(fd, p, left)
                #else
                let n = Darwin.write(fd, p, left)
                #endif
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                left -= n
                p += n
            }
            return true
        }
    }

    /// The preview's grid: `width`/`height` when given; else the terminal's columns and rows less one (the
    /// prompt's line), or 80 columns and half as many rows (a square picture) off a terminal. Playing in place
    /// keeps the frame inside the terminal (height below its own, width at most its own), so the cursor can
    /// move back up over it.
    package static func gridSize(width: Int?, height: Int?, terminal: (columns: Int, rows: Int)?, inPlace: Bool)
        -> (columns: Int, rows: Int) {
        let columns = width ?? terminal?.columns ?? 80
        var rows = height ?? terminal.map { max(1, $0.rows - 1) } ?? max(1, columns / 2)
        if height == nil, width != nil, let terminal { rows = min(max(1, columns / 2), max(1, terminal.rows - 1)) }
        if inPlace, let terminal { rows = min(rows, max(1, terminal.rows - 1)) }
        // A line wider than the terminal would wrap and break the redraw.
        let fitted = inPlace && terminal != nil ? min(columns, terminal?.columns ?? columns) : columns
        return (max(1, fitted), max(1, rows))
    }
}
