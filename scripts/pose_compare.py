"""What glb_pose_check.py and usdz_pose_check.py share: reading `assettool pose --format obj` and
comparing two vertex clouds that hold the same points in another order or with repeats."""
import re
import numpy as np


def read_obj(path, sanitize=False):
    """-> {object name: (N, 3) array}, vertices in file order; with `sanitize`, names as USD writes them."""
    objects, name = {}, "default"
    for line in open(path):
        if line.startswith("o "):
            name = line[2:].strip()
            objects.setdefault(name, [])
        elif line.startswith("v "):
            objects.setdefault(name, []).append([float(v) for v in line.split()[1:4]])
    key = (lambda k: re.sub(r"[^A-Za-z0-9_]", "_", k)) if sanitize else (lambda k: k)
    return {key(k): np.array(v) for k, v in objects.items() if v}


def nearest(a, b):
    """Distance from each row of a to its nearest row of b."""
    out = np.empty(len(a))
    for s in range(0, len(a), 512):
        d = ((a[s:s + 512, None, :] - b[None, :, :]) ** 2).sum(-1)
        out[s:s + 512] = np.sqrt(d.min(1))
    return out


def compare(name, points, ref, by_index=None):
    """Symmetric nearest-vertex RMS and max over the reference's bounding-box diagonal; with `by_index` (the
    exported vertices in their stored order), also the largest distance from exported vertex k to reference
    vertex k over that diagonal ("index", inf when there are fewer exported vertices than reference ones)."""
    diag = float(np.linalg.norm(ref.max(0) - ref.min(0)))
    d = np.concatenate([nearest(points, ref), nearest(ref, points)])
    out = {"mesh": name, "vertices": len(points), "reference": len(ref),
           "nrms": float(np.sqrt((d ** 2).mean()) / diag), "max": float(d.max() / diag)}
    if by_index is not None:
        n = len(ref)
        out["index"] = float(np.linalg.norm(by_index[:n] - ref, axis=1).max() / diag) if len(by_index) >= n else float("inf")
    return out


def arguments(argv, index=False):
    """(positional arguments, the --tol value, default 0.002); with `index`, also the --index-tol value (None
    when not given: the by-index comparison is then not asked for)."""
    args, tol, itol = list(argv), 0.002, None
    if "--tol" in args:
        i = args.index("--tol")
        tol = float(args[i + 1])
        del args[i:i + 2]
    if "--index-tol" in args:
        i = args.index("--index-tol")
        itol = float(args[i + 1])
        del args[i:i + 2]
    return (args, tol, itol) if index else (args, tol)
