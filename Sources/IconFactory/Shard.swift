/// `--shard K/N`: this run makes the icons whose catalog index `i` (0-based, catalog order) has
/// `i % N == K - 1`. Deterministic and independent of `--only`, so N machines running K = 1...N
/// between them make every icon exactly once, and the pieces merge into one catalog.
package struct Shard: Equatable, Sendable, CustomStringConvertible {
    package var index: Int  // K, 1-based
    package var count: Int  // N

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    package init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else { return nil }
        self.init(index: k, count: n)
    }

    package static var defaultValueDescription: String { "1/1" }

    package var description: String { "\(index)/\(count)" }

    package func contains(_ catalogIndex: Int) -> Bool { catalogIndex % count == index - 1 }
}
