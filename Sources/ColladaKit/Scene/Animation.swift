import PipelineKit
/// How a sampler interpolates between two keys.
public enum Interpolation: String, Sendable, Codable, CaseIterable {
    case linear = "LINEAR"
    case step = "STEP"
    case bezier = "BEZIER"
    case hermite = "HERMITE"
    case cardinal = "CARDINAL"
    case bspline = "BSPLINE"
}

/// Keys of one animated value: times, values (`stride` floats per key), interpolation per key,
/// and tangents for BEZIER and HERMITE (`tangentStride` floats per key: 2 per value dimension
/// for COLLADA's 2-D (time, value) control points, 1 for value-only tangents).
public struct AnimationSampler: Sendable {
    public var id: String?
    public var input: [Float]
    public var output: [Float]
    public var stride: Int
    public var interpolation: [Interpolation]
    public var inTangent: [Float]
    public var outTangent: [Float]
    public var tangentStride: Int
    public var location: SourceLocation

    public var keyCount: Int { input.count }
}

/// Which part of a transform element a channel writes.
public enum ChannelMember: Sendable, Equatable {
    /// The whole element (`node/sid`).
    case all
    /// One value, as an index into ``Transform/values`` (`.X`, `.ANGLE`, `(i)`, `(r)(c)`).
    case value(Int)
}

/// What a channel animates.
public enum ChannelTarget: Sendable, Equatable {
    /// A node's transform element: every node the target resolves to (several when the node is
    /// instanced by `instance_node`), the index into each one's ``Node/transforms``, the member.
    case transform(nodes: [Int], transform: Int, member: ChannelMember)
    /// A morph controller's weight (`nil`: all weights, one per output value).
    case morphWeight(morph: Int, index: Int?)
}

/// A channel bound to what it animates.
public struct AnimationChannel: Sendable {
    public var sampler: Int
    public var target: ChannelTarget
    /// The target as written (`Armature_hips/transform`).
    public var targetPath: String
    /// The id of the outermost `<animation>` holding the channel.
    public var animationID: String?
    public var location: SourceLocation
}

/// A named time range over a set of channels (`<animation_clip>`).
public struct AnimationClip: Sendable {
    public var id: String?
    public var name: String?
    public var start: Float
    public var end: Float
    /// Indices into ``Scene/channels``.
    public var channels: [Int]
}
