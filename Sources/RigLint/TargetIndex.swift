import ColladaKit

/// Channel targets resolved on the document (no scene needed): `nodeID/sid` names a transform
/// element, `.X`/`.ANGLE`/`(i)`/`(r)(c)` one of its values.
///
/// Built in O(nodes); each lookup is O(transforms of the node).
struct TargetIndex {
    private var nodes: [String: Collada.Node] = [:]

    init(_ doc: Collada.Document) {
        var stack = doc.visualScenes.flatMap(\.nodes) + doc.libraryNodes
        while let n = stack.popLast() {
            if let id = n.id, nodes[id] == nil { nodes[id] = n }
            stack += n.children
        }
    }

    /// How many values a channel with `target` drives: the element's value count for the whole
    /// element, 1 for a member; `nil` when the target is not a node transform of this document.
    func valueCount(_ target: String) -> Int? {
        guard let slash = target.firstIndex(of: "/") else { return nil }
        let id = String(target[..<slash])
        var rest = target[target.index(after: slash)...]
        if let last = rest.lastIndex(of: "/") { rest = rest[rest.index(after: last)...] }
        var sid = rest
        var member = false
        if let cut = rest.firstIndex(where: { $0 == "." || $0 == "(" }) {
            sid = rest[..<cut]
            member = true
        }
        guard let node = nodes[id], let t = node.transforms.first(where: { $0.sid == String(sid) }) else { return nil }
        return member ? 1 : t.kind.valueCount
    }
}
