# Blender's own COLLADA -> glTF conversion, for the side-by-side figures of `export` (README): imports the base model
# and a rig (COLLADA), gives the base armature the rig's action (F-curves by bone name), keeps the rig's camera,
# exports one GLB with Blender's glTF exporter, and prints what it took and what the GLB holds.
# Call: blender -b --factory-startup --python scripts/blender_collada_to_gltf.py -- BASE.dae RIG.dae OUT.glb
import json, sys, time
import bpy

argv = sys.argv[sys.argv.index("--") + 1:]
base, rig, out = argv
bpy.ops.wm.read_factory_settings(use_empty=True)
t0 = time.perf_counter()
bpy.ops.wm.collada_import(filepath=base)
base_objects = set(bpy.context.scene.objects)
bpy.ops.wm.collada_import(filepath=rig)
t1 = time.perf_counter()
rig_objects = set(bpy.context.scene.objects) - base_objects
armature = next(o for o in base_objects if o.type == "ARMATURE")
rig_armature = next((o for o in rig_objects if o.type == "ARMATURE" and o.animation_data and o.animation_data.action), None)
action = rig_armature.animation_data.action if rig_armature else None
if action:
    armature.animation_data_create().action = action
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = (int(action.frame_range[0]), int(action.frame_range[1]))
for o in list(rig_objects):
    if o.type == "ARMATURE" or o.type == "EMPTY" and not o.children:
        bpy.data.objects.remove(o, do_unlink=True)
for o in list(base_objects):
    if o.type in ("CAMERA", "LIGHT"):
        bpy.data.objects.remove(o, do_unlink=True)
t2 = time.perf_counter()
bpy.ops.export_scene.gltf(filepath=out, export_format="GLB", export_animations=True)
t3 = time.perf_counter()
print("CONVERT_JSON " + json.dumps({"import_s": round(t1 - t0, 3), "rebind_s": round(t2 - t1, 3), "export_s": round(t3 - t2, 3),
                                    "action": action.name if action else None,
                                    "frames": list(action.frame_range) if action else None,
                                    "objects": sorted(o.name for o in bpy.context.scene.objects)}))
