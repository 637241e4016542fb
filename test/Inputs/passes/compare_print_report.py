"""Checks that print<gpu-power-advisor>'s numbers are the -gpa-report's.

usage: compare_print_report.py PRINT.txt REPORT.json
Kernels are matched in order. Counts, launch and SMs must be equal; time
(printed %.3e) within 0.05 %, total power (printed %.2f) within 0.005 W
and IPP's power (printed %.1f) within 0.05 W, the printer's rounding. Prints one line per kernel; exits 1 on a difference.
"""
import json
import re
import sys


def printed_kernels(text):
    kernels = []
    for line in text.splitlines():
        if line.startswith("kernel "):
            kernels.append({"name": line.split()[1]})
        elif line.startswith("  ") and kernels and ": " in line:
            key, value = line.strip().split(": ", 1)
            kernels[-1][key] = value
    return kernels


def main():
    printed = printed_kernels(open(sys.argv[1]).read())
    report = json.load(open(sys.argv[2]))["kernels"]
    status = 0
    if len(printed) != len(report):
        print("kernels: printed %d, report %d" % (len(printed), len(report)))
        return 1
    for p, r in zip(printed, report):
        problems = []
        counts = dict(kv.split("=") for kv in p["per_thread"].split())
        for unit, value in r["counts_per_thread"].items():
            if value and abs(float(counts.get(unit, 0)) - value) > 5e-4:
                problems.append("%s %s vs %s" % (unit, counts.get(unit), value))
        launch = "%d threads x %d blocks" % (
            r["launch"]["threads_per_block"], r["launch"]["blocks"])
        if p["launch"] != launch:
            problems.append("launch %s vs %s" % (p["launch"], launch))
        if not p["sms"].startswith("%d of" % r["launch"]["active_sms"]):
            problems.append("sms %s vs %s" % (p["sms"], r["launch"]["active_sms"]))
        t = r["timing"]["exec_time_s"]
        if abs(float(p["time_s"]) - t) > 5e-4 * t:
            problems.append("time %s vs %s" % (p["time_s"], t))
        # Total power (the launch average) printed %.2f; IPP's Eq. 27 at the
        # launch %.1f, the power section's total on the ipp backend.
        total, _, ipp = p["total_power_w"].partition("  ipp_power_w: ")
        w = r["efficiency"]["total_power_w"]
        if abs(float(total) - w) > 0.005 + 1e-9:
            problems.append("total power %s vs %s" % (total, w))
        w = r["power"]["total_power_w"]
        if r["power"]["model"] == "ipp" and abs(float(ipp) - w) > 0.05 + 1e-9:
            problems.append("ipp power %s vs %s" % (ipp, w))
        opt = r["advice"]["optimal_active_sms"]
        if not re.search(r", %d SMs x " % opt, p["decision"]):
            problems.append("decision %s vs %d SMs" % (p["decision"], opt))
        print("%s: %s" % (p["name"], "; ".join(problems) or "same"))
        status |= bool(problems)
    return status


if __name__ == "__main__":
    sys.exit(main())
