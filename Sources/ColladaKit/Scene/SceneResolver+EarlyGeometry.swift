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
                done.signal()
            }
        }

        private func resolveSnapshot() {
            guard let doc = snapshot else { return }
            snapshot = nil
            var r = SceneResolver(doc: doc, options: options)
            r.bag = DiagnosticBag()
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
            done.wait()
        }

        /// Waits for the job to finish without withdrawing it (for tests, which need it to run).
        func waitUntilFinished() {
            if finished { return }
            finished = true
            done.wait()
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
