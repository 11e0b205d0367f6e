import Dispatch
import Synchronization

extension SceneResolver {
    /// Resolving a large file's meshes on another core while the reading thread finishes the
    /// document stage (controllers, animations, scenes) and resolves materials and cameras.
    ///
    /// The document stage hands over a copy of the document as it stands when
    /// `<library_geometries>` has been read without an error; the job resolves every geometry of
    /// that copy exactly as ``run()`` would. It is used only when nothing can differ from resolving the
    /// finished document: the job reported no diagnostic at all (a reference to a source defined
    /// later would be one) and the finished document has the same geometries. Otherwise the meshes
    /// are resolved again on the reading thread, and the result is what a one-thread load gives.
    final class EarlyGeometry: @unchecked Sendable {
        struct Result {
            var meshes: [Mesh]
            var meshByID: [String: Int]
            var diagnostics: [Diagnostic]
            var triangleTotal: Int
            var triangulationBudget: Int
            var geometryCount: Int
        }

        private let done = DispatchSemaphore(value: 0)
        /// Set with `done`'s signal: a waiting thread spins on it for a while, taking half-primitives
        /// the job offers, before it sleeps on `done`.
        private let jobDone = Atomic<Bool>(false)
        private let help = Help()
        /// 0 queued, 1 running, 2 withdrawn by the reading thread before it started (then the job
        /// does nothing and the meshes are resolved on the reading thread: a job queued behind
        /// other loads' work must not keep this one waiting).
        private let state = Atomic<Int>(0)
        /// The job's input, dropped before it signals `done`, so that a load that returns holds
        /// nothing the job still uses.
        private var snapshot: Collada.Document?
        private let options: Options
        /// Written by the job before it signals `done`; read after waiting on it, and handed out once.
        private var result: Result?
        private var finished = false

        /// Starts resolving the geometries of `snapshot` on a ``NumberWorkers`` thread.
        init(_ snapshot: Collada.Document, options: Options) {
            self.snapshot = snapshot
            self.options = options
            NumberWorkers.shared.run { [self] in
                guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { return }
                resolveSnapshot()
                jobDone.store(true, ordering: .releasing)
                done.signal()
            }
        }

        private func resolveSnapshot() {
            guard let doc = snapshot else { return }
            snapshot = nil
            var r = SceneResolver(doc: doc, options: options)
            r.bag = DiagnosticBag()
            r.help = help
            for g in doc.geometries { r.readGeometry(g) }
            result = Result(meshes: r.scene.meshes, meshByID: r.meshByID, diagnostics: r.bag.diagnostics,
                            triangleTotal: r.triangleTotal, triangulationBudget: r.triangulationBudget,
                            geometryCount: doc.geometries.count)
        }

        /// Withdraws the job if it has not started, else waits for it to finish (at most once).
        func wait() {
            if finished { return }
            finished = true
            if state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged {
                snapshot = nil
                return
            }
            helpUntilDone()
        }

        /// Takes the halves the job offers until it is done, for up to 1 ms, then sleeps until it is.
        private func helpUntilDone() {
            let deadline = DispatchTime.now().uptimeNanoseconds &+ 1_000_000
            var looks = 0
            while !jobDone.load(ordering: .acquiring) {
                if help.runOffered() { continue }
                looks &+= 1
                if looks & 255 == 0 && DispatchTime.now().uptimeNanoseconds >= deadline {
                    done.wait()
                    return
                }
            }
        }

        /// Waits for the job to finish without withdrawing it (for tests, which need it to run).
        func waitUntilFinished() {
            if finished { return }
            finished = true
            helpUntilDone()
        }

        /// Waits for the job and hands out its result when it stands for resolving `doc`'s
        /// geometries; nil when they must be resolved here (withdrawn, or it could differ).
        func result(for doc: Collada.Document) -> Result? {
            wait()
            defer { result = nil }
            guard let result, result.diagnostics.isEmpty, result.geometryCount == doc.geometries.count else { return nil }
            return result
        }
    }

    /// Half of a large primitive's corners, offered by the early-geometry job to the reading thread
    /// while that thread waits for the job (a file of one big mesh otherwise leaves it idle).
    /// Whoever claims the half runs it; the job runs it itself when nobody has, so it never waits
    /// for a thread that is busy elsewhere.
    final class Help: @unchecked Sendable {
        /// 0 nothing offered, 1 offered, 2 running, 3 done.
        private let state = Atomic<Int>(0)
        /// Written before the offer is published and read after it is claimed (ordered by `state`).
        private var task: (() -> Void)?

        /// Runs the offered half if nobody has claimed it; true when this thread ran it.
        func runOffered() -> Bool {
            guard state.compareExchange(expected: 1, desired: 2, ordering: .acquiringAndReleasing).exchanged else { return false }
            task?()
            task = nil
            state.store(3, ordering: .releasing)
            return true
        }

        /// Offers `other` to a waiting thread, runs `mine` here, then runs `other` too if nobody
        /// claimed it, or waits for the thread that did. Both have run when this returns.
        func share(_ other: () -> Void, while mine: () -> Void) {
            withoutActuallyEscaping(other) { other in
                task = other
                state.store(1, ordering: .releasing)
                mine()
                if !runOffered() {
                    while state.load(ordering: .acquiring) != 3 {}
                }
                state.store(0, ordering: .relaxed)
            }
        }
    }

    /// Adopts `early`'s meshes when they stand for this document's; false when they do not.
    mutating func adoptGeometries(_ early: EarlyGeometry?) -> Bool {
        guard let r = early?.result(for: doc) else { return false }
        scene.meshes = r.meshes
        meshByID = r.meshByID
        triangleTotal = r.triangleTotal
        triangulationBudget = r.triangulationBudget
        return true
    }
}
