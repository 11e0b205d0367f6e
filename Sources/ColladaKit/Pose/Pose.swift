/// The scene's node transforms and morph weights at one moment.
///
/// Matrices are in file space (the document's axes and units), as ``Scene`` keeps them:
/// ``localMatrices`` are each node's transform elements composed in document order with animated
/// values substituted, ``worldMatrices`` are `parent world · local`. ``normalizedWorld(_:)`` maps
/// a node's local space to this package's convention (Y up, metres) through ``axisConversion``.
public struct Pose: Sendable {
    /// The document time evaluated, seconds (a clip's start already added).
    public var time: Float
    /// Per node (index into ``Scene/nodes``), its local matrix.
    public var localMatrices: [Matrix4x4]
    /// Per node, `parent world · local` (file space).
    public var worldMatrices: [Matrix4x4]
    /// Per morph (index into ``Scene/morphs``), its target weights.
    public var morphWeights: [[Float]]
    /// The scene's file-space-to-normalised matrix (``Scene/axisConversion``).
    public var axisConversion: Matrix4x4

    /// `axisConversion · world`: node `node`'s local space in the normalised convention. Use it to
    /// place meshes and cameras.
    public func normalizedWorld(_ node: Int) -> Matrix4x4 { axisConversion * worldMatrices[node] }

}

extension Scene {
    /// The clip whose name, else id, equals `name`.
    public func clip(named name: String) -> AnimationClip? {
        clips.first { $0.name == name } ?? clips.first { $0.id == name }
    }

    /// The document time a pose at `t` evaluates: `t` itself without a clip; with one,
    /// `clip.start + t` clamped to `clip.start...clip.end`.
    public func documentTime(_ t: Float, clip: AnimationClip?) -> Float {
        guard let clip else { return t }
        let end = max(clip.end, clip.start)
        return min(max(clip.start + t, clip.start), end)
    }

    /// The pose at time `t` seconds.
    ///
    /// Every channel (only the clip's channels when `clip` is given, with `t` measured from the
    /// clip's start) is sampled (see ``AnimationSampler/value(at:into:)``) and written into the
    /// transform element it targets: member `.value(i)` replaces value `i`, `.all` every value. A
    /// `<matrix>` driven whole by a 16-value sampler is interpolated decomposed
    /// (``AnimationSampler/matrix(at:)``), never element-wise. Nodes without channels keep their
    /// visual-scene transforms. Morph weight channels set ``Pose/morphWeights``.
    ///
    /// Cost: O(channels · log keys + nodes · transform elements).
    public func pose(at t: Float, clip: AnimationClip? = nil) -> Pose {
        let time = documentTime(t, clip: clip)
        var transforms: [[Transform]?] = Array(repeating: nil, count: nodes.count)
        var weights = morphs.map(\.weights)
        var buffer: [Float] = []
        buffer.reserveCapacity(16)
        let active = clip?.channels ?? Array(channels.indices)
        for c in active where c >= 0 && c < channels.count {
            let channel = channels[c]
            guard channel.sampler >= 0 && channel.sampler < samplers.count else { continue }
            let sampler = samplers[channel.sampler]
            switch channel.target {
            case .transform(let targetNodes, let ti, let member):
                for n in targetNodes where n >= 0 && n < nodes.count && ti >= 0 && ti < nodes[n].transforms.count {
                    var list = transforms[n] ?? nodes[n].transforms
                    let kind = list[ti].kind
                    if member == .all && kind == .matrix && sampler.stride == 16 {
                        if let m = sampler.matrix(at: time) { list[ti].values = m.rowMajor }
                    } else {
                        sampler.value(at: time, into: &buffer)
                        switch member {
                        case .all:
                            if buffer.count >= kind.valueCount { list[ti].values = Array(buffer.prefix(kind.valueCount)) }
                        case .value(let i):
                            if let v = buffer.first, i >= 0, i < list[ti].values.count { list[ti].values[i] = v }
                        }
                    }
                    transforms[n] = list
                }
            case .morphWeight(let m, let index):
                guard m >= 0 && m < weights.count else { continue }
                sampler.value(at: time, into: &buffer)
                if let index {
                    if let v = buffer.first, index >= 0, index < weights[m].count { weights[m][index] = v }
                } else {
                    for i in 0..<min(buffer.count, weights[m].count) { weights[m][i] = buffer[i] }
                }
            }
        }
        var local = [Matrix4x4](repeating: .identity, count: nodes.count)
        var world = [Matrix4x4](repeating: .identity, count: nodes.count)
        for n in nodes.indices {
            if let list = transforms[n] {
                var m = Matrix4x4.identity
                for t in list { m = m * t.matrix }
                local[n] = m
            } else {
                local[n] = nodes[n].localMatrix
            }
            // Parents precede children in `nodes`.
            if let p = nodes[n].parent, p >= 0, p < n {
                world[n] = world[p] * local[n]
            } else {
                world[n] = local[n]
            }
        }
        return Pose(time: time, localMatrices: local, worldMatrices: world, morphWeights: weights,
                    axisConversion: axisConversion)
    }

