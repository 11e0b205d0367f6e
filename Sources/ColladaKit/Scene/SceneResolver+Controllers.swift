extension SceneResolver {
    mutating func readMorph(_ c: Collada.Controller) {
        guard let m = c.morph else { return }
        guard let baseID = fragment(m.source), let base = meshByID[baseID] else {
            bag.error(.referenceMissing, "morph '\(c.id)' source '\(m.source)' is not a geometry in this document", at: m.location)
            return
        }
        var targets: [Int] = []
        var weights: [Float] = []
        for input in m.targetInputs {
            guard let s = source(input) else { continue }
            switch input.semantic {
            case "MORPH_TARGET":
                for name in s.names {
                    if let t = meshByID[name] { targets.append(t) } else {
                        bag.error(.referenceMissing, "morph target '\(name)' is not a geometry in this document", at: s.location)
                    }
                }
            case "MORPH_WEIGHT": weights = floats(s, width: 1)
            default: break
            }
        }
        if targets.count != weights.count {
            bag.warning(.morphWeights, "morph '\(c.id)' has \(targets.count) targets and \(weights.count) weights", at: m.location)
        }
        for t in targets where scene.meshes[t].positions.count != scene.meshes[base].positions.count {
            bag.warning(.morphTargetSize, "morph target '\(scene.meshes[t].id)' has \(scene.meshes[t].positions.count) positions; the base has \(scene.meshes[base].positions.count)", at: m.location)
        }
        morphByID[c.id] = scene.morphs.count
        scene.morphs.append(Morph(id: c.id, baseMesh: base, targets: targets, weights: weights,
                                  isRelative: m.method == "RELATIVE", location: c.location))
    }

    mutating func readSkin(_ c: Collada.Controller) {
        guard let s = c.skin else { return }
        var meshIndex: Int?
        var morphIndex: Int?
        if let id = fragment(s.source) {
            if let m = meshByID[id] { meshIndex = m } else if let mo = morphByID[id] {
                morphIndex = mo
                meshIndex = scene.morphs[mo].baseMesh
            }
        }
        guard let mesh = meshIndex else {
            bag.error(.referenceMissing, "skin '\(c.id)' source '\(s.source)' is not a geometry or morph in this document", at: s.location)
            return
        }
        var jointNames: [String] = []
        var areIDs = false
        var ibms: [Matrix4x4] = []
        for input in s.jointInputs {
            guard let src = source(input) else { continue }
            switch input.semantic {
            case "JOINT":
                jointNames = src.names
                if case .names = src.values {} else {
                    bag.error(.skinJoints, "skin '\(c.id)' JOINT source is not a Name_array or IDREF_array", at: src.location)
                }
                areIDs = src.params.first?.type.uppercased() == "IDREF"
            case "INV_BIND_MATRIX":
                let f = floats(src, width: 16)
                ibms = stride(from: 0, to: f.count - 15, by: 16).map { Matrix4x4(rowMajor: f, offset: $0) }
            default: break
            }
        }
        if ibms.count != jointNames.count {
            bag.error(.skinBindMatrices, "skin '\(c.id)' has \(jointNames.count) joints but \(ibms.count) inverse bind matrices", at: s.location)
            return
        }
        // Vertex weights.
        var jointOffset = -1, weightOffset = -1
        var weights: [Float] = []
        var stride = 0
        for input in s.weightInputs {
            stride = max(stride, input.offset + 1)
            switch input.semantic {
            case "JOINT": jointOffset = input.offset
            case "WEIGHT":
                weightOffset = input.offset
                if let src = source(input) { weights = floats(src, width: 1) }
            default: break
            }
        }
        guard jointOffset >= 0, weightOffset >= 0 else {
            bag.error(.skinWeights, "skin '\(c.id)' <vertex_weights> needs JOINT and WEIGHT inputs", at: s.vertexWeightsLocation)
            return
        }
        let vertexCount = scene.meshes[mesh].positions.count
        if s.vcount.count != s.vertexWeightCount {
            bag.error(.skinWeights, "<vertex_weights count=\"\(s.vertexWeightCount)\"> has \(s.vcount.count) vcount values", at: s.vertexWeightsLocation)
            return
        }
        if s.vertexWeightCount != vertexCount {
            bag.error(.skinWeights, "skin '\(c.id)' weighs \(s.vertexWeightCount) vertices but its mesh has \(vertexCount) positions", at: s.vertexWeightsLocation)
            return
        }
        var total = 0
        for v in s.vcount {
            if v < 0 { bag.error(.skinWeights, "vcount has a negative value", at: s.vertexWeightsLocation); return }
            total += Int(v)
        }
        // `total > s.v.count` first: with stride >= 1 it already means a mismatch, and it keeps
        // `total * stride` from overflowing.
        if total > s.v.count || s.v.count != total * stride {
            bag.error(.skinWeights, "<v> has \(s.v.count) indices; vcount needs \(total * stride)", at: s.vertexWeightsLocation)
            return
        }
        var start: [UInt32] = [0]
        start.reserveCapacity(vertexCount + 1)
        var joints: [Int32] = []
        joints.reserveCapacity(total)
        var ws: [Float] = []
        ws.reserveCapacity(total)
        var sums: [Float] = []
        sums.reserveCapacity(vertexCount)
        var maxInfluences = 0
        var k = 0
        for vc in s.vcount {
            let n = Int(vc)
            maxInfluences = max(maxInfluences, n)
            var sum: Float = 0
            for _ in 0..<n {
                let j = s.v[k * stride + jointOffset], w = s.v[k * stride + weightOffset]
                if j < -1 || Int(j) >= jointNames.count {
                    bag.error(.indexOutOfRange, "<v> joint index \(j) is out of range (the skin has \(jointNames.count) joints)", at: s.vertexWeightsLocation)
                    return
                }
                if w < 0 || Int(w) >= weights.count {
                    bag.error(.indexOutOfRange, "<v> weight index \(w) is out of range (the source has \(weights.count))", at: s.vertexWeightsLocation)
                    return
                }
                joints.append(j)
                ws.append(weights[Int(w)])
                sum += weights[Int(w)]
                k += 1
            }
            sums.append(sum)
            start.append(UInt32(joints.count))
        }
        skinByID[c.id] = scene.skins.count
        scene.skins.append(Skin(
            id: c.id, name: c.name, mesh: mesh, morph: morphIndex, bindShapeMatrix: s.bindShapeMatrix,
            jointNames: jointNames, jointNamesAreIDs: areIDs, inverseBindMatrices: ibms, influenceStart: start,
            influenceJoint: joints, influenceWeight: ws, weightSums: sums, maxInfluences: maxInfluences,
            location: c.location))
    }
}
