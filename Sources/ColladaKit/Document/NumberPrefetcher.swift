import Dispatch
import Foundation
import Synchronization

/// Parses the number text of large COLLADA arrays (`float_array`, `int_array`, `<p>`, `<v>`,
/// `<vcount>`, `<h>`) on other cores while libxml2 is still reading the rest of the file.
///
/// Number text is most of a COLLADA file, and converting it costs more than reading the XML
/// around it. As the text of such an element arrives, every ``pieceBytes`` of it (cut at white
/// space) is queued as a piece, and the rest when the element ends; ``NumberWorkers`` threads take
/// pieces in order, and when the XML is read the reading thread takes what is left, so both
/// cores finish the work. A file made of one huge array is parsed while it is still being read. Every
/// piece is parsed by the same ``NumberParser`` functions a whole array would be, and pieces end
/// only at whitespace, so the values are the same bit for bit and a bad token is reported at the
/// same offset. What the document stage finds here it does not parse again.
///
/// Thread safety: the queue is behind a mutex; each piece's result is written by the one thread
/// that claimed it and read only after ``readEnded(failed:)`` has waited for every piece (a
/// Dispatch group), which orders the writes before the reads.
final class NumberPrefetcher: XMLLeafObserver, @unchecked Sendable {
    enum Kind: UInt8 { case floats = 1, ints = 2 }

    /// Text shorter than this is left to the document stage (queueing costs about a microsecond).
    static let minimumBytes = 4096
    /// Size of the pieces a long array is cut into (one or two thousand values, about 10 µs of
    /// work): small enough that the last piece other threads hold is not long to wait for.
    static let pieceBytes = 16 * 1024
    /// Files below this size are read without a prefetcher: the work would not pay for waking a thread.
    static let minimumFileBytes = 64 * 1024

    /// One piece of one element's text, and what parsing it gave.
    final class Piece: @unchecked Sendable {
        let kind: Kind
        let text: UnsafeBufferPointer<UInt8>
        /// Offset of `text` within the element's text (to place a failure).
        let offset: Int
        var floats: [Float] = []
        var ints: [Int32] = []
        var failure: NumberParser.Failure?
        /// Index in `floats` of the first infinite or NaN value, if any.
        var firstNonFinite: Int?
        /// The byte after `text` may be read and is white space or `<` (see
        /// ``NumberParser/parseFloats(_:into:compact:stopByte:)``).
        let stopByte: Bool

        init(kind: Kind, text: UnsafeBufferPointer<UInt8>, offset: Int, stopByte: Bool = false) {
            self.kind = kind
            self.text = text
            self.offset = offset
            self.stopByte = stopByte
        }

        func run() {
            switch kind {
            case .floats:
                failure = NumberParser.parseFloats(text, into: &floats, compact: false, stopByte: stopByte)
                firstNonFinite = floats.firstIndex { !$0.isFinite }
            case .ints: failure = NumberParser.parseInts(text, into: &ints, compact: false)
            }
        }
    }

    private struct Queue {
        var pieces: [Piece] = []
        var next = 0
        var cancelled = false
        /// Worker loops running (each takes pieces until none is left).
        var workers = 0
        /// While the read goes on, an idle worker waits a little for more pieces before leaving.
        var open = true
    }

    /// How many times an idle worker looks for a new piece (each look waits up to a few hundred
    /// nanoseconds) before it leaves: about 100 µs (its thread then lingers in ``NumberWorkers``).
    static let idleLooks = 300

    /// How long the reading thread watches for the pieces other threads hold before it sleeps
    /// (nanoseconds).
    static let drainSpin: UInt64 = 500_000

    /// Worker loops at most: the reading thread is the other core's worth.
    static let maximumWorkers = max(1, cores - 1)
    /// Whether another core can take work. Asked once: Foundation reads the cgroup's CPU quota
    /// from files on every call (17 µs here, a tenth of a 137 KB file's load).
    static let hasSpareCore = cores > 1
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    private let queue = Locked(Queue())
    private let group = DispatchGroup()
    /// Pieces queued and not yet finished (or skipped), mirrored from `group` so the reading thread
    /// can spin briefly on the last pieces instead of sleeping and being woken.
    private let outstanding = Atomic<Int>(0)
    /// Pieces ever queued: what an idle worker watches instead of taking the lock.
    private let queued = Atomic<Int>(0)
    /// Pieces per element index; touched only by the reading thread (and read after the read).
    private var pieces: [Int32: [Piece]] = [:]
    /// Pieces per cut-out region (see ``XMLCompaction``), in document order.
    private var regionPieces: [[Piece]] = []

