import ColladaKit
import Synchronization

/// One rendered icon and what was measured to make it.
public struct IconImage: Sendable {
    /// The icon, `pointSize · scale` pixels square, premultiplied linear.
    public var image: LinearImage
    /// The scale (pixels per point).
    public var scale: Int
    /// The offset applied to the figure, in points (x right, y down): computed, or the override given.
    public var offset: SIMD2<Float>
    /// Whether ``offset`` was computed from the silhouette (false: the caller's override).
    public var offsetComputed: Bool
    /// The figure's silhouette box in the final image (pixels with alpha above ``IconRenderer/silhouetteThreshold``).
    public var figureBounds: PixelRect?
    /// Whether the file's camera was used (false: a fitted camera).
    public var usedFileCamera: Bool
    /// The figure's coverage per pixel (0...1, row-major; without props, floor, glow or circles): what the
    /// figure's edge is measured on. Empty when not rendered.
    public var figureAlpha: [Float] = []
}

/// The icon recipe of `DESIGN.md` ("The icon") with the numbers of an ``IconStyle``: circles behind, the
/// figure in front with SwiftUI's `grayscale`, `contrast` and `shadow` (a white glow), centred by an offset.
///
/// Back faces are culled: the mannequin and the props are closed, so a triangle facing away is always behind one
/// facing the camera, and skipping it halves the raster's work. Against drawing both, 15 of the 12 million pixels
/// of the catalog's 720 PNGs moved, by at most 2 of 255 (where a silhouette's samples tied).
///
/// Every length is computed in pixels at each scale (`pointSize · scale`): circle diameters, the figure frame,
/// the glow's σ and the offset; nothing is resampled up from a 1x image. The batch draws an icon once, at its
/// largest scale, and averages it down by exact pixel areas to the smaller ones
/// (``render(_:variants:scales:offset:)``): the same drawing in points, with more samples per pixel.
///
/// **Centring.** The offset brings the centre of the figure's bounding box (its posed vertices projected without
/// offset, which the silhouette's antialiased edge matches to within a pixel) to the canvas centre. The bounding box, not the alpha-weighted
/// centroid, because the figure must sit inside symmetric circles: equal clearance left/right and top/bottom of
/// the extremes (a hand, the feet) is what reads as centred, whereas a centroid is pulled towards the heavy
/// torso and pushes outstretched limbs out of the circle. The offset is then held so that everything drawn (the
/// figure and its props: a wall, a bar, a box) stays on the canvas with a margin of 2 px at 1x plus the glow's
/// reach: a prop is never pushed off the icon to centre the figure (when everything cannot fit, it is centred as a
/// whole; the rig's camera decides what fits). The offset is measured once in points at 3x (or the output's scale
/// if higher), so every scale gets the same offset, and applied by moving the projection (sub-pixel exact); then
/// the figure is rendered. Measuring projects vertices, O(vertices): no extra render.
public struct IconRenderer: Sendable {
    public let renderer: SceneRenderer
    public let style: IconStyle
    public var cameraChoice: CameraChoice
    public var threads: Int?

    /// Alpha above which a pixel belongs to the silhouette.
    public static let silhouetteThreshold: Float = 0.25
    /// The offset is measured on a render at least this scale (pixels per point), whatever the output's scale, so
    /// @1x, @2x and @3x place the figure at the same point position (to 1/3 pt rather than 1/2 pt at 1x).
    public static let measureScale = 3

    /// The offset in points that centres the figure's box (its posed vertices, projected), measured at `scale`,
    /// then held so that everything drawn (`all`: the figure and its props) stays inside the canvas with
    /// ``edgeMargin(scale:)`` to spare; `nil` when nothing is in front of the camera. O(vertices): no render.
    func measureOffset(_ figure: DrawList, all: DrawList, camera: RenderCamera, scale: Int) -> SIMD2<Float>? {
        measureOffset([boxes(figure, all: all, camera: camera, scale: scale)], scale: scale)
    }

    /// What the centring offset of one frame is measured on: the boxes (pixels at one scale, x right, y down, no
    /// offset) of the figure and of everything drawn; nil when nothing of it is in front of the camera. Small, so
    /// a loop keeps one per frame instead of the frames themselves.
    public struct Boxes: Sendable {
        var figure: (lo: SIMD2<Float>, hi: SIMD2<Float>)?
        var drawn: (lo: SIMD2<Float>, hi: SIMD2<Float>)?
    }

