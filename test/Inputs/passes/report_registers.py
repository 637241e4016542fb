"""A report's registers per kernel: as `gpa-resources` table lines
(`NAME registers=R`, for compare_ptxas.py), or with --labels where they
came from (`NAME kind=K source=S`).

usage: report_registers.py REPORT.json [--labels]
"""
import json
import sys

report = json.load(open(sys.argv[1]))
for k in report["kernels"]:
    r = k["assumptions"]["registers_per_thread"]
    if "--labels" in sys.argv:
        print("%s kind=%s source=%s" % (k["name"], r["kind"], r["source"]))
    else:
        print("%s registers=%d" % (k["name"], r["value"]))
