/// Lookup tables for finding skin joints in a flattened node tree without scanning it per joint.
///
/// ``SceneResolver`` appends nodes parents first and each node's subtree right after it, so a
/// node's descendants are exactly the indices `n + 1 ..< subtreeEnd[n]`, and a depth-first search
/// from `n` visits them in index order. "The first node with sid `s` below root `r`" is therefore
/// the smallest index with that sid in `r ..< subtreeEnd[r]`: a binary search.
///
/// Building costs O(nodes); each lookup O(log nodes).
struct JointIndex {
    /// Per node, one past the last index of its subtree.
    var subtreeEnd: [Int]
    /// Per sid, the nodes carrying it in ascending order.
    var nodesBySID: [String: [Int]] = [:]
    /// Per name, the first node carrying it.
    var firstByName: [String: Int] = [:]

    init(_ nodes: [Node]) {
        subtreeEnd = Array(nodes.indices.map { $0 + 1 })
        // Children follow their parent, so a backward pass sees every child before its parent.
        for n in nodes.indices.reversed() {
            if let p = nodes[n].parent, p >= 0, p < n { subtreeEnd[p] = max(subtreeEnd[p], subtreeEnd[n]) }
        }
        for (n, node) in nodes.enumerated() {
            if let sid = node.sid { nodesBySID[sid, default: []].append(n) }
            if let name = node.name, firstByName[name] == nil { firstByName[name] = n }
        }
    }

    /// The first node (depth first, in document order) with sid `sid` in the subtree of `root`.
    func firstSID(_ sid: String, under root: Int) -> Int? {
        guard let list = nodesBySID[sid], root >= 0, root < subtreeEnd.count else { return nil }
        var lo = 0, hi = list.count  // first position with list[k] >= root
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < root { lo = mid + 1 } else { hi = mid }
        }
        return lo < list.count && list[lo] < subtreeEnd[root] ? list[lo] : nil
    }

    /// The first node with sid `sid` anywhere.
    func firstSID(_ sid: String) -> Int? { nodesBySID[sid]?.first }
}
