#!/usr/bin/env python3
"""What players need of `assettool convert`'s GLB and USDZ beyond a right pose, read with pygltflib and usd-core.

Call:  player_check.py FILE.glb FILE.usdz START END [--only bounds,names,joints,clock]
       START, END  the COLLADA document's first and last key time in seconds (`assettool info --json`).
Checks (each a group, all by default):
  bounds  USD: every skinned mesh's `extent` holds the mesh as UsdSkel poses it at every time sample, in the
          stage's Y-up frame (within 1e-5 of the figure's size), no face more than 10% of that size beyond it. GLB: POSITION
          min/max are those of the stored positions, and the bounding sphere three.js r111 computes from them
          (centre: the box's centre, radius: the farthest stored vertex), in the skinned mesh node's frame,
          holds the posed figure at every key (glTF skinning, as glb_pose_check.py does it).
  names   GLB: node names unique, every node holds a mesh or camera, is a skin joint, or has children.
          USD: prim names unique under their parent and not numbered copies (`_2`) of a sibling.
  joints  one joint name everywhere: a GLB skin's joint node names, the USD skeleton's joint path leaves,
          and three.js's PropertyBinding.sanitizeNodeName of them are equal, in [A-Za-z0-9_], unique.
  clock   GLB key times start at START and end at END (document seconds, not shifted to 0); USD
          startTimeCode / timeCodesPerSecond == START, endTimeCode / timeCodesPerSecond == END, and every
          time sample / timeCodesPerSecond lies in [START, END].
Prints one JSON line; exit 0 when every check passes, else 1.
"""
import json, os, re, sys
import numpy as np
import pygltflib
from pxr import Usd, UsdGeom, UsdSkel
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from glb_pose_check import accessor, quat_matrix, sample


def three_sanitize(name):
    # three.js r111 PropertyBinding.sanitizeNodeName: spaces -> '_', then the reserved characters [].:/ removed.
    return re.sub(r"[\[\]\.:\/]", "", re.sub(r"\s", "_", name))


def glb_worlds(g, blob, t):
    trs = {i: [np.array(n.translation or [0, 0, 0], float), np.array(n.rotation or [0, 0, 0, 1], float),
               np.array(n.scale or [1, 1, 1], float)] for i, n in enumerate(g.nodes)}
    for anim in g.animations[:1]:
        for ch in anim.channels:
            s = anim.samplers[ch.sampler]
            times = accessor(g, blob, s.input)[:, 0]
            slot = {"translation": 0, "rotation": 1, "scale": 2}[ch.target.path]
            trs[ch.target.node][slot] = sample(times, accessor(g, blob, s.output), t, ch.target.path)
    parent = {c: i for i, n in enumerate(g.nodes) for c in (n.children or [])}
    local = {}
    for i, (tr, q, sc) in trs.items():
        m = np.eye(4)
        m[:3, :3] = quat_matrix(q) * sc
        m[:3, 3] = tr
        local[i] = m
    world = {}

    def of(i):
        if i not in world:
            world[i] = of(parent[i]) @ local[i] if i in parent else local[i]
        return world[i]
    return [of(i) for i in range(len(g.nodes))]