    /// ``Boxes`` of one frame at `scale`. O(vertices).
    func boxes(_ figure: DrawList, all: DrawList, camera: RenderCamera, scale: Int) -> Boxes {
        let size = max(1, style.pointSize * scale)
        let cam = camera.screenAdjusted(scale: style.figureHeight, shift: .zero, width: size, height: size)
        return Boxes(figure: Self.projectedBounds(figure.positions, camera: cam, size: size),
                     drawn: Self.projectedBounds(all.positions, camera: cam, size: size))
    }

    /// The offset of several frames at once, from their ``Boxes`` at `scale`: the boxes are the unions over
    /// `frames`, so one offset frames them all (a loop's whole rep).
    func measureOffset(_ frames: [Boxes], scale: Int) -> SIMD2<Float>? {
        let size = max(1, style.pointSize * scale)
        func union(_ a: (lo: SIMD2<Float>, hi: SIMD2<Float>)?, _ b: (lo: SIMD2<Float>, hi: SIMD2<Float>)?) -> (lo: SIMD2<Float>, hi: SIMD2<Float>)? {
            guard let a else { return b }
            guard let b else { return a }
            return (pointwiseMin(a.lo, b.lo), pointwiseMax(a.hi, b.hi))
        }
        var figureBox: (lo: SIMD2<Float>, hi: SIMD2<Float>)?, drawnBox: (lo: SIMD2<Float>, hi: SIMD2<Float>)?
        for f in frames {
            figureBox = union(figureBox, f.figure)
            drawnBox = union(drawnBox, f.drawn)
        }
        guard let box = figureBox else { return nil }
        var shift = SIMD2(Float(size) / 2, Float(size) / 2) - (box.lo + box.hi) / 2
        if let drawn = drawnBox {
            let margin = edgeMargin(scale: scale)
            for axis in 0..<2 {
                // The shifts that keep [lo, hi] inside [margin, size - margin]; when none does, centre the box.
                let least = margin - drawn.lo[axis], most = Float(size) - margin - drawn.hi[axis]
                shift[axis] = least <= most ? min(max(shift[axis], least), most) : (least + most) / 2
            }
        }
        return shift / Float(scale)
    }

    /// Pixels kept free at each edge of a `scale` canvas (at least 2 px at 1x, as points): the glow's reach (3σ)
    /// plus half a pixel of antialiasing.
    func edgeMargin(scale: Int) -> Float {
        let glowReach = 3 * Compositing.shadowSigma(radius: style.glowRadius * Float(style.pointSize))
        return (2 + glowReach + 0.5) * Float(scale)
    }

    /// The box (pixels, x right, y down) of `positions` seen through `camera` on a `size`-pixel square; points
    /// at or behind the eye are left out. `nil` when none is in front. O(positions).
    static func projectedBounds(_ positions: [SIMD3<Float>], camera: RenderCamera, size: Int) -> (lo: SIMD2<Float>, hi: SIMD2<Float>)? {
        let m = camera.viewProjection
        var lo = SIMD2<Float>(repeating: .infinity), hi = SIMD2<Float>(repeating: -.infinity)
        let half = Float(size) / 2
        // Four points at a time, each lane the same arithmetic as `m * SIMD4(p, 1)` (x, y and w rows, summed in the
        // same order) and the same divide: the same bits as one by one. A NaN coordinate never wins a min or max.
        let r0 = SIMD4(m.columns.0.x, m.columns.1.x, m.columns.2.x, m.columns.3.x)
        let r1 = SIMD4(m.columns.0.y, m.columns.1.y, m.columns.2.y, m.columns.3.y)
        let r3 = SIMD4(m.columns.0.w, m.columns.1.w, m.columns.2.w, m.columns.3.w)
        var lox = SIMD4<Float>(repeating: .infinity), loy = lox, hix = -lox, hiy = -lox
        let count = positions.count, whole = count / 4 * 4
        positions.withUnsafeBufferPointer { ps in
            var i = 0
            while i < whole {
                let a = ps[i], b = ps[i + 1], c = ps[i + 2], d = ps[i + 3]
                let px = SIMD4(a.x, b.x, c.x, d.x), py = SIMD4(a.y, b.y, c.y, d.y), pz = SIMD4(a.z, b.z, c.z, d.z)
                let cx = r0.x * px + r0.y * py + r0.z * pz + r0.w
                let cy = r1.x * px + r1.y * py + r1.z * pz + r1.w
                let cw = r3.x * px + r3.y * py + r3.z * pz + r3.w
                let ok = cw .> 1e-6
                let qx = (cx / cw + 1) * half, qy = (1 - cy / cw) * half
                lox = lox.replacing(with: qx, where: ok .& (qx .< lox))
                loy = loy.replacing(with: qy, where: ok .& (qy .< loy))
                hix = hix.replacing(with: qx, where: ok .& (qx .>= hix))
                hiy = hiy.replacing(with: qy, where: ok .& (qy .>= hiy))
                i += 4
            }
        }
        lo = SIMD2(lox.min(), loy.min())
        hi = SIMD2(hix.max(), hiy.max())
        for p in positions[whole...] {
            let c = m * SIMD4(p, 1)
            guard c.w > 1e-6 else { continue }
            let q = SIMD2((c.x / c.w + 1) * half, (1 - c.y / c.w) * half)
            lo = SIMD2(min(lo.x, q.x), min(lo.y, q.y))
            hi = SIMD2(max(hi.x, q.x), max(hi.y, q.y))
        }
        return lo.x <= hi.x ? (lo, hi) : nil
    }

