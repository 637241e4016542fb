"""Compares two `gpa analyze --format json` reports of the same kernels:
predicted time within a relative tolerance and the same recommended number
of SMs. Two recommendations that differ still agree when the decision's own
limits make them equivalent, judged on each report's own sweep:

- limit-bound: on both sweeps the max_slowdown limit decides the SM count
  (the next smaller sweep point is slower than the limit allows), so a time
  difference far inside the tolerance can move it across a step of the
  time staircase (waves change in steps, docs/models.md);
- below the decision's resolution: each report's choice, evaluated on the
  other report's sweep, stays within the slowdown limit and within
  min_saving_pct of energy of that report's choice (the decision does not
  tell apart options closer than that).

Such kernels are printed with the reason. Prints one line per kernel and a
summary; exits 1 when any differ.

Usage: compare_times.py A.json B.json TOLERANCE
"""
import json
import sys


def kernels(path):
    with open(path) as f:
        return {k["name"]: k for k in json.load(f)["kernels"]}


def sweep_of(k):
    return {p["active_sms"]: p for p in k.get("sweep", [])}


def slowdown_pct(sweep, sms):
    full = sweep[max(sweep)]["exec_time_s"]
    return 100.0 * (sweep[sms]["exec_time_s"] / full - 1) if full else 0.0


def limit_bound(k):
    """The max_slowdown limit decides the recommendation: the next smaller
    sweep point would exceed it."""
    adv, sweep = k["advice"], sweep_of(k)
    chosen = adv["optimal_active_sms"]
    smaller = [m for m in sweep if m < chosen]
    if not adv.get("change") or not smaller or chosen not in sweep:
        return False
    return slowdown_pct(sweep, max(smaller)) > adv.get("max_slowdown_pct", 5.0)


def equivalent_on(k, other_sms):
    """other_sms, on k's sweep, is within the slowdown limit and within
    min_saving_pct of the energy of k's own choice."""
    adv, sweep = k["advice"], sweep_of(k)
    chosen = adv["optimal_active_sms"]
    if chosen not in sweep or other_sms not in sweep:
        return False
    if slowdown_pct(sweep, other_sms) > adv.get("max_slowdown_pct", 5.0):
        return False
    e_chosen = sweep[chosen]["energy_j"]
    e_other = sweep[other_sms]["energy_j"]
    return e_other <= e_chosen * (1 + adv.get("min_saving_pct", 2.0) / 100)


def equivalent_choices(ka, kb):
    sa = ka["advice"]["optimal_active_sms"]
    sb = kb["advice"]["optimal_active_sms"]
    if limit_bound(ka) and limit_bound(kb):
        return "slowdown-bound"
    if equivalent_on(ka, sb) and equivalent_on(kb, sa):
        return "within the decision's resolution"
    return None


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
        elif sa != sb and not equivalent_choices(a[name], b[name]):
            print("%s: optimal SMs %d vs %d" % (name, sa, sb))
        else:
            agree += 1
            print("%s: agree%s" % (name, "" if sa == sb else " (%s: %d vs %d SMs)"
                                   % (equivalent_choices(a[name], b[name]),
                                      sa, sb)))
    print("%d of %d kernels agree" % (agree, len(a)))
    sys.exit(0 if agree == len(a) else 1)


if __name__ == "__main__":
    main()
