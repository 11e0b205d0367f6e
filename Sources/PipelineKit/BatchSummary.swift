
/// What a batch came to (made, up to date, failed, removed, with ids) and the one exit policy of every batch.
package struct BatchSummary: Equatable, Sendable {
    package var made = 0, upToDate = 0, failed = 0
    package var failedIDs: [String] = []
    /// Jobs whose ids left the catalog, whose outputs this run removed.
    package var removedIDs: [String] = []
    /// Jobs (or the batch's own files, under the id ``batchFilesID``) that failed because an output could
    /// not be written.
    package var unwritableIDs: [String] = []
    /// Failures of the batch's own files (a manifest, a contact sheet), not of one job: printed by the caller.
    package var batchDiagnostics: [Diagnostic] = []

    /// The id ``unwritableIDs`` gives the batch's own files.
    package static let batchFilesID = "(batch files)"

    /// 0: every selected job was made or up to date (warnings allowed).
    package static let successStatus: Int32 = 0
    /// 1: the run finished but some jobs failed (a rig refused, an encoder error).
    package static let failureStatus: Int32 = 1
    /// 73 (`EX_CANTCREAT` in BSD's `sysexits.h`): an output could not be created or written.
    package static let cannotWriteStatus: Int32 = 73

    package init() {}

    /// Counts one job's outcome.
    package mutating func add(id: String, _ outcome: BatchOutcome) {
        switch outcome {
        case .made: made += 1
        case .upToDate: upToDate += 1
        case .failed(let diagnostics):
            failed += 1
            failedIDs.append(id)
            if diagnostics.contains(where: { $0.id == DiagnosticRule.batchOutputUnwritable.id }) { unwritableIDs.append(id) }
        }
    }

    /// A failure of the batch's own files (not of one job's): kept, and counted as unwritable when it is.
    package mutating func add(batchFailure diagnostic: Diagnostic) {
        batchDiagnostics.append(diagnostic)
        if diagnostic.id == DiagnosticRule.batchOutputUnwritable.id, !unwritableIDs.contains(Self.batchFilesID) {
            unwritableIDs.append(Self.batchFilesID)
        }
    }

    /// Ids sorted, so the summary does not depend on the order jobs finished in.
    package mutating func sortIDs() {
        failedIDs.sort()
        removedIDs.sort()
        unwritableIDs.sort()
    }

    /// The exit status, the same in every batch: 73 when anything could not be written, else 1 when anything
    /// failed (so a batch that made nothing usable, every selected job failed, never exits 0), else 0.
    package var exitStatus: Int32 {
        if !unwritableIDs.isEmpty { return Self.cannotWriteStatus }
        if failed > 0 || !batchDiagnostics.isEmpty { return Self.failureStatus }
        return Self.successStatus
    }

    /// `made, up to date, failed` and the ids, as every batch prints it after its name.
    package var counts: String {
        "\(made) made, \(upToDate) up to date, \(failed) failed"
    }

    /// The ids after the counts: `; failed: a, b; removed (no longer in the catalog): c`.
    package var idsSuffix: String {
        (failedIDs.isEmpty ? "" : "; failed: " + failedIDs.joined(separator: ", "))
            + (removedIDs.isEmpty ? "" : "; removed (no longer in the catalog): " + removedIDs.joined(separator: ", "))
    }
}