    public init(scene: Scene, style: IconStyle = .standard, camera: CameraChoice = .auto, threads: Int? = nil) {
        renderer = SceneRenderer(scene: scene, coloring: DrawList.Coloring(style: style))
        self.style = style
        cameraChoice = camera
        self.threads = threads
    }

    /// The offset in points that centres `pose`'s silhouette (see "Centring"), measured once at
    /// ``measureScale``; pass it to ``render(pose:states:scale:offset:)`` for every scale and state so they
    /// agree and the measuring render is not repeated. `nil` when nothing is visible.
    public func centringOffset(pose: Pose) -> SIMD2<Float>? { centringOffset(prepare(pose)) }

    /// ``centringOffset(pose:)`` of a prepared pose.
    public func centringOffset(_ frame: Frame) -> SIMD2<Float>? {
        measureOffset(frame.figure, all: frame.list, camera: frame.camera, scale: Self.measureScale)
    }

    /// One offset for several prepared poses (a loop's frames): the one that centres the union of their figures'
    /// boxes and keeps the union of everything drawn on the canvas, measured as ``centringOffset(_:)`` measures
    /// one, so the figure does not jump from frame to frame. `nil` when nothing is visible in any.
    public func centringOffset(frames: [Frame]) -> SIMD2<Float>? {
        centringOffset(boxes: frames.map(centringBoxes))
    }

    /// What ``centringOffset(frames:)`` measures of one prepared pose (at ``measureScale``), to be kept instead of it.
    public func centringBoxes(_ frame: Frame) -> Boxes {
        boxes(frame.figure, all: frame.list, camera: frame.camera, scale: Self.measureScale)
    }

    /// What a loop measures of `pose` before it draws any frame, from the skinned positions alone (no normals, no
    /// draw list): the ``centringBoxes(_:)`` of the figure and everything drawn but the floor, measured through
    /// `camera` (nil: the one ``prepare(_:floor:)`` would choose), and the floor this pose would get on its own,
    /// laid along `floorRight` (nil: along the chosen camera's right; ``floorRight(_:)``), or nil when it gets none
    /// (or the style draws none). Returns the camera ``prepare(_:floor:)`` would choose, and whether it is the file's.
    /// A loop then places one floor for the whole rep and adds it to every frame's boxes
    /// (``boxes(_:addingFloor:camera:)``).
    public func measureWithoutFloor(pose: Pose, camera fixed: RenderCamera?, floorRight: SIMD3<Float>?)
        -> (boxes: Boxes, floor: FloorPlacement?, camera: RenderCamera, isFile: Bool) {
        let scene = renderer.scene
        let meshes = renderer.deformer.posedMeshes(pose, normals: false)
        var all = DrawList(), figure = DrawList()
        for m in meshes {
            all.positions += m.positions
            if case .skin = scene.meshInstances[m.instance].source { figure.positions += m.positions }
        }
        if figure.positions.isEmpty { figure = all }
        let chosen = renderer.camera(cameraChoice, pose: pose, list: figure, aspect: 1)
        let floor = style.floor
            ? Self.floorPlacement(under: figure, within: all, right: floorRight ?? Self.floorRight(chosen.camera)) : nil
        return (boxes(figure, all: all, camera: fixed ?? chosen.camera, scale: Self.measureScale), floor, chosen.camera, chosen.isFile)
    }

    /// `boxes` (a frame's, measured through `camera` at ``measureScale``) with the floor slab of `placement`
    /// drawn too: the same boxes as measuring a frame prepared with that floor.
    public func boxes(_ boxes: Boxes, addingFloor placement: FloorPlacement, camera: RenderCamera) -> Boxes {
        let slab = Self.floorSlab(placement, color: .zero)
        let floorBox = self.boxes(DrawList(), all: slab, camera: camera, scale: Self.measureScale).drawn
        var out = boxes
        if let f = floorBox {
            out.drawn = out.drawn.map { (pointwiseMin($0.lo, f.lo), pointwiseMax($0.hi, f.hi)) } ?? f
        }
        return out
    }