    /// This prefetcher's thresholds (the defaults above; tests and the fuzzer use tiny ones to
    /// push small files through the same paths).
    let minimumArrayBytes: Int
    let piece: Int
    let minimumCompactBytes: Int
    /// Regions matched to elements in the last compact read (for tests and benchmarks).
    private(set) var regionsMatched = 0
    /// Pieces parsed by worker threads (the rest were parsed by the reading thread), and in all.
    let piecesOnWorkers = Atomic<Int>(0)
    let piecesParsed = Atomic<Int>(0)

    /// False: no other thread; the reading thread parses every piece when the read ends (the
    /// same pieces and results, deterministically: for fuzzing).
    let concurrent: Bool

    init(minimumArrayBytes: Int = NumberPrefetcher.minimumBytes, pieceBytes: Int = NumberPrefetcher.pieceBytes,
         minimumCompactBytes: Int = NumberPrefetcher.minimumFileBytes / 2, concurrent: Bool = true) {
        self.minimumArrayBytes = max(1, minimumArrayBytes)
        self.piece = max(16, pieceBytes)
        self.minimumCompactBytes = max(1, minimumCompactBytes)
        self.concurrent = concurrent
        guard concurrent else { return }
        // Wake a worker now: by the time the first pieces are queued it is running, not waking.
        queue.withLock { $0.workers = 1 }
        NumberWorkers.shared.run { [self] in work() }
    }

    /// The observer `ColladaLoader` uses for `bytes`: none for small files, or on a single core.
    static func forDocument(byteCount: Int) -> NumberPrefetcher? {
        // On one core a second thread only takes turns with the reading one: read inline.
        byteCount >= minimumFileBytes && hasSpareCore ? NumberPrefetcher() : nil
    }

    func interest(inElementsNamed name: String) -> UInt8 {
        // Most names are none of these: reject them by length before hashing.
        switch name.utf8.count {
        case 1, 6, 9, 11: return Self.arrayNames[name] ?? 0
        default: return 0
        }
    }

    var pieceBytes: Int { piece }

    func textPiece(element: Int32, interest: UInt8, text: UnsafeBufferPointer<UInt8>, offset: Int) {
        guard let kind = Kind(rawValue: interest) else { return }
        enqueue([Piece(kind: kind, text: text, offset: offset)], for: element)
    }

    func leafEnded(element: Int32, interest: UInt8, rest: UnsafeBufferPointer<UInt8>, offset: Int) {
        guard let kind = Kind(rawValue: interest) else { return }
        if pieces[element] == nil && rest.count < minimumArrayBytes { return }
        enqueue(cut(rest, kind: kind, offset: offset), for: element)
    }

    /// `text` in pieces of about ``pieceBytes``, each ending at whitespace (no token is split);
    /// `stopByte` when the byte after `text` may be read and is white space or `<`.
    private func cut(_ text: UnsafeBufferPointer<UInt8>, kind: Kind, offset: Int, stopByte: Bool = false) -> [Piece] {
        guard let base = text.baseAddress else { return [] }
        var out: [Piece] = []
        var start = 0
        while start < text.count {
            var end = min(start + piece, text.count)
            while end < text.count && !isXMLWhiteSpace(base[end]) { end += 1 }
            // Every piece but the last ends at the white space that follows it.
            out.append(Piece(kind: kind, text: UnsafeBufferPointer(start: base + start, count: end - start), offset: offset + start,
                             stopByte: stopByte || end < text.count))
            start = end
        }
        return out
    }

    // MARK: compaction

    var compactionNames: [String: UInt8]? { Self.arrayNames }
    static let arrayNames: [String: UInt8] = [
        "float_array": Kind.floats.rawValue, "int_array": Kind.ints.rawValue, "p": Kind.ints.rawValue,
        "v": Kind.ints.rawValue, "vcount": Kind.ints.rawValue, "h": Kind.ints.rawValue]
    /// Cut-out regions are known before libxml2 starts, so even short ones go to the workers
    /// (off the reading thread's path) for little more than the cost of queueing them.
    static let minimumRegionBytes = 512
    var compactionMinimumBytes: Int { Swift.min(minimumArrayBytes, Self.minimumRegionBytes) }
    /// A compact read pays when the arrays are a good part of the file: where they are a small
    /// part (anims_with_full_rotations_between_keys.DAE: 17%), libxml2's reading of the markup is
    /// the long pole, and a second thread only adds waiting (measured: 10% slower).
    func compactionMinimumTotal(documentBytes: Int) -> Int {
        minimumCompactBytes >= Self.minimumFileBytes / 2 ? Swift.max(minimumCompactBytes, documentBytes / 3) : minimumCompactBytes
    }

    func regionFound(_ text: UnsafeBufferPointer<UInt8>, interest: UInt8) {
        // A region is an element's text in the source, closed by the '<' of its end tag.
        let cut = Kind(rawValue: interest).map { self.cut(text, kind: $0, offset: 0, stopByte: true) } ?? []
        regionPieces.append(cut)
        submit(cut)
    }

