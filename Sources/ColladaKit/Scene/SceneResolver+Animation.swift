import PipelineKit
extension SceneResolver {
    mutating func readAnimations() {
        // Samplers by id, from every animation at any depth.
        var samplerByID: [String: (sampler: Collada.Sampler, index: Int?)] = [:]
        func collect(_ a: Collada.Animation) {
            for s in a.samplers { if let id = s.id { samplerByID[id] = (s, nil) } }
            for c in a.children { collect(c) }
        }
        for a in doc.animations { collect(a) }
        // Channel ranges per animation id, for clips.
        var channelsByAnimation: [String: [Int]] = [:]

        func visit(_ a: Collada.Animation, top: String?, resolver: inout SceneResolver) -> [Int] {
            resolver.scene.animationCount += 1
            var mine: [Int] = []
            for ch in a.channels {
                if let k = resolver.bindChannel(ch, samplers: &samplerByID, animationID: top) { mine.append(k) }
            }
            for c in a.children { mine += visit(c, top: top, resolver: &resolver) }
            if let id = a.id { channelsByAnimation[id] = mine }
            return mine
        }
        for a in doc.animations { _ = visit(a, top: a.id, resolver: &self) }

        for clip in doc.clips {
            var channels: [Int] = []
            for url in clip.animationURLs {
                if let id = fragment(url), let list = channelsByAnimation[id] { channels += list } else {
                    bag.warning(.referenceMissing, "animation_clip '\(clip.id ?? clip.name ?? "")' instance_animation '\(url)' does not name an animation", at: clip.location)
                }
            }
            var end = clip.end ?? clip.start
            if clip.end == nil {
                for c in channels { end = max(end, scene.samplers[scene.channels[c].sampler].input.last ?? end) }
            }
            scene.clips.append(AnimationClip(id: clip.id, name: clip.name, start: clip.start, end: end, channels: channels))
        }
    }

    /// Resolves one channel: its sampler (read once, shared by channels using it) and its target.
    mutating func bindChannel(_ ch: Collada.Channel, samplers: inout [String: (sampler: Collada.Sampler, index: Int?)],
                              animationID: String?) -> Int? {
        guard let sid = fragment(ch.source), let entry = samplers[sid] else {
            bag.error(.referenceMissing, "channel source '\(ch.source)' does not name a sampler", at: ch.location)
            return nil
        }
        guard let target = resolveTarget(ch) else { return nil }
        if case .transform(let nodes, _, _) = target {
            channelTargets += nodes.count
            if channelTargets > options.maxChannelTargets {
                if !bag.diagnostics.contains(where: { $0.id == DiagnosticRule.animationLimit.id }) {
                    bag.error(.animationLimit, "the channels drive more than \(options.maxChannelTargets) node transforms (instanced copies included)", at: ch.location)
                }
                return nil
            }
        }
        let samplerIndex: Int
        if let i = entry.index { samplerIndex = i } else {
            guard let s = readSampler(entry.sampler) else { return nil }
            samplerIndex = scene.samplers.count
            scene.samplers.append(s)
            samplers[sid] = (entry.sampler, samplerIndex)
        }
        // The output must fit what it drives.
        let s = scene.samplers[samplerIndex]
        if case .transform(let nodes, let t, let member) = target, let n = nodes.first {
            let kind = scene.nodes[n].transforms[t].kind
            let need = member == .all ? kind.valueCount : 1
            if s.stride != need {
                bag.error(.channelStride, "channel '\(ch.target)' drives \(need) value(s) of <\(kind.rawValue)> but its sampler output has \(s.stride) per key", at: ch.location)
                return nil
            }
        }
        scene.channels.append(AnimationChannel(sampler: samplerIndex, target: target, targetPath: ch.target,
                                               animationID: animationID, location: ch.location))
        return scene.channels.count - 1
    }

