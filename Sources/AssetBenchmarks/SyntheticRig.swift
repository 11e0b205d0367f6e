import ColladaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Synthetic skinned, animated COLLADA documents for benchmarks and tests.
///
/// The document is ordinary COLLADA 1.4.1 text, so a benchmark built on it measures the real path:
/// load, evaluate every channel, build palettes, skin.
package enum SyntheticRig {
    /// A chain of `joints` joints along +Y, each with a baked 16-value matrix channel of `keys`
    /// samples (a bend about Z that varies over time), and a skinned mesh of `vertices` vertices with
    /// `influences` influences each (weights decreasing along the chain, summing to 1), spread on a
    /// cylinder around the chain, joined into `vertices / 3` triangles.
    ///
    /// - Returns: the document's UTF-8 bytes. Cost: O(vertices · influences + joints · keys).
    package static func document(vertices: Int, influences: Int = 4, joints: Int = 32, keys: Int = 30) -> [UInt8] {
        let nv = max(3, vertices), ni = max(1, min(influences, joints)), nj = max(1, joints), nk = max(2, keys)
        let length: Float = 2
        let step = length / Float(nj)
        var s = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        s += "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n"
        s += "<asset><unit name=\"meter\" meter=\"1\"/><up_axis>Y_UP</up_axis></asset>\n"
        // Geometry: points on a cylinder of radius 0.1 around the chain.
        s += "<library_geometries><geometry id=\"g\"><mesh>\n<source id=\"g-pos\"><float_array id=\"g-pos-a\" count=\"\(nv * 3)\">"
        var rng = SplitMix64(seed: 0xC0FFEE)
        var heights = [Float](repeating: 0, count: nv)
        for v in 0..<nv {
            let h = rng.unit() * length
            let a = rng.unit() * 2 * Float.pi
            heights[v] = h
            s += "\(0.1 * cosf(a)) \(h) \(0.1 * sinf(a)) "
        }
        s += "</float_array><technique_common><accessor source=\"#g-pos-a\" count=\"\(nv)\" stride=\"3\">"
        s += "<param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/></accessor></technique_common></source>\n"
        s += "<vertices id=\"g-v\"><input semantic=\"POSITION\" source=\"#g-pos\"/></vertices>\n"
        let tris = nv / 3
        s += "<triangles count=\"\(tris)\"><input semantic=\"VERTEX\" source=\"#g-v\" offset=\"0\"/><p>"
        for i in 0..<(tris * 3) { s += "\(i) " }
        s += "</p></triangles></mesh></geometry></library_geometries>\n"
        // Skin: joint names are sids; inverse bind = translation by minus the joint's rest height.
        s += "<library_controllers><controller id=\"skin\"><skin source=\"#g\">"
        s += "<bind_shape_matrix>1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</bind_shape_matrix>\n"
        s += "<source id=\"skin-j\"><Name_array id=\"skin-j-a\" count=\"\(nj)\">"
        for j in 0..<nj { s += "j\(j) " }
        s += "</Name_array><technique_common><accessor source=\"#skin-j-a\" count=\"\(nj)\"><param name=\"JOINT\" type=\"name\"/></accessor></technique_common></source>\n"
        s += "<source id=\"skin-ibm\"><float_array id=\"skin-ibm-a\" count=\"\(nj * 16)\">"
        for j in 0..<nj { s += "1 0 0 0 0 1 0 \(-Float(j) * step) 0 0 1 0 0 0 0 1 " }
        s += "</float_array><technique_common><accessor source=\"#skin-ibm-a\" count=\"\(nj)\" stride=\"16\"><param name=\"TRANSFORM\" type=\"float4x4\"/></accessor></technique_common></source>\n"
        s += "<source id=\"skin-w\"><float_array id=\"skin-w-a\" count=\"\(nv * ni)\">"
        var pairs = ""
        pairs.reserveCapacity(nv * ni * 8)
        for v in 0..<nv {
            let base = min(nj - ni, Int(heights[v] / step))
            var raw = [Float](repeating: 0, count: ni)
            for k in 0..<ni { raw[k] = 1 / Float(k + 1) }
            let sum = raw.reduce(0, +)
            for k in 0..<ni {
                s += "\(raw[k] / sum) "
                pairs += "\(base + k) \(v * ni + k) "
            }
        }
        s += "</float_array><technique_common><accessor source=\"#skin-w-a\" count=\"\(nv * ni)\"><param name=\"WEIGHT\" type=\"float\"/></accessor></technique_common></source>\n"
        s += "<joints><input semantic=\"JOINT\" source=\"#skin-j\"/><input semantic=\"INV_BIND_MATRIX\" source=\"#skin-ibm\"/></joints>\n"
        s += "<vertex_weights count=\"\(nv)\"><input semantic=\"JOINT\" source=\"#skin-j\" offset=\"0\"/><input semantic=\"WEIGHT\" source=\"#skin-w\" offset=\"1\"/><vcount>"
        s += String(repeating: "\(ni) ", count: nv)
        s += "</vcount><v>" + pairs + "</v></vertex_weights></skin></controller></library_controllers>\n"
        // Animation: one baked matrix channel per joint.
        s += "<library_animations><animation id=\"action_container-rig\">\n"
        for j in 0..<nj {
            s += "<animation id=\"a\(j)\"><source id=\"a\(j)-in\"><float_array id=\"a\(j)-in-a\" count=\"\(nk)\">"
            for k in 0..<nk { s += "\(Float(k) / 30) " }
            s += "</float_array><technique_common><accessor source=\"#a\(j)-in-a\" count=\"\(nk)\"><param name=\"TIME\" type=\"float\"/></accessor></technique_common></source>"
            s += "<source id=\"a\(j)-out\"><float_array id=\"a\(j)-out-a\" count=\"\(nk * 16)\">"
            for k in 0..<nk {
                let angle = 0.3 * sinf(2 * Float.pi * Float(k) / Float(nk - 1) + Float(j) * 0.2)
                let c = cosf(angle), sn = sinf(angle)
                let ty = j == 0 ? Float(0) : step
                s += "\(c) \(-sn) 0 0 \(sn) \(c) 0 \(ty) 0 0 1 0 0 0 0 1 "
            }
            s += "</float_array><technique_common><accessor source=\"#a\(j)-out-a\" count=\"\(nk)\" stride=\"16\"><param name=\"TRANSFORM\" type=\"float4x4\"/></accessor></technique_common></source>"
            s += "<source id=\"a\(j)-int\"><Name_array id=\"a\(j)-int-a\" count=\"\(nk)\">"
            s += String(repeating: "LINEAR ", count: nk)
            s += "</Name_array><technique_common><accessor source=\"#a\(j)-int-a\" count=\"\(nk)\"><param name=\"INTERPOLATION\" type=\"name\"/></accessor></technique_common></source>"
            s += "<sampler id=\"a\(j)-s\"><input semantic=\"INPUT\" source=\"#a\(j)-in\"/><input semantic=\"OUTPUT\" source=\"#a\(j)-out\"/><input semantic=\"INTERPOLATION\" source=\"#a\(j)-int\"/></sampler>"
            s += "<channel source=\"#a\(j)-s\" target=\"rig_j\(j)/transform\"/></animation>\n"
        }
        s += "</animation></library_animations>\n"
        // Visual scene: the chain under node `rig`, and the skinned node.
        s += "<library_visual_scenes><visual_scene id=\"scene\"><node id=\"rig\" name=\"rig\" type=\"NODE\">"
        for j in 0..<nj {
            let ty = j == 0 ? Float(0) : step
            s += "<node id=\"rig_j\(j)\" name=\"j\(j)\" sid=\"j\(j)\" type=\"JOINT\"><matrix sid=\"transform\">1 0 0 0 0 1 0 \(ty) 0 0 1 0 0 0 0 1</matrix>"
        }
        s += String(repeating: "</node>", count: nj)
        s += "<node id=\"body\" name=\"body\"><instance_controller url=\"#skin\"><skeleton>#rig_j0</skeleton></instance_controller></node>"
        s += "</node></visual_scene></library_visual_scenes>\n<scene><instance_visual_scene url=\"#scene\"/></scene>\n</COLLADA>\n"
        return Array(s.utf8)
    }
}
