#!/usr/bin/env python3
"""Poses a GLB's skinned meshes the way glTF 2.0 defines skinning, with pygltflib and numpy (an
independent reader of what `assettool convert` writes), and compares them with `assettool pose`.

Call:  glb_pose_check.py FILE.glb OURS.obj TIME [--tol 0.002] [--index-tol 1e-5] [--clip NAME]
       FILE.glb   the converted asset; its first animation (with --clip, the animation named NAME: the library
                  GLB's clip of that progression id, every node it does not drive at its rest) is evaluated at TIME
                  (seconds on the COLLADA document's clock, as the GLB's key times are; linear translation and
                  scale, slerp rotation between keys).
       OURS.obj   `assettool pose BASE --rig RIG --time T --format obj`: the same moment posed by
                  ColladaKit, one `o NAME` object per mesh instance, vertices in COLLADA order.
Each skinned mesh NAME of the GLB is matched to object NAME of the OBJ (OBJ names as the export writes them:
every character outside [A-Za-z0-9_] as `_`). Each GLB vertex a triangle uses is compared with the nearest OBJ
vertex and every OBJ vertex with the nearest GLB vertex; the error is the RMS of those distances over the OBJ
object's bounding-box diagonal. With --index-tol, GLB vertex k must also be OBJ vertex k (the COLLADA order
kept, nothing reordered back) within that fraction of the diagonal.
       glb_pose_check.py LIBRARY.glb --clips-against DIR [--index-tol 1e-5]
       every clip of `export --library`'s GLB against DIR/<clip>.glb (the progression's own GLB from the same
       export): skinned alike at the first, middle and last key, vertex k within --index-tol of the figure's size;
       the bounding sphere three.js computes from the stored positions holds the figure posed by every clip.
Prints one JSON line; exit 0 when every mesh is within --tol, 1 when not, 2 on bad input.
Also checks: unit quaternions, strictly increasing key times, weights summing to 1, POSITION min/max.
"""
import json, os, sys
import numpy as np
import pygltflib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pose_compare import arguments, compare, read_obj


def accessor(g, blob, index):
    a = g.accessors[index]
    view = g.bufferViews[a.bufferView]
    width = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}[a.type]
    dtype = {5126: np.float32, 5121: np.uint8, 5123: np.uint16, 5125: np.uint32}[a.componentType]
    offset = (view.byteOffset or 0) + (a.byteOffset or 0)
    return np.frombuffer(blob, dtype=dtype, count=a.count * width, offset=offset).reshape(a.count, width).astype(np.float64)


def quat_matrix(q):
    x, y, z, w = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def slerp(a, b, t):
    d = float(np.dot(a, b))
    if d < 0:
        b, d = -b, -d
    if d > 0.9995:
        q = a + (b - a) * t
    else:
        th = np.arccos(d)
        q = (np.sin((1 - t) * th) * a + np.sin(t * th) * b) / np.sin(th)
    return q / np.linalg.norm(q)


def sample(times, values, t, path):
    if t <= times[0]:
        return values[0]
    if t >= times[-1]:
        return values[-1]
    k = int(np.searchsorted(times, t, side="right")) - 1
    f = (t - times[k]) / (times[k + 1] - times[k])
    if path == "rotation":
        return slerp(values[k], values[k + 1], f)
    return values[k] + (values[k + 1] - values[k]) * f






def skinned(g, blob, t, clip=None, problems=None):
    """-> [(node name, posed vertices a triangle uses, every posed vertex in stored order)] for each skinned mesh node of
    the GLB at time t of its first animation (with `clip`, the animation of that name; nodes it does not drive keep
    their rest). Appends what is wrong (key times, unit rotations, weights, POSITION min/max) to `problems`."""
    problems = [] if problems is None else problems
    trs = {i: [np.array(n.translation or [0, 0, 0], float), np.array(n.rotation or [0, 0, 0, 1], float),
               np.array(n.scale or [1, 1, 1], float)] for i, n in enumerate(g.nodes)}
    chosen = [a for a in g.animations if clip is None or a.name == clip][:1]
    if clip is not None and not chosen:
        problems.append(f"no animation named '{clip}'")
    for anim in chosen:
        for ch in anim.channels:
            s = anim.samplers[ch.sampler]
            times = accessor(g, blob, s.input)[:, 0]
            if not np.all(np.diff(times) > 0):
                problems.append("key times not strictly increasing")
            values = accessor(g, blob, s.output)
            if ch.target.path == "rotation" and np.abs(np.linalg.norm(values, axis=1) - 1).max() > 1e-4:
                problems.append("rotation not unit")
            slot = {"translation": 0, "rotation": 1, "scale": 2}[ch.target.path]
            trs[ch.target.node][slot] = sample(times, values, t, ch.target.path)
    parent = {}
    for i, n in enumerate(g.nodes):
        for c in n.children or []:
            parent[c] = i
    local = {}
    for i, (tr, q, sc) in trs.items():
        m = np.eye(4)
        m[:3, :3] = quat_matrix(q) * sc
        m[:3, 3] = tr
        local[i] = m
    world = {}

    def world_of(i):
        if i not in world:
            world[i] = world_of(parent[i]) @ local[i] if i in parent else local[i]
        return world[i]

    out = []
    for i, n in enumerate(g.nodes):
        if n.mesh is None or n.skin is None:
            continue
        skin = g.skins[n.skin]
        ibm = accessor(g, blob, skin.inverseBindMatrices).reshape(-1, 4, 4).transpose(0, 2, 1)  # column-major
        palette = np.array([world_of(j) @ ibm[k] for k, j in enumerate(skin.joints)])
        points, stored = [], None
        for p in g.meshes[n.mesh].primitives:
            pos = accessor(g, blob, p.attributes.POSITION)
            acc = g.accessors[p.attributes.POSITION]
            if not (np.allclose(pos.min(0), acc.min, atol=1e-6) and np.allclose(pos.max(0), acc.max, atol=1e-6)):
                problems.append("POSITION min/max do not match the data")
            joints = accessor(g, blob, p.attributes.JOINTS_0).astype(int)
            weights = accessor(g, blob, p.attributes.WEIGHTS_0)
            if np.abs(weights.sum(1) - 1).max() > 1e-3:
                problems.append("weights do not sum to 1")
            h = np.c_[pos, np.ones(len(pos))]
            posed = np.zeros((len(pos), 4))
            for k in range(4):
                posed += weights[:, k:k + 1] * np.einsum("nij,nj->ni", palette[joints[:, k]], h)
            used = np.unique(accessor(g, blob, p.indices)[:, 0].astype(int))
            points.append(posed[used, :3])
            if stored is None:
                stored = posed[:, :3]
        out.append((n.name, np.concatenate(points), stored))
    return out