    /// Parses `id/sid[.member|(i)[(j)]]` and finds the transform it names.
    mutating func resolveTarget(_ ch: Collada.Channel) -> ChannelTarget? {
        let t = ch.target
        // Split off the member selector from the last path segment.
        var path = Substring(t)
        var member: Substring = ""
        var indices: [Int] = []
        if let lastSlash = path.lastIndex(of: "/") ?? path.indices.first {
            let tail = path[lastSlash...]
            if let dot = tail.firstIndex(of: ".") {
                member = path[path.index(after: dot)...]
                path = path[..<dot]
            } else if let paren = tail.firstIndex(of: "(") {
                var rest = path[paren...]
                path = path[..<paren]
                while rest.first == "(", let close = rest.firstIndex(of: ")") {
                    guard let v = Int(rest[rest.index(after: rest.startIndex)..<close]), v >= 0 else {
                        bag.warning(.channelTarget, "channel target '\(t)' has a bad index", at: ch.location)
                        return nil
                    }
                    indices.append(v)
                    rest = rest[rest.index(after: close)...]
                }
            }
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, !first.isEmpty else {
            bag.warning(.channelTarget, "channel target '\(t)' is empty or relative; skipped", at: ch.location)
            return nil
        }
        if parts.count == 1 {
            // A source or controller addressed directly: morph weights ("morph-weights(1)").
            for (k, m) in scene.morphs.enumerated() {
                let c = doc.controllers.first { $0.id == m.id }
                let weightSource = c?.morph?.targetInputs.first { $0.semantic == "MORPH_WEIGHT" }.flatMap { fragment($0.source) }
                if first == m.id || first == weightSource {
                    return .morphWeight(morph: k, index: indices.first)
                }
            }
            bag.warning(.channelTargetUnsupported, "channel target '\(t)' is not a node transform; it is not animated", at: ch.location)
            return nil
        }
        guard let nodes = nodesByID[first] else {
            let known = doc.cameras.contains { $0.id == first } || doc.lights.contains { $0.id == first }
                || doc.effects.contains { $0.id == first } || doc.materials.contains { $0.id == first }
            if known {
                bag.warning(.channelTargetUnsupported, "channel target '\(t)' animates a camera, light or material; it is not animated", at: ch.location)
            } else {
                bag.warning(.channelTargetMissing, "channel target '\(t)': no node with id '\(first)' in the scene", at: ch.location)
            }
            return nil
        }
        let sid = parts.last!
        guard let transform = scene.nodes[nodes[0]].transforms.firstIndex(where: { $0.sid == sid }) else {
            bag.warning(.channelTargetMissing, "channel target '\(t)': node '\(first)' has no transform with sid '\(sid)'", at: ch.location)
            return nil
        }
        let kind = scene.nodes[nodes[0]].transforms[transform].kind
        var m = ChannelMember.all
        if !member.isEmpty {
            let index: Int?
            switch (kind, member.uppercased()) {
            case (.rotate, "X"): index = 0
            case (.rotate, "Y"): index = 1
            case (.rotate, "Z"): index = 2
            case (.rotate, "ANGLE"): index = 3
            case (.translate, "X"), (.scale, "X"): index = 0
            case (.translate, "Y"), (.scale, "Y"): index = 1
            case (.translate, "Z"), (.scale, "Z"): index = 2
            default: index = nil
            }
            guard let index else {
                bag.warning(.channelTarget, "channel target '\(t)': member '.\(member)' does not apply to <\(kind.rawValue)>", at: ch.location)
                return nil
            }
            m = .value(index)
        } else if !indices.isEmpty {
            // (i) indexes the values in document order; (row)(column) a matrix element.
            // Each index is checked before (row)(column) is combined, so the product cannot overflow.
            let inRange = indices.count == 1 ? indices[0] < kind.valueCount : indices.allSatisfy { $0 < 4 }
            let index = inRange ? (indices.count >= 2 ? indices[0] * 4 + indices[1] : indices[0]) : kind.valueCount
            guard inRange, index < kind.valueCount, indices.count <= 2, indices.count == 1 || kind == .matrix else {
                bag.warning(.channelTarget, "channel target '\(t)': index out of range for <\(kind.rawValue)>", at: ch.location)
                return nil
            }
            m = .value(index)
        }
        return .transform(nodes: nodes, transform: transform, member: m)
    }

    mutating func readSampler(_ s: Collada.Sampler) -> AnimationSampler? {
        var input: [Float] = []
        var output: [Float] = []
        var stride = 1
        var interpolation: [Interpolation] = []
        var inTangent: [Float] = []
        var outTangent: [Float] = []
        var tangentStride = 0
        var haveInput = false, haveOutput = false
        for i in s.inputs {
            guard let src = source(i) else { return nil }
            switch i.semantic {
            case "INPUT":
                input = floats(src, width: 1)
                haveInput = true
            case "OUTPUT":
                stride = max(1, src.params.reduce(0) { $0 + DocumentReader.paramSize($1.type) })
                output = floats(src, width: stride)
                haveOutput = true
            case "INTERPOLATION":
                // Names repeat (every key LINEAR); equal neighbours share storage, so comparing
                // with the previous name is cheap and skips uppercasing it again.
                interpolation.reserveCapacity(src.names.count)
                var previous: (name: String, value: Interpolation)?
                for name in src.names {
                    if let previous, previous.name == name {
                        interpolation.append(previous.value)
                        continue
                    }
                    if let v = Interpolation(rawValue: name.uppercased()) {
                        interpolation.append(v)
                        previous = (name, v)
                    } else {
                        bag.warning(.interpolationUnknown, "interpolation '\(name)' is not a COLLADA interpolation; LINEAR is used", at: src.location)
                        interpolation.append(.linear)
                    }
                }
            case "IN_TANGENT":
                tangentStride = max(1, src.params.reduce(0) { $0 + DocumentReader.paramSize($1.type) })
                inTangent = floats(src, width: tangentStride)
            case "OUT_TANGENT":
                tangentStride = max(1, src.params.reduce(0) { $0 + DocumentReader.paramSize($1.type) })
                outTangent = floats(src, width: tangentStride)
            default: break
            }
        }
        guard haveInput, haveOutput else {
            bag.error(.samplerInputs, "sampler '\(s.id ?? "")' needs INPUT and OUTPUT inputs", at: s.location)
            return nil
        }
        let keys = input.count
        if output.count != keys * stride {
            bag.error(.samplerCount, "sampler '\(s.id ?? "")' has \(keys) key times but \(output.count / max(stride, 1)) output values", at: s.location)
            return nil
        }
        if keys == 0 {
            bag.warning(.samplerEmpty, "sampler '\(s.id ?? "")' has no keys", at: s.location)
        }
        if interpolation.isEmpty { interpolation = Array(repeating: .linear, count: keys) }
        if interpolation.count != keys {
            bag.error(.samplerCount, "sampler '\(s.id ?? "")' has \(keys) keys but \(interpolation.count) interpolations", at: s.location)
            return nil
        }
        for k in 1..<max(keys, 1) where !(input[k] > input[k - 1]) {
            bag.warning(.keysNotIncreasing, "sampler '\(s.id ?? "")' key \(k) time \(input[k]) does not follow \(input[k - 1])", at: s.location)
            break
        }
        let needsTangents = interpolation.contains { $0 == .bezier || $0 == .hermite }
        if needsTangents && (inTangent.count != keys * tangentStride || outTangent.count != keys * tangentStride || tangentStride == 0) {
            bag.warning(.tangentsMissing, "sampler '\(s.id ?? "")' uses BEZIER/HERMITE without matching IN_TANGENT/OUT_TANGENT; LINEAR is used between those keys", at: s.location)
            inTangent = []; outTangent = []; tangentStride = 0
        }
        return AnimationSampler(id: s.id, input: input, output: output, stride: stride, interpolation: interpolation,
                                inTangent: inTangent, outTangent: outTangent, tangentStride: tangentStride, location: s.location)
    }
}
