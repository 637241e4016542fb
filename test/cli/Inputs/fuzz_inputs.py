"""Feeds gpa mutated profile and GPU model files; any exit status other than
0 (accepted) or 2 (rejected with a message) is a crash. Deterministic seed."""
import json
import os
import random
import subprocess
import sys

gpa, profile_path, model_path, work, count = sys.argv[1:6]
count = int(count)
rng = random.Random(1234)
os.makedirs(work, exist_ok=True)
VALUES = [None, True, "x", [], {}, -1, 0, 1, 0.5, 1e308, -1e308, 2**64, 1e15,
          4294967295, 1e-300]


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def mutate(doc):
    doc = json.loads(json.dumps(doc))
    targets = [p for p in paths(doc) if p]
    for _ in range(rng.randint(1, 3)):
        p = rng.choice(targets)
        parent = doc
        try:
            for k in p[:-1]:
                parent = parent[k]
            if rng.random() < 0.2 and isinstance(parent, dict):
                parent.pop(p[-1], None)
            else:
                parent[p[-1]] = rng.choice(VALUES)
        except (KeyError, IndexError, TypeError):
            pass
    text = json.dumps(doc)
    if rng.random() < 0.15:
        text = text[: rng.randint(0, len(text))]
    return text


def run(args):
    r = subprocess.run([gpa] + args, capture_output=True, text=True)
    if r.returncode not in (0, 2):
        print("CRASH", r.returncode, args, r.stderr[-500:])
        return 1
    if r.returncode == 2 and "gpa: error:" not in r.stderr:
        print("NO MESSAGE", args)
        return 1
    return 0


profile = json.load(open(profile_path))
model = json.load(open(model_path))
crashes = 0
for i in range(count):
    pf = os.path.join(work, "p%d.json" % i)
    open(pf, "w").write(mutate(profile))
    crashes += run(["model", "--gpu", "gtx280", "--format", "json", pf])
for i in range(count):
    mf = os.path.join(work, "m%d.json" % i)
    open(mf, "w").write(mutate(model))
    crashes += run(["sweep", "--gpu", mf, "--format", "csv", profile_path])
print("fuzz: %d profile and %d model mutations, %d crashes" % (count, count, crashes))
