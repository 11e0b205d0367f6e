
extension DiagnosticRule.Stage {
    /// A batch (`icons`, `export`): applying a rig to the base model, writing the outputs.
    package static let batch = DiagnosticRule.Stage(rawValue: "batch")
}

extension DiagnosticRule {
    /// Every batch exits with ``BatchSummary/cannotWriteStatus`` when a diagnostic of this rule was reported.
    package static let batchOutputUnwritable = DiagnosticRule(
        "batch-output-unwritable", .error, .batch, "An output file or folder of a batch cannot be created or written.")
    package static let batchJobError = DiagnosticRule(
        "batch-job-error", .error, .batch, "A batch item stopped with an error of the tool itself (an image or document the encoder refused).")

    /// The rules the batch engine itself reports.
    package static let engineRules: [DiagnosticRule] = [.batchOutputUnwritable, .batchJobError]
}
