#!/usr/bin/env python3
"""Skins a USDZ's meshes with Pixar's UsdSkel (usd-core) and compares them with `assettool pose`;
also runs every UsdValidation validator on the stage.

Call:  usdz_pose_check.py FILE.usdz OURS.obj TIMECODE [--tol 0.002] [--index-tol 1e-5] [--figure MANNEQUIN.usdz]
       FILE.usdz  what `assettool convert` wrote; with --figure, an animation-only file of `export --layout shared`,
                  skinned on a stage whose root layer takes FILE's layer over MANNEQUIN's (sublayers, FILE
                  stronger), as an app plays one on the other: each file is validated alone, the stage is skinned.
       OURS.obj   `assettool pose BASE --rig RIG --time T --format obj` at the same moment: the stage's clock
                  is the COLLADA document's, so TIMECODE is T times timeCodesPerSecond.
Each skinned mesh is matched to the OBJ object of the same name (USD names: `.` written `_`). A USD
vertex is compared with the nearest OBJ vertex and every OBJ vertex with the nearest USD vertex; the
error is the RMS of those distances over the OBJ object's bounding-box diagonal. With --index-tol, USD point k
must also be OBJ vertex k (the COLLADA order kept, nothing reordered back) within that fraction of the diagonal.
Prints one JSON line; exit 0 when the stage validates and every mesh is within --tol, else 1.
"""
import json, os, sys
import numpy as np
from pxr import Sdf, Usd, UsdGeom, UsdSkel, UsdValidation
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pose_compare import arguments, compare, read_obj






def main():
    argv, figure = list(sys.argv[1:]), None
    if "--figure" in argv:
        i = argv.index("--figure")
        figure = argv[i + 1]
        del argv[i:i + 2]
    args, tol, itol = arguments(argv, index=True)
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    path, obj, time = args[0], args[1], float(args[2])
    registry = UsdValidation.ValidationRegistry()
    problems = []
    for f in [path] + ([figure] if figure else []):
        errors = UsdValidation.ValidationContext(registry.GetOrLoadAllValidators()).Validate(Usd.Stage.Open(f))
        problems += [f"{os.path.basename(f)}: {e.GetName()}: {e.GetMessage()}" for e in errors]
    stage = Usd.Stage.Open(path)
    if figure:
        motion = stage.GetRootLayer()
        root = Sdf.Layer.CreateAnonymous("composed.usda")
        root.subLayerPaths.append(path)
        root.subLayerPaths.append(figure)
        # The motion's clock (a sublayer's time codes are scaled by its timeCodesPerSecond over the root's).
        root.timeCodesPerSecond = motion.timeCodesPerSecond
        root.startTimeCode, root.endTimeCode = motion.startTimeCode, motion.endTimeCode
        root.defaultPrim = motion.defaultPrim
        stage = Usd.Stage.Open(root)
        # An app plays the motion's SkelAnimation on the mannequin's skeleton: their joints must be the same, in order.
        def joints(f):
            alone = Usd.Stage.Open(f)
            return [list(UsdSkel.Skeleton(p).GetJointsAttr().Get()) for p in alone.Traverse() if p.IsA(UsdSkel.Skeleton)]
        if joints(path) != joints(figure):
            problems.append("the motion's skeleton joints are not the mannequin's")
        UsdGeom.SetStageUpAxis(stage, UsdGeom.GetStageUpAxis(Usd.Stage.Open(path)))
        UsdGeom.SetStageMetersPerUnit(stage, UsdGeom.GetStageMetersPerUnit(Usd.Stage.Open(path)))
    if UsdGeom.GetStageUpAxis(stage) != "Y" or UsdGeom.GetStageMetersPerUnit(stage) != 1.0:
        problems.append("stage metadata: upAxis Y and metersPerUnit 1 expected")
    ours = read_obj(obj, sanitize=True)
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
                results.append(compare(name, p, ours[name], by_index=p if itol is not None else None))
    ok = not problems and results and all(r["nrms"] <= tol and (itol is None or r["index"] <= itol) for r in results)
    print(json.dumps({"file": path, "figure": figure, "timeCode": time, "meshes": results, "problems": problems, "ok": bool(ok)}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
