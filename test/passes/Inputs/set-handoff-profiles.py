"""Replaces the profile text of every kernel in every handoff file of DIR."""
import glob
import json
import sys

directory, profile = sys.argv[1], sys.argv[2]
for path in glob.glob(directory + "/*.json"):
    with open(path) as f:
        doc = json.load(f)
    for kernel in doc["kernels"]:
        kernel["profile"] = profile
    with open(path, "w") as f:
        json.dump(doc, f)
