import Foundation
import Testing
@testable import ColladaKit
import PipelineKit

/// A seeded random number generator (SplitMix64), so a randomized test tries the same inputs on
/// every run and a failure can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Loads a scene or records why not.
func load(_ path: String, keepFileSpace: Bool = false) throws -> Scene {
    try ColladaLoader.load(path: path, options: .init(keepFileSpace: keepFileSpace))
}

/// Loads COLLADA text given inline.
func loadText(_ text: String, path: String = "inline.dae") throws -> Scene {
    try ColladaLoader.load(bytes: Array(text.utf8), path: path)
}

/// The error diagnostics of a failing load, or an empty list if it loads.
func loadErrors(_ bytes: [UInt8], path: String = "bad.dae") -> [Diagnostic] {
    do {
        _ = try ColladaLoader.load(bytes: bytes, path: path)
        return []
    } catch let e as LoadError {
        return e.diagnostics.filter { $0.severity == .error }
    } catch {
        return [Diagnostic(.sceneUnresolved, "unexpected: \(error)", at: SourceLocation(path: path, line: 0, column: 0))]
    }
}

func approx(_ a: Float, _ b: Float, _ tol: Float = 1e-5) -> Bool { abs(a - b) <= tol * max(1, abs(b)) }
func approx(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ tol: Float = 1e-5) -> Bool {
    approx(a.x, b.x, tol) && approx(a.y, b.y, tol) && approx(a.z, b.z, tol)
}

/// A minimal COLLADA document around a `<library_geometries>` body, for table-driven error tests.
func colladaDocument(geometry: String, extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
      <asset><up_axis>Y_UP</up_axis></asset>
      <library_geometries>
    \(geometry)
      </library_geometries>
    \(extra)
    </COLLADA>
    """
}

/// One triangle mesh whose parts can be replaced to break it.
func triangleGeometry(array: String = "0 0 0 1 0 0 0 1 0", count: String = "9", accessorCount: String = "3",
                      stride: String = "3", p: String = "0 1 2", triangles: String = "1", vertexURL: String = "#v") -> String {
    """
        <geometry id="g"><mesh>
          <source id="pos">
            <float_array id="pos-a" count="\(count)">\(array)</float_array>
            <technique_common><accessor source="#pos-a" count="\(accessorCount)" stride="\(stride)">
              <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
            </accessor></technique_common>
          </source>
          <vertices id="v"><input semantic="POSITION" source="#pos"/></vertices>
          <triangles count="\(triangles)"><input semantic="VERTEX" source="\(vertexURL)" offset="0"/><p>\(p)</p></triangles>
        </mesh></geometry>
    """
}
