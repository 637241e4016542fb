#!/usr/bin/env python3
"""Power samples for `gpa calibrate` from a device session's active-SM sweep
(issue 27 item 1: a board's power calibrated on its own microbenchmarks).

  power_samples.py RAW GPA --gpu NAME|FILE [-o OUT.csv]

RAW is a session folder (bench/data/gpu-session/<board>-<date>/run1): its
active_sms.csv gives board power (NVML's energy counter over about 1 s of
back-to-back launches) and the median launch time of the session's read,
triad and FFMA kernels on 2 blocks of 1024 threads per active SM (the
`grid` mechanism, 8 to 132 SMs, and `full`); its idle.csv gives the power
with a context open and no kernel, written as a row whose utilisations are
all zero.

Each kernel row's utilisations are the product's own (seed 002 Eq. 7-8,
`dvfsUtilisation`: `gpa analyze --format json`'s power.access_rates on
measure/microbenchmarks/gpa_session.cu with the launch as facts), taken at
the measured time instead of the predicted one: U x t_pred / t_meas, so a
row states the work the static analysis counts over the time the board
took, and the fit is not bent by the timing model's error. The GPU model
must price with dvfs by default and carry the board's hardware figures (lanes per SM, L2 and
shared peaks); its coefficients do not enter.

The sweep's launches take 0.3 ms and more (1 GiB streams, 17.7 GFLOP of
FFMA), so launch overhead is not priced as work.

With --suite GPA_MEASURE, the calibration suite's rows (calibration.csv:
gpa-measure's FP32, integer, FP64, SFU, control-flow, shared-memory and
mixed kernels) are added with the utilisations `gpa-measure --list --gpu`
gives them (the static analysis at the predicted time, as gpa-measure
writes them), keeping only launches of 10 us and more (the 4-6 us ones are
launch-bound: their measured time is the launch overhead) and leaving out
the l2_cache and dram_stream kernels, whose 8 MiB stays in L2 while the
static analysis counts it as DRAM traffic (docs/dvfs.md "GH100 boards").
They exercise what the sweep only does in passing.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import analyse  # noqa: E402

COMPONENTS = ("fp32_add,fp32_mul,fp32_fma,int,fp64_add,fp64_mul,fp64_fma,"
              "sfu,cf,l2,shared,dram").split(",")
# What gpa-session launched (bench/gpu_session.sh, docs/gpu-session.md):
# 2^27 elements per stream, 132 x 2048 x 4 FFMA items, 64 rounds.
N, ITEMS, ROUNDS, THREADS = 1 << 27, 132 * 2048 * 4, 64, 1024
SUITE_MIN_LAUNCH_S = 1e-5
SUITE_LEFT_OUT = ("l2_cache", "dram_stream")


def suite_rows(raw, gpa_measure, gpu):
    """The calibration suite's rows: measured power, gpa-measure's static
    utilisations."""
    r = subprocess.run([gpa_measure, "--list", "--gpu", gpu],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("gpa-measure --list failed: %s" % r.stderr.strip())
    static = {row["kernel"]: row for row in csv.DictReader(
        l for l in r.stdout.splitlines() if not l.startswith("#"))}
    path = os.path.join(raw, "calibration.csv")
    with open(path) as f:
        measured = list(csv.DictReader(l for l in f if not l.startswith("#")))
    out = []
    for m in measured:
        name = m["benchmark"]
        if float(m["time_s"]) < SUITE_MIN_LAUNCH_S or \
                name.startswith(SUITE_LEFT_OUT):
            continue
        if name not in static:
            raise SystemExit("%s: %s is not in gpa-measure's suite" % (path, name))
        out.append([name, m["power_w"], round(float(m["core_mhz"])),
                    round(float(m["mem_mhz"]))] +
                   [static[name][c] for c in COMPONENTS])
    return out


def utilisations(gpa, gpu, kernel, grid, workdir):
    """({component: U at the predicted time}, predicted time in s)."""
    launch = os.path.join(workdir, "launch.json")
    with open(launch, "w") as f:
        json.dump({"schema": "gpa-launch/1", "kernels": [analyse.session_launch(
            kernel, grid, THREADS, N, ITEMS, ROUNDS)]}, f)
    r = subprocess.run([gpa, "analyze", "--gpu", gpu, "--launch-file", launch,
                        analyse.SESSION_CU,
                        "--format", "json"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("gpa analyze %s failed: %s" % (kernel, r.stderr.strip()))
    for k in json.loads(r.stdout)["kernels"]:
        if k["name"] == kernel:
            if k["power"]["model"] != "dvfs":
                raise SystemExit("--gpu %s prices power with %s: expected a "
                                 "model whose default backend is dvfs"
                                 % (gpu, k["power"]["model"]))
            return k["power"]["access_rates"], k["timing"]["exec_time_s"]
    raise SystemExit("gpa analyze: no kernel %s in %s" % (kernel,
                                                          analyse.SESSION_CU))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("raw")
    ap.add_argument("gpa")
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--suite", metavar="GPA_MEASURE",
                    help="add the calibration suite's rows (gpa-measure binary)")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    sweep = os.path.join(a.raw, "active_sms.csv")
    rows, clocks, cache = [], set(), {}
    work = tempfile.mkdtemp()
    for r in analyse.rows(sweep):
        if r["mechanism"] not in ("grid", "full") or not r["time_s_median"]:
            continue
        kernel, grid = r["kernel"], int(r["grid"])
        if (kernel, grid) not in cache:
            cache[kernel, grid] = utilisations(a.gpa, a.gpu, kernel, grid, work)
        rates, predicted_s = cache[kernel, grid]
        scale = predicted_s / float(r["time_s_median"])
        core, mem = round(float(r["sm_mhz_mean"])), round(float(r["mem_mhz_mean"]))
        clocks.add((core, mem))
        rows.append(["%s_grid%d" % (kernel, grid), r["power_w"], core, mem] +
                    ["%.6f" % (rates[c] * scale) for c in COMPONENTS])
    idle = [r for r in analyse.rows(os.path.join(a.raw, "idle.csv"))
            if r["phase"] == "context_open"]
    if not rows or len(idle) != 1 or len(clocks) != 1:
        raise SystemExit("%s: expected grid/full rows at one clock pair and "
                         "one context_open idle row" % a.raw)
    core, mem = clocks.pop()
    rows.append(["idle_context_open", idle[0]["power_w"], core, mem] +
                ["0"] * len(COMPONENTS))
    if a.suite:
        suite = suite_rows(a.raw, a.suite, a.gpu)
        if any((r[2], r[3]) != (core, mem) for r in suite):
            raise SystemExit("%s: the suite ran at other clocks" % a.raw)
        rows += suite
    out = open(a.output, "w") if a.output else sys.stdout
    raw = os.path.abspath(a.raw)
    board = os.path.basename(os.path.dirname(raw))  # <board>-<date>
    out.write("# gpa-power-samples/1\n# reference_mhz: %d,%d\n"
              "# source: this project's %s session's active-SM sweep, idle%s "
              "(bench/data/gpu-session/%s/%s: active_sms.csv, idle.csv%s; "
              "bench/gpu_session/power_samples.py)\n" % (
                  core, mem, board.split("-")[0].upper(),
                  " and calibration suite" if a.suite else "", board,
                  os.path.basename(raw), ", calibration.csv" if a.suite else ""))
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["benchmark", "power_w", "core_mhz", "mem_mhz"] + COMPONENTS)
    w.writerows(rows)


if __name__ == "__main__":
    main()
