#!/usr/bin/env python3
"""Decodes an animated PNG frame by frame with Pillow (an independent reader) and prints, as JSON: the frame
count, the loop count, each frame's duration (ms), the canvas size, and each composited frame's SHA-256 over its
RGBA bytes (and, with --rgba DIR, writes frame k's RGBA bytes to DIR/k.rgba).

Usage: apng_frames.py FILE.png [--rgba DIR]
"""
import hashlib
import json
import os
import sys

from PIL import Image


def main():
    path = sys.argv[1]
    rgba_dir = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--rgba" else None
    im = Image.open(path)
    out = {
        "format": im.format,
        "animated": bool(getattr(im, "is_animated", False)),
        "frames": getattr(im, "n_frames", 1),
        "loop": im.info.get("loop"),
        "size": list(im.size),
        "durations": [],
        "sha256": [],
    }
    for k in range(out["frames"]):
        im.seek(k)
        out["durations"].append(im.info.get("duration"))
        data = im.convert("RGBA").tobytes()
        out["sha256"].append(hashlib.sha256(data).hexdigest())
        if rgba_dir:
            with open(os.path.join(rgba_dir, "%d.rgba" % k), "wb") as f:
                f.write(data)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
