#!/usr/bin/env python3
"""The validation table of the device session's real kernels (issue 29,
stage 5): measured time, power and energy per launch (the session's
kernels.csv) beside what `gpa analyze --gpu h100` predicts for the same
launch, run as a user runs it:

  cu   the CUDA source through clang 22 (`gpa analyze SRC.cu`), the launch
       given as facts (`--launch-file`, gpa-launch/1: block shape, grid,
       dynamic shared memory, trip count);
  ptx  the nvcc PTX the session launched (`gpa analyze MODULE.ptx`), with
       the launch facts the PTX route takes (--block-size, --grid-size and
       --trip-count N; the block's shape is not given there). nvcc unrolls
       counted loops (by 4): the PTX front-end splits the source's count
       between the unrolled loop and its remainder (docs/ptx-frontend.md).

Trip counts: each kernel's loop bound at the launched problem size (the
`trip_count` below), a fact a user knows; --no-trip-counts leaves gpa's
default (16) to show what the product does without it.

Prints per kernel predicted/measured time, power (board power: the
model's total_power_w against NVML's mean) and energy per launch, then per
route the geometric mean of predicted/measured, the share within 1.25x,
1.5x and 2x, and the power MAPE.

  python3 bench/gpu_session/validation_table.py RESULTS/kernels.csv
      [--session build/gpu-session] [--gpa build/tool/gpa] [--gpu h100]
      [--format text|csv|json] [-o FILE]

RESULTS/kernels.csv columns: id,kernel,grid,block,launches,time_s_median,
time_s_min,energy_j_per_launch,power_w_mean,sm_mhz,mem_mhz,temperature_c;
gpa-session's own names for the last four (power_w, sm_mhz_mean,
mem_mhz_mean, temperature_c_end: docs/gpu-session.md) are read as these.
The session folder is make_kernels.py's output (kernels/ with the spec and
PTX, src/ with the sources).
"""
import argparse
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Loop bound of each kernel's loops at the launched problem size (the spec's
# "problem"), read off the kernel code; kernels without loops are absent.
TRIP_COUNTS = {
    "polybench/gemm": 512,                  # k < nk
    "polybench/2mm_kernel1": 1024,          # k < nk
    "polybench/2mm_kernel2": 1024,          # k < nj
    "polybench/atax_kernel1": 4096,         # j < ny
    "polybench/atax_kernel2": 4096,         # i < nx
    "polybench/bicg_kernel1": 4096,         # i < nx
    "polybench/bicg_kernel2": 4096,         # j < ny
    "polybench/mvt_kernel1": 4096,          # j < n
    "polybench/gesummv": 4096,              # j < n
    "polybench/syrk": 1024,                 # k < nj
    "polybench/corr_mean": 2048,            # i < n
    "polybench/gramschmidt_kernel3": 2048,  # both i < ni loops
    "rodinia/hotspot": 2,                   # i < iteration
    "rodinia/pathfinder": 20,               # i < iteration
    "bundled/saxpy": 1,                     # grid-stride: n / (grid*block)
    "bundled/matmul_tiled": 128,            # T < N/TILE (K < TILE is fixed)
}
# Flags the suites' sources need (CUDA 13 removed cudaThreadSynchronize).
SUITE_FLAGS = ["-D", "cudaThreadSynchronize=cudaDeviceSynchronize", "--",
               "-w"]
ROUTES = ("cu", "ptx")
CSV_COLUMNS = ["id", "kernel", "grid", "block", "launches", "time_s_median",
               "time_s_min", "energy_j_per_launch", "power_w_mean", "sm_mhz",
               "mem_mhz", "temperature_c"]


def read_results(path):
    """{id: row} of the session's kernels.csv (numbers as floats)."""
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        # gpa-session writes the window columns under its own names.
        aliases = {"power_w": "power_w_mean", "sm_mhz_mean": "sm_mhz",
                   "mem_mhz_mean": "mem_mhz",
                   "temperature_c_end": "temperature_c"}
        have = [aliases.get(c, c) if aliases.get(c, c) not in
                (reader.fieldnames or []) else c
                for c in (reader.fieldnames or [])]
        reader.fieldnames = have
        missing = [c for c in CSV_COLUMNS if c not in have]
        if missing:
            sys.exit("validation_table: %s: missing columns %s" %
                     (path, ", ".join(missing)))
        rows = {}
        for row in reader:
            for key in ("time_s_median", "time_s_min", "energy_j_per_launch",
                        "power_w_mean"):
                try:
                    row[key] = float(row[key])
                except ValueError:
                    row[key] = float("nan")
            rows[row["id"]] = row
    return rows