def main():
    args = sys.argv[1:]
    only = {"bounds", "names", "joints", "clock"}
    if "--only" in args:
        i = args.index("--only")
        only = set(args[i + 1].split(","))
        del args[i:i + 2]
    if len(args) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    glb, usdz, start, end = args[0], args[1], float(args[2]), float(args[3])
    g = pygltflib.GLTF2().load(glb)
    blob = g.binary_blob()
    stage = Usd.Stage.Open(usdz)
    problems, figures = [], {}
    key_times = accessor(g, blob, g.animations[0].samplers[0].input)[:, 0] if g.animations else np.array([start])

    if "bounds" in only:
        for i, n in enumerate(g.nodes):
            if n.mesh is None or n.skin is None:
                continue
            skin = g.skins[n.skin]
            ibm = accessor(g, blob, skin.inverseBindMatrices).reshape(-1, 4, 4).transpose(0, 2, 1)
            p = g.meshes[n.mesh].primitives[0]
            pos = accessor(g, blob, p.attributes.POSITION)
            acc = g.accessors[p.attributes.POSITION]
            if not (np.allclose(pos.min(0), acc.min, atol=0) and np.allclose(pos.max(0), acc.max, atol=0)):
                problems.append(f"GLB {n.name}: POSITION min/max are not those of the stored positions")
            lo, hi = pos.min(0), pos.max(0)
            centre = (lo + hi) / 2
            radius = np.sqrt(((pos - centre) ** 2).sum(1).max())
            joints = accessor(g, blob, p.attributes.JOINTS_0).astype(int)
            weights = accessor(g, blob, p.attributes.WEIGHTS_0)
            # the vertices triangles use (three.js draws only those; any other is there for the bounds alone)
            used = np.unique(np.concatenate([accessor(g, blob, q.indices)[:, 0].astype(int) for q in g.meshes[n.mesh].primitives]))
            h = np.c_[pos, np.ones(len(pos))][used]
            joints, weights = joints[used], weights[used]
            worst = 0.0
            for t in key_times:
                w = glb_worlds(g, blob, float(t))
                palette = np.array([w[j] @ ibm[k] for k, j in enumerate(skin.joints)])
                posed = sum(weights[:, k:k + 1] * np.einsum("nij,nj->ni", palette[joints[:, k]], h) for k in range(4))[:, :3]
                local = (np.c_[posed, np.ones(len(posed))] @ np.linalg.inv(w[i]).T)[:, :3]
                worst = max(worst, float(np.sqrt(((local - centre) ** 2).sum(1)).max() - radius))
            figures[f"glb:{n.name}"] = {"sphereRadius": float(radius), "worstOutside": worst}
            if worst > 1e-5 * float(np.linalg.norm(hi - lo)):
                problems.append(f"GLB {n.name}: the posed figure leaves the stored bounding sphere by {worst:.4f} m")
        cache = UsdSkel.Cache()
        for prim in stage.Traverse():
            if not prim.IsA(UsdSkel.Root):
                continue
            root = UsdSkel.Root(prim)
            cache.Populate(root, Usd.PrimDefaultPredicate)
            for binding in cache.ComputeSkelBindings(root, Usd.PrimDefaultPredicate):
                query = cache.GetSkelQuery(binding.GetSkeleton())
                anim = query.GetAnimQuery()
                times = sorted(set(anim.GetJointTransformTimeSamples())) if anim else [Usd.TimeCode.Default()]
                for target in binding.GetSkinningTargets():
                    mesh = UsdGeom.Mesh(target.GetPrim())
                    extent = np.array(mesh.GetExtentAttr().Get(), float)
                    lo, hi = np.full(3, np.inf), np.full(3, -np.inf)
                    for t in times:
                        points = mesh.GetPointsAttr().Get(t)
                        target.ComputeSkinnedPoints(query.ComputeSkinningTransforms(t), points, t)
                        p = np.array(points, float)
                        p = (np.c_[p, np.ones(len(p))] @ np.array(query.GetSkeleton().ComputeLocalToWorldTransform(t)))[:, :3]
                        lo, hi = np.minimum(lo, p.min(0)), np.maximum(hi, p.max(0))
                    size = float(np.linalg.norm(hi - lo))
                    outside = float(max((extent[0] - lo).max(), (hi - extent[1]).max()))
                    loose = float(max((lo - extent[0]).max(), (extent[1] - hi).max()))
                    figures[f"usd:{prim.GetPath()}"] = {"extent": extent.tolist(), "posed": [lo.tolist(), hi.tolist()],
                                                        "outside": outside, "loose": loose}
                    if outside > 1e-5 * size or loose > 0.1 * size:
                        problems.append(f"USD {target.GetPrim().GetPath()}: extent {extent.tolist()} is not the posed box "
                                        f"{[lo.tolist(), hi.tolist()]} over {len(times)} samples")

    if "names" in only:
        names = [n.name for n in g.nodes]
        doubled = sorted({x for x in names if names.count(x) > 1})
        if doubled:
            problems.append(f"GLB node names used twice: {doubled}")
        joints = {j for s in g.skins for j in s.joints}
        for i, n in enumerate(g.nodes):
            if n.mesh is None and n.camera is None and not n.children and i not in joints:
                problems.append(f"GLB node {i} '{n.name}' is empty")
        for prim in stage.Traverse():
            kids = [c.GetName() for c in prim.GetChildren()]
            for k in kids:
                m = re.fullmatch(r"(.*)_[0-9]+", k)
                if m and m.group(1) in kids:
                    problems.append(f"USD prim {prim.GetPath()}/{k} is a numbered copy of a sibling's name")

    if "joints" in only:
        glb_joints = [g.nodes[j].name for s in g.skins for j in s.joints]
        usd_joints = []
        for prim in stage.Traverse():
            if prim.IsA(UsdSkel.Skeleton):
                usd_joints += [str(t).split("/")[-1] for t in UsdSkel.Skeleton(prim).GetJointsAttr().Get()]
        for name in glb_joints:
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or three_sanitize(name) != name:
                problems.append(f"GLB joint '{name}' changes when three.js loads it (or is outside [A-Za-z0-9_])")
        if len(set(glb_joints)) != len(glb_joints):
            problems.append("GLB joint names not unique")
        missing = sorted(set(glb_joints) - set(usd_joints))
        if missing:
            problems.append(f"GLB joints not named so in USD: {missing[:5]}")

    if "clock" in only:
        figures["glbKeys"] = [float(key_times[0]), float(key_times[-1]), len(key_times)]
        if abs(key_times[0] - start) > 1e-6 or abs(key_times[-1] - end) > 1e-6:
            problems.append(f"GLB key times run {key_times[0]}..{key_times[-1]}, the document's {start}..{end}")
        tcps = stage.GetTimeCodesPerSecond()
        s, e = stage.GetStartTimeCode() / tcps, stage.GetEndTimeCode() / tcps
        figures["usdClock"] = [stage.GetStartTimeCode(), stage.GetEndTimeCode(), tcps]
        if abs(s - start) > 1e-5 or abs(e - end) > 1e-5:
            problems.append(f"USD start/end time codes are {s}..{e} s, the document's {start}..{end}")
        for prim in stage.Traverse():
            if prim.IsA(UsdSkel.Animation):
                ts = UsdSkel.Animation(prim).GetRotationsAttr().GetTimeSamples()
                if ts and (ts[0] / tcps < start - 1e-5 or ts[-1] / tcps > end + 1e-5):
                    problems.append(f"USD samples {ts[0]}..{ts[-1]} lie outside the document's clock")
    ok = not problems
    print(json.dumps({"glb": glb, "usdz": usdz, "figures": figures, "problems": problems, "ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
