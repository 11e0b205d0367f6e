/// Splits polygons into triangles, for `<polylist>` and `<polygons>` (including `<ph>` holes).
///
/// Triangles pass through; convex polygons are fanned from their first corner (as every exporter
/// expects for quads); concave polygons are ear-clipped in the plane of their Newell normal; holes
/// are first joined to the outer ring by a bridge to a mutually visible vertex (the classic hole
/// elimination), then the combined ring is ear-clipped. A polygon that cannot be clipped (fully
/// degenerate) falls back to a fan so no corner is lost. Output corners index the input corners.
package struct Triangulator {
    var projected: [SIMD2<Double>] = []
    var ring: [Int] = []
    var next: [Int] = []
    var prev: [Int] = []
    /// Corner triples written by ``triangulate(outer:holes:)``, reused between calls.
    package private(set) var triangles: [Int] = []
    /// Steps left (one per corner examined while looking for an ear or a hole bridge). Once it
    /// reaches 0, what is left of a polygon, and any later polygon, is fanned without checks:
    /// bounded time on hostile input, at the price of wrong triangles for concave polygons.
    package var budget = Int.max

    package init() {}

    /// Triangulates one polygon into ``triangles`` (corner numbers, three per triangle) without
    /// calling back: the allocation-free form for hot loops.
    ///
    /// - Returns: the number of triangles.
    @discardableResult
    package mutating func triangulate(outer: [SIMD3<Float>], holes: [[SIMD3<Float>]] = []) -> Int {
        var out = triangles
        triangles = []
        out.removeAll(keepingCapacity: true)
        let n = triangulate(outer: outer, holes: holes) { a, b, c in out.append(a); out.append(b); out.append(c) }
        triangles = out
        return n
    }

    /// Triangulates one polygon given its corner positions (outer ring, then holes).
    ///
    /// - Parameters:
    ///   - outer: positions of the outer ring's corners, in order.
    ///   - holes: positions of each hole's corners.
    ///   - emit: called with three corner numbers per triangle: 0..<outer.count for the outer ring,
    ///     then each hole's corners numbered on after it.
    /// - Returns: the number of triangles emitted.
    @discardableResult
    package mutating func triangulate(outer: [SIMD3<Float>], holes: [[SIMD3<Float>]] = [],
                                     emit: (Int, Int, Int) -> Void) -> Int {
        let n = outer.count
        if n < 3 { return 0 }
        if holes.isEmpty && n == 3 { emit(0, 1, 2); return 1 }
        if budget <= 0 {  // out of budget: a plain fan, holes dropped
            for i in 1..<(n - 1) { emit(0, i, i + 1) }
            return n - 2
        }
        // Newell normal of the outer ring: robust for concave and slightly non-planar polygons.
        var normal = SIMD3<Double>(0, 0, 0)
        for i in 0..<n {
            let a = SIMD3<Double>(outer[i]), b = SIMD3<Double>(outer[(i + 1) % n])
            normal.x += (a.y - b.y) * (a.z + b.z)
            normal.y += (a.z - b.z) * (a.x + b.x)
            normal.z += (a.x - b.x) * (a.y + b.y)
        }
        let an = SIMD3(abs(normal.x), abs(normal.y), abs(normal.z))
        if an.x + an.y + an.z == 0 {  // degenerate: keep the corners as a fan
            for i in 1..<(n - 1) { emit(0, i, i + 1) }
            return n - 2
        }
        // Project onto the plane of the largest normal component, keeping orientation CCW.
        let drop = an.x >= an.y && an.x >= an.z ? 0 : (an.y >= an.z ? 1 : 2)
        let sign: Double = normal[drop] >= 0 ? 1 : -1
        func project(_ p: SIMD3<Float>) -> SIMD2<Double> {
            let d = SIMD3<Double>(p)
            switch drop {
            case 0: return SIMD2(d.y, d.z * sign)
            case 1: return SIMD2(d.z, d.x * sign)
            default: return SIMD2(d.x, d.y * sign)
            }
        }
        projected.removeAll(keepingCapacity: true)
        for p in outer { projected.append(project(p)) }
        if holes.isEmpty && isConvex(0..<n) {
            for i in 1..<(n - 1) { emit(0, i, i + 1) }
            return n - 2
        }
        ring = Array(0..<n)
        // Holes: bridge each to the outer ring, rightmost hole first. Every hole's corners are numbered (the
        // caller's combined corner list has them all), also those of a hole too small to bridge.
        var holeStart: [Int] = []
        var base = n
        for h in holes {
            if h.count >= 3 { holeStart.append(base) }
            for p in h { projected.append(project(p)) }
            base += h.count
        }
        let usable = holes.filter { $0.count >= 3 }
        var order = Array(usable.indices)
        func maxX(_ k: Int) -> Double {
            (0..<usable[k].count).map { projected[holeStart[k] + $0].x }.max() ?? 0
        }
        order.sort { maxX($0) > maxX($1) }
        for k in order { bridge(holeStart: holeStart[k], count: usable[k].count) }
        return earClip(emit: emit, fallbackCount: n)
    }

    func cross(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    func isConvex(_ r: Range<Int>) -> Bool {
        let n = r.count
        var area = 0.0
        for i in 0..<n { let a = projected[i], b = projected[(i + 1) % n]; area += a.x * b.y - b.x * a.y }
        guard area > 0 else { return false }
        for i in 0..<n where cross(projected[i], projected[(i + 1) % n], projected[(i + 2) % n]) < 0 { return false }
        return true
    }

    /// Joins a hole (its corners wound opposite to the outer ring) into `ring` by a two-way bridge.
    mutating func bridge(holeStart: Int, count: Int) {
        // Hole ring wound clockwise (opposite to the CCW outer ring).
        var hole = Array(holeStart..<(holeStart + count))
        var area = 0.0
        for i in 0..<count {
            let a = projected[hole[i]], b = projected[hole[(i + 1) % count]]
            area += a.x * b.y - b.x * a.y
        }
        if area > 0 { hole.reverse() }
        // Rightmost hole vertex.
        var hi = 0
        for i in 1..<count where projected[hole[i]].x > projected[hole[hi]].x { hi = i }
        let m = projected[hole[hi]]
        // The ring vertex closest to m that the segment reaches without crossing a ring edge.
        var best = -1
        var bestDistance = Double.infinity
        for (ri, v) in ring.enumerated() where budget > 0 {
            let p = projected[v]
            let d = (p.x - m.x) * (p.x - m.x) + (p.y - m.y) * (p.y - m.y)
            guard d < bestDistance else { continue }
            budget -= ring.count
            if segmentIsClear(m, p, skipping: v) { best = ri; bestDistance = d }
        }
        if best < 0 {  // no clear bridge: take the nearest vertex anyway
            for (ri, v) in ring.enumerated() {
                let p = projected[v]
                let d = (p.x - m.x) * (p.x - m.x) + (p.y - m.y) * (p.y - m.y)
                if d < bestDistance { best = ri; bestDistance = d }
            }
        }
        var inserted: [Int] = []
        for k in 0...count { inserted.append(hole[(hi + k) % count]) }  // around the hole back to m
        inserted.append(ring[best])  // and back to the bridge vertex
        ring.insert(contentsOf: inserted, at: best + 1)
    }

    func segmentIsClear(_ a: SIMD2<Double>, _ b: SIMD2<Double>, skipping v: Int) -> Bool {
        let n = ring.count
        for i in 0..<n {
            let p = ring[i], q = ring[(i + 1) % n]
            if p == v || q == v { continue }
            if segmentsCross(a, b, projected[p], projected[q]) { return false }
        }
        return true
    }

    func segmentsCross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }

    /// Ear clipping over `ring` (indices into `projected`); O(n^2).
    mutating func earClip(emit: (Int, Int, Int) -> Void, fallbackCount: Int) -> Int {
        var n = ring.count
        next = (0..<n).map { ($0 + 1) % n }
        prev = (0..<n).map { ($0 + n - 1) % n }
        var emitted = 0
        var i = 0
        var stall = 0
        while n > 3 {
            let a = prev[i], b = i, c = next[i]
            budget -= n
            if budget <= 0 {  // out of budget: clip the remaining corners in order, unchecked
                emit(ring[a], ring[b], ring[c])
                emitted += 1
                next[a] = c
                prev[c] = a
                n -= 1
                i = c
            } else if isEar(a, b, c) {
                emit(ring[a], ring[b], ring[c])
                emitted += 1
                next[a] = c
                prev[c] = a
                n -= 1
                i = c
                stall = 0
            } else {
                i = next[i]
                stall += 1
                if stall > n {  // no ear: degenerate or self-intersecting; clip the flattest corner
                    emit(ring[prev[i]], ring[i], ring[next[i]])
                    emitted += 1
                    next[prev[i]] = next[i]
                    prev[next[i]] = prev[i]
                    n -= 1
                    i = next[i]
                    stall = 0
                }
            }
        }
        emit(ring[prev[i]], ring[i], ring[next[i]])
        return emitted + 1
    }

    func isEar(_ a: Int, _ b: Int, _ c: Int) -> Bool {
        let pa = projected[ring[a]], pb = projected[ring[b]], pc = projected[ring[c]]
        if cross(pa, pb, pc) <= 0 { return false }  // reflex or flat
        var j = next[c]
        while j != a {
            let v = ring[j]
            let p = projected[v]
            // Vertices shared with the ear (bridge duplicates) don't block it.
            if v != ring[a] && v != ring[b] && v != ring[c] {
                if cross(pa, pb, p) >= 0 && cross(pb, pc, p) >= 0 && cross(pc, pa, p) >= 0 { return false }
            }
            j = next[j]
        }
        return true
    }
}