    /// ``centringOffset(frames:)`` from the frames' ``centringBoxes(_:)``.
    public func centringOffset(boxes: [Boxes]) -> SIMD2<Float>? {
        measureOffset(boxes, scale: Self.measureScale)
    }

    /// A pose made ready to draw: its lit triangles, the figure's alone, and the camera chosen for it.
    public struct Frame: Sendable {
        /// Everything drawn: the figure and its props.
        public var list: DrawList
        /// The figure alone (the skinned meshes; everything when nothing is skinned): what the centring
        /// offset, a fitted camera and the floor measure, so a wall or a bar's post does not pull the figure aside.
        /// Only its ``DrawList/positions`` are kept (no triangles): nothing draws it, everything measures it.
        public var figure: DrawList
        public var camera: RenderCamera
        public var isFileCamera: Bool
    }

    /// The floor a prepared pose is drawn on.
    public enum FloorChoice: Sendable {
        /// Its own (``floorPlacement(under:within:right:)`` along the chosen camera's right, drawn by
        /// ``floorSlab(_:color:)``), when the style draws floors: an icon's.
        case own
        /// This one for every frame of a rep (when the style draws floors), or none: a loop's.
        case placed(FloorPlacement?)
    }

    /// Skins `pose` and chooses its camera once, for several renders (offset, scales, states), on `floor`.
    /// Cost: skinning every mesh instance, O(triangles).
    public func prepare(_ pose: Pose, floor choice: FloorChoice = .own) -> Frame {
        let scene = renderer.scene
        let meshes = renderer.deformer.posedMeshes(pose, normals: true)
        var list = DrawList(scene: scene, meshes: meshes, coloring: renderer.coloring)
        let skinned = meshes.filter { if case .skin = scene.meshInstances[$0.instance].source { return true } else { return false } }
        // The figure's points alone: its skinned meshes' posed positions (all of them when nothing, or everything,
        // is skinned), in the list's order.
        var figure = DrawList()
        if skinned.isEmpty || skinned.count == meshes.count {
            figure.positions = list.positions
        } else {
            figure.positions.reserveCapacity(skinned.reduce(0) { $0 + $1.positions.count })
            for m in skinned { figure.positions.append(contentsOf: m.positions) }
        }
        let chosen = renderer.camera(cameraChoice, pose: pose, list: figure, aspect: 1)
        // Appended in place: only the positions, which the figure shares, are copied (not the normals and indices).
        if style.floor {
            let placement: FloorPlacement?
            switch choice {
            case .own: placement = Self.floorPlacement(under: figure, within: list, right: Self.floorRight(chosen.camera))
            case .placed(let given): placement = given
            }
            if let placement { list.append(Self.floorSlab(placement, color: SRGB.linear(style.floorColor))) }
        }
        return Frame(list: list, figure: figure, camera: chosen.camera, isFileCamera: chosen.isFile)
    }

    /// Lowest figure point (metres above 0) for which a floor is drawn: a figure that touches height 0
    /// (standing, lying, on its hands) gets one; a hanging figure (the bar says where it is) and a model placed
    /// anywhere else (a file whose ground is not at 0) do not.
    public static let floorReach: ClosedRange<Float> = -0.05...0.05
    /// The floor slab's thickness (metres), what shows of it from a level camera.
    static let floorThickness: Float = 0.035

    /// Where a floor slab lies, level at height 0: along `right` (a level unit vector, the camera's right when it
    /// was placed) from `a0` to `a1`, and along `across` (level, at right angles to it) from `b0` to `b1`.
    public struct FloorPlacement: Sendable, Equatable {
        public var right: SIMD3<Float>
        public var a0: Float, a1: Float, b0: Float, b1: Float
        public var across: SIMD3<Float> { SIMD3(-right.z, 0, right.x) }

        /// The smallest placement along the same `right` that holds both (`other` must share `right`).
        public func union(_ other: FloorPlacement) -> FloorPlacement {
            FloorPlacement(right: right, a0: min(a0, other.a0), a1: max(a1, other.a1),
                           b0: min(b0, other.b0), b1: max(b1, other.b1))
        }
    }

    /// The level unit vector a floor is laid along: `camera`'s right, flattened (the world's x when it looks
    /// straight down or up).
    public static func floorRight(_ camera: RenderCamera) -> SIMD3<Float> {
        let v = camera.view
        var right = SIMD3<Float>(v.columns.0.x, 0, v.columns.2.x)
        if simdLength(right) < 1e-4 { right = SIMD3(1, 0, 0) }
        return simdNormalize(right)
    }