def gpa_json(cmd):
    """The gpa-report/1 document gpa prints, or (None, error text)."""
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        lines = r.stderr.strip().splitlines()
        errors = [l for l in lines if "error" in l] or lines or \
            ["status %d" % r.returncode]
        return None, errors[0]
    try:
        return json.loads(r.stdout), None
    except json.JSONDecodeError as e:
        return None, "unreadable report: %s" % e


def find_kernel(report, name):
    for k in report.get("kernels", []):
        if k.get("name") == name or k.get("demangled") == name:
            return k
    return None


def prediction(k):
    """(time s, board power W, energy J) of one report kernel: the total
    power, the launch average (efficiency.total_power_w; older reports: the
    power section's estimate)."""
    eff = k["efficiency"]
    power = eff.get("total_power_w", k["power"]["total_power_w"])
    return (k["timing"]["exec_time_s"], power, eff["energy_j"])


def predict_cu(spec_kernels, args, tmp):
    """{id: (time, power, energy) or error text} through the clang route,
    one gpa run per source with every launched kernel's facts."""
    out, by_source = {}, {}
    for k in spec_kernels:
        by_source.setdefault((k["suite"], k["source"]), []).append(k)
    for (suite, source), ks in sorted(by_source.items()):
        facts = []
        for k in ks:
            fact = {"kernel": k["kernel"], "block": k["block"],
                    "grid": k["grid"],
                    "dynamic_shared_bytes": k["shared_bytes"],
                    "description": k["id"] + ": " + k["problem"]}
            if args.trip_counts and k["id"] in TRIP_COUNTS:
                fact["trip_count"] = TRIP_COUNTS[k["id"]]
            facts.append(fact)
        # Two launches of one kernel with different facts would need two
        # runs; the first fact for a name wins in gpa-launch/1.
        launch = os.path.join(tmp, "launch-%d.json" % len(out))
        with open(launch, "w") as f:
            json.dump({"schema": "gpa-launch/1", "kernels": facts}, f)
        src = os.path.join(args.session, "src", suite, source)
        cmd = [args.gpa, "analyze", "--gpu", args.gpu, "--format", "json",
               "--launch-file", launch, src]
        if suite != "bundled":
            cmd += SUITE_FLAGS
        report, err = gpa_json(cmd)
        for k in ks:
            if report is None:
                out[k["id"]] = err
                continue
            rk = find_kernel(report, k["kernel"])
            out[k["id"]] = prediction(rk) if rk else "kernel not in report"
    return out


def predict_ptx(spec_kernels, args):
    """{id: (time, power, energy) or error text} through the PTX route."""
    out = {}
    for k in spec_kernels:
        threads = k["block"][0] * k["block"][1] * k["block"][2]
        blocks = k["grid"][0] * k["grid"][1] * k["grid"][2]
        ptx = os.path.join(args.session, "kernels", k["module"])
        cmd = [args.gpa, "analyze", "--gpu", args.gpu, "--format", "json",
               "--block-size", str(threads), "--grid-size", str(blocks)]
        # The PTX front-end takes one count for every loop of the module
        # (not KERNEL=N); one run per kernel makes it that kernel's.
        if args.trip_counts and k["id"] in TRIP_COUNTS:
            cmd += ["--trip-count", str(TRIP_COUNTS[k["id"]])]
        report, err = gpa_json(cmd + [ptx])
        if report is None:
            out[k["id"]] = err
            continue
        rk = find_kernel(report, k["kernel"])
        out[k["id"]] = prediction(rk) if rk else "kernel not in report"
    return out


def ratio(pred, meas):
    if pred is None or not (meas > 0) or not math.isfinite(pred):
        return None
    return pred / meas


