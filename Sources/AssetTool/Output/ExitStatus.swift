import ArgumentParser
import ColladaKit
import PipelineKit

/// The exit statuses of `assettool`, declared once (the numbers follow BSD's `sysexits.h`; README
/// lists them for scripts). ArgumentParser already names three:
///
/// - `ExitCode.success` (0): everything asked for was done (warnings allowed).
/// - `ExitCode.failure` (1): the run finished but some items failed (an icon did not render), or
///   `validate` found errors (or warnings with `--strict`).
/// - `ExitCode.validationFailure` (64, `EX_USAGE`): bad arguments; ArgumentParser prints the usage.
extension ExitCode {
    /// 65 (`EX_DATAERR`): an input was read but is invalid (a COLLADA file that does not load, a broken
    /// catalog or icon style).
    static let invalidInput = ExitCode(65)
    /// 66 (`EX_NOINPUT`): an input cannot be read (missing, a directory, no permission).
    static let unreadableInput = ExitCode(66)
    /// 70 (`EX_SOFTWARE`): an internal error of the tool (an image the encoder refuses).
    static let internalError = ExitCode(70)
    /// 73 (`EX_CANTCREAT`): an output file or folder cannot be created or written.
    static let cannotWrite = ExitCode(BatchSummary.cannotWriteStatus)
    /// 74 (`EX_IOERR`): the output was closed while writing (`preview` into a closed pipe).
    static let outputClosed = ExitCode(74)
    /// 130 (128 + SIGINT): stopped by Ctrl-C (`preview --play`).
    static let interrupted = ExitCode(130)

    /// The status for an input that did not load: ``unreadableInput`` or ``invalidInput``.
    init(_ kind: LoadError.Kind) {
        self = kind == .unreadable ? .unreadableInput : .invalidInput
    }
}