    /// Where the floor goes under `figure`: a thin slab with its top at height 0 under what of `figure` is near
    /// the floor (within 0.3 m of its lowest point), its long side along `right` (``floorRight(_:)``: across the
    /// view): that part's extent along it plus 0.15 m each side (never beyond what `drawn`, the figure and its
    /// props, spans), and along the view its depth plus 0.06 m each side (``floorSlab(_:color:)`` draws it).
    /// `nil` when the figure's lowest point is outside ``floorReach`` or it has no finite points. A loop places one
    /// floor for its whole rep: the ``FloorPlacement/union(_:)`` of its frames' placements along one `right`.
    /// O(vertices).
    public static func floorPlacement(under figure: DrawList, within drawn: DrawList, right: SIMD3<Float>) -> FloorPlacement? {
        let across = SIMD3<Float>(-right.z, 0, right.x)
        // The figure's lowest point decides whether there is a floor; the points within `band` of the floor give
        // the strip's extent (the feet, hands or back that touch it; the lowest part of a hanging figure).
        var lowest = Float.infinity, highest = -Float.infinity
        for p in figure.positions where p.y.isFinite { lowest = min(lowest, p.y); highest = max(highest, p.y) }
        guard lowest <= highest, floorReach.contains(lowest) else { return nil }
        let band = lowest + 0.3
        var lo = SIMD2<Float>(repeating: .infinity), hi = SIMD2<Float>(repeating: -.infinity)
        for p in figure.positions where p.x.isFinite && p.y <= band && p.z.isFinite {
            let q = SIMD2(simdDot(p, right), simdDot(p, across))
            lo = pointwiseMin(lo, q)
            hi = pointwiseMax(hi, q)
        }
        guard lo.x <= hi.x else { return nil }
        // Never wider than what is drawn (the figure and its props), which the camera frames.
        var across0 = Float.infinity, across1 = -Float.infinity
        for p in drawn.positions where p.x.isFinite && p.y.isFinite && p.z.isFinite {
            let a = simdDot(p, right)
            across0 = min(across0, a); across1 = max(across1, a)
        }
        let a0 = max(lo.x - 0.15, across0), a1 = min(hi.x + 0.15, across1)
        guard a0 < a1 else { return nil }
        return FloorPlacement(right: right, a0: a0, a1: a1, b0: lo.y - 0.06, b1: hi.y + 0.06)
    }

    /// The slab of `placement`: 8 corners, 12 triangles, layer ``DrawList/Layer/floor``, one colour.
    public static func floorSlab(_ placement: FloorPlacement, color: SIMD3<Float>) -> DrawList {
        let right = placement.right, across = placement.across
        let a0 = placement.a0, a1 = placement.a1, b0 = placement.b0, b1 = placement.b1
        let y0 = -floorThickness, y1: Float = -0.001
        func point(_ a: Float, _ y: Float, _ b: Float) -> SIMD3<Float> { right * a + across * b + SIMD3(0, y, 0) }
        var list = DrawList()
        list.palette = [color]
        // Corners: index = (a is a1) + 2 (y is y1) + 4 (b is b1).
        for k in 0..<8 { list.positions.append(point(k & 1 == 0 ? a0 : a1, k & 2 == 0 ? y0 : y1, k & 4 == 0 ? b0 : b1)) }
        // Faces (outward, counter-clockwise), each two triangles with the face's normal.
        let faces: [([UInt32], SIMD3<Float>)] = [
            ([2, 6, 7, 3], SIMD3(0, 1, 0)), ([0, 1, 5, 4], SIMD3(0, -1, 0)),
            ([0, 2, 3, 1], -across), ([4, 5, 7, 6], across),
            ([0, 4, 6, 2], -right), ([1, 3, 7, 5], right),
        ]
        for (q, n) in faces {
            list.indices += [q[0], q[1], q[2], q[0], q[2], q[3]]
            list.cornerNormals += [SIMD3<Float>](repeating: n, count: 6)
            list.colorIndex += [0, 0]
            list.layer += [.floor, .floor]
        }
        return list
    }

    /// The icon of `pose` in `state` at `scale` (1, 2, 3...). `offset` (points, x right, y down) overrides the
    /// computed one (a catalog entry's hand-tuned value).
    ///
    /// Cost: two renders of `(pointSize · scale)²` pixels at `samplesPerSide²` samples, a blur, O(pixels) effects.
    public func render(pose: Pose, state: IconState, scale: Int, offset override: SIMD2<Float>? = nil) -> IconImage {
        var computed = false
        var offset = override
        let frame = prepare(pose)
        if offset == nil {
            offset = measureOffset(frame.figure, all: frame.list, camera: frame.camera, scale: max(scale, Self.measureScale))
            computed = offset != nil
        }
        var image = render(frame, states: [state], scale: scale, offset: offset)[0]
        image.offsetComputed = computed
        return image
    }

