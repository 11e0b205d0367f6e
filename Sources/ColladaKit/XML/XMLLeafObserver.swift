/// Sees the text of chosen leaf elements while ``XMLReader`` is still reading the rest of the
/// document: in pieces as it arrives, and the rest when the element ends. The COLLADA reader uses
/// one to parse large number arrays on another core (``NumberPrefetcher``); the XML stage itself
/// knows nothing of what the text means.
///
/// All calls come from the thread running ``XMLReader``'s read, in document order:
/// ``interest(inElementsNamed:)`` once per distinct element name; for an element of a name it
/// showed interest in, any number of ``textPiece(element:interest:text:offset:)`` while its text
/// arrives, each at least ``pieceBytes`` long and ending at XML white space (so no token is cut),
/// then either ``leafEnded(element:interest:rest:offset:)`` with the text after the last piece,
/// or, when a child element shows it is no leaf, ``elementAbandoned(_:)``; ``textWillMove()``
/// before the text buffer is reallocated; and ``readEnded(failed:)`` exactly once, last. With
/// compaction, ``regionFound(_:interest:)`` comes first, once per region as the scan finds it,
/// ``region(_:isElement:)`` as each region's element starts, and ``regionsParsed()`` (or
/// ``discardRegions()``, then a read of the original) at the end.
protocol XMLLeafObserver: AnyObject, Sendable {
    /// A nonzero tag for elements named `name` (local name) whose text the observer wants to see,
    /// or 0. Asked once per name per document.
    func interest(inElementsNamed name: String) -> UInt8

    /// How much text of an open element to gather before handing it over as a piece.
    var pieceBytes: Int { get }

    /// A piece of the text of element `element`, still open; `offset` is where the piece starts
    /// within the element's text. The bytes stay valid and unchanged until ``textWillMove()``,
    /// ``elementAbandoned(_:)`` for this element, or ``readEnded(failed:)`` returns.
    func textPiece(element: Int32, interest: UInt8, text: UnsafeBufferPointer<UInt8>, offset: Int)

    /// Leaf element `element` has ended; `rest` is its text after the pieces already handed over
    /// (all of it when there were none), starting at `offset` within the element's text.
    func leafEnded(element: Int32, interest: UInt8, rest: UnsafeBufferPointer<UInt8>, offset: Int)

    /// Element `element`, whose pieces were handed over, has a child element: it is no leaf and
    /// its text is about to be overwritten. When this returns, nothing may read those pieces.
    func elementAbandoned(_ element: Int32)

    /// The text buffer is about to be reallocated: when this returns, nothing may read text
    /// handed over before.
    func textWillMove()

    // MARK: compaction (see ``XMLCompaction``)

    /// Local names of elements whose text may be cut out of what libxml2 reads and handed over
    /// before the read starts, each with its tag; nil for none.
    var compactionNames: [String: UInt8]? { get }
    /// The shortest text worth cutting out, and the least in all for a compact read of a
    /// document of `documentBytes` to pay.
    var compactionMinimumBytes: Int { get }
    func compactionMinimumTotal(documentBytes: Int) -> Int

    /// A cut-out text, in document order, as the scan finds it (before libxml2 starts: the work can
    /// begin while the scan goes on). The scan may still give up, and then ``discardRegions()``
    /// follows. The bytes stay valid and unchanged until ``readEnded(failed:)`` or
    /// ``discardRegions()`` returns.
    func regionFound(_ text: UnsafeBufferPointer<UInt8>, interest: UInt8)

    /// Region `k` is the text of element `element`.
    func region(_ k: Int, isElement element: Int32)

    /// After the compact read: waits for the regions' work and says whether every region's text
    /// was what the observer expects (for numbers: parsed without a failure). When false, the
    /// reader discards the regions and reads the original bytes.
    func regionsParsed() -> Bool

    /// Forget the regions (the reader is about to read the original bytes): when this returns,
    /// nothing may read them.
    func discardRegions()

    /// The read is over (`failed` when it will throw). When this returns, nothing may read any
    /// text handed over, and what the observer produced must be complete.
    func readEnded(failed: Bool)
}
