"""Print the launch_sites of a gpa-report/1 file, one line per site, for FileCheck.

usage: launch_sites.py REPORT.json
Lines look like `k.cu:12 _Z5scalePffi grid=120(constant) block=256(constant)
smem=0(constant) regs=8(cubin) shared=0(cubin)`; a range adds `[min..max]`,
an assumed grid ` reason=...`.
"""
import json
import sys


def value(entry):
    text = "%d(%s)" % (entry["value"], entry["source"])
    if "range" in entry:
        text += "[%d..%d]" % tuple(entry["range"])
    return text


def main():
    with open(sys.argv[1]) as f:
        report = json.load(f)
    for site in report.get("launch_sites", []):
        loc = site["location"] or {}
        c = site["configuration"]
        print("%s:%s %s grid=%s block=%s smem=%s regs=%s shared=%s" % (
            loc.get("file"), loc.get("line"), site["name"], value(c["grid"]),
            value(c["block"]), value(c["dynamic_shared_bytes"]),
            value(c["registers_per_thread"]), value(c["static_shared_bytes"])) +
            ("" if "reason" not in c["grid"] else " reason=" + c["grid"]["reason"]))


if __name__ == "__main__":
    main()
