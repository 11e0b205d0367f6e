import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The threads that parse number pieces for ``NumberPrefetcher``: one per spare core, started on
/// first use and kept for the life of the process.
///
/// Why not Dispatch's global queue: on the VMs this was measured on, `async` to an idle pool
/// took about 12 µs to return and the block started about 26 µs later, a tenth of a 300 KB
/// file's whole load. Here a thread that has just finished lingers for ``linger``, watching a
/// counter, before it sleeps: loads that follow one another (a batch of rigs, the icons job)
/// hand it their pieces at the cost of an atomic increment, and a sleeping thread is woken by one
/// semaphore signal. OpenMP and TBB workers spin the same way (their default spin is longer). The
/// spin takes a core from other work only when every core is busy; on a single core there is none.
final class NumberWorkers: @unchecked Sendable {
    static let shared = NumberWorkers(threads: NumberPrefetcher.maximumWorkers)

    /// How long an idle thread keeps looking for work before it sleeps (none on a single core,
    /// where looking would take the time from the thread that posts the work).
    static let linger: UInt64 = NumberPrefetcher.hasSpareCore ? 1_000_000 : 0  // nanoseconds

    private let lock = NSLock()
    /// Queued jobs from `nextJob` on; a taken job's slot is cleared at once, so nothing it holds
    /// outlives it.
    private var jobs: [(@Sendable () -> Void)?] = []
    private var nextJob = 0
    /// Jobs posted so far (lingering threads watch it change).
    private let posted = Atomic<Int>(0)
    /// Threads asleep or about to be.
    private let sleepers = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    private let threadCount: Int
    /// Set by ``quiesce()`` until the next job is posted: a thread that finds nothing to do
    /// sleeps at once instead of lingering (also one woken by a semaphore permit left over from
    /// a job it took itself).
    private let quiet = Atomic<Bool>(false)

    private init(threads: Int) {
        threadCount = max(1, threads)
        for k in 0..<threadCount {
            let thread = Thread { [self] in loop() }
            thread.name = "ColladaKit numbers \(k)"
            thread.start()
        }
    }

    /// Runs `job` on one of the threads.
    func run(_ job: @escaping @Sendable () -> Void) {
        if quiet.load(ordering: .relaxed) { quiet.store(false, ordering: .relaxed) }
        lock.withLock { jobs.append(job) }
        posted.add(1, ordering: .sequentiallyConsistent)
        // A thread that counted itself a sleeper before the job was queued may have missed it.
        if sleepers.load(ordering: .sequentiallyConsistent) > 0 { wake.signal() }
    }

    private func take() -> (@Sendable () -> Void)? {
        lock.withLock {
            guard nextJob < jobs.count else { return nil }
            let job = jobs[nextJob]
            jobs[nextJob] = nil
            nextJob += 1
            if nextJob == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                nextJob = 0
            } else if nextJob >= 64 && nextJob * 2 >= jobs.count {
                jobs.removeFirst(nextJob)
                nextJob = 0
            }
            return job
        }
    }

    private func loop() {
        while true {
            // Read before looking, so a job posted between the look and the linger ends it at once.
            let seen = posted.load(ordering: .acquiring)
            if let job = take() {
                job()
                continue
            }
            if lingered(since: seen) { continue }
            sleepers.add(1, ordering: .sequentiallyConsistent)
            // Posted between the look above and the count: run it instead of sleeping.
            if let job = take() {
                sleepers.subtract(1, ordering: .sequentiallyConsistent)
                job()
                continue
            }
            wake.wait()
            sleepers.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Waits until every thread has finished its jobs and is asleep, cutting lingers short: for
    /// benchmarks, so that what they time next (libxml2's parse, say) does not share the machine
    /// with a thread of ours that is still freeing a load's leftovers or watching for work.
    ///
    /// Asleep means counted as sleepers with no job queued: a thread signalled for a queued job
    /// still counts as a sleeper until it wakes, so the queue is checked too. Lingering stays off
    /// until the next job is posted.
    ///
    /// - Returns: false when they were still busy after `timeout` nanoseconds (another thread
    ///   kept posting).
    @discardableResult
    func quiesce(timeout: UInt64 = 100_000_000) -> Bool {
        quiet.store(true, ordering: .sequentiallyConsistent)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ timeout
        while sleepers.load(ordering: .sequentiallyConsistent) < threadCount || lock.withLock({ nextJob < jobs.count }) {
            if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
            quiet.store(true, ordering: .sequentiallyConsistent)  // a job posted meanwhile cleared it
            sched_yield()
        }
        return true
    }

    /// Wakes one thread and waits until it runs: it then lingers as after a load, ready for the
    /// next (for benchmarks that time loads as a batch of them runs, the thread awake).
    func warm() {
        let flag = Flag()
        run { flag.set() }
        while !flag.isSet { sched_yield() }
    }

    private final class Flag: @unchecked Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .releasing) }
        var isSet: Bool { value.load(ordering: .acquiring) }
    }

    /// Watches for a job posted after `seen` for up to ``linger``; true when one was.
    private func lingered(since seen: Int) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds &+ Self.linger
        while true {
            for _ in 0..<256 where posted.load(ordering: .acquiring) != seen { return true }
            if DispatchTime.now().uptimeNanoseconds >= deadline || quiet.load(ordering: .relaxed) { return false }
            // Should the scheduler have put this thread on the core of the thread that posts the
            // work, spinning would take half of that thread's time until one of them is moved.
            sched_yield()
        }
    }
}