def summary(ratios):
    """Geometric mean, and the shares within 1.25x, 1.5x and 2x."""
    rs = [r for r in ratios if r is not None and r > 0]
    if not rs:
        return None
    geo = math.exp(sum(math.log(r) for r in rs) / len(rs))
    within = [sum(1 for r in rs if max(r, 1 / r) <= f) / len(rs)
              for f in (1.25, 1.5, 2.0)]
    return {"n": len(rs), "geomean": geo, "within_1.25x": within[0],
            "within_1.5x": within[1], "within_2x": within[2]}


def mape(pairs):
    ps = [(p, m) for p, m in pairs if p is not None and m > 0]
    if not ps:
        return None
    return 100.0 * sum(abs(p - m) / m for p, m in ps) / len(ps)


def build_table(spec, results, preds):
    rows, missing, warnings = [], [], []
    for k in spec["kernels"]:
        meas = results.get(k["id"])
        if meas is None:
            missing.append(k["id"])
            continue
        for key in ("grid", "block"):
            got = [int(x) for x in re.findall(r"\d+", meas.get(key) or "")]
            if got and got + [1] * (3 - len(got)) != k[key]:
                warnings.append("%s: measured %s %s, the spec's is %s" %
                                (k["id"], key, meas[key], k[key]))
        row = {"id": k["id"], "launch": "%s x %s" % (
            "x".join(map(str, k["grid"])), "x".join(map(str, k["block"]))),
            "time_s": meas["time_s_median"], "power_w": meas["power_w_mean"],
            "energy_j": meas["energy_j_per_launch"]}
        for route in ROUTES:
            p = preds[route].get(k["id"])
            if isinstance(p, tuple):
                row[route] = {"time_s": p[0], "power_w": p[1],
                              "energy_j": p[2],
                              "time_ratio": ratio(p[0], row["time_s"]),
                              "power_ratio": ratio(p[1], row["power_w"]),
                              "energy_ratio": ratio(p[2], row["energy_j"])}
            else:
                row[route] = {"error": p or "not predicted"}
        rows.append(row)
    extra = sorted(set(results) - {k["id"] for k in spec["kernels"]})
    stats = {}
    for route in ROUTES:
        ok = [r[route] for r in rows if "error" not in r[route]]
        stats[route] = {
            "kernels": len(ok),
            "time": summary([o["time_ratio"] for o in ok]),
            "energy": summary([o["energy_ratio"] for o in ok]),
            "power": summary([o["power_ratio"] for o in ok]),
            "power_mape_pct": mape([(r[route]["power_w"], r["power_w"])
                                    for r in rows
                                    if "error" not in r[route]]),
        }
    return {"rows": rows, "summary": stats, "not_measured": missing,
            "not_in_spec": extra, "warnings": warnings}


