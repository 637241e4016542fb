"""Compare the host-written report of a full compile (registers from the
cubin) with a device-only compile's report (registers from ptxas -v).

usage: cubin_vs_ptxas.py FULL.json DEVICE.json ARCH
Prints, per kernel, where its registers come from in each report and whether
the two kernel entries are equal once the registers' source is named alike
(the entries of launch sites, `launches` and `advice.describes`, exist only
in the full compile and are left out).
"""
import json
import sys

full, device, arch = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
CUBIN = "the cubin of this compilation, " + arch
PTXAS = "ptxas -v on the module's PTX from LLVM's NVPTX back-end (clang's code, not nvcc's), " + arch


def renamed(value):
    if isinstance(value, dict):
        return {k: renamed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v) for v in value]
    if isinstance(value, str):
        return value.replace(CUBIN, PTXAS)
    return value


def without_launches(kernel):
    kernel = dict(kernel)
    kernel.pop("launches", None)
    kernel["advice"] = {k: v for k, v in kernel["advice"].items() if k != "describes"}
    return kernel


by_name = {k["name"]: k for k in device["kernels"]}
for k in full["kernels"]:
    d = by_name.get(k["name"])
    regs = k["assumptions"]["registers_per_thread"]
    print("%s registers=%s source=%s kind=%s" % (k["name"], regs["value"], regs["source"], regs["kind"]))
    if d is None:
        print("%s: not in the device-only report" % k["name"])
        continue
    same = renamed(without_launches(k)) == without_launches(d)
    print("%s %s" % (k["name"], "equal" if same else "DIFFERENT"))
    if not same:
        a, b = renamed(without_launches(k)), without_launches(d)
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                print("  %s: %s != %s" % (key, json.dumps(a.get(key))[:300], json.dumps(b.get(key))[:300]))
for site in full.get("launch_sites", []):
    print("site %s registers=%s" % (site["name"], site["configuration"]["registers_per_thread"]["source"]))
