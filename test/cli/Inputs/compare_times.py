"""Compares two `gpa analyze --format json` reports of the same kernels:
predicted time within a relative tolerance and the same recommended number
of SMs, strictly: near-equal options are not excused here.

Prints one line per kernel and a summary; exits 1 when any differ.

Usage: compare_times.py A.json B.json TOLERANCE
"""
import json
import sys


def kernels(path):
    with open(path) as f:
        return {k["name"]: k for k in json.load(f)["kernels"]}


def main():
    a, b, tol = kernels(sys.argv[1]), kernels(sys.argv[2]), float(sys.argv[3])
    agree = 0
    for name in sorted(a):
        if name not in b:
            print("%s: missing in %s" % (name, sys.argv[2]))
            continue
        ta = a[name]["timing"]["exec_time_s"]
        tb = b[name]["timing"]["exec_time_s"]
        rel = abs(ta - tb) / ta if ta else float("inf")
        sa = a[name]["advice"]["optimal_active_sms"]
        sb = b[name]["advice"]["optimal_active_sms"]
        if rel > tol:
            print("%s: time differs by %.1f%%" % (name, 100 * rel))
        elif sa != sb:
            print("%s: optimal SMs %d vs %d" % (name, sa, sb))
        else:
            agree += 1
            print("%s: agree" % name)
    print("%d of %d kernels agree" % (agree, len(a)))
    sys.exit(0 if agree == len(a) else 1)


if __name__ == "__main__":
    main()
