import ColladaKit
import PipelineKit

/// The "animation" rules, checked on the document (so they run even when the scene does not
/// resolve) and located at the offending value: key times, counts, output strides, interpolation
/// names, tangents, the time range, loops (when the catalog says so) and even sampling.
enum AnimationRules {
    static let timesIncreasing = ValidationRule(id: "anim-times-increasing", severity: .error, area: .animation,
                                                summary: "a sampler's key times are strictly increasing")
    static let keyCount = ValidationRule(id: "anim-key-count", severity: .error, area: .animation,
                                         summary: "a sampler has as many outputs and interpolations as key times")
    static let outputStride = ValidationRule(id: "anim-output-stride", severity: .error, area: .animation,
                                             summary: "a sampler's output stride fits its channel's target (16 for a matrix, 1 for a member)")
    static let interpolation = ValidationRule(id: "anim-interpolation", severity: .error, area: .animation,
                                              summary: "interpolation names are COLLADA's (LINEAR, STEP, BEZIER, HERMITE, CARDINAL, BSPLINE)")
    static let tangents = ValidationRule(id: "anim-tangents-missing", severity: .error, area: .animation,
                                         summary: "BEZIER and HERMITE keys have IN_TANGENT and OUT_TANGENT values")
    static let timeRange = ValidationRule(id: "anim-time-range", severity: .error, area: .animation,
                                          summary: "the animation covers a non-empty time range (a rig has channels)")
    static let loop = ValidationRule(id: "anim-loop", severity: .error, area: .animation,
                                     summary: "an animation the catalog marks as looping has equal first and last frames")
    static let evenSampling = ValidationRule(id: "anim-even-sampling", severity: .warning, area: .animation,
                                             summary: "LINEAR/STEP keys are evenly spaced in time (baked frames)")

    static let rules = [timesIncreasing, keyCount, outputStride, interpolation, tangents, timeRange, loop, evenSampling]

    /// Largest difference between a loop's first and last frame, relative to max(1, |value|).
    static let loopTolerance: Float = 1e-3
    /// Largest deviation of a key interval from the median interval, relative to the median.
    static let samplingTolerance: Float = 0.01

    /// What the caller knows about the file beyond its content.
    struct Context {
        /// The file is an animation-only rig (checked against a base model), so it must animate.
        var isRig = false
        /// The catalog says this animation loops.
        var loops = false
    }

    /// A sampler input read through its accessor.
    struct Track {
        var sourceID: String
        var source: Collada.Source
        var location: SourceLocation
        /// Array index of element `k`, component `j`.
        func index(_ k: Int, _ j: Int = 0) -> Int { source.offset + k * source.stride + j }
        /// Floats per element as the resolver counts them (the params' sizes).
        var width: Int { max(1, source.params.reduce(0) { $0 + paramSize($1.type) }) }
        func float(_ k: Int, _ j: Int = 0) -> Float? {
            let f = source.floats, i = index(k, j)
            return i >= 0 && i < f.count ? f[i] : nil
        }
        func name(_ k: Int) -> String? {
            let n = source.names, i = index(k)
            return i >= 0 && i < n.count ? n[i] : nil
        }
    }

