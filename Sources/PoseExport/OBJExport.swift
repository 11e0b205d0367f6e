import ColladaKit

/// Wavefront OBJ of posed meshes, as `assettool pose --format obj` writes it.
package enum OBJExport {
    /// Unique object names: the posed mesh names, with `_2`, `_3`... on repeats.
    package static func objectNames(_ meshes: [PosedMesh]) -> [String] {
        var seen: [String: Int] = [:]
        return meshes.map { m in
            let n = seen[m.name, default: 0] + 1
            seen[m.name] = n
            return n == 1 ? m.name : "\(m.name)_\(n)"
        }
    }

    /// Wavefront OBJ: per instance `o NAME`, `v` per position (POSITION source order), `vn` per
    /// corner when the mesh has normals, then `f` with 1-based indices.
    package static func text(scene: Scene, meshes: [PosedMesh], header: String) -> String {
        var s = "# \(header)\n"
        var vBase = 1, nBase = 1
        for (m, name) in zip(meshes, objectNames(meshes)) {
            let mesh = scene.meshes[m.mesh]
            s += "o \(name)\n"
            for p in m.positions { s += "v \(p.x) \(p.y) \(p.z)\n" }
            for part in m.normals { for n in part { s += "vn \(n.x) \(n.y) \(n.z)\n" } }
            var corner = nBase
            for (k, part) in mesh.parts.enumerated() {
                let hasNormals = k < m.normals.count && m.normals[k].count == part.positionIndices.count
                let idx = part.positionIndices
                for c in stride(from: 0, to: idx.count - 2, by: 3) {
                    if hasNormals {
                        s += "f \(Int(idx[c]) + vBase)//\(corner) \(Int(idx[c + 1]) + vBase)//\(corner + 1) \(Int(idx[c + 2]) + vBase)//\(corner + 2)\n"
                    } else {
                        s += "f \(Int(idx[c]) + vBase) \(Int(idx[c + 1]) + vBase) \(Int(idx[c + 2]) + vBase)\n"
                    }
                    if hasNormals { corner += 3 }
                }
            }
            vBase += m.positions.count
            nBase += m.normals.reduce(0) { $0 + $1.count }
        }
        return s
    }
}
