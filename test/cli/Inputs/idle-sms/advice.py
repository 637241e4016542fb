"""Print each kernel's SM advice from a gpa-report/1 JSON file."""
import json
import sys

for k in json.load(open(sys.argv[1]))["kernels"]:
    a = k["advice"]
    s = a["energy_savings_pct"]
    print("%s sms=%d change=%s saving=%.1f assumption=%s" %
          (k["name"], a["optimal_active_sms"], str(a["change"]).lower(),
           s["runtime_idle"], s["assumption"]))
