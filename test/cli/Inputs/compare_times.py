"""Compares two `gpa analyze --format json` reports of the same kernels (two
front-ends' views of one kernel): predicted time within a relative
tolerance, and recommendations that agree.

Each front-end recommends its own sweep's exact best (gpa/Decision.h,
TiePct 0: advice never names an option its own numbers show to be worse).
Where a sweep is flat (options a fraction of a percent apart) that exact
best moves on noise, so the recommendations agree when each front-end's
choice is one the OTHER front-end's own sweep accepts:
  * its objective cost there is within X% of the other's own choice, and
  * its slowdown there is within the other's max_slowdown + X points,
with X = the reports' min_saving_pct (the decision's own threshold, 2% by
default): a difference the decision itself would not act on (a change
must save at least min_saving) does not make two recommendations differ.
Equal SM counts always agree. --exact-sms asks for equal SM counts.

Prints one line per kernel and a summary; exits 1 when any differ.

Usage: compare_times.py A.json B.json TOLERANCE [--exact-sms]
"""
import json
import sys


def kernels(path):
    with open(path) as f:
        return {k["name"]: k for k in json.load(f)["kernels"]}


def cost(objective, point):
    """The decision's objective cost of a sweep point (Decision.cpp,
    objectiveCost): lower is better."""
    if objective == "edp":
        return point["energy_j"] * point["exec_time_s"]
    if objective == "gips_per_w":
        g = point["gips_per_w"]
        return 1 / g if g > 0 else float("inf")
    if objective == "time":
        return point["exec_time_s"]
    return point["energy_j"]


def point(kernel, sms):
    for p in kernel["sweep"]:
        if p["active_sms"] == sms:
            return p
    return None


def accepts(judge, sms):
    """Whether `judge`'s own sweep rates `sms` SMs within X of its own
    recommendation (module docstring). Returns (ok, why)."""
    adv = judge["advice"]
    x = adv["min_saving_pct"]
    own = point(judge, adv["optimal_active_sms"])
    other = point(judge, sms)
    base = point(judge, judge["launch"]["active_sms"])
    if own is None or other is None or base is None:
        return False, "%d SMs not in the sweep" % sms
    c_own, c_other = cost(adv["objective"], own), cost(adv["objective"],
                                                      other)
    worse = 100 * (c_other - c_own) / c_own if c_own > 0 else float("inf")
    slow = 100 * (other["exec_time_s"] - base["exec_time_s"]) / \
        base["exec_time_s"]
    if worse > x:
        return False, "%d SMs %.2f%% worse than %d" % (
            sms, worse, adv["optimal_active_sms"])
    if slow > adv["max_slowdown_pct"] + x:
        return False, "%d SMs %.2f%% slower" % (sms, slow)
    return True, "%.2f%% worse" % max(worse, 0)


def same_recommendation(a, b, exact=False):
    """(ok, text) for two reports' kernel entries."""
    sa = a["advice"]["optimal_active_sms"]
    sb = b["advice"]["optimal_active_sms"]
    if sa == sb:
        return True, "same SMs"
    if exact:
        return False, "optimal SMs %d vs %d" % (sa, sb)
    ok_a, why_a = accepts(b, sa)
    ok_b, why_b = accepts(a, sb)
    text = "optimal SMs %d vs %d (B: %s; A: %s)" % (sa, sb, why_a, why_b)
    return ok_a and ok_b, text


def main():
    args = [a for a in sys.argv[1:] if a != "--exact-sms"]
    exact = "--exact-sms" in sys.argv[1:]
    a, b, tol = kernels(args[0]), kernels(args[1]), float(args[2])
    agree = 0
    for name in sorted(a):
        if name not in b:
            print("%s: missing in %s" % (name, args[1]))
            continue
        ta = a[name]["timing"]["exec_time_s"]
        tb = b[name]["timing"]["exec_time_s"]
        rel = abs(ta - tb) / ta if ta else float("inf")
        ok, text = same_recommendation(a[name], b[name], exact)
        if rel > tol:
            print("%s: time differs by %.1f%%" % (name, 100 * rel))
        elif not ok:
            print("%s: %s" % (name, text))
        else:
            agree += 1
            print("%s: agree%s" % (name, "" if text == "same SMs" else
                                   ", " + text))
    print("%d of %d kernels agree" % (agree, len(a)))
    sys.exit(0 if agree == len(a) else 1)


if __name__ == "__main__":
    main()