    /// The icons of `pose` in each of `states` at `scale`, sharing one render of the figure (the states differ
    /// only in the effects and the circles). `offset` in points (`nil`: none); ``IconImage/offsetComputed`` is
    /// false in the results: the caller knows where its offset came from.
    ///
    /// Cost: one render of `(pointSize · scale)²` pixels at `samplesPerSide²` samples, then per state a blur and
    /// O(pixels) effects.
    public func render(pose: Pose, states: [IconState], scale: Int, offset: SIMD2<Float>?) -> [IconImage] {
        render(prepare(pose), states: states, scale: scale, offset: offset)
    }

    /// ``render(pose:states:scale:offset:)`` of a prepared pose, for the light page.
    public func render(_ frame: Frame, states: [IconState], scale: Int, offset: SIMD2<Float>?) -> [IconImage] {
        render(frame, variants: states.map { ($0, .light) }, scale: scale, offset: offset)
    }

    /// The icons of a prepared pose in each of `variants` (a state and the page it is drawn for) at `scale`,
    /// sharing one render of the scene, one ink pass and one glow blur (the variants differ in the ink's tone, the
    /// props' tone on a dark page, the colour filters and the circles).
    ///
    /// Cost: one render of `(pointSize · scale)²` pixels at `samplesPerSide²` samples, one ink pass and one blur,
    /// then per variant O(pixels) effects.
    public func render(_ frame: Frame, variants: [(state: IconState, appearance: IconAppearance)], scale: Int,
                       offset: SIMD2<Float>?, circles: Bool = true) -> [IconImage] {
        let sc = max(1, scale)
        let size = max(1, style.pointSize * sc)
        let fsize = Float(size)
        let options = RasterOptions(samplesPerSide: style.samplesPerSide, cullBackFaces: true, threads: threads)
        let list = frame.list
        let chosen = (camera: frame.camera, isFile: frame.isFileCamera)
        // The figure frame is figureHeight · size, centred on the canvas, moved by the offset.
        let base = chosen.camera.screenAdjusted(scale: style.figureHeight, shift: .zero, width: size, height: size)
        let shiftPixels = (offset ?? .zero) * Float(sc)
        let cam = base.screenAdjusted(shift: shiftPixels, width: size, height: size)
        let layered = Rasterizer.renderLayered(list, camera: cam, width: size, height: size, options: options)
        let rendered = layered.image
        // The figure's box: from the figure alone when props are drawn too (its projected vertices: no second render).
        let bounds: PixelRect?
        if frame.figure.positions.count == list.positions.count {
            bounds = rendered.alphaBounds(threshold: Self.silhouetteThreshold)
        } else if let box = Self.projectedBounds(frame.figure.positions, camera: cam, size: size) {
            let x0 = max(0, Int(box.lo.x.rounded(.down))), y0 = max(0, Int(box.lo.y.rounded(.down)))
            let x1 = min(size, Int(box.hi.x.rounded(.up))), y1 = min(size, Int(box.hi.y.rounded(.up)))
            bounds = x0 < x1 && y0 < y1 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        } else {
            bounds = nil
        }
        let figureAlpha = layered.figure.pixels.map { $0.w }
        let drawn = variants.contains { $0.state != .plain }
        // The ink: one weight in points, so `outlineWidth · scale` pixels.
        let ink = drawn && style.outlineWidth > 0
            ? Ink.amount(layered, width: style.outlineWidth * Float(sc), creaseDepth: style.creaseDepth) : []
        let propInk = drawn && style.propOutlineWidth > 0 && frame.figure.positions.count != list.positions.count
            ? Ink.otherAmount(layered, width: style.propOutlineWidth * Float(sc)) : []
        // The glow blurs the figure's alpha, which the ink and the colour filters leave as it is: one blur serves every variant.
        let glowRadius = style.glowRadius * fsize
        let blurred = drawn ? Compositing.blurredAlpha(rendered, radius: glowRadius) : []
        var backdrops: [IconState: LinearImage] = [:]
        return variants.map { variant in
            let state = variant.state
            if state == .plain {
                return IconImage(image: rendered, scale: sc, offset: shiftPixels / Float(sc), offsetComputed: false,
                                 figureBounds: bounds, usedFileCamera: chosen.isFile, figureAlpha: figureAlpha)
            }
            let dark = variant.appearance == .dark
            // Backdrop: circles in list order, centred (drawn once per state, shared by the two pages).
            // Without circles (a loop's frame): the same drawing on a transparent canvas.
            var canvas = circles ? backdrop(state, size: size, cache: &backdrops) : LinearImage(width: size, height: size)
            // In one pass per pixel, in SwiftUI's order: the ink (and the props' tone on the dark page), then
            // .grayscale(g).contrast(c) on the figure, .shadow(color: glow, radius: r) beneath it, the figure over
            // the circles: the props' outline and the figure's ink mixed in, then the same arithmetic as ``ColorMatrix/apply(to:)``, ``Compositing/shadow``
            // and ``Compositing/over``, one after another, without their intermediate images.
            let gray = state == .complete ? style.grayscaleComplete : style.grayscaleIncomplete
            let matrix = ColorMatrix.contrast(style.contrast).after(.grayscale(gray))
            let inked = !(ink.isEmpty && propInk.isEmpty && !dark)
            let propTone = SIMD4(SRGB.linear(style.propOutlineColor), 1)
            let inkTone = SIMD4(inkColor(state: state, appearance: variant.appearance), 1)
            let tone = dark ? style.darkPropTone : 1
            let toneVector = SIMD4<Float>(tone, tone, tone, 1)
            let glow = SRGB.linear(style.glowColor), glowOpacity = min(max(style.glowOpacity, 0), 1)
            let encode = SRGB.encodeCurve, decode = SRGB.decodeCurve
            rendered.pixels.withUnsafeBufferPointer { image in
            layered.figure.pixels.withUnsafeBufferPointer { fig in
            canvas.pixels.withUnsafeMutableBufferPointer { out in
                for i in 0..<out.count {
                    var px = image[i]
                    // Nothing drawn and no glow here (most of the canvas): the circles stay as they are.
                    if px.w <= 0 && blurred[i] <= 0 { continue }
                    if inked && px.w > 0 {
                        let f = fig[i]
                        var other = px - f
                        if !propInk.isEmpty {
                            let q = propInk[i]
                            other = other * (1 - q) + propTone * (q * other.w)
                        }
                        other *= toneVector
                        let k = i < ink.count ? ink[i] : 0
                        px = other + f * (1 - k) + inkTone * (k * f.w)
                    }
                    if px.w > 0 {
                        let c = SIMD3(px.x, px.y, px.z) / px.w
                        let e = SIMD3(encode(c.x), encode(c.y), encode(c.z))
                        let m = matrix.apply(e).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                        px = SIMD4(SIMD3(decode(m.x), decode(m.y), decode(m.z)) * px.w, px.w)
                    } else {
                        px = .zero
                    }
                    let a = min(max(blurred[i], 0), 1) * glowOpacity
                    px = px + SIMD4(glow * a, a) * (1 - px.w)
                    out[i] = px + out[i] * (1 - px.w)
                }
            }}}
            return IconImage(image: canvas, scale: sc, offset: shiftPixels / Float(sc), offsetComputed: false,
                             figureBounds: bounds, usedFileCamera: chosen.isFile, figureAlpha: figureAlpha)
        }
    }

