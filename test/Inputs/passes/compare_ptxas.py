"""Compare registers and static shared memory per kernel between `ptxas -v`
output and a report's launch_sites (or a `gpa-resources` table).

usage: compare_ptxas.py PTXAS_STDERR REPORT.json|TABLE.txt
Prints `kernel registers ptxas=N report=same` (or `report=M`), and the same
for `shared` when ptxas reports smem and for `local`/`spill_*` with a table.
"""
import json
import re
import sys


def ptxas_values(text):
    out, current, props = {}, None, None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            current = m.group(1)
            out[current] = {}
            continue
        m = re.search(r"Function properties for (\S+)", line)
        if m:
            props = m.group(1)
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and props == current:
            out[current].update(local=int(m.group(1)), spill_stores=int(m.group(2)),
                                spill_loads=int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            out[current]["registers"] = int(m.group(1))
        m = re.search(r"(\d+) bytes smem", line)
        if m:
            out[current]["shared"] = int(m.group(1))
    return out


def report_values(path):
    with open(path) as f:
        text = f.read()
    out = {}
    if text.lstrip().startswith("{"):
        for site in json.loads(text).get("launch_sites", []):
            c = site["configuration"]
            out[site["name"]] = {"registers": c["registers_per_thread"]["value"],
                                 "shared": c["static_shared_bytes"]["value"]}
        return out
    for line in text.splitlines():  # gpa-resources: NAME key=value...
        fields = line.split()
        if fields:
            out[fields[0]] = {k: int(v) for k, v in (f.split("=") for f in fields[1:])}
    return out


def main():
    with open(sys.argv[1]) as f:
        ptxas = ptxas_values(f.read())
    report = report_values(sys.argv[2])
    for kernel in sorted(ptxas):
        for key in ("registers", "shared", "local", "spill_stores", "spill_loads"):
            if key not in ptxas[kernel] or key not in report.get(kernel, {"registers": None}):
                continue
            got = report.get(kernel, {}).get(key)
            print("%s %s ptxas=%d report=%s" % (kernel, key, ptxas[kernel][key],
                                                 "same" if got == ptxas[kernel][key] else got))


if __name__ == "__main__":
    main()
