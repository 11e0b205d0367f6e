import ColladaKit
import Foundation
import Testing
@testable import PoseRenderer

/// The renderer's own fixtures and goldens (the checkout, `Assets/` and `../shared` are ``TestPaths``).
enum RendererPaths {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = here.appendingPathComponent("Fixtures").path
    static let golden = here.appendingPathComponent("Golden").path
    static func fixture(_ name: String) -> String { fixtures + "/" + name }
}

/// A camera whose clip space maps world `x` in `0...width` to pixel columns and world `y` in `0...height` to
/// pixel rows (y down), depth `z` near 0: pixel coordinates are world coordinates.
func pixelCamera(width: Int, height: Int) -> RenderCamera {
    let w = Float(width), h = Float(height)
    let proj = Matrix4x4(SIMD4(2 / w, 0, 0, 0), SIMD4(0, -2 / h, 0, 0), SIMD4(0, 0, -0.01, 0), SIMD4(-1, 1, 0, 1))
    return RenderCamera(view: .identity, projection: proj, near: 0.01, far: 100)
}

/// A draw list of the given triangles (world positions), flat normals towards +Z, one grey colour.
func drawList(_ triangles: [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)], color: SIMD3<Float> = SIMD3(repeating: 0.5)) -> DrawList {
    var list = DrawList()
    list.palette = [color]
    for (a, b, c) in triangles {
        let base = UInt32(list.positions.count)
        list.positions += [a, b, c]
        list.indices += [base, base + 1, base + 2]
        list.cornerNormals += [SIMD3(0, 0, 1), SIMD3(0, 0, 1), SIMD3(0, 0, 1)]
        list.colorIndex.append(0)
    }
    return list
}

/// An indexed grid of `nx x ny` quads over a rectangle, each split in two along alternating diagonals, plus a
/// fan of 6 triangles around an inner vertex per every 3rd cell: shared edges in many directions.
func tiledRectangle(x0: Float, y0: Float, x1: Float, y1: Float, nx: Int, ny: Int) -> DrawList {
    var list = DrawList()
    list.palette = [SIMD3(repeating: 0.5)]
    func v(_ i: Int, _ j: Int) -> UInt32 { UInt32(j * (nx + 1) + i) }
    for j in 0...ny {
        for i in 0...nx {
            // Irregular interior vertices (fixed jitter) so edges are not axis-aligned; the border stays straight.
            var x = x0 + (x1 - x0) * Float(i) / Float(nx), y = y0 + (y1 - y0) * Float(j) / Float(ny)
            // At most a tenth of a cell, so no triangle folds over.
            if i > 0 && i < nx { x += Float((i * 7 + j * 3) % 5 - 2) * 0.05 * (x1 - x0) / Float(nx) }
            if j > 0 && j < ny { y += Float((i * 5 + j * 11) % 7 - 3) * 0.033 * (y1 - y0) / Float(ny) }
            list.positions.append(SIMD3(x, y, 0))
        }
    }
    func tri(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        list.indices += [a, b, c]
        list.cornerNormals += [SIMD3(0, 0, 1), SIMD3(0, 0, 1), SIMD3(0, 0, 1)]
        list.colorIndex.append(0)
    }
    for j in 0..<ny {
        for i in 0..<nx {
            let a = v(i, j), b = v(i + 1, j), c = v(i + 1, j + 1), d = v(i, j + 1)
            if (i + j) % 3 == 0 {
                let p = list.positions
                let centre = (p[Int(a)] + p[Int(b)] + p[Int(c)] + p[Int(d)]) / 4
                let m = UInt32(list.positions.count)
                list.positions.append(centre)
                tri(a, b, m); tri(b, c, m); tri(c, d, m); tri(d, a, m)
            } else if (i + j) % 2 == 0 {
                tri(a, b, c); tri(a, c, d)
            } else {
                tri(a, b, d); tri(b, c, d)
            }
        }
    }
    return list
}