    /// The visual scene as written: no channel applied (morph weights as the controllers give them).
    public var restPose: Pose {
        var local = [Matrix4x4](repeating: .identity, count: nodes.count)
        var world = [Matrix4x4](repeating: .identity, count: nodes.count)
        for n in nodes.indices {
            local[n] = nodes[n].localMatrix
            if let p = nodes[n].parent, p >= 0, p < n { world[n] = world[p] * local[n] } else { world[n] = local[n] }
        }
        return Pose(time: 0, localMatrices: local, worldMatrices: world, morphWeights: morphs.map(\.weights),
                    axisConversion: axisConversion)
    }

    /// The camera a posed scene is seen through: the first `<instance_camera>`, with its node's
    /// normalised world matrix at `pose` (the camera looks down that matrix's -Z). `nil` without cameras.
    public func camera(in pose: Pose) -> (camera: Camera, node: Int, world: Matrix4x4)? {
        guard let inst = cameraInstances.first, inst.index >= 0, inst.index < cameras.count,
              inst.node >= 0, inst.node < pose.worldMatrices.count else { return nil }
        return (cameras[inst.index], inst.node, pose.normalizedWorld(inst.node))
    }
}

extension Scene {
    /// The time range the animation's keys cover, in seconds as ``pose(at:clip:)`` measures them: with a
    /// clip, `0...(end - start)`; without, from the first key of any channel to the last (finite key times
    /// only). `nil` when nothing is animated. The one definition every command uses: the icon's middle pose,
    /// the preview's loop, the export's sampled span. O(channels).
    public func animationRange(clip: AnimationClip? = nil) -> ClosedRange<Float>? {
        if let clip { return 0...max(0, clip.end - clip.start) }
        var lo = Float.infinity, hi = -Float.infinity
        for channel in channels where channel.sampler >= 0 && channel.sampler < samplers.count {
            let input = samplers[channel.sampler].input
            if let f = input.first, f.isFinite { lo = min(lo, f) }
            if let l = input.last, l.isFinite { hi = max(hi, l) }
        }
        return lo <= hi ? lo...hi : nil
    }

    /// The rate the animation was keyed at, in keys a second: one over the most common spacing of the key
    /// times of the clip's channels (or of every channel), rounded to a whole number and kept within
    /// 1...240 (Blender bakes at the scene's frame rate, so this is that rate); ``defaultKeyRate`` when no
    /// channel has two keys. The one definition the preview's frame rate and the export's sampling use.
    /// O(keys).
    public func keyRate(clip: AnimationClip? = nil) -> Float {
        var counts: [Int: Int] = [:]
        let indices = clip?.channels ?? Array(channels.indices)
        for c in indices where c >= 0 && c < channels.count {
            let s = channels[c].sampler
            guard s >= 0, s < samplers.count else { continue }
            let input = samplers[s].input
            var k = 1
            while k < input.count {
                let step = input[k] - input[k - 1]
                // Steps under 1/240 s round to the cap; non-finite ones (and repeated times) say nothing.
                if step > 1e-5 && step.isFinite { counts[Int(min(240, max(1, (1 / step).rounded()))), default: 0] += 1 }
                k += 1
            }
        }
        // The most common rate; on a tie, the lower one.
        guard let best = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else { return Self.defaultKeyRate }
        return Float(best.key)
    }

    /// The key rate of an animation with fewer than two keys a channel: 24 a second, Blender's default frame rate.
    public static let defaultKeyRate: Float = 24
}
