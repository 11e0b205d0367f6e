#!/usr/bin/env python3
"""Skins a USDZ's meshes with Pixar's UsdSkel (usd-core) and compares them with `assettool pose`;
also runs every UsdValidation validator on the stage.

Call:  usdz_pose_check.py FILE.usdz OURS.obj TIMECODE [--tol 0.002]
       FILE.usdz  what `assettool convert` wrote.
       OURS.obj   `assettool pose BASE --rig RIG --time T --format obj` at the same moment (TIMECODE is
                  the key index: seconds from the animation's start times timeCodesPerSecond).
Each skinned mesh is matched to the OBJ object of the same name (USD names: `.` written `_`). A USD
vertex is compared with the nearest OBJ vertex and every OBJ vertex with the nearest USD vertex; the
error is the RMS of those distances over the OBJ object's bounding-box diagonal.
Prints one JSON line; exit 0 when the stage validates and every mesh is within --tol, else 1.
"""
import json, re, sys
import numpy as np
from pxr import Usd, UsdGeom, UsdSkel, UsdValidation, Gf


def read_obj(path):
    objects, name = {}, "default"
    for line in open(path):
        if line.startswith("o "):
            name = line[2:].strip()
            objects.setdefault(name, [])
        elif line.startswith("v "):
            objects.setdefault(name, []).append([float(v) for v in line.split()[1:4]])
    return {re.sub(r"[^A-Za-z0-9_]", "_", k): np.array(v) for k, v in objects.items() if v}


def nearest(a, b):
    out = np.empty(len(a))
    for s in range(0, len(a), 512):
        d = ((a[s:s + 512, None, :] - b[None, :, :]) ** 2).sum(-1)
        out[s:s + 512] = np.sqrt(d.min(1))
    return out


def main():
    args = sys.argv[1:]
    tol = 0.002
    if "--tol" in args:
        i = args.index("--tol")
        tol = float(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    path, obj, time = args[0], args[1], float(args[2])
    stage = Usd.Stage.Open(path)
    registry = UsdValidation.ValidationRegistry()
    errors = UsdValidation.ValidationContext(registry.GetOrLoadAllValidators()).Validate(stage)
    problems = [f"{e.GetName()}: {e.GetMessage()}" for e in errors]
    if UsdGeom.GetStageUpAxis(stage) != "Y" or UsdGeom.GetStageMetersPerUnit(stage) != 1.0:
        problems.append("stage metadata: upAxis Y and metersPerUnit 1 expected")
    ours = read_obj(obj)
    cache = UsdSkel.Cache()
    results = []
    for prim in stage.Traverse():
        if not prim.IsA(UsdSkel.Root):
            continue
        root = UsdSkel.Root(prim)
        cache.Populate(root, Usd.PrimDefaultPredicate)
        for binding in cache.ComputeSkelBindings(root, Usd.PrimDefaultPredicate):
            skel_query = cache.GetSkelQuery(binding.GetSkeleton())
            xforms = skel_query.ComputeSkinningTransforms(time)
            skel_to_world = np.array(skel_query.GetSkeleton().ComputeLocalToWorldTransform(time)).T
            for target in binding.GetSkinningTargets():
                mesh = UsdGeom.Mesh(target.GetPrim())
                points = mesh.GetPointsAttr().Get(time)
                if not target.ComputeSkinnedPoints(xforms, points, time):
                    problems.append(f"UsdSkel could not skin {target.GetPrim().GetPath()}")
                    continue
                p = np.array(points, dtype=np.float64)
                p = (np.c_[p, np.ones(len(p))] @ skel_to_world.T)[:, :3]
                name = target.GetPrim().GetName()
                if name not in ours:
                    problems.append(f"no object '{name}' in {obj}")
                    continue
                ref = ours[name]
                diag = float(np.linalg.norm(ref.max(0) - ref.min(0)))
                d = np.concatenate([nearest(p, ref), nearest(ref, p)])
                results.append({"mesh": name, "vertices": len(p), "reference": len(ref),
                                "nrms": float(np.sqrt((d ** 2).mean()) / diag), "max": float(d.max() / diag)})
    ok = not problems and results and all(r["nrms"] <= tol for r in results)
    print(json.dumps({"file": path, "timeCode": time, "meshes": results, "problems": problems, "ok": bool(ok)}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
