import Foundation
import Testing
@testable import ColladaKit

/// Meshes resolved on another core while the document stage goes on (``SceneResolver/EarlyGeometry``)
/// must be exactly the meshes a one-thread load resolves, and the scene and diagnostics the same;
/// where they could differ, the loader resolves them again.
@Suite struct EarlyGeometryTests {
    /// Everything a load gives, as text: each mesh bit for bit, the scene's counts, the diagnostics.
    static func outcome(_ bytes: [UInt8], path: String, early: Bool) -> String {
        do {
            return describe(try ColladaLoader.load(bytes: bytes, path: path, numbers: .inline, earlyGeometry: early))
        } catch let e as LoadError {
            return "error \(e.diagnostics.map(\.description))"
        } catch {
            return "other \(error)"
        }
    }

    static func describe(_ scene: Scene) -> String {
        var text = "ok nodes \(scene.nodes.count) channels \(scene.channels.count) skins \(scene.skins.count)\n"
        for m in scene.meshes {
            func bits<T>(_ a: [T]) -> Int { a.withUnsafeBytes { Data($0).hashValue } }
            text += "\(m.id) \(m.positions.count) \(bits(m.positions)) \(bits(m.normals)) \(bits(m.texcoords)) \(bits(m.colors)) \(m.lineSegmentCount)"
            for p in m.parts {
                text += " [\(p.kind) \(p.materialSymbol ?? "-") \(p.positionIndices) \(p.normalIndices) \(p.texcoordIndices) \(p.colorIndices)]"
            }
            text += "\n"
        }
        return text + scene.diagnostics.map(\.description).joined(separator: "\n")
    }

    @Test func everyRealFileResolvesTheSameMeshesEarly() throws {
        var checked = 0
        for path in XMLCompactionTests.realFiles {
            guard let bytes = try? TestPaths.bytes(path) else { continue }
            let serial = Self.outcome(bytes, path: path, early: false)
            let early = Self.outcome(bytes, path: path, early: true)
            #expect(serial == early, "\(path)")
            checked += 1
        }
        print("EarlyGeometryTests: \(checked) files resolved both ways")
        #expect(checked >= 3)
    }

    static func document(_ body: String) -> [UInt8] {
        Array(("""
        <?xml version="1.0"?>
        <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
        """ + body + "\n</COLLADA>\n").utf8)
    }

    /// A one-triangle mesh whose ids all end in `k`; `extra` goes among the triangles' inputs,
    /// `indices` is its `<p>`.
    static func triangle(_ k: String, extra: String = "", indices: String = "0 1 2") -> String {
        """
        <geometry id="g\(k)"><mesh>
          <source id="p\(k)"><float_array id="pa\(k)" count="9">0 0 0 1 0 0 0 1 0</float_array>
            <technique_common><accessor source="#pa\(k)" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
          <vertices id="v\(k)"><input semantic="POSITION" source="#p\(k)"/></vertices>
          <triangles count="1"><input semantic="VERTEX" source="#v\(k)" offset="0"/>\(extra)<p>\(indices)</p></triangles>
        </mesh></geometry>
        """
    }

