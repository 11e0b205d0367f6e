#!/usr/bin/env python3
"""Opens every .usdz in FOLDER with Pixar's usd-core and runs every UsdValidation validator on it.
Prints one line per file with problems and a summary; exit 0 when all open and validate clean."""
import pathlib, sys
from pxr import Usd, UsdGeom, UsdValidation

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
    if UsdGeom.GetStageUpAxis(stage) != "Y" or UsdGeom.GetStageMetersPerUnit(stage) != 1.0 or not stage.GetDefaultPrim():
        problems.append("stage metadata (upAxis Y, metersPerUnit 1, defaultPrim)")
    if problems:
        bad += 1
        print(f"{f.name}: " + "; ".join(problems[:5]))
print(f"{len(files)} files, {len(files) - bad} open and validate clean, {bad} with problems")
sys.exit(0 if files and bad == 0 else 1)