    func region(_ k: Int, isElement element: Int32) {
        if k < regionPieces.count { pieces[element] = regionPieces[k] }
        regionsMatched += 1
    }

    func regionsParsed() -> Bool {
        queue.withLock { $0.open = false }
        drain()
        // A region that failed to parse is still exactly what libxml2 would have delivered when
        // it holds only printable ASCII (no reference, no line end to normalise, nothing libxml2
        // refuses): the document stage then reports the same error from the same text, and the
        // file need not be read again.
        return regionPieces.allSatisfy { cut in
            guard cut.contains(where: { $0.failure != nil }) else { return true }
            return cut.allSatisfy { Self.isPlainText($0.text) }
        }
    }

    /// Printable ASCII, tabs and line feeds, without `&` or `]]>`.
    static func isPlainText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for c in text {
            if c >= 0x7F || (c < 0x20 && c != 0x09 && c != 0x0A) || c == UInt8(ascii: "&") { return false }
            if c == UInt8(ascii: ">") && previous == (UInt8(ascii: "]"), UInt8(ascii: "]")) { return false }
            previous = (previous.1, c)
        }
        return true
    }

    func discardRegions() {
        queue.withLock { $0.cancelled = true }
        drain()
        queue.withLock { q in q = Queue(workers: q.workers) }
        regionPieces = []
        pieces = [:]
        regionsMatched = 0
    }

    func elementAbandoned(_ element: Int32) {
        drain()
        pieces[element] = nil
    }

    private func enqueue(_ cut: [Piece], for element: Int32) {
        if cut.isEmpty { return }
        pieces[element, default: []] += cut
        submit(cut)
    }

    /// Queues `pieces` and starts worker loops on ``NumberWorkers`` threads if fewer than
    /// ``maximumWorkers`` run (one job per loop, not per piece). Each piece is counted as
    /// outstanding before it is queued: a running worker may take it at once, and its `leave`
    /// must never come before its `enter`.
    private func submit(_ pieces: [Piece]) {
        guard !pieces.isEmpty else { return }
        for _ in pieces { group.enter() }
        outstanding.add(pieces.count, ordering: .relaxed)
        let start = queue.withLock { q -> Int in
            q.pieces += pieces
            guard concurrent else { return 0 }
            let n = min(Self.maximumWorkers - q.workers, q.pieces.count - q.next)
            if n > 0 { q.workers += n }
            return max(0, n)
        }
        queued.add(pieces.count, ordering: .releasing)
        for _ in 0..<start {
            NumberWorkers.shared.run { [self] in work() }
        }
    }

    /// How often the text buffer moved during the read (for tests).
    private(set) var textMoves = 0

    func textWillMove() {
        textMoves += 1
        drain()
    }

    func readEnded(failed: Bool) {
        queue.withLock { q in
            q.open = false
            if failed { q.cancelled = true }
        }
        if failed { pieces = [:] }
        drain()
    }

    /// A worker loop: takes pieces in order; when none is queued, waits a little for more while
    /// the read is open, then leaves (a piece queued later starts a new loop).
    private func work() {
        var idle = 0
        while true {
            let (piece, cancelled, leave) = queue.withLock { q -> (Piece?, Bool, Bool) in
                if q.next < q.pieces.count {
                    q.next += 1
                    return (q.pieces[q.next - 1], q.cancelled, false)
                }
                if !q.open || idle >= Self.idleLooks {
                    q.workers -= 1  // seen empty and leaving in one step
                    return (nil, false, true)
                }
                return (nil, false, false)
            }
            if leave { return }
            if let piece {
                idle = 0
                if cancelled {
                    settle()
                } else {
                    finish(piece)
                    piecesOnWorkers.add(1, ordering: .relaxed)
                }
                continue
            }
            idle += 1
            let seen = queued.load(ordering: .acquiring)
            var k = 0
            while k < 256 && queued.load(ordering: .acquiring) == seen { k += 1 }
        }
    }

    /// The next piece nobody has taken, or nil (after cancellation, each remaining piece is
    /// accounted for here without being parsed).
    private func claim() -> Piece? {
        while true {
            let (piece, cancelled) = queue.withLock { q -> (Piece?, Bool) in
                guard q.next < q.pieces.count else { return (nil, q.cancelled) }
                q.next += 1
                return (q.pieces[q.next - 1], q.cancelled)
            }
            guard let piece else { return nil }
            if !cancelled { return piece }
            settle()
        }
    }

    /// Parses on this thread whatever is still queued, then waits for pieces other threads hold.
    private func drain() {
        while let p = claim() { finish(p) }
        if !concurrent { return }
        // The pieces other threads still hold take microseconds (a piece is 10-30 µs of work):
        // watch for them for up to ``drainSpin`` before sleeping, so the wake-up (5-20 µs on the
        // VMs measured) does not cost more than the wait. A count of looks is no clock: 20,000
        // atomic loads took 5 µs there, and the sleep that followed made every large load wait
        // about 15 µs for a wake-up after its last piece.
        if outstanding.load(ordering: .acquiring) > 0 {
            let deadline = DispatchTime.now().uptimeNanoseconds &+ Self.drainSpin
            var looks = 0
            while outstanding.load(ordering: .acquiring) > 0 {
                looks &+= 1
                if looks & 255 != 0 { continue }
                if DispatchTime.now().uptimeNanoseconds >= deadline { break }
                // Should the thread holding the last piece be waiting for this core, let it run.
                if looks & 4095 == 0 { sched_yield() }
            }
        }
        group.wait()
    }

    /// Runs a claimed piece and counts it done.
    private func finish(_ p: Piece) {
        p.run()
        piecesParsed.add(1, ordering: .relaxed)
        settle()
    }

    /// Counts one queued piece as no longer outstanding (parsed, or skipped after cancellation).
    private func settle() {
        outstanding.subtract(1, ordering: .releasing)
        group.leave()
    }

    /// The values of element `index`'s text when it was prefetched as floats: every piece's
    /// values in order, up to the first failure (its offset within the element's text), and the
    /// index of the first value that is not finite.
    func floats(of index: Int32) -> (values: [Float], failure: NumberParser.Failure?, firstNonFinite: Int?)? {
        guard let cut = pieces[index], cut.first?.kind == .floats else { return nil }
        let (values, failure) = Self.joined(cut) { $0.floats }
        var before = 0
        for p in cut {
            if let k = p.firstNonFinite { return (values, failure, before + k) }
            before += p.floats.count
        }
        return (values, failure, nil)
    }

    /// As ``floats(of:)``, for integer text.
    func ints(of index: Int32) -> (values: [Int32], failure: NumberParser.Failure?)? {
        guard let cut = pieces[index], cut.first?.kind == .ints else { return nil }
        return Self.joined(cut) { $0.ints }
    }

    /// Every piece's values in order (up to the first failure), in one array of the exact size.
    /// `values` is a closure, not a key path: a key path is projected through the runtime, which
    /// cost a tenth of a 300 KB file's document stage.
    @inline(__always)
    private static func joined<T>(_ cut: [Piece], _ values: (Piece) -> [T]) -> ([T], NumberParser.Failure?) {
        // One copy into storage of the exact size (pieces are allocated for their worst case).
        var out: [T] = []
        out.reserveCapacity(cut.reduce(0) { $0 + values($1).count })
        for p in cut {
            out += values(p)
            if let f = p.failure { return (out, f.shifted(by: p.offset)) }
        }
        return (out, nil)
    }
}

