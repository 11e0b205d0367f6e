import Dispatch

/// Runs `body(worker)` for `workers` workers on the machine's cores (in the calling thread when there is one).
/// Work is split statically by worker index, so results never depend on scheduling.
///
/// Returns when every worker is done. What workers share is read-only (arrays, immutable once the frame is
/// set up) or a ``SharedRows`` they write at disjoint rows; what each worker writes alone (``BandSamples``,
/// its resolve scratch) it makes inside `body`.
enum Parallel {
    static func run(workers: Int, _ body: @Sendable (Int) -> Void) {
        if workers <= 1 {
            body(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: body)
        }
    }
}
