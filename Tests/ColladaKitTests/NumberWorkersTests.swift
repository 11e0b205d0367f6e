import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ColladaKit

/// The threads that take number pieces and early meshes: no job is ever lost or stuck, whether the
/// thread is asleep, lingering or busy, and loads running side by side give what one load gives.
@Suite(.serialized) struct NumberWorkersTests {
    @Test func aJobPostedToASleepingThreadRuns() {
        var late = 0
        for _ in 0..<200 {
            // Longer than the linger: the thread has gone to sleep (or is about to).
            usleep(UInt32(NumberWorkers.linger / 1000) + 300)
            let ran = DispatchSemaphore(value: 0)
            NumberWorkers.shared.run { ran.signal() }
            if ran.wait(timeout: .now() + 1) == .timedOut { late += 1 }
        }
        #expect(late == 0, "\(late) of 200 jobs did not run within a second")
    }

    @Test func quiesceWaitsForBusyThreadsAndEndsLingers() throws {
        try #require(NumberPrefetcher.hasSpareCore, "one core: no worker threads to quiesce")
        // A job still running when quiesce starts: quiesce returns only after it has finished
        // and every thread is asleep with nothing queued.
        let finished = Atomic<Bool>(false)
        NumberWorkers.shared.warm()
        NumberWorkers.shared.run {
            usleep(20_000)
            finished.store(true, ordering: .releasing)
        }
        // Other suites may be loading large files side by side: allow them time to pause.
        #expect(NumberWorkers.shared.quiesce(timeout: 10_000_000_000))
        let jobFinished = finished.load(ordering: .acquiring)
        #expect(jobFinished, "quiesce returned while a job was running")
        // Asleep, a thread still takes the next job; warm returns once one has run.
        NumberWorkers.shared.warm()
        let ran = DispatchSemaphore(value: 0)
        NumberWorkers.shared.run { ran.signal() }
        #expect(ran.wait(timeout: .now() + 1) == .success)
        // Threads kept busy (here, a job that runs for 300 ms; in a benchmark, other loads):
        // quiesce gives up at its timeout instead of hanging. Whether the job has started or
        // still waits in the queue, the threads are not idle for those 20 ms.
        NumberWorkers.shared.run { usleep(300_000) }
        #expect(!NumberWorkers.shared.quiesce(timeout: 20_000_000))
        #expect(NumberWorkers.shared.quiesce(timeout: 10_000_000_000))
    }

    @Test func jobsPostedFromManyThreadsAllRun() {
        let count = Atomic<Int>(0)
        let all = DispatchSemaphore(value: 0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                NumberWorkers.shared.run {
                    if count.add(1, ordering: .relaxed).newValue == 2000 { all.signal() }
                }
            }
        }
        #expect(all.wait(timeout: .now() + 10) == .success, "ran \(count.load(ordering: .relaxed)) of 2000")
    }

    @Test func anEarlyGeometryJobStuckBehindOthersIsWithdrawn() throws {
        // Every worker thread busy: the mesh job waits in the queue, and the reading thread
        // takes it back rather than wait.
        let release = DispatchSemaphore(value: 0)
        let busy = DispatchSemaphore(value: 0)
        for _ in 0..<NumberPrefetcher.maximumWorkers {
            NumberWorkers.shared.run { busy.signal(); release.wait() }
        }
        for _ in 0..<NumberPrefetcher.maximumWorkers { busy.wait() }
        let bytes = EarlyGeometryTests.shapes.first { $0.0 == "plain" }!.1
        let xml = try ColladaLoader.xmlDocument(bytes: bytes, path: "t.dae", numbers: .inline)
        var reader = DocumentReader(path: xml.path)
        var early: SceneResolver.EarlyGeometry?
        reader.afterGeometries = { snapshot in early = SceneResolver.EarlyGeometry(snapshot, options: .init()) }
        let doc = reader.read(xml)
        let clock = ContinuousClock()
        var result: SceneResolver.EarlyGeometry.Result?
        let waited = clock.measure { result = early?.result(for: doc) }
        for _ in 0..<NumberPrefetcher.maximumWorkers { release.signal() }
        #expect(early != nil)
        #expect(result == nil)
        #expect(waited < .milliseconds(100), "waited \(waited)")
        // And the load itself gives the one-thread scene.
        #expect(EarlyGeometryTests.outcome(bytes, path: "t.dae", early: true)
                == EarlyGeometryTests.outcome(bytes, path: "t.dae", early: false))
    }

    @Test func loadsSideBySideGiveWhatOneLoadGives() throws {
        // Large enough for the parallel path: the base model (1.2 MB) and two rigs of 200 KB.
        let assets = TestPaths.repoRoot.path + "/Assets/"
        let files = [assets + "Models/base-model.dae", assets + "Animations/bridge-09.dae", assets + "Animations/bridge-07.dae"]
        let inputs = try files.map { try TestPaths.bytes($0) }
        #expect(inputs.allSatisfy { $0.count >= NumberPrefetcher.minimumFileBytes })
        let expected = zip(inputs, files).map { EarlyGeometryTests.outcome($0, path: $1, early: false) }
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            for round in 0..<6 {
                let f = (k + round) % files.count
                do {
                    let scene = try ColladaLoader.load(bytes: inputs[f], path: files[f])
                    let text = EarlyGeometryTests.describe(scene)
                    if text != expected[f] { mismatches.add(1, ordering: .relaxed) }
                } catch {
                    mismatches.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