def finite(x):
    """x with NaN and infinities as null (JSON has no NaN)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: finite(v) for k, v in x.items()}
    if isinstance(x, list):
        return [finite(v) for v in x]
    return x


def fmt(x, unit):
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "-"
    if unit == "s":
        return "%.3g ms" % (x * 1e3) if x >= 1e-4 else "%.3g us" % (x * 1e6)
    if unit == "x":
        return "%.2fx" % x
    return "%.3g" % x


def text(table, out):
    w = out.write
    w("Validation table: measured (session kernels.csv) against gpa "
      "analyze --gpu %s\n" % table.get("gpu", "h100"))
    w("(cu: the CUDA source through clang with --launch-file; ptx: nvcc's "
      "PTX with --block-size/--grid-size)\n\n")
    head = "%-30s %-15s %10s %10s %7s %10s %7s | %7s %7s %7s | %9s %9s %9s\n"
    w(head % ("kernel", "grid x block", "t meas", "t cu", "cu/m", "t ptx",
              "ptx/m", "P meas", "P cu", "P ptx", "E meas mJ", "E cu/m",
              "E ptx/m"))
    for r in table["rows"]:
        c, p = r["cu"], r["ptx"]
        w(head % (r["id"], r["launch"], fmt(r["time_s"], "s"),
                  fmt(c.get("time_s"), "s"), fmt(c.get("time_ratio"), "x"),
                  fmt(p.get("time_s"), "s"), fmt(p.get("time_ratio"), "x"),
                  fmt(r["power_w"], "w"), fmt(c.get("power_w"), "w"),
                  fmt(p.get("power_w"), "w"), fmt(r["energy_j"] * 1e3, "j"),
                  fmt(c.get("energy_ratio"), "x"),
                  fmt(p.get("energy_ratio"), "x")))
    for r in table["rows"]:
        for route in ROUTES:
            if "error" in r[route]:
                w("%s (%s): %s\n" % (r["id"], route, r[route]["error"]))
    w("\n")
    for route in ROUTES:
        s = table["summary"][route]
        w("%s route, %d kernels predicted:\n" % (route, s["kernels"]))
        for q in ("time", "energy", "power"):
            v = s[q]
            if v is None:
                w("  %-6s -\n" % q)
                continue
            w("  %-6s geomean pred/meas %.2fx; within 1.25x %3.0f%%, 1.5x "
              "%3.0f%%, 2x %3.0f%%\n" % (q, v["geomean"],
                                         100 * v["within_1.25x"],
                                         100 * v["within_1.5x"],
                                         100 * v["within_2x"]))
        m = s["power_mape_pct"]
        w("  power MAPE %s\n" % ("-" if m is None else "%.1f%%" % m))
    if table["not_measured"]:
        w("\nin the spec, not measured: %s\n" %
          ", ".join(table["not_measured"]))
    if table["not_in_spec"]:
        w("measured, not in the spec: %s\n" % ", ".join(table["not_in_spec"]))
    for line in table["warnings"]:
        w("warning: %s\n" % line)


def csv_out(table, out):
    wr = csv.writer(out, lineterminator="\n")
    cols = ["time_s", "power_w", "energy_j", "time_ratio", "power_ratio",
            "energy_ratio"]
    wr.writerow(["id", "launch", "time_s", "power_w", "energy_j"] +
                ["%s_%s" % (r, c) for r in ROUTES for c in cols + ["error"]])
    for r in table["rows"]:
        line = [r["id"], r["launch"], r["time_s"], r["power_w"],
                r["energy_j"]]
        for route in ROUTES:
            o = r[route]
            line += [o.get(c, "") for c in cols] + [o.get("error", "")]
        wr.writerow(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results", help="the session's kernels.csv (or its "
                    "folder)")
    ap.add_argument("--session", default=os.path.join(ROOT, "build",
                                                      "gpu-session"),
                    help="make_kernels.py's output folder")
    ap.add_argument("--spec", help="default: SESSION/kernels/kernels.json")
    ap.add_argument("--gpa", default=os.path.join(ROOT, "build", "tool",
                                                  "gpa"))
    ap.add_argument("--gpu", default="h100")
    ap.add_argument("--format", choices=("text", "csv", "json"),
                    default="text")
    ap.add_argument("--no-trip-counts", dest="trip_counts",
                    action="store_false")
    ap.add_argument("--routes", default="cu,ptx",
                    help="comma-separated subset of cu,ptx")
    ap.add_argument("-o", dest="output")
    args = ap.parse_args()

    path = args.results
    if os.path.isdir(path):
        path = os.path.join(path, "kernels.csv")
    results = read_results(path)
    spec_path = args.spec or os.path.join(args.session, "kernels",
                                          "kernels.json")
    with open(spec_path) as f:
        spec = json.load(f)
    measured = [k for k in spec["kernels"] if k["id"] in results]
    routes = args.routes.split(",")
    preds = {r: {} for r in ROUTES}
    with tempfile.TemporaryDirectory() as tmp:
        if "cu" in routes:
            preds["cu"] = predict_cu(measured, args, tmp)
        if "ptx" in routes:
            preds["ptx"] = predict_ptx(measured, args)
    table = build_table(spec, results, preds)
    table["gpu"] = args.gpu
    table["trip_counts_given"] = args.trip_counts

    buf = io.StringIO()
    if args.format == "json":
        json.dump(finite(table), buf, indent=1, allow_nan=False)
        buf.write("\n")
    elif args.format == "csv":
        csv_out(table, buf)
    else:
        text(table, buf)
    if args.output:
        with open(args.output, "w") as f:
            f.write(buf.getvalue())
    else:
        sys.stdout.write(buf.getvalue())


if __name__ == "__main__":
    main()