    static func check(_ subject: ValidationSubject, context: Context, locator: inout ValueLocator) -> [Diagnostic] {
        guard let doc = subject.document, !doc.diagnostics.hasErrors else { return [] }
        var out: [Diagnostic] = []
        let targets = TargetIndex(doc)
        var samplers: [String: Collada.Sampler] = [:]
        var channels: [Collada.Channel] = []
        func collect(_ a: Collada.Animation) {
            for s in a.samplers { if let id = s.id, samplers[id] == nil { samplers[id] = s } }
            channels += a.channels
            a.children.forEach(collect)
        }
        doc.animations.forEach(collect)

        // Per sampler, checked once even when several channels use it (document order).
        var checked = Set<String>()
        var lo = Float.infinity, hi = -Float.infinity
        var firstInput: (Track, SourceLocation)?
        for ch in channels {
            guard ch.source.first == "#", let sampler = samplers[String(ch.source.dropFirst())] else { continue }
            var tracks: [String: Track] = [:]
            for input in sampler.inputs {
                guard input.source.first == "#", let i = doc.sourceIndex[String(input.source.dropFirst())] else { continue }
                tracks[input.semantic] = Track(sourceID: String(input.source.dropFirst()), source: doc.sources[i], location: input.location)
            }
            guard let input = tracks["INPUT"], let output = tracks["OUTPUT"] else { continue }
            if let need = targets.valueCount(ch.target), output.width != need {
                out.append(outputStride("channel '\(ch.target)' drives \(need) value(s) but its sampler's output has \(output.width) per key",
                                        at: ch.location))
            }
            guard checked.insert(sampler.id ?? "\(sampler.location)").inserted else { continue }
            let keys = input.source.count
            let samplerName = sampler.id ?? "(unnamed)"
            if keys == 0 {
                out.append(timeRange("sampler '\(samplerName)' has no keys", at: locator.location(ofSource: input.sourceID, value: 0, fallback: input.source.location)))
                continue
            }
            if firstInput == nil { firstInput = (input, ch.location) }
            if let a = input.float(0), let b = input.float(keys - 1) { lo = min(lo, a); hi = max(hi, b) }
            if output.source.count != keys {
                out.append(keyCount("sampler '\(samplerName)' has \(keys) key times but \(output.source.count) outputs",
                                    at: locator.location(ofSource: output.sourceID, value: -1, fallback: output.source.location)))
            }
            // Strictly increasing times.
            var increasing = true
            for k in 1..<keys {
                guard let t = input.float(k), let p = input.float(k - 1) else { break }
                if !(t > p) {
                    out.append(timesIncreasing("sampler '\(samplerName)' key \(k) at \(t) s does not come after key \(k - 1) at \(p) s",
                                               at: locator.location(ofSource: input.sourceID, value: input.index(k), fallback: input.source.location)))
                    increasing = false
                    break
                }
            }
            // Interpolation names and counts.
            var needsTangents = false
            var linearOnly = true
            if let interp = tracks["INTERPOLATION"] {
                if interp.source.count != keys {
                    out.append(keyCount("sampler '\(samplerName)' has \(keys) key times but \(interp.source.count) interpolations",
                                        at: locator.location(ofSource: interp.sourceID, value: -1, fallback: interp.source.location)))
                }
                for k in 0..<interp.source.count {
                    guard let name = interp.name(k) else { break }
                    guard let kind = Interpolation(rawValue: name.uppercased()) else {
                        out.append(interpolation("'\(name)' is not a COLLADA interpolation (LINEAR, STEP, BEZIER, HERMITE, CARDINAL, BSPLINE)",
                                                 at: locator.location(ofSource: interp.sourceID, value: interp.index(k), fallback: interp.source.location)))
                        linearOnly = false
                        break
                    }
                    if kind == .bezier || kind == .hermite { needsTangents = true }
                    if kind != .linear && kind != .step { linearOnly = false }
                }
            }
            if needsTangents {
                for semantic in ["IN_TANGENT", "OUT_TANGENT"] {
                    if let t = tracks[semantic] {
                        if t.source.count != keys {
                            out.append(tangents("sampler '\(samplerName)' has \(keys) keys but \(t.source.count) \(semantic) values",
                                                at: locator.location(ofSource: t.sourceID, value: -1, fallback: t.source.location)))
                        }
                    } else {
                        out.append(tangents("sampler '\(samplerName)' uses BEZIER or HERMITE but has no \(semantic) input; LINEAR would be used",
                                            at: sampler.location))
                    }
                }
            }
            if linearOnly, increasing, keys >= 3, let d = unevenKey(input, keys: keys) {
                out.append(evenSampling("sampler '\(samplerName)' key \(d.key) comes \(d.gap) s after the previous one; the others are \(d.median) s apart",
                                        at: locator.location(ofSource: input.sourceID, value: input.index(d.key), fallback: input.source.location)))
            }
            if context.loops, keys >= 2, output.source.count == keys, let j = loopMismatch(output, keys: keys) {
                out.append(loop("sampler '\(samplerName)' (channel '\(ch.target)') ends at \(output.float(keys - 1, j) ?? 0) but starts at \(output.float(0, j) ?? 0) (value \(j) of the key); the catalog says this animation loops",
                                at: locator.location(ofSource: output.sourceID, value: output.index(keys - 1, j), fallback: output.source.location)))
            }
        }
        if let (input, _) = firstInput, !(hi > lo) {
            out.append(timeRange("every key is at \(lo) s; the animation covers no time",
                                 at: locator.location(ofSource: input.sourceID, value: input.index(0), fallback: input.source.location)))
        } else if firstInput == nil && context.isRig && channels.isEmpty {
            out.append(timeRange("the rig has no animation channels", at: subject.fileLocation))
        }
        return out
    }

    /// The first key whose interval differs from the median interval by more than the tolerance.
    static func unevenKey(_ input: Track, keys: Int) -> (key: Int, gap: Float, median: Float)? {
        var gaps: [Float] = []
        gaps.reserveCapacity(keys - 1)
        for k in 1..<keys {
            guard let t = input.float(k), let p = input.float(k - 1) else { return nil }
            gaps.append(t - p)
        }
        let median = gaps.sorted()[gaps.count / 2]
        guard median > 0 else { return nil }
        let allowed = max(samplingTolerance * median, 1e-5)
        for (i, g) in gaps.enumerated() where abs(g - median) > allowed { return (i + 1, g, median) }
        return nil
    }

    /// The first component where the last key differs from the first beyond ``loopTolerance``.
    static func loopMismatch(_ output: Track, keys: Int) -> Int? {
        for j in 0..<output.width {
            guard let a = output.float(0, j), let b = output.float(keys - 1, j) else { return nil }
            if abs(a - b) > loopTolerance * max(1, abs(a), abs(b)) { return j }
        }
        return nil
    }

    /// Floats per value of an accessor param type (as the document reader counts them).
    static func paramSize(_ type: String) -> Int {
        switch type {
        case "float4x4": return 16
        case "float3x3": return 9
        case "float2x2", "float4", "int4": return 4
        case "float3", "int3": return 3
        case "float2", "int2": return 2
        default: return 1
        }
    }
}