    /// The icons of a prepared pose in each of `variants` at every one of `scales`, drawn once: at the largest
    /// scale by ``render(_:variants:scale:offset:)``, then averaged down by exact pixel areas (``AreaAverage``) to
    /// each smaller one. The figure, its ink, the glow and the circles all shrink together, so a smaller scale has
    /// the same drawing in points as a render of its own, with more samples per pixel (a 3x render at 4x4 samples
    /// gives 1x 12x12 and 2x 6x6). Results in the order of `scales`, one array of `variants` each.
    ///
    /// Cost: one render at the largest scale, then O(its pixels) per variant and smaller scale.
    public func render(_ frame: Frame, variants: [(state: IconState, appearance: IconAppearance)], scales: [Int],
                       offset: SIMD2<Float>?, circles: Bool = true) -> [[IconImage]] {
        let top = max(1, scales.max() ?? 1)
        let drawn = render(frame, variants: variants, scale: top, offset: offset, circles: circles)
        return scales.map { scale in
            let sc = max(1, scale)
            guard sc != top, let first = drawn.first else { return drawn }
            let size = max(1, style.pointSize * sc)
            // The variants share one figure coverage: averaged once per scale.
            let alpha = first.figureAlpha.isEmpty ? [] : AreaAverage.resample(first.figureAlpha, width: first.image.width, height: first.image.height,
                                                                             newWidth: size, newHeight: size)
            return drawn.map { Self.averaged($0, to: sc, size: size, figureAlpha: alpha) }
        }
    }

