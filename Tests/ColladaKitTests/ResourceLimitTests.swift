import Foundation
import Testing
@testable import ColladaKit
import PipelineKit

/// The limits that keep a hostile file from taking unbounded memory or time (README "Limits"):
/// each is hit with a small document and a lowered limit, and must give its error id.
@Suite struct ResourceLimitTests {
    /// A triangle geometry `g` and a visual scene whose root node holds `nodeBody`.
    static func scene(_ nodeBody: String, library: String = "", animations: String = "") -> String {
        colladaDocument(geometry: triangleGeometry(), extra: """
          \(library)
          \(animations)
          <library_visual_scenes><visual_scene id="s"><node id="root">\(nodeBody)</node></visual_scene></library_visual_scenes>
          <scene><instance_visual_scene url="#s"/></scene>
        """)
    }

    static func errors(_ text: String, _ options: SceneResolver.Options = .init()) -> [String] {
        do {
            _ = try ColladaLoader.load(bytes: Array(text.utf8), path: "limits.dae", options: options)
            return []
        } catch let e as LoadError {
            return e.diagnostics.filter { $0.severity == .error }.map(\.id)
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var options: SceneResolver.Options
        var id: String
        var description: String { name }
    }

    static func options(_ change: (inout SceneResolver.Options) -> Void) -> SceneResolver.Options {
        var o = SceneResolver.Options()
        change(&o)
        return o
    }

    static let geometryInstance = ##"<instance_geometry url="#g"/>"##
    /// Library node `a` instanced twice by `b`, `b` twice by `c`: `c` expands to 7 nodes.
    static let twoLevels = """
      <library_nodes>
        <node id="a">\(geometryInstance)<translate sid="t">0 0 0</translate></node>
        <node id="b"><instance_node url="#a"/><instance_node url="#a"/></node>
        <node id="c"><instance_node url="#b"/><instance_node url="#b"/></node>
      </library_nodes>
    """
    static let moveA = """
      <library_animations><animation id="anim">
        <source id="t"><float_array id="t-a" count="2">0 1</float_array>
          <technique_common><accessor source="#t-a" count="2"><param name="TIME" type="float"/></accessor></technique_common></source>
        <source id="x"><float_array id="x-a" count="2">0 1</float_array>
          <technique_common><accessor source="#x-a" count="2"><param name="X" type="float"/></accessor></technique_common></source>
        <sampler id="sm"><input semantic="INPUT" source="#t"/><input semantic="OUTPUT" source="#x"/></sampler>
        <channel source="#sm" target="a/t.X"/>
      </animation></library_animations>
    """

    static let cases: [Case] = [
        Case(name: "accessor count of a billion over 9 values",
             text: colladaDocument(geometry: triangleGeometry(accessorCount: "1000000000")), options: .init(),
             id: "accessor-out-of-range"),
        Case(name: "accessor stride past 2^31",
             text: colladaDocument(geometry: triangleGeometry(stride: "4294967296")), options: .init(),
             id: "accessor-count"),
        Case(name: "nodes: 7 expanded, limit 5", text: scene(##"<instance_node url="#c"/>"##, library: twoLevels),
             options: options { $0.maxNodes = 5 }, id: "node-limit"),
        Case(name: "depth: c > b > a is 4 deep below root, limit 3", text: scene(##"<instance_node url="#c"/>"##, library: twoLevels),
             options: options { $0.maxNodeDepth = 3 }, id: "node-depth"),
        Case(name: "instances: 4 expanded, limit 3", text: scene(##"<instance_node url="#c"/>"##, library: twoLevels),
             options: options { $0.maxInstances = 3 }, id: "instance-limit"),
        Case(name: "instanced vertices: 4 x 3, limit 10", text: scene(##"<instance_node url="#c"/>"##, library: twoLevels),
             options: options { $0.maxInstancedVertices = 10 }, id: "instance-limit"),
        Case(name: "instanced triangles: 4 x 1, limit 3", text: scene(##"<instance_node url="#c"/>"##, library: twoLevels),
             options: options { $0.maxInstancedTriangles = 3 }, id: "instance-limit"),
        Case(name: "library triangles: 1, limit 0", text: scene(geometryInstance),
             options: options { $0.maxTriangles = 0 }, id: "triangle-limit"),
        Case(name: "channel drives 4 copies, limit 3",
             text: scene(##"<instance_node url="#c"/>"##, library: twoLevels, animations: moveA),
             options: options { $0.maxChannelTargets = 3 }, id: "animation-limit"),
    ]

    @Test(arguments: cases)
    func limitIsEnforced(_ c: Case) {
        let ids = Self.errors(c.text, c.options)
        #expect(ids.contains(c.id), "\(c.name): expected \(c.id), got \(ids)")
    }

    @Test func longInstanceChainStopsAtTheDefaultDepth() {
        // n0 instances n1, n1 instances n2, ... 1,100 levels: refused at 1,000, not a stack overflow.
        let chain = (0..<1_100).map { ##"<node id="n\##($0)"><instance_node url="#n\##($0 + 1)"/></node>"## }.joined()
        let text = Self.scene(##"<instance_node url="#n0"/>"##, library: "<library_nodes>\(chain)<node id=\"n1100\"/></library_nodes>")
        #expect(Self.errors(text) == ["node-depth"])
    }

    @Test func defaultsLoadTheSameDocuments() throws {
        // The documents above are fine under the default limits: the limits, not the documents, fail them.
        let s = try loadText(Self.scene(##"<instance_node url="#c"/>"##, library: Self.twoLevels, animations: Self.moveA))
        #expect(s.nodes.count == 8)
        #expect(s.meshInstances.count == 4)
        #expect(s.channels.count == 1)
        if case .transform(let nodes, _, _) = s.channels[0].target { #expect(nodes.count == 4) } else {
            Issue.record("channel does not drive the copies of node a")
        }
    }

    /// A concave 8-corner "comb" outline in the z = 0 plane.
    static let combPolygon: String = {
        let pts: [(Float, Float)] = [(0, 0), (4, 0), (4, 2), (3, 2), (3, 1), (2, 1), (2, 2), (0, 2)]
        let array = pts.map { "\($0.0) \($0.1) 0" }.joined(separator: " ")
        return colladaDocument(geometry: """
            <geometry id="g"><mesh>
              <source id="pos"><float_array id="pos-a" count="24">\(array)</float_array>
                <technique_common><accessor source="#pos-a" count="8" stride="3">
                  <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
                </accessor></technique_common></source>
              <vertices id="v"><input semantic="POSITION" source="#pos"/></vertices>
              <polylist count="1"><input semantic="VERTEX" source="#v" offset="0"/><vcount>8</vcount><p>0 1 2 3 4 5 6 7</p></polylist>
            </mesh></geometry>
        """, extra: """
          <library_visual_scenes><visual_scene id="s"><node id="n"><instance_geometry url="#g"/></node></visual_scene></library_visual_scenes>
          <scene><instance_visual_scene url="#s"/></scene>
        """)
    }()

    @Test func triangulationBudgetFansWithAWarning() throws {
        var o = SceneResolver.Options()
        o.triangulationBudget = 1
        let s = try ColladaLoader.load(bytes: Array(Self.combPolygon.utf8), path: "comb.dae", options: o)
        #expect(s.diagnostics.contains { $0.id == "triangulation-budget" })
        #expect(s.triangleCount == 6)
        // With the default budget the same polygon is ear-clipped, silently.
        let full = try loadText(Self.combPolygon)
        #expect(full.triangleCount == 6)
        #expect(!full.diagnostics.contains { $0.id == "triangulation-budget" })
        // Ear clipping keeps every triangle inside the outline: no centroid in the notch at
        // x 2...3, y 1...2 (the budget's unchecked fan makes no such promise).
        func insideNotch(_ scene: Scene) -> Bool {
            let m = scene.meshes[0]
            let idx = m.parts[0].positionIndices
            return stride(from: 0, to: idx.count, by: 3).contains { k in
                let c = (m.positions[Int(idx[k])] + m.positions[Int(idx[k + 1])] + m.positions[Int(idx[k + 2])]) / 3
                return c.x > 2 && c.x < 3 && c.y > 1 && c.y < 2
            }
        }
        #expect(!insideNotch(full))
    }

    @Test func errorsPastTheDiagnosticLimitStillFailTheLoad() {
        // 1001 warnings fill the bag (990 kept: the last 10 places are for errors); the error
        // after them must still be reported and fail the load.
        let materials = String(repeating: ##"<material id="m"/>"##, count: 1001)
        let text = colladaDocument(geometry: triangleGeometry(p: "0 1 3"))
            .replacingOccurrences(of: "<library_geometries>", with: "<library_materials>\(materials)</library_materials><library_geometries>")
        do {
            _ = try loadText(text)
            Issue.record("a file with an error loaded because the error came after 1000 warnings")
        } catch let e as LoadError {
            #expect(e.diagnostics.count == 991)
            #expect(e.diagnostics.last?.id == "index-out-of-range")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: [
        ("elements", "<r>" + String(repeating: "<a/>", count: 11) + "</r>", "xml-too-many-elements"),
        ("attributes", "<r>" + String(repeating: #"<a x="1" y="2"/>"#, count: 6) + "</r>", "xml-too-many-attributes"),
    ])
    func xmlCountLimits(_ what: String, _ text: String, _ id: String) {
        var limits = XMLReader.Limits()
        limits.maxElements = 10
        limits.maxAttributes = 10
        #expect(throws: (any Error).self, "\(what)") { _ = try XMLReader.read(Array(text.utf8), path: "x.dae", limits: limits) }
        do {
            _ = try XMLReader.read(Array(text.utf8), path: "x.dae", limits: limits)
        } catch let e as LoadError {
            #expect(e.diagnostics.first?.id == id)
            #expect(e.diagnostics.first?.location.line == 1)
        } catch {
            Issue.record("unexpected \(error)")
        }
        // Under the defaults the same text parses.
        #expect((try? XMLReader.read(Array(text.utf8), path: "x.dae")) != nil)
    }

    @Test func jointIndexFindsFirstSIDInSubtree() {
        // 0 root
        //   1 a (sid j)
        //     2 b (sid k)
        //   3 c
        //     4 d (sid j)
        func node(_ sid: String?, _ parent: Int?) -> Node {
            Node(id: nil, sid: sid, name: nil, isJoint: true, parent: parent, transforms: [],
                 location: SourceLocation(path: "t", line: 1, column: 1))
        }
        let nodes = [node(nil, nil), node("j", 0), node("k", 1), node(nil, 0), node("j", 3)]
        let index = JointIndex(nodes)
        #expect(index.subtreeEnd == [5, 3, 3, 5, 5])
        #expect(index.firstSID("j", under: 0) == 1)
        #expect(index.firstSID("j", under: 3) == 4)
        #expect(index.firstSID("k", under: 3) == nil)
        #expect(index.firstSID("k", under: 1) == 2)
        #expect(index.firstSID("j") == 1)
        #expect(index.firstSID("x") == nil)
    }
}
