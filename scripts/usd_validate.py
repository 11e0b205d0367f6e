#!/usr/bin/env python3
"""Opens every .usdz in FOLDER with Pixar's usd-core and runs every UsdValidation validator on it, and checks
that its first entry (the root layer) is a binary crate (.usdc, its `PXR-USDC` magic).
Prints one line per file with problems and a summary; exit 0 when all open and validate clean.
With --usda, a text root layer (.usda) is expected instead."""
import pathlib, sys, zipfile
from pxr import Usd, UsdGeom, UsdValidation

text = "--usda" in sys.argv[2:]
files = sorted(pathlib.Path(sys.argv[1]).glob("*.usdz"))
context = UsdValidation.ValidationContext(UsdValidation.ValidationRegistry().GetOrLoadAllValidators())
bad = 0
for f in files:
    try:
        stage = Usd.Stage.Open(str(f))
    except Exception as e:
        print(f"{f.name}: does not open: {e}")
        bad += 1
        continue
    problems = [f"{e.GetName()}: {e.GetMessage()}" for e in context.Validate(stage)]
    with zipfile.ZipFile(f) as z:
        first = z.infolist()[0]
        head = z.read(first)[:8]
    if not text and not (first.filename.endswith(".usdc") and head == b"PXR-USDC"):
        problems.append(f"the first entry is {first.filename}, not a binary crate (.usdc)")
    if text and not first.filename.endswith(".usda"):
        problems.append(f"the first entry is {first.filename}, not a text layer (.usda)")
    if UsdGeom.GetStageUpAxis(stage) != "Y" or UsdGeom.GetStageMetersPerUnit(stage) != 1.0 or not stage.GetDefaultPrim():
        problems.append("stage metadata (upAxis Y, metersPerUnit 1, defaultPrim)")
    if problems:
        bad += 1
        print(f"{f.name}: " + "; ".join(problems[:5]))
print(f"{len(files)} files, {len(files) - bad} open and validate clean, {bad} with problems")
sys.exit(0 if files and bad == 0 else 1)