    /// `icon` (drawn at a larger scale) averaged down to `scale`, a `size`-pixel square: its image and figure
    /// coverage by area (`figureAlpha`: the coverage already averaged, else it is averaged here), its figure box
    /// scaled and rounded outwards.
    static func averaged(_ icon: IconImage, to scale: Int, size: Int, figureAlpha: [Float]? = nil) -> IconImage {
        var out = icon
        let from = icon.image.width
        out.image = icon.image.areaAveraged(width: size, height: size)
        out.scale = scale
        if let figureAlpha {
            out.figureAlpha = figureAlpha
        } else if !icon.figureAlpha.isEmpty {
            out.figureAlpha = AreaAverage.resample(icon.figureAlpha, width: from, height: icon.image.height, newWidth: size, newHeight: size)
        }
        out.figureBounds = icon.figureBounds.flatMap { b in
            let k = Double(size) / Double(max(1, from))
            let x0 = max(0, Int((Double(b.x) * k).rounded(.down))), y0 = max(0, Int((Double(b.y) * k).rounded(.down)))
            let x1 = min(size, Int((Double(b.x + b.width) * k).rounded(.up))), y1 = min(size, Int((Double(b.y + b.height) * k).rounded(.up)))
            return x0 < x1 && y0 < y1 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
        return out
    }

    /// The circles of `state` on a transparent `size`-pixel canvas, drawn once and kept in `cache` (and, across
    /// icons and renderers, in ``backdrops``: every icon of a batch has the same circles at a scale).
    package func backdrop(_ state: IconState, size: Int, cache: inout [IconState: LinearImage]) -> LinearImage {
        if let made = cache[state] { return made }
        let color = SRGB.linear(state == .complete ? style.themeColor : style.incompleteColor)
        let circles = style.circles.map { SIMD2($0.diameter, state == .complete ? $0.completeOpacity : $0.incompleteOpacity) }
        let key = BackdropKey(size: size, color: color, circles: circles)
        if let shared = Self.backdrops.withLock({ $0[key] }) {
            cache[state] = shared
            return shared
        }
        var canvas = LinearImage(width: size, height: size)
        let fsize = Float(size)
        for c in circles {
            Compositing.fillCircle(&canvas, center: SIMD2(fsize / 2, fsize / 2), radius: c.x * fsize / 2,
                                   color: color, opacity: c.y)
        }
        cache[state] = canvas
        Self.backdrops.withLock { made in
            // A few sizes and colours at most in a run; a caller cycling through many sizes starts over.
            if made.count >= 16 { made.removeAll() }
            made[key] = canvas
        }
        return canvas
    }

    /// What a backdrop depends on: its size, the circles' colour, and per circle its diameter (of the side) and opacity.
    struct BackdropKey: Hashable {
        var size: Int
        var color: SIMD3<Float>
        var circles: [SIMD2<Float>]
    }

    /// Backdrops already drawn, shared by every renderer of the process (at most 16, then it starts over).
    static let backdrops = Mutex<[BackdropKey: LinearImage]>([:])

    /// The page an appearance is drawn for, linear: white, or the style's dark page.
    public func page(_ appearance: IconAppearance) -> SIMD3<Float> {
        appearance == .dark ? SRGB.linear(style.darkPageColor) : SIMD3(repeating: 1)
    }

    /// The ink for `state` on `appearance`'s page (linear): of the style's dark and light inks, the one with the
    /// higher contrast ratio against what lies around the figure: the circles of that state over that page.
    /// With the standard style: dark on the white page and over the theme colour, light over the grey circles
    /// of the dark page.
    public func inkColor(state: IconState, appearance: IconAppearance) -> SIMD3<Float> {
        var behind = page(appearance)
        let color = SRGB.linear(state == .complete ? style.themeColor : style.incompleteColor)
        for c in style.circles {
            let o = min(max(state == .complete ? c.completeOpacity : c.incompleteOpacity, 0), 1)
            behind = color * o + behind * (1 - o)
        }
        let dark = SRGB.linear(style.inkColor), light = SRGB.linear(style.lightInkColor)
        return Self.contrastRatio(dark, behind) >= Self.contrastRatio(light, behind) ? dark : light
    }

    /// WCAG relative luminance of a linear colour (Rec. 709 weights).
    public static func luminance(_ c: SIMD3<Float>) -> Float { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    /// WCAG contrast ratio `(L1 + 0.05) / (L2 + 0.05)` of two linear colours, lighter over darker (1...21).
    public static func contrastRatio(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
