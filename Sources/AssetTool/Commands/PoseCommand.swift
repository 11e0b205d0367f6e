import ArgumentParser
import ColladaKit
import Foundation

/// `assettool pose FILE [--rig RIG] (--time S | --frame N [--fps F]) [--clip NAME] [--format obj|json] [-o OUT]`:
/// the posed world-space meshes of a file at one moment.
struct PoseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pose",
        abstract: "Write the posed world-space meshes of a COLLADA file at one time (OBJ or JSON).",
        discussion: """
            Vertices are written per mesh instance in the order of the geometry's POSITION source, in \
            Y-up metres (or file space with --keep-file-space). JSON adds the joints' world matrices \
            and the camera. Exit status: 0 on success, 64 for bad arguments, 65 when a file cannot be \
            loaded, 66 when it cannot be read, 73 when the output cannot be written.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case obj, json }

    @Argument(help: "The COLLADA file (base model).")
    var file: String

    @Option(help: "An animation-only rig whose animation (and \"Camera\") is applied to the base model by joint name, id, then sid.")
    var rig: String?

    @Option(parsing: .unconditional, help: "Time in seconds (measured from the clip's start with --clip).")
    var time: Float?

    @Option(parsing: .unconditional, help: "Frame number; the time is frame / fps.")
    var frame: Double?

    @Option(help: "Frames per second for --frame.")
    var fps: Double = 30

    @Option(help: "Play only this <animation_clip> (name or id).")
    var clip: String?

    @Option(help: "Output format.")
    var format: Format = .obj

    @Option(name: [.short, .customLong("output")], help: "Output file (written atomically); stdout when absent.")
    var output: String?

    @Flag(name: .long, help: "Keep the file's axes and units instead of Y-up metres.")
    var keepFileSpace = false

    func validate() throws {
        if (time == nil) == (frame == nil) { throw ValidationError("give exactly one of --time SECONDS or --frame N") }
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number of seconds") }
        if let frame, !frame.isFinite { throw ValidationError("--frame must be a finite number") }
        if !(fps > 0) || !fps.isFinite { throw ValidationError("--fps must be positive") }
    }

    func run() throws {
        let (scene, binding, selected) = try Self.loadPosable(file: file, rig: rig, clip: clip, keepFileSpace: keepFileSpace)
        if let rig, let b = binding {
            Console.err("rig \(rig): \(b.matchedChannels.count) channel(s) applied, \(b.unmatchedChannels.count) unmatched; "
                        + "\(b.matchedJoints.count) joint(s) matched, \(b.unmatchedRigJoints.count) rig joint(s) without a base joint"
                        + (b.cameraReplaced ? "; camera replaced" : ""))
        }
        let t = time ?? Float((frame ?? 0) / fps)
        let pose = scene.pose(at: t, clip: selected)
        let meshes = MeshDeformer(scene: scene).posedMeshes(pose, normals: format == .obj)
        let unweighted = meshes.reduce(0) { $0 + $1.unweightedVertices.count }
        if unweighted > 0 { Console.err("note: \(unweighted) skinned vertex(es) have no weight and stay at the bind shape") }
        let text: String
        switch format {
        case .obj: text = Self.obj(scene: scene, meshes: meshes, header: "assettool pose \(file)\(rig.map { " --rig \($0)" } ?? "") t=\(t)s (document time \(pose.time)s)")
        case .json:
            let doc = PoseJSON(file: file, rig: rig, clip: selected?.name ?? selected?.id, time: t, documentTime: pose.time,
                               space: keepFileSpace ? "file" : "Y-up metres", scene: scene, pose: pose, meshes: meshes, binding: binding)
            text = String(decoding: try JSONEncoder.sorted.encode(doc), as: UTF8.self) + "\n"
        }
        if let output {
            do {
                try AtomicFile.write(text, to: output)
            } catch {
                Console.err(error.description)
                throw ExitCode(73)
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// Loads a file, printing its errors and exiting 65 (invalid) or 66 (unreadable) on failure.
    static func load(_ path: String, keepFileSpace: Bool) throws -> Scene {
        do {
            return try ColladaLoader.load(path: path, options: .init(keepFileSpace: keepFileSpace))
        } catch let e as LoadError {
            DiagnosticPrinter.printToStderr(e.diagnostics.filter { $0.severity == .error })
            throw ExitCode(e.kind == .unreadable ? 66 : 65)
        }
    }

    /// The base model with `rig` applied (by joint name, id, then sid) and the clip named `clip`, for every
    /// command that poses a file. Diagnostics go to stderr; an unknown clip exits 64 naming the clips there are.
    static func loadPosable(file: String, rig: String?, clip: String?, keepFileSpace: Bool = false) throws
        -> (scene: Scene, binding: RigBinding?, clip: AnimationClip?) {
        var scene = try load(file, keepFileSpace: keepFileSpace)
        DiagnosticPrinter.printToStderr(scene.diagnostics)
        var binding: RigBinding?
        if let rig {
            let rigScene = try load(rig, keepFileSpace: keepFileSpace)
            DiagnosticPrinter.printToStderr(rigScene.diagnostics)
            let applied = scene.applying(rig: rigScene)
            scene = applied.scene
            binding = applied.binding
            DiagnosticPrinter.printToStderr(applied.binding.diagnostics)
        }
        guard let clip else { return (scene, binding, nil) }
        guard let c = scene.clip(named: clip) else {
            let names = scene.clips.compactMap { $0.name ?? $0.id }
            Console.err("\(rig ?? file): error: no clip named '\(clip)'" + (names.isEmpty ? " (the file has none)" : " (clips: \(names.joined(separator: ", ")))"))
            throw ExitCode.validationFailure
        }
        return (scene, binding, c)
    }

    /// Unique object names: the posed mesh names, with `_2`, `_3`... on repeats.
    static func objectNames(_ meshes: [PosedMesh]) -> [String] {
        var seen: [String: Int] = [:]
        return meshes.map { m in
            let n = seen[m.name, default: 0] + 1
            seen[m.name] = n
            return n == 1 ? m.name : "\(m.name)_\(n)"
        }
    }

    /// Wavefront OBJ: per instance `o NAME`, `v` per position (POSITION source order), `vn` per
    /// corner when the mesh has normals, then `f` with 1-based indices.
    static func obj(scene: Scene, meshes: [PosedMesh], header: String) -> String {
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

/// The JSON `assettool pose --format json` prints.
struct PoseJSON: Encodable {
    struct MeshOut: Encodable {
        var name: String, node: String, mesh: String
        var positions: [[Float]]
        var triangles: [[Int]]
        var normalizedVertices: Int, unweightedVertices: Int
    }
    struct JointOut: Encodable {
        var name: String?, id: String?, sid: String?
        /// Row-major 4x4: joint local space to world.
        var world: [Float]
    }
    struct CameraOut: Encodable {
        var id: String, node: String
        var projection: String
        var yfovDegrees: Float?, ymag: Float?, aspectRatio: Float?
        var znear: Float, zfar: Float
        /// Row-major 4x4: camera space (looking down -Z) to world.
        var world: [Float]
    }
    struct RigOut: Encodable {
        var matchedChannels: Int, unmatchedChannels: [String], unmatchedRigJoints: [String], undrivenBaseJoints: [String]
        var cameraReplaced: Bool
    }
    var file: String
    var rig: String?
    var clip: String?
    var time: Float
    var documentTime: Float
    var space: String
    var meshes: [MeshOut]
    var joints: [JointOut]
    var camera: CameraOut?
    var rigBinding: RigOut?

    init(file: String, rig: String?, clip: String?, time: Float, documentTime: Float, space: String,
         scene: Scene, pose: Pose, meshes posed: [PosedMesh], binding: RigBinding?) {
        self.file = file; self.rig = rig; self.clip = clip; self.time = time; self.documentTime = documentTime; self.space = space
        meshes = zip(posed, PoseCommand.objectNames(posed)).map { m, name in
            let mesh = scene.meshes[m.mesh]
            let tris = mesh.parts.flatMap { p in
                stride(from: 0, to: p.positionIndices.count - 2, by: 3).map { c in (0..<3).map { Int(p.positionIndices[c + $0]) } }
            }
            return MeshOut(name: name, node: scene.nodes[m.node].label, mesh: mesh.id, positions: m.positions.map { [$0.x, $0.y, $0.z] },
                           triangles: tris, normalizedVertices: m.normalizedVertexCount, unweightedVertices: m.unweightedVertices.count)
        }
        joints = scene.nodes.indices.filter { scene.nodes[$0].isJoint }.map { n in
            JointOut(name: scene.nodes[n].name, id: scene.nodes[n].id, sid: scene.nodes[n].sid, world: pose.normalizedWorld(n).rowMajor)
        }
        if let (cam, node, world) = scene.camera(in: pose) {
            var out = CameraOut(id: cam.id, node: scene.nodes[node].label, projection: "perspective", aspectRatio: cam.aspectRatio,
                                znear: cam.znear, zfar: cam.zfar, world: world.rowMajor)
            switch cam.projection {
            case .perspective: out.yfovDegrees = cam.yfovDegrees
            case .orthographic(let ymag, _): out.projection = "orthographic"; out.ymag = ymag
            }
            camera = out
        }
        rigBinding = binding.map {
            RigOut(matchedChannels: $0.matchedChannels.count, unmatchedChannels: $0.unmatchedChannels.map { "\($0.targetPath): \($0.reason)" },
                   unmatchedRigJoints: $0.unmatchedRigJoints, undrivenBaseJoints: $0.undrivenBaseJoints, cameraReplaced: $0.cameraReplaced)
        }
    }
}
