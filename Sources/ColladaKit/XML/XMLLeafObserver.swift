/// Sees the text of leaf elements as each one ends, while ``XMLReader`` is still reading the rest
/// of the document. The COLLADA reader uses one to parse large number arrays on another core
/// (``NumberPrefetcher``); the XML stage itself knows nothing of what the text means.
///
/// All calls come from the thread running ``XMLReader/read(_:path:limits:observer:)``, in this
/// order: ``interest(inElementsNamed:)`` once per distinct element name, ``leafEnded(index:interest:text:)``
/// for each leaf element of a name it showed interest in, ``textWillMove()`` before the text
/// buffer is reallocated, and ``readEnded(failed:)`` exactly once, after the last callback and
/// before the read returns or throws.
protocol XMLLeafObserver: AnyObject, Sendable {
    /// A nonzero tag for elements named `name` (local name) whose text the observer wants to see,
    /// or 0. Asked once per name per document.
    func interest(inElementsNamed name: String) -> UInt8

    /// Leaf element `index` (document order) has ended; `text` is its whole text. The bytes stay
    /// valid and unchanged until ``textWillMove()`` or ``readEnded(failed:)`` returns.
    func leafEnded(index: Int32, interest: UInt8, text: UnsafeBufferPointer<UInt8>)

    /// The text buffer is about to be reallocated: when this returns, nothing may read text
    /// handed over before.
    func textWillMove()

    /// The read is over (`failed` when it will throw). When this returns, nothing may read any
    /// text handed over, and what the observer produced must be complete.
    func readEnded(failed: Bool)
}
