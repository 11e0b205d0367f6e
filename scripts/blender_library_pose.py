# Blender's glTF importer as a client of `assettool export --library`: imports LIBRARY.glb once, and for each clip
# asked for plays that clip alone (the importer keeps every glTF animation as an NLA track named by it: the clip's
# action on each object that has one; every pose bone first back at its rest, as a player returns what a stopped clip
# drove, since a clip drives only what differs from the rest) and writes the skinned meshes' world-space
# vertices at the clip's times (converted back to glTF's Y up) to OUTDIR/<clip>.npz, in the layout
# ../shared/bench/compare_pose.py reads (meta JSON with times and object_keys, verts_<object>_<k>).
# Call: blender -b --factory-startup --python scripts/blender_library_pose.py -- LIBRARY.glb OUTDIR CLIP=T[,T...] ...
import json, os, sys
import bpy
import numpy as np

np.bool = bool  # Blender 3.4's glTF importer uses the alias numpy removed

argv = sys.argv[sys.argv.index("--") + 1:]
library, outdir, asks = argv[0], argv[1], argv[2:]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=library)
scene = bpy.context.scene
fps = scene.render.fps / scene.render.fps_base
animated = [o for o in scene.objects if o.animation_data is not None]
skinned = [o for o in scene.objects if o.type == "MESH" and any(m.type == "ARMATURE" for m in o.modifiers)]
problems = []
for ask in asks:
    clip, times = ask.split("=", 1)
    times = [float(t) for t in times.split(",")]
    found = False
    for o in scene.objects:
        if o.type == "ARMATURE":
            for b in o.pose.bones:
                b.location, b.rotation_quaternion, b.scale = (0, 0, 0), (1, 0, 0, 0), (1, 1, 1)
    for o in animated:
        data = o.animation_data
        track = next((t for t in data.nla_tracks if t.name == clip), None)
        for t in data.nla_tracks:
            t.mute = True
        data.action = track.strips[0].action if track is not None and track.strips else None
        found = found or track is not None
    if not found:
        problems.append(f"no NLA track named {clip}")
        continue
    arrays = {}
    for k, t in enumerate(times):
        f = t * fps
        scene.frame_set(int(np.floor(f)), subframe=float(f - np.floor(f)))
        depsgraph = bpy.context.evaluated_depsgraph_get()
        for o in skinned:
            e = o.evaluated_get(depsgraph)
            mesh = e.to_mesh()
            v = np.array([(e.matrix_world @ p.co)[:] for p in mesh.vertices], np.float32)
            arrays[f"verts_{o.name}_{k}"] = v[:, [0, 2, 1]] * np.array([1, 1, -1], np.float32)  # Z up -> Y up
            e.to_mesh_clear()
    meta = {"times": times, "objects": [o.name for o in skinned], "object_keys": [o.name for o in skinned], "fps": fps, "clip": clip}
    np.savez(os.path.join(outdir, clip + ".npz"), meta=json.dumps(meta), **arrays)
print("PROBLEMS" if problems else "DONE", json.dumps(problems))
sys.exit(1 if problems else 0)
