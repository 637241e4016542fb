#!/usr/bin/env python3
"""The GPU-model parameters a GPU session measures (docs/gpu-session.md):

  derive_parameters.py RAW [--check MODEL.json] [--l2-probe KERNELS.csv]

RAW is an unpacked session (e.g. bench/data/gpu-session/h100-2026-11-27/run1).
Only the session's own microbenchmarks are used, never the real kernels
(those are for validation). It prints, with the arithmetic:

  memory.bandwidth_gbps     the best STREAM copy rate (bytes read + written
                            per second), the convention the model files
                            name for a measured sustained bandwidth;
  memory.latency_cycles     Little's law at the lowest occupancy of the read
                            kernel with one 8-byte load per thread: bytes in
                            flight (warps x 32 lanes x 8 B) / bandwidth,
                            times the SM clock: the latency a lightly loaded
                            warp sees (HK09's Mem_L);
  power.idle_power_w        board power with a CUDA context open and no
                            kernel running (the state every kernel starts
                            from), and without a context for reference;
  memory.per_sm_bandwidth_gbps, memory.bandwidth_saturation_exponent
                            b and p of the smooth minimum
                            ((n b)^-p + B^-p)^(-1/p) that fits, least
                            squares in log, the streaming read's and triad's
                            rates on green-context partitions of n SMs (B:
                            each kernel's rate on the full GPU); b in whole
                            GB/s, p in tenths;
  memory.warp_saturation_exponent
                            p of the smooth minimum ((w s)^-p + B^-p)^(-1/p)
                            that fits, least squares in log, the STREAM
                            copy's rate at w warps per SM (s: each series'
                            rate per warp at its fewest warps; B: the best
                            copy); p in tenths;
  memory.l2_latency_cycles  with --l2-probe (make_l2_spec.py's kernels.csv):
                            Little's law at the lowest occupancy of the
                            read with one 8-byte load per thread over a
                            buffer that stays in L2, as memory.latency_cycles
                            for DRAM (the launch's own cost, the probe with
                            almost no work, is not subtracted: it is
                            reported beside);
  sm_footprint.power_gating 0 when the streaming read's energy per launch on
                            green-context partitions of at least a third of
                            the SMs stays within the run's own noise (the
                            full GPU measured twice) of the full GPU's: unused
                            SMs then save nothing measurable.

--check compares each with MODEL.json's value and exits 1 on a difference
beyond the rounding stated for it (the file must say what the data say).
"""
import argparse
import csv
import json
import math
import os
import sys


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def per_launch_j(r):
    return float(r["energy_j"]) * float(r["event_time_s"]) / \
        float(r["wall_s"]) / float(r["launches"])


def fit_sms_bandwidth(sms_rows):
    streams = ("session_read_u4", "session_triad_u4")
    rate = lambda r: float(r["bytes_per_launch"]) / float(r["time_s_median"]) / 1e9
    full = {r["kernel"]: rate(r) for r in sms_rows
            if r["kernel"] in streams and r["mechanism"] == "full"}
    points = [(r["kernel"], int(r["sms_observed"]), rate(r)) for r in sms_rows
              if r["kernel"] in streams and r["mechanism"] == "green_context"
              and r["time_s_median"]]
    best = None
    for p10 in range(5, 101):
        p = p10 / 10
        for b in range(10, 1001):
            err = sum(math.log(((n * b) ** -p + full[k] ** -p) ** (-1 / p)
                               / got) ** 2 for k, n, got in points)
            if best is None or err < best[0]:
                best = (err, b, p)
    err, b, p = best
    worst = max(abs(((n * b) ** -p + full[k] ** -p) ** (-1 / p) / got - 1)
                for k, n, got in points)
    how = ("read and triad on green contexts of %d-%d SMs (%d points), "
           "rms log error %.3f, worst %.1f%%" %
           (min(n for _, n, _ in points), max(n for _, n, _ in points),
            len(points), math.sqrt(err / len(points)), 100 * worst))
    return {"memory.per_sm_bandwidth_gbps": (b, how),
            "memory.bandwidth_saturation_exponent": (p, how)}


def fit_warp_saturation(bw, peak):
    """memory.warp_saturation_exponent: the copy's rate against warps per SM
    meets the sustained peak along a smooth minimum ((w s)^-p + B^-p)^(-1/p),
    s each series' rate per warp at its fewest warps (the linear part Little's
    law gives), B the best copy; p closest in log over every copy row."""
    series = {}
    for r in bw:
        if r["kernel"] == "copy" and r["gbps_median"]:
            series.setdefault(r["loads_per_thread"], []).append(
                (int(r["warps_per_sm"]), float(r["gbps_median"])))
    points = []
    for pts in series.values():
        pts.sort()
        slope = pts[0][1] / pts[0][0]
        points += [(w * slope, got) for w, got in pts]
    best = None
    for p10 in range(5, 201):
        p = p10 / 10
        err = sum(math.log((lin ** -p + peak ** -p) ** (-1 / p) / got) ** 2
                  for lin, got in points)
        if best is None or err < best[0]:
            best = (err, p)
    err, p = best
    hard = sum(math.log(min(lin, peak) / got) ** 2 for lin, got in points)
    return {"memory.warp_saturation_exponent": (
        p, "copy at 1-64 warps/SM, %d series (%d points): rms log error %.3f, "
        "%.3f with a hard minimum" % (len(series), len(points),
                                      math.sqrt(err / len(points)),
                                      math.sqrt(hard / len(points))))}


