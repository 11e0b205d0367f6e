import Dispatch

/// A pointer that may cross threads: each worker writes a disjoint part of the memory it points to.
struct SharedPointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

/// A read-only buffer shared by workers.
struct SharedBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<T>
}

/// A pixel writer shared by workers (each writes its own rows).
struct SharedWriter<W: PixelWriter>: @unchecked Sendable {
    let writer: W
}

/// Runs `body(worker)` for `workers` workers on the machine's cores (in the calling thread when there is one).
/// Work is split statically by worker index, so results never depend on scheduling.
enum Parallel {
    static func run(workers: Int, _ body: @Sendable (Int) -> Void) {
        if workers <= 1 {
            body(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: body)
        }
    }
}
