#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where and how a batch runs: its output folder, its records, how many jobs at a time.
package struct BatchEngineOptions: Sendable {
    /// The output folder: every job's files are below it.
    package var out: String
    /// The folder of the records, `<out>/.assettool/<batch>`.
    package var recordsDir: String
    /// Jobs in flight at most (at least 1).
    package var jobs: Int
    /// Make every job again, even what is up to date.
    package var force = false
    /// The ids of every job the batch knows (selected or not): a record of another id is stale.
    package var knownIDs: Set<String> = []
    /// Whether a record's name is an id the batch could have written (others are never touched).
    package var isID: @Sendable (String) -> Bool = { OutputPath.isPlainName($0) }

    /// How every output and record is written: parents created, an unchanged file left alone (it keeps its time).
    package static let writeOptions: AtomicFile.Options = [.createDirectories, .skipIfUnchanged]

    package init(out: String, recordsDir: String, jobs: Int) {
        self.out = out
        self.recordsDir = recordsDir
        self.jobs = jobs
    }

    /// `<records>/<id>.json`.
    package func recordPath(_ id: String) throws(OutputPath.UnsafeName) -> String {
        try OutputPath.inside(recordsDir, id + ".json")
    }
}

/// The one incremental batch engine: every batch (`icons`, `export`) is a ``BatchJob`` type run here.
///
/// Two passes through one ``SlidingWindow``: first every job is checked (up to date when its record's key equals
/// the key of its inputs as they are now, and its files hold what the record says; a file whose ``FileStamp`` is
/// the one recorded is not read again); then, if any job has work to do, `prepare` loads the shared context once
/// and those jobs are made, `options.jobs` at a time. Then the records of ids no longer known are removed with
/// what they list (``StaleOutputs``). A job's fault fails that job alone; its earlier files stay as they were.
package struct BatchEngine<Job: BatchJob>: Sendable {
    package let options: BatchEngineOptions

    package init(options: BatchEngineOptions) {
        self.options = options
    }

    /// Runs `jobs`: `onEvent` hears the count, then each job as it finishes. Returns the summary (ids sorted).
    ///
    /// - Throws: what `prepare` throws (a ``BatchFatalError``), which stops the batch before anything is made.
    package func run(_ jobs: [Job], prepare: () async throws -> Job.Context,
                     onEvent: (BatchEvent) -> Void = { _ in }) async throws -> BatchSummary {
        try await runCollecting(jobs, prepare: prepare, onEvent: onEvent).summary
    }

    /// ``run(_:prepare:onEvent:)``, also handing back the record of every job that is up to date or was made (by
    /// id), as read or written: what a batch gathers into its manifest without reading the records again.
    package func runCollecting(_ jobs: [Job], prepare: () async throws -> Job.Context,
                               onEvent: (BatchEvent) -> Void = { _ in }) async throws
        -> (summary: BatchSummary, records: [String: BatchRecord<Job.Detail>]) {
        onEvent(.selected(count: jobs.count))
        var summary = BatchSummary()
        var records: [String: BatchRecord<Job.Detail>] = [:]
        var pending: [Int] = []
        await SlidingWindow.run(count: jobs.count, width: options.jobs, { [self] k in checked(jobs[k]) }) { k, result in
            guard let outcome = result.outcome else { return pending.append(k) }
            if let record = result.record { records[jobs[k].id] = record }
            summary.add(id: jobs[k].id, outcome)
            onEvent(.finished(id: jobs[k].id, outcome: outcome))
        }
        if !pending.isEmpty {
            pending.sort()
            let context = try await prepare()
            let stale = pending.map { jobs[$0] }
            await SlidingWindow.run(count: stale.count, width: options.jobs, { [self] k in made(stale[k], in: context) }) { k, result in
                if let record = result.record { records[stale[k].id] = record }
                summary.add(id: stale[k].id, result.outcome)
                onEvent(.finished(id: stale[k].id, outcome: result.outcome))
            }
        }
        summary.removedIDs = StaleOutputs.remove(out: options.out, recordsDir: options.recordsDir, known: options.knownIDs, isID: options.isID)
        summary.sortIDs()
        return (summary, records)
    }

    /// Whether `job` is up to date (`.upToDate`), cannot be made (`.failed`), or has work to do (nil).
    package func check(_ job: Job) -> BatchOutcome? { checked(job).outcome }

    /// ``check(_:)`` with the record that says the job is up to date (nil otherwise).
    func checked(_ job: Job) -> (outcome: BatchOutcome?, record: BatchRecord<Job.Detail>?) {
        let paths: [String], recordPath: String
        do { (paths, recordPath) = try locate(job) } catch { return (.failed(error.diagnostics), nil) }
        guard !options.force, let record = BatchRecord<Job.Detail>.read(recordPath), record.id == job.id else { return (nil, nil) }
        var stamps = BatchStamps.read(recordPath: recordPath)
        var restamped = false
        // An input whose stamp is the one it had when last hashed keeps its hash (a no-op run reads no input).
        var hashes: [String] = []
        for path in paths {
            let stamp = FileStamp.of(path)
            if let cached = stamps.inputs[path], let stamp, stamp == cached.stamp {
                hashes.append(cached.hash)
                continue
            }
            let input: BatchInput
            do { input = try read(job, path) } catch { return (.failed(error.diagnostics), nil) }
            hashes.append(input.hash)
            stamps.inputs[path] = stamp.map { BatchStamps.Hashed(stamp: $0, hash: input.hash) }
            restamped = true
        }
        guard record.inputHash == job.inputHash(hashes), filesIntact(record.files, stamps: &stamps.outputs, restamped: &restamped) else {
            return (nil, nil)
        }
        if restamped { stamps.write(recordPath: recordPath) }
        return (.upToDate, record)
    }

    /// Reads and hashes `job`'s inputs, makes it, writes its files, its record and their stamps.
    package func make(_ job: Job, in context: Job.Context) -> BatchOutcome { made(job, in: context).outcome }

    /// ``make(_:in:)`` with the record written (nil when the job failed).
    func made(_ job: Job, in context: Job.Context) -> (outcome: BatchOutcome, record: BatchRecord<Job.Detail>?) {
        let paths: [String], recordPath: String
        do { (paths, recordPath) = try locate(job) } catch { return (.failed(error.diagnostics), nil) }
        var stamps = BatchStamps()
        var inputs: [BatchInput] = []
        for path in paths {
            // Stamped before reading: a file changed while it is read gets a stamp that no longer matches.
            let stamp = FileStamp.of(path)
            let input: BatchInput
            do { input = try read(job, path) } catch { return (.failed(error.diagnostics), nil) }
            inputs.append(input)
            stamps.inputs[path] = stamp.map { BatchStamps.Hashed(stamp: $0, hash: input.hash) }
        }
        let key = job.inputHash(inputs.map(\.hash))
        let product: BatchProduct<Job.Detail>
        do {
            product = try job.make(inputs, in: context)
        } catch let failure as BatchJobFailure {
            return (.failed(failure.diagnostics), nil)
        } catch {
            return (.failed([Diagnostic(.batchJobError, "\(error)", at: SourceLocation(path: paths.first ?? recordPath, line: 0, column: 0))]), nil)
        }
        var files: [String: String] = [:]
        let record: BatchRecord<Job.Detail>
        do {
            for file in product.files {
                let path = try OutputPath.inside(options.out, components: file.components)
                try AtomicFile.write(file.bytes, to: path, options: BatchEngineOptions.writeOptions)
                files[file.components.joined(separator: "/")] = SHA256.hex(file.bytes)
            }
            record = BatchRecord(id: job.id, inputHash: key, files: files, detail: product.detail)
            try AtomicFile.write(try record.encoded(), to: recordPath, options: BatchEngineOptions.writeOptions)
        } catch let e as AtomicFile.WriteError {
            return (.failed([Diagnostic(.batchOutputUnwritable, "cannot write: \(e.reason)", at: SourceLocation(path: e.path, line: 0, column: 0))]), nil)
        } catch let e as OutputPath.UnsafeName {
            return (.failed([Diagnostic(.batchOutputUnwritable, "cannot write: \(e)", at: SourceLocation(path: options.out, line: 0, column: 0))]), nil)
        } catch {
            return (.failed([Diagnostic(.batchJobError, "cannot encode the record: \(error)", at: SourceLocation(path: recordPath, line: 0, column: 0))]), nil)
        }
        // The files' stamps beside the record (not in it: a record holds no times).
        for name in files.keys { stamps.outputs[name] = FileStamp.of(options.out + "/" + name) }
        stamps.write(recordPath: recordPath)
        return (.made(warnings: product.warnings), record)
    }

    /// `path` read through `job`, with its content hash.
    func read(_ job: Job, _ path: String) throws(BatchJobFailure) -> BatchInput {
        let bytes = try job.read(path)
        return BatchInput(path: path, bytes: bytes, hash: SHA256.hex(bytes))
    }

    /// `job`'s input paths and its record's path.
    func locate(_ job: Job) throws(BatchJobFailure) -> (paths: [String], recordPath: String) {
        (try job.inputPaths(), try recordPathOrFailure(job.id))
    }

    func recordPathOrFailure(_ id: String) throws(BatchJobFailure) -> String {
        do {
            return try options.recordPath(id)
        } catch {
            throw BatchJobFailure([Diagnostic(.batchOutputUnwritable, "cannot write: \(error)",
                                              at: SourceLocation(path: options.recordsDir, line: 0, column: 0))])
        }
    }

    /// Every recorded file exists and holds the recorded bytes: a file whose stamp is the one recorded is intact;
    /// any other is hashed (and, when it holds the recorded bytes, its stamp is taken again).
    func filesIntact(_ files: [String: String], stamps: inout [String: FileStamp], restamped: inout Bool) -> Bool {
        guard !files.isEmpty else { return false }
        for (name, hash) in files {
            // Only read (a record lists names the engine wrote: plain components below `out`).
            let path = options.out + "/" + name
            let stamp = FileStamp.of(path)
            if let recorded = stamps[name], let stamp, stamp == recorded { continue }
            guard let data = try? BoundedFile.read(path, limit: 256 << 20), SHA256.hex(data) == hash else { return false }
            stamps[name] = stamp
            restamped = true
        }
        return true
    }
}
