#!/usr/bin/env python3
"""Property (issue 24, "Guards and bandwidth") over real code: no
prediction implies more DRAM bandwidth than the GPU's sustained bandwidth.

Every source of this repository's examples and bench kernels and of the
PolyBench-GPU, Rodinia and Parboil checkouts given (bench/real_kernels.py
lists the files) goes through both routes as a user runs them: clang 22's
IR of the device side (`gpa analyze` on the .bc) and nvcc's PTX (`nvcc
-arch=sm_80 --ptx`, then `gpa analyze`), each launch given as 65536 blocks
of 256 threads on the A100. test/cli/Inputs/dram_bandwidth_property.py then
checks each kernel's DRAM bytes at the sustained bandwidth against its
predicted time (the CI test, test/cli/bandwidth-property.test, runs the
same check on the bundled kernels only).

A benchmark, not a test: prints the check's lines and exits with its
status. Usage:
  python3 bench/bandwidth_property.py [--build build] --polybench DIR
      --rodinia DIR --parboil DIR
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_kernels  # noqa: E402

LAUNCH = {"schema": "gpa-launch/1",
          "kernels": [{"kernel": "*", "grid": 65536, "block": 256}]}


def main():
    ap = real_kernels.suite_arguments()
    ap.add_argument("--parboil")
    args = ap.parse_args()
    gpa = os.path.abspath(os.path.join(args.build, "tool", "gpa"))
    if not os.path.exists(gpa):
        print("bandwidth_property.py: skipped, %s not built" % gpa)
        return 0
    sources = real_kernels.all_sources(args.polybench, args.rodinia)
    sources += real_kernels.sources(parboil=args.parboil)
    reports = []
    with tempfile.TemporaryDirectory() as tmp:
        launch = os.path.join(tmp, "launch.json")
        json.dump(LAUNCH, open(launch, "w"))
        for n, (suite, path) in enumerate(sources):
            extra = real_kernels.EXTRA_FLAGS if suite != "own" else []
            if suite == "Parboil":
                extra = extra + ["-I" + os.path.join(args.parboil, "common",
                                                     "include")]
            base = os.path.join(tmp, "%03d" % n)
            routes = {}
            try:
                real_kernels.run([args.clang] +
                                 real_kernels.device_flags(args.cuda) +
                                 extra + ["-emit-llvm", "-c", path, "-o",
                                          base + ".bc"])
                routes["ir"] = base + ".bc"
            except Exception as e:
                print("%s: clang failed: %s" % (path, str(e).splitlines()[0]))
            try:
                real_kernels.run([os.path.join(args.cuda, "bin", "nvcc"),
                                  "-arch=sm_80", "--ptx"] + extra +
                                 [path, "-o", base + ".ptx"])
                routes["ptx"] = base + ".ptx"
            except Exception as e:
                print("%s: nvcc failed: %s" % (path, str(e).splitlines()[0]))
            for route, src in sorted(routes.items()):
                out = "%s-%s.json" % (base, route)
                try:
                    real_kernels.run([gpa, "analyze", "--gpu", "a100",
                                      "--launch-file", launch, "--format",
                                      "json", src, "-o", out])
                except Exception as e:
                    print("%s (%s): not analysed: %s" %
                          (path, route, str(e).splitlines()[0]))
                    continue
                # Name the report by its source for the check's lines.
                named = os.path.join(tmp, "%s [%s].json" % (
                    os.path.relpath(path, real_kernels.ROOT
                                    if suite == "own" else
                                    os.path.dirname(path)).replace("/", "_"),
                    route))
                os.rename(out, named)
                reports.append(named)
        check = os.path.join(real_kernels.ROOT, "test", "cli", "Inputs",
                             "dram_bandwidth_property.py")
        r = subprocess.run([sys.executable, check] + reports,
                           capture_output=True, text=True)
        sys.stdout.write(r.stdout.replace(tmp + os.sep, ""))
        return r.returncode


if __name__ == "__main__":
    sys.exit(main())
