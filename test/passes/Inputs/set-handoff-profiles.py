"""Replaces the profile of every kernel in every handoff file of DIR:
  set-handoff-profiles.py DIR JSON     the profile becomes the JSON value
  set-handoff-profiles.py DIR --text   each profile becomes its own JSON text
                                       in a string (the old, rejected form)"""
import glob
import json
import sys

directory, profile = sys.argv[1], sys.argv[2]
for path in glob.glob(directory + "/*.json"):
    with open(path) as f:
        doc = json.load(f)
    for kernel in doc["kernels"]:
        if profile == "--text":
            kernel["profile"] = json.dumps(kernel["profile"])
        else:
            kernel["profile"] = json.loads(profile)
    with open(path, "w") as f:
        json.dump(doc, f)