def clips_against(library, folder, itol):
    """Every clip of the library GLB against the progression's own GLB (FOLDER/<clip>.glb, which the OBJ mode holds to
    `assettool pose`): both skinned by glTF's rules at the clip's first, middle and last key time, vertex k against
    vertex k, within `itol` of the figure's size; the clip's key times must be the progression GLB's."""
    g = pygltflib.GLTF2().load(library)
    blob = g.binary_blob()
    problems, worst, clips = [], 0.0, 0
    # three.js r111 culls a skinned mesh by the sphere of its stored positions (centre: their box's centre, radius: the
    # farthest one): it must hold the figure posed by every clip (the skinned mesh node is a root, without transform).
    spheres = {}
    for n in g.nodes:
        if n.mesh is not None and n.skin is not None:
            pos = accessor(g, blob, g.meshes[n.mesh].primitives[0].attributes.POSITION)
            centre = (pos.min(0) + pos.max(0)) / 2
            spheres[n.name] = (centre, float(np.linalg.norm(pos - centre, axis=1).max()))
    for anim in g.animations:
        own_path = os.path.join(folder, anim.name + ".glb")
        if not os.path.exists(own_path):
            problems.append(f"{anim.name}: no {own_path}")
            continue
        own = pygltflib.GLTF2().load(own_path)
        own_blob = own.binary_blob()
        own_times = accessor(own, own_blob, own.animations[0].samplers[0].input)[:, 0]
        times = np.unique(np.concatenate([accessor(g, blob, s.input)[:, 0] for s in anim.samplers]))
        if abs(times[0] - own_times[0]) > 1e-6 or abs(times[-1] - own_times[-1]) > 1e-6:
            problems.append(f"{anim.name}: key times {times[0]}..{times[-1]}, its own GLB's {own_times[0]}..{own_times[-1]}")
        clips += 1
        for t in [own_times[0], own_times[len(own_times) // 2], own_times[-1]]:
            # The vertices triangles use, in index order (the two padding corners, unused, may differ).
            mine = {name: points for name, points, _ in skinned(g, blob, t, anim.name, problems)}
            for name, points in mine.items():
                centre, radius = spheres[name]
                if np.linalg.norm(points - centre, axis=1).max() > radius * (1 + 1e-6):
                    problems.append(f"{anim.name} at {t}: '{name}' leaves the bounding sphere three.js culls by")
            for name, points, _ in skinned(own, own_blob, t, None, problems):
                if name not in mine or len(mine[name]) != len(points):
                    problems.append(f"{anim.name}: no skinned mesh '{name}' of {len(points)} vertices in the library")
                    continue
                diag = float(np.linalg.norm(points.max(0) - points.min(0)))
                worst = max(worst, float(np.linalg.norm(mine[name] - points, axis=1).max() / diag))
    ok = not problems and clips > 0 and worst <= itol
    print(json.dumps({"file": library, "clips": clips, "index": worst, "problems": sorted(set(problems))[:20], "ok": bool(ok)}))
    return 0 if ok else 1


def main():
    argv, clip, against = list(sys.argv[1:]), None, None
    for flag in ["--clip", "--clips-against"]:
        if flag in argv:
            i = argv.index(flag)
            if flag == "--clip":
                clip = argv[i + 1]
            else:
                against = argv[i + 1]
            del argv[i:i + 2]
    args, tol, itol = arguments(argv, index=True)
    if against is not None and len(args) == 1:
        return clips_against(args[0], against, itol if itol is not None else 1e-5)
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    glb, obj, t = args[0], args[1], float(args[2])
    g = pygltflib.GLTF2().load(glb)
    blob = g.binary_blob()
    problems = []
    ours = read_obj(obj, sanitize=True)
    results = []
    for name, points, stored in skinned(g, blob, t, clip, problems):
        if name not in ours:
            problems.append(f"no object '{name}' in {obj}")
            continue
        results.append(compare(name, points, ours[name], by_index=stored if itol is not None else None))
    ok = not problems and results and all(r["nrms"] <= tol and (itol is None or r["index"] <= itol) for r in results)
    print(json.dumps({"file": glb, "clip": clip, "time": t, "meshes": results, "problems": sorted(set(problems)), "ok": bool(ok)}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