    /// Shapes where the copy the job saw is not the whole story, each checked both ways.
    static let shapes: [(String, [UInt8])] = [
        ("plain", document("<library_geometries>\(triangle("1"))</library_geometries>")),
        // The normals' source comes after <library_geometries>: missing from the copy (the job
        // reports it), present in the document.
        ("source defined later", document("""
            <library_geometries>\(triangle("1", extra: ##"<input semantic="NORMAL" source="#n" offset="0"/>"##))</library_geometries>
            <library_animations><animation id="a"><source id="n"><float_array id="na" count="9">0 0 1 0 0 1 0 0 1</float_array>
              <technique_common><accessor source="#na" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source></animation></library_animations>
            """)),
        // A second library of geometries: the copy has only the first.
        ("two libraries", document("<library_geometries>\(triangle("1"))</library_geometries><library_geometries>\(triangle("2"))</library_geometries>")),
        // A geometry with an error: the job's diagnostics are not used; the document's are.
        ("index out of range", document("<library_geometries>\(triangle("1", indices: "0 1 7"))</library_geometries>")),
        ("no geometries", document(#"<library_visual_scenes><visual_scene id="s"><node id="n"/></visual_scene></library_visual_scenes>"#)),
        // A source id the mesh uses defined again later: the first definition counts in both.
        ("source id again later", document("""
            <library_geometries>\(triangle("1"))</library_geometries>
            <library_animations><animation id="a"><source id="p1"><float_array id="x" count="3">7 7 7</float_array>
              <technique_common><accessor source="#x" count="1" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source></animation></library_animations>
            """)),
        ("empty library first", document("<library_geometries/><library_geometries>\(triangle("1"))</library_geometries>")),
        ("empty library after", document("<library_geometries>\(triangle("1"))</library_geometries><library_geometries/>")),
        // The reader refuses the file: no job starts (its accessor would overflow if resolved).
        ("reader error", document("""
            <library_geometries><geometry id="g"><mesh><source id="p"><float_array id="pa" count="3">0 0 0</float_array><technique_common><accessor source="#pa" offset="9223372036854775807" count="1" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source><vertices id="v"><input semantic="POSITION" source="#p"/></vertices><triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 0 0</p></triangles></mesh></geometry></library_geometries>
            """)),
    ]

    @Test(arguments: shapes.map(\.0))
    func aShapeResolvesTheSameEarly(_ name: String) {
        let bytes = Self.shapes.first { $0.0 == name }!.1
        let serial = Self.outcome(bytes, path: "\(name).dae", early: false)
        let early = Self.outcome(bytes, path: "\(name).dae", early: true)
        #expect(serial == early, "\(name)\nserial: \(serial)\nearly: \(early)")
    }

    @Test func theJobsResultIsUsedOnlyWhereItStandsForTheDocument() throws {
        func used(_ name: String) throws -> Bool {
            let bytes = Self.shapes.first { $0.0 == name }!.1
            let xml = try ColladaLoader.xmlDocument(bytes: bytes, path: "t.dae", numbers: .inline)
            var reader = DocumentReader(path: xml.path)
            var early: SceneResolver.EarlyGeometry?
            reader.afterGeometries = { snapshot in
                if early == nil { early = SceneResolver.EarlyGeometry(snapshot, options: .init()) }
            }
            let doc = reader.read(xml)
            early?.waitUntilFinished()  // a job not yet started would be withdrawn
            return early?.result(for: doc) != nil
        }
        #expect(try used("plain"))
        #expect(try used("source id again later"))
        #expect(try !used("empty library first"))  // the copy after the first (empty) library
        #expect(try used("empty library after"))
        #expect(try !used("reader error"))
        #expect(try !used("source defined later"))
        #expect(try !used("two libraries"))
        #expect(try !used("index out of range"))
        #expect(try !used("no geometries"))
        // The second shape does resolve: the normals come from the later source.
        let later = Self.outcome(Self.shapes[1].1, path: "later.dae", early: true)
        #expect(later.hasPrefix("ok"), "\(later)")
    }

    /// The limits the resolver enforces across meshes come out the same when the meshes were
    /// resolved early: a triangle limit that the second mesh crosses, and a triangulation budget
    /// that runs out.
    @Test func limitsAcrossMeshesAreTheSame() {
        let pentagon = """
            <geometry id="g5"><mesh>
              <source id="p5"><float_array id="pa5" count="15">0 0 0 1 0 0 1.5 1 0 0.5 2 0 -0.5 1 0</float_array>
                <technique_common><accessor source="#pa5" count="5" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
              <vertices id="v5"><input semantic="POSITION" source="#p5"/></vertices>
              <polylist count="2"><input semantic="VERTEX" source="#v5" offset="0"/><vcount>5 5</vcount><p>0 1 2 3 4 4 3 2 1 0</p></polylist>
            </mesh></geometry>
            """
        let bytes = Self.document("<library_geometries>\(Self.triangle("1"))\(Self.triangle("2"))\(pentagon)</library_geometries>")
        for options in [SceneResolver.Options(), { var o = SceneResolver.Options(); o.maxTriangles = 1; return o }(),
                        { var o = SceneResolver.Options(); o.triangulationBudget = 6; return o }()] {
            func outcome(_ early: Bool) -> String {
                do {
                    let s = try ColladaLoader.load(bytes: bytes, path: "limits.dae", options: options, numbers: .inline, earlyGeometry: early)
                    return "ok \(s.meshes.map { $0.parts.map(\.positionIndices) }) \(s.diagnostics.map(\.description))"
                } catch let e as LoadError {
                    return "error \(e.diagnostics.map(\.description))"
                } catch { return "other" }
            }
            #expect(outcome(false) == outcome(true), "maxTriangles \(options.maxTriangles) budget \(options.triangulationBudget)")
        }
    }

    /// A mesh large enough for the early job to split its primitives in two (the reading thread
    /// takes one half while it waits): triangles, convex and concave quads and pentagons, with the
    /// budget ample, just enough, and too small. Every case must match one pass on one thread.
    @Test func largePrimitivesSplitInTwoGiveTheSameTriangles() {
        var rng = SystemRandomNumberGenerator()
        var positions: [String] = [], vcount: [String] = [], polyIndices: [String] = [], triIndices: [String] = []
        let side = 60
        for y in 0..<side {
            for x in 0..<side {
                let jitter = Float.random(in: -0.3...0.3, using: &rng)
                positions.append("\(Float(x) + jitter) \(Float(y)) \(Float.random(in: -0.2...0.2, using: &rng))")
            }
        }
        var polygons = 0
        for y in 0..<(side - 1) {
            for x in 0..<(side - 2) {
                let a = y * side + x, b = a + 1, c = a + side + 1, d = a + side, e = a + 2
                switch (x + y * 7) % 4 {
                case 0: vcount.append("3"); polyIndices += ["\(a)", "\(b)", "\(c)"]
                case 1: vcount.append("4"); polyIndices += ["\(a)", "\(b)", "\(c)", "\(d)"]
                case 2: vcount.append("4"); polyIndices += ["\(a)", "\(c)", "\(b)", "\(d)"]  // self-crossing: clipped
                default: vcount.append("5"); polyIndices += ["\(a)", "\(b)", "\(e)", "\(c)", "\(d)"]
                }
                polygons += 1
                triIndices += ["\(a)", "\(b)", "\(c)", "\(a)", "\(c)", "\(d)"]
            }
        }
        let accessor = "<technique_common><accessor source=\"#pa\" count=\"\(side * side)\" stride=\"3\">"
            + #"<param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common>"#
        let bytes = Self.document("""
            <library_geometries><geometry id="g"><mesh>
              <source id="p"><float_array id="pa" count="\(side * side * 3)">\(positions.joined(separator: " "))</float_array>\(accessor)</source>
              <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
              <polylist count="\(polygons)"><input semantic="VERTEX" source="#v" offset="0"/><vcount>\(vcount.joined(separator: " "))</vcount><p>\(polyIndices.joined(separator: " "))</p></polylist>
              <triangles count="\(triIndices.count / 3)"><input semantic="VERTEX" source="#v" offset="0"/><p>\(triIndices.joined(separator: " "))</p></triangles>
            </mesh></geometry></library_geometries>
            """)
        #expect(polyIndices.count >= SceneResolver.sharedCorners && triIndices.count >= SceneResolver.sharedCorners)
        let vcounts = vcount.map { Int32($0)! }
        let bound = SceneResolver.triangulationBound(vcounts)
        for budget in [Int.max, bound + 1, bound, 500] {
            var options = SceneResolver.Options()
            options.triangulationBudget = budget
            func outcome(_ early: Bool) -> String {
                do {
                    let s = try ColladaLoader.load(bytes: bytes, path: "big.dae", options: options, numbers: .inline, earlyGeometry: early)
                    return Self.describe(s)
                } catch let e as LoadError {
                    return "error \(e.diagnostics.map(\.description))"
                } catch { return "other" }
            }
            let serial = outcome(false)
            #expect(serial.hasPrefix("ok"))
            for _ in 0..<3 { #expect(outcome(true) == serial, "budget \(budget)") }
        }
    }
}