/// A value behind a `pthread` mutex (`NSLock`). Not `Synchronization.Mutex`: on Linux that waits
/// on a futex that ThreadSanitizer cannot see, so it reports every access it guards as a race.
private final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    func withLock<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

extension NumberParser {
    /// The text of every number array in `document` (a COLLADA file's bytes), found by the scan
    /// the loader uses for large files (``XMLCompaction``, comments and CDATA skipped), each with
    /// whether it holds floats (`float_array`) or integers (`int_array`, `<p>`, `<v>`, `<vcount>`,
    /// `<h>`): for `assettool bench numbers`. Empty when the scan gives up (a DOCTYPE, an encoding
    /// that is not ASCII-compatible, unterminated markup).
    public static func arrayTexts(in document: [UInt8]) -> [(range: Range<Int>, isFloat: Bool)] {
        document.withUnsafeBufferPointer { b in
            let compaction = XMLCompaction.make(b, names: NumberPrefetcher.arrayNames, minimumBytes: 1,
                                                minimumTotal: 1, checkEncoding: true)
            return (compaction?.regions ?? []).map {
                ($0.start..<$0.end, $0.interest == NumberPrefetcher.Kind.floats.rawValue)
            }
        }
    }
}

extension XMLDocument {
    /// How many number pieces were parsed while this document was read, and how many of them by
    /// other threads (for `bench parse --stages`); nil when it was read without a prefetcher.
    public var numberPieces: (onOtherThreads: Int, all: Int)? {
        guard let p = leafObserver as? NumberPrefetcher else { return nil }
        return (p.piecesOnWorkers.load(ordering: .relaxed), p.piecesParsed.load(ordering: .relaxed))
    }
}

extension NumberParser.Failure {
    /// The same failure with its offset moved by `delta` bytes.
    func shifted(by delta: Int) -> Self {
        switch self {
        case .badToken(let o, let t, let c): return .badToken(offset: o + delta, token: t, decimalComma: c)
        case .outOfRange(let o, let t): return .outOfRange(offset: o + delta, token: t)
        }
    }
}