def derive(raw):
    out = {}
    bw = rows(os.path.join(raw, "bandwidth.csv"))
    copy = max(float(r["gbps_median"]) for r in bw if r["kernel"] == "copy"
               and r["gbps_median"])
    out["memory.bandwidth_gbps"] = (
        round(copy), "best STREAM copy, %.1f GB/s (bytes read + written)" %
        copy)
    read = max(float(r["gbps_median"]) for r in bw if r["kernel"] == "read"
               and r["gbps_median"])
    out["memory.read_bandwidth_gbps"] = (
        round(read), "best STREAM-style read, %.1f GB/s (bytes read)" % read)
    out.update(fit_warp_saturation(bw, copy))
    read1 = sorted((int(r["warps_per_sm"]), r) for r in bw
                   if r["kernel"] == "read" and r["loads_per_thread"] == "1"
                   and r["gbps_median"])
    warps, r = read1[0]
    sms = int(r["blocks"]) // 2
    inflight_b = warps * sms * 32 * 8
    gbps = float(r["gbps_median"])
    latency_ns = inflight_b / (gbps * 1e9) * 1e9
    mhz = float(r["sm_mhz"])
    cycles = latency_ns * mhz / 1e3
    out["memory.latency_cycles"] = (
        round(cycles),
        "read, 1 load/thread, %d warps/SM on %d SMs: %d B in flight / %.1f "
        "GB/s = %.1f ns x %.0f MHz" % (warps, sms, inflight_b, gbps,
                                       latency_ns, mhz))
    idle = {r["phase"]: float(r["power_w"]) for r in
            rows(os.path.join(raw, "idle.csv")) if r["power_w"]}
    out["power.idle_power_w"] = (
        round(idle["context_open"]),
        "context open %.1f W (no context %.1f W)" %
        (idle["context_open"], idle.get("no_context", float("nan"))))
    sms_rows = rows(os.path.join(raw, "active_sms.csv"))
    out.update(fit_sms_bandwidth(sms_rows))
    fulls = [per_launch_j(r) for r in sms_rows
             if r["kernel"] == "session_read_u4" and r["energy_j"]
             and r["mechanism"] in ("full", "full_again")]
    full = sum(fulls) / len(fulls)
    noise = (max(fulls) - min(fulls)) / full
    total = max(int(r["sms_granted"] or 0) for r in sms_rows)
    part = [per_launch_j(r) / full for r in sms_rows
            if r["kernel"] == "session_read_u4" and r["energy_j"]
            and r["mechanism"] == "green_context"
            and int(r["sms_granted"]) * 3 >= total]
    best = min(part)
    gated = 1 if best < 1 - 2 * noise else 0
    out["sm_footprint.power_gating"] = (
        gated,
        "streaming read on green contexts of >= %d of %d SMs: least energy "
        "per launch %.3f x the full GPU's, run noise %.1f%% (full GPU twice)"
        % ((total + 2) // 3, total, best, 100 * noise))
    return out


def derive_l2(probe):
    """Little's law for L2 hits (see the docstring)."""
    rs = rows(probe)
    overhead = [float(r["time_s_median"]) for r in rs
                if r["id"] == "l2/overhead" and r["time_s_median"]]
    reads = sorted((int(r["block"].split("x")[0]), r) for r in rs
                   if r["id"].startswith("l2/read_u1_24mib_b")
                   and r["time_s_median"])
    block, r = reads[0]
    grid = int(r["grid"].split("x")[0])
    warps, sms = 2 * block // 32, grid // 2
    inflight_b = warps * sms * 32 * 8
    gbps = 24 * 1024 * 1024 / float(r["time_s_median"]) / 1e9
    latency_ns = inflight_b / gbps
    mhz = float(r["sm_mhz_mean"])
    return {"memory.l2_latency_cycles": (
        round(latency_ns * mhz / 1e3),
        "24 MiB read in L2, 1 load/thread, %d warps/SM on %d SMs: %d B in "
        "flight / %.1f GB/s = %.1f ns x %.0f MHz (a launch with almost no "
        "work: %.1f us of its %.1f us)" %
        (warps, sms, inflight_b, gbps, latency_ns, mhz,
         overhead[0] * 1e6 if overhead else float("nan"),
         float(r["time_s_median"]) * 1e6))}


def lookup(model, dotted):
    node = model
    for part in dotted.split("."):
        node = node[part]
    return node["value"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("raw")
    ap.add_argument("--check", metavar="MODEL.json")
    ap.add_argument("--l2-probe", metavar="KERNELS.csv",
                    help="the L2 probe's kernels.csv (make_l2_spec.py)")
    a = ap.parse_args()
    derived = derive(a.raw)
    if a.l2_probe:
        derived.update(derive_l2(a.l2_probe))
    status = 0
    model = json.load(open(a.check)) if a.check else None
    for key, (value, how) in derived.items():
        line = "%s = %s  (%s)" % (key, value, how)
        if model is not None:
            have = lookup(model, key)
            # Rounded to whole units above; the file may state the same
            # figure to one more digit.
            if abs(float(have) - float(value)) > 0.5 + 1e-9 * abs(value):
                line += "  MODEL SAYS %s" % have
                status = 1
        print(line)
    return status


if __name__ == "__main__":
    sys.exit(main())
