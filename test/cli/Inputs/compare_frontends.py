"""Compares gpa analyze reports of the same kernels from clang IR and from
nvcc PTX. Per kernel (matched by mangled name): the bandwidth-bound verdict
and the timing case must agree, and the share of each instruction group
(memory, float, integer+alu, control) must agree within TOLERANCE.

usage: compare_frontends.py IR_REPORT.json PTX_REPORT.json [TOLERANCE]
Exit 1 naming the kernel and what differs; prints one line per kernel."""
import json
import sys

GROUPS = {
    "memory": ["global_mem", "local_mem", "shared_mem", "const_mem", "texture",
               "async_copy", "atomic"],
    "float": ["fp", "fp64", "fp16", "sfu", "tensor"],
    "integer": ["int", "alu"],
    "control": ["sync", "other", "shuffle"],
}


def mix(kernel):
    c = kernel["counts_per_thread"]
    total = sum(c.get(u, 0) for us in GROUPS.values() for u in us)
    return {g: sum(c.get(u, 0) for u in us) / total for g, us in GROUPS.items()}


ir = {k["name"]: k for k in json.load(open(sys.argv[1]))["kernels"]}
ptx = {k["name"]: k for k in json.load(open(sys.argv[2]))["kernels"]}
tolerance = float(sys.argv[3]) if len(sys.argv) > 3 else 0.2
bad = 0
for name in sorted(ir):
    if name not in ptx:
        print("%s: missing from the PTX report" % name)
        bad += 1
        continue
    a, b = ir[name], ptx[name]
    problems = []
    for key, section in (("bandwidth_bound", "advice"), ("case", "timing")):
        if a[section][key] != b[section][key]:
            problems.append("%s %s (IR) vs %s (PTX)" % (key, a[section][key], b[section][key]))
    ma, mb = mix(a), mix(b)
    for g in GROUPS:
        if abs(ma[g] - mb[g]) > tolerance:
            problems.append("%s share %.2f (IR) vs %.2f (PTX)" % (g, ma[g], mb[g]))
    print("%s: %s" % (name, "; ".join(problems) if problems else
                      "agree (" + ", ".join("%s %.2f/%.2f" % (g, ma[g], mb[g]) for g in GROUPS) + ")"))
    bad += bool(problems)
print("%d of %d kernels agree" % (len(ir) - bad, len(ir)))
sys.exit(1 if bad else 0)
