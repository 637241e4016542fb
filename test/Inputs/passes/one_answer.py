"""Prints each kernel's answers in a full compile's report (issue 28 s.3):
what the kernel entry's own advice describes, and for every entry of its
`launches` whether it is the answer of the launch_sites entry it names
(same kernel, same location, same optimal SMs and change): one line per
launch, `same` or what differs."""
import json
import sys

report = json.load(open(sys.argv[1]))
sites = report.get("launch_sites", [])
for kernel in report["kernels"]:
    print(kernel["name"], "describes:", kernel["advice"].get("describes", "-"))
    for launch in kernel.get("launches", []):
        site = sites[launch["launch_site"]]
        loc = site["location"]
        where = "%s:%d:%d" % (loc["file"], loc["line"], loc["column"])
        diffs = []
        if site["name"] != kernel["name"]:
            diffs.append("kernel " + site["name"])
        if where != launch["location"]:
            diffs.append("location " + where)
        if site["advice"]["optimal_active_sms"] != launch["optimal_active_sms"]:
            diffs.append("sms %d" % site["advice"]["optimal_active_sms"])
        if site["advice"]["change"] != launch["change"]:
            diffs.append("change")
        print("  launch", launch["location"], "blocks", launch["blocks"],
              "sms", launch["optimal_active_sms"], "of", launch["useful_sms"],
              "same" if not diffs else "differs: " + ", ".join(diffs))
