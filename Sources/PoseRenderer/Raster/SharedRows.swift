/// Row-major memory that the workers of one ``Parallel/run(workers:_:)`` fill together, each writing only its
/// own rows: a frame's output planes (pixels, depth, sRGB bytes, sample hits) and the triangle setup's results
/// (one row per chunk).
///
/// It owns its memory for its whole life: allocated and initialised in `init`, released in `deinit`. The
/// pointer leaves it only inside a ``RowWindow``, made by a worker (inside the body of `Parallel.run`, which
/// holds the owner for the whole run) for the rows that worker writes. The result is read once `run` returns,
/// by ``array()`` or ``bytes()``.
///
/// The renderer's only unchecked `Sendable` conformance. Sharing it is sound because:
/// - the memory is initialised before the owner is shared and released only when the last reference goes, so
///   no worker sees it uninitialised or freed;
/// - the work is split statically by worker index into bands (or chunks) that do not overlap, and a worker
///   writes only through windows on its own band's rows (``window(rows:)``; debug builds check every index
///   against the window), so no two threads touch the same element;
/// - the owner's reads (``array()``, ``bytes()``) come after `Parallel.run` has returned, which waits for
///   every worker (`DispatchQueue.concurrentPerform`): their writes happen before.
final class SharedRows<Element: Sendable>: @unchecked Sendable {
    /// Elements per row.
    let width: Int
    /// Number of rows.
    let rows: Int
    /// `width * rows` initialised elements, row after row; never reallocated.
    private let base: UnsafeMutablePointer<Element>

    /// `rows` rows of `width` elements, each `value`.
    init(width: Int, rows: Int, repeating value: Element) {
        precondition(width >= 0 && rows >= 0, "negative size")
        self.width = width
        self.rows = rows
        base = .allocate(capacity: width * rows)
        base.initialize(repeating: value, count: width * rows)
    }

    deinit {
        base.deinitialize(count: width * rows)
        base.deallocate()
    }

    /// The rows `rows` for writing (and reading back) by one worker: the window indexes the whole buffer
    /// (`row * width + column`) but may touch only these rows. Valid while this owner lives, which the body of
    /// `Parallel.run` that captures the owner guarantees; the window itself cannot cross threads.
    @inline(__always)
    func window(rows r: Range<Int>) -> RowWindow<Element> {
        precondition(r.lowerBound >= 0 && r.upperBound <= rows, "rows \(r) outside 0..<\(rows)")
        return RowWindow(base: base, indices: (r.lowerBound * width)..<(r.upperBound * width))
    }

    /// Every element, row after row, copied into an array (once the workers are done). O(elements).
    func array() -> [Element] {
        Array(UnsafeBufferPointer(start: base, count: width * rows))
    }
}

extension SharedRows where Element == SIMD4<UInt8> {
    /// The pixels as bytes, 4 per element, row after row (once the workers are done). O(elements).
    func bytes() -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: base, count: width * rows * MemoryLayout<Element>.stride))
    }
}

/// Some rows of a ``SharedRows``, as one worker writes them: indexed like the whole buffer (`row * width +
/// column`), each index checked in debug builds to lie in the window. A view, not an owner: it lives inside one
/// worker's part of `Parallel.run` (it is not `Sendable`) while the owner keeps the memory.
struct RowWindow<Element> {
    private let base: UnsafeMutablePointer<Element>
    /// The flat indices this window may touch (its rows, whole).
    let indices: Range<Int>

    fileprivate init(base: UnsafeMutablePointer<Element>, indices: Range<Int>) {
        self.base = base
        self.indices = indices
    }

    @inline(__always)
    subscript(i: Int) -> Element {
        get {
            assert(indices.contains(i), "index \(i) outside the window \(indices)")
            return base[i]
        }
        nonmutating set {
            assert(indices.contains(i), "index \(i) outside the window \(indices)")
            base[i] = newValue
        }
    }
}

@available(*, unavailable, message: "a window stays with the worker that made it")
extension RowWindow: Sendable {}
