"""Holds the grid-independence proof to its kernels and to execution.

Usage: check-verdicts.py VERDICTS RUNS [--pretend-proven KERNEL]

VERDICTS: the plugin's remarks ("<kernel> grid-independent: true|false (...)").
RUNS: harness output ("<kernel> same|differs [dims]" at two grids; dims:
the dimensions the launch makes larger than 1).
A proof may hold only for launches where some dimensions are 1 ("launch
requires gridDim.y = blockDim.y = 1, ..."); the runtime checks that and
launches as written otherwise, so a proven kernel launched with such a
dimension larger than 1 counts as refused (a launch-shape fallback).
Fails (exit 1, naming the kernel) when a gi_* kernel is refused, a gd_*
kernel is proven, or a proven kernel computes different outputs at the two
grids; and when the suite could not fail (no refused kernel differs).
--pretend-proven treats KERNEL as proven, to show the execution check
catching a grid-dependent kernel.
"""
import re
import sys


def main():
    args = sys.argv[1:]
    pretend = set()
    while "--pretend-proven" in args:
        i = args.index("--pretend-proven")
        pretend.add(args[i + 1])
        del args[i:i + 2]
    verdicts_path, runs_path = args
    verdicts = {}
    unit_dims = {}
    for line in open(verdicts_path):
        m = re.search(r"\b((?:gi|gd|cr)_\w+) grid-independent: (true|false)", line)
        if m:
            verdicts[m.group(1)] = m.group(2) == "true"
            req = line.split("launch requires", 1)
            unit_dims[m.group(1)] = set(
                re.findall(r"gridDim\.([xyz]) = blockDim", req[1])) \
                if len(req) == 2 else set()
    runs = {}
    launched = {}
    for line in open(runs_path):
        fields = line.split()
        name, result = fields[0], fields[1]
        runs[name] = result
        launched[name] = set(fields[2]) if len(fields) > 2 else {"x"}
    for name in pretend:
        verdicts[name] = True
    fallbacks = sorted(n for n in runs if verdicts.get(n) and
                       unit_dims.get(n, set()) & launched[n])
    for name in fallbacks:
        verdicts[name] = False  # the runtime launches it as written
    errors = []
    if set(verdicts) != set(runs):
        errors.append("kernels without both a verdict and a run: %s" %
                      sorted(set(verdicts) ^ set(runs)))
    if len(runs) < 30:
        errors.append("only %d kernels (want at least 30)" % len(runs))
    for name in sorted(runs):
        proven = verdicts.get(name)
        if name.startswith("gi_") and proven is False:
            errors.append("%s: grid-independent but refused" % name)
        if name.startswith("gd_") and proven:
            errors.append("%s: grid-dependent but proven" % name)
        if proven and runs[name] != "same":
            errors.append("%s: proven grid-independent, yet its outputs "
                          "differ between the two grids" % name)
    caught = [n for n in runs if not verdicts.get(n) and runs[n] == "differs"]
    if not caught:
        errors.append("no refused kernel computes different outputs at the "
                      "two grids: the execution check could not fail")
    proven = sorted(n for n in runs if verdicts.get(n))
    print("kernels %d, proven %d, refused %d, refused and different at two "
          "grids %d, launch-shape fallbacks %d" %
          (len(runs), len(proven), len(runs) - len(proven), len(caught),
           len(fallbacks)))
    for e in errors:
        print("error: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
