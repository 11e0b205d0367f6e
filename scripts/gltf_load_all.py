#!/usr/bin/env python3
"""Loads every .glb in FOLDER with pygltflib (an independent glTF 2.0 reader) and checks that its
binary chunk holds every buffer view. Prints a summary; exit 0 when all load."""
import pathlib, sys
import pygltflib

files = sorted(pathlib.Path(sys.argv[1]).glob("*.glb"))
bad = 0
for f in files:
    try:
        g = pygltflib.GLTF2().load(str(f))
        blob = g.binary_blob()
        if any(v.byteOffset + v.byteLength > len(blob) for v in g.bufferViews) or not g.skins or not g.animations:
            raise ValueError("a buffer view past the BIN chunk, or no skin or animation")
    except Exception as e:
        bad += 1
        print(f"{f.name}: {e}")
print(f"{len(files)} files, {len(files) - bad} load, {bad} do not")
sys.exit(0 if files and bad == 0 else 1)
