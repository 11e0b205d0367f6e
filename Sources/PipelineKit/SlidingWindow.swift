/// A bounded sliding window of parallel work: items `0..<count`, at most `width` in flight, the next started
/// as soon as one finishes. Memory is bounded by `width` items, whatever `count` is.
package enum SlidingWindow {
    /// Runs `work(k)` for every `k` in `0..<count`, at most `width` at a time (at least one); `onResult` hears
    /// each result as it finishes, in finishing order, on the calling task.
    package static func run<Result: Sendable>(count: Int, width: Int, _ work: @escaping @Sendable (Int) async -> Result,
                                              onResult: (Int, Result) -> Void) async {
        guard count > 0 else { return }
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func launch() {
                let k = next
                next += 1
                group.addTask { (k, await work(k)) }
            }
            for _ in 0..<min(max(1, width), count) { launch() }
            while let (k, result) = await group.next() {
                onResult(k, result)
                if next < count { launch() }
            }
        }
    }
}
