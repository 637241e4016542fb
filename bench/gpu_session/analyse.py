#!/usr/bin/env python3
"""Turns the raw files of one GPU session (bench/gpu_session.sh run) into
what issue 29 asks of them (docs/gpu-session.md):

  analyse.py RAW [--out DIR] [--gpa BUILD/tool/gpa] [--gpu h100]

RAW is the unpacked gpu_session.tar.gz (idle.csv, active_sms.csv,
bandwidth.csv, pipe_overlap.csv, kernels.csv, session.jsonl). It prints:
  - idle power with and without a CUDA context;
  - per kernel and mechanism, measured time and energy per launch against
    active SMs, relative to all SMs, and the measured optimum; with --gpa,
    the product's recommendation for the same kernel and launch (`gpa
    sweep` on gpa_session.cu with the launch as facts), the saving it
    predicts and what was measured there; writes
    DIR/active_sms_<kernel>.svg (measured, and predicted with --gpa);
  - bandwidth against warps in flight per SM, the warps that reach 90% of
    the best, and the loaded latency Little's law gives at low occupancy
    (bytes in flight / bandwidth); writes DIR/bandwidth.svg; with --gpa,
    the product's bandwidth for the same launches beside the measured, and
    the warps each needs for 90% of its best;
and leaves the pipe-overlap verdict to bench/pipe_overlap.py and the
validation table to bench/gpu_session/validation_table.py (both read the
same folder). Ratios and tables only: nothing is fitted or set here.
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile


def rows(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def svg_plot(path, title, xlabel, ylabel, series):
    """series: [(label, [(x, y)])] as lines with points."""
    pts = [p for _, s in series for p in s if p[1] is not None]
    if not pts:
        return
    w, h, m = 640, 400, 60
    x0, x1 = 0, max(p[0] for p in pts) * 1.05
    y0, y1 = 0, max(p[1] for p in pts) * 1.1
    sx = lambda x: m + (x - x0) / (x1 - x0 or 1) * (w - 2 * m)
    sy = lambda y: h - m - (y - y0) / (y1 - y0 or 1) * (h - 2 * m)
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
               "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (w, h),
           '<text x="%d" y="20" font-size="13">%s</text>' % (m, title),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>'
           % (m, h - m, w - m, h - m),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>'
           % (m, m, m, h - m),
           '<text x="%d" y="%d">%s</text>' % (w // 2 - 40, h - 20, xlabel),
           '<text x="12" y="%d" transform="rotate(-90 12 %d)">%s</text>'
           % (h // 2 + 40, h // 2 + 40, ylabel)]
    for i in range(6):
        yv = y0 + (y1 - y0) * i / 5
        xv = x0 + (x1 - x0) * i / 5
        out.append('<text x="%d" y="%d" text-anchor="end">%.3g</text>'
                   % (m - 4, sy(yv) + 4, yv))
        out.append('<text x="%d" y="%d" text-anchor="middle">%.3g</text>'
                   % (sx(xv), h - m + 14, xv))
    for i, (label, s) in enumerate(series):
        s = sorted(p for p in s if p[1] is not None)
        c = colours[i % len(colours)]
        if len(s) > 1:
            out.append('<polyline fill="none" stroke="%s" points="%s"/>' % (
                c, " ".join("%.1f,%.1f" % (sx(x), sy(y)) for x, y in s)))
        for x, y in s:
            out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>'
                       % (sx(x), sy(y), c))
        out.append('<text x="%d" y="%d" fill="%s">%s</text>'
                   % (w - m - 150, m + 14 * i, c, label))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def idle(raw):
    print("# idle power (NVML total-energy counter over the window)")
    print("phase,seconds,power_w,sm_mhz,mem_mhz,temperature_c")
    for r in rows(os.path.join(raw, "idle.csv")):
        print("%s,%s,%s,%s,%s,%s" % (r["phase"], r["seconds"],
                                     r["power_w"] or r["power_w_sampled_mean"],
                                     r["sm_mhz_mean"], r["mem_mhz_mean"],
                                     r["temperature_c"]))


HERE = os.path.dirname(os.path.abspath(__file__))
SESSION_CU = os.path.join(HERE, "..", "..", "measure", "microbenchmarks",
                          "gpa_session.cu")


def session_launch(kernel, blocks, threads, n, items, rounds):
    """gpa-launch/1 facts for a session kernel as gpa-session launched it:
    the grid-stride loops' trip counts follow from n, U and the grid."""
    stride = blocks * threads
    entry = {"kernel": kernel, "block": [threads, 1, 1], "grid": [blocks, 1, 1]}
    if kernel == "session_ffma":
        # gpa_session.cu: the item loop (line 129) and the rounds (line 136).
        entry["loops"] = [{"line": 129, "trip_count": max(1, items // stride)},
                          {"line": 136, "trip_count": rounds}]
    else:
        u = int(kernel[-1])
        entry["trip_count"] = max(1, n // (u * stride))
    return entry


def predicted(gpa, gpu, kernel, blocks, threads, n, items, rounds, mechanism,
              workdir):
    """{active SMs: (time_s, energy_j, recommended)} from `gpa sweep` on the
    session kernel's source with its launch as facts; {} when gpa fails."""
    launch = os.path.join(workdir, "launch-%s.json" % kernel)
    with open(launch, "w") as f:
        json.dump({"schema": "gpa-launch/1", "kernels": [
            session_launch(kernel, blocks, threads, n, items, rounds)]}, f)
    r = subprocess.run([gpa, "sweep", "--gpu", gpu, "--mechanism", mechanism,
                        "--launch-file", launch, "--kernel", kernel,
                        SESSION_CU, "--format", "csv"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        print("# gpa sweep %s failed: %s" % (kernel, r.stderr.strip()[:200]))
        return {}
    out = {}
    for row in csv.DictReader(r.stdout.splitlines()):
        out[int(row["active_sms"])] = (float(row["exec_time_s"]),
                                       float(row["energy_j"]),
                                       row["recommended"] == "1")
    return out


def active_sms(raw, out, gpa, gpu):
    data = rows(os.path.join(raw, "active_sms.csv"))
    if not data:
        print("# active SMs: no data")
        return
    full = {}
    for r in data:
        if r["mechanism"] == "full" and num(r["energy_j"]):
            full[r["kernel"]] = r
    print("# time and energy per launch against active SMs, relative to the "
          "full GPU (mechanism: green_context = SM partition, grid = 2 "
          "blocks per active SM)")
    print("kernel,mechanism,sms,sms_observed,time_s,energy_j_per_launch,"
          "power_w,time_rel,energy_rel,sm_mhz,temperature_c")
    best = {}
    series = {}
    time_rows = []
    for r in data:
        t, e, n = num(r["time_s_median"]), num(r["energy_j"]), num(r["launches"])
        wall, ev = num(r["wall_s"]), num(r["event_time_s"])
        if not (t and e and n and wall and ev) or r["mechanism"] == "setup":
            continue
        sms = int(r["sms_granted"] or r["sms_requested"])
        if r["mechanism"] == "grid":
            sms = int(r["sms_requested"])
        # Energy of the launches alone: the board's energy over the window,
        # scaled to the GPU-busy share of it (events over wall time).
        per_launch = e * (ev / wall) / n
        f = full.get(r["kernel"])
        trel = erel = None
        if f:
            fe = num(f["energy_j"]) * num(f["event_time_s"]) / \
                num(f["wall_s"]) / num(f["launches"])
            trel = t / num(f["time_s_median"])
            erel = per_launch / fe
        print("%s,%s,%d,%s,%.6g,%.6g,%s,%s,%s,%s,%s" % (
            r["kernel"], r["mechanism"], sms, r["sms_observed"], t, per_launch,
            r["power_w"], "%.4f" % trel if trel else "",
            "%.4f" % erel if erel else "", r["sm_mhz_mean"],
            r["temperature_c_end"]))
        key = (r["kernel"], r["mechanism"] if r["mechanism"] != "full_again"
               else "full")
        if trel:
            time_rows.append((r["kernel"], r["mechanism"], sms, trel))
        series.setdefault(r["kernel"], {}).setdefault(key[1], []).append(
            (sms, per_launch))
        if key not in best or per_launch < best[key][1]:
            best[key] = (sms, per_launch, trel)
    best_of = best
    print("# measured optimum per kernel and mechanism (least energy per "
          "launch)")
    print("kernel,mechanism,best_sms,energy_rel_to_full,time_rel_to_full")
    for (k, mech), (sms, e, trel) in sorted(best.items()):
        f = full.get(k)
        if not f or mech == "full":
            continue
        fe = num(f["energy_j"]) * num(f["event_time_s"]) / num(f["wall_s"]) / \
            num(f["launches"])
        print("%s,%s,%d,%.4f,%s" % (k, mech, sms, e / fe,
                                    "%.4f" % trel if trel else ""))
    preds = {}
    if gpa:
        runs = [json.loads(l) for l in open(os.path.join(raw, "session.jsonl"))]
        total = max(int(r.get("sm_count", 0)) for r in runs)
        quick = any(r.get("quick") for r in runs)
        n = (1 << 20) if quick else (1 << 27)
        items = total * 2048 * (1 if quick else 4)
        work = out or raw
        print("# the product's recommendation for the same launches (gpa "
              "sweep --gpu %s): the SMs it recommends and the energy per "
              "launch it predicts there, relative to the full GPU; what was "
              "measured at that SM count; the measured optimum" % gpu)
        print("kernel,mechanism,predicted_sms,predicted_energy_rel,"
              "measured_energy_rel_there,measured_time_rel_there,"
              "measured_best_sms")
        for k in sorted(series):
            for mech, gm in (("green_context", "sm"), ("grid", "grid")):
                p = predicted(gpa, gpu, k, total * 2, 1024, n, items, 64, gm,
                              work)
                if not p:
                    continue
                preds[(k, mech)] = p
                full_p = p.get(total) or p[max(p)]
                rec = [s for s, v in p.items() if v[2]]
                rec_sms = rec[0] if rec else total
                pts = dict(series[k].get(mech, []))
                full_m = dict(series[k].get("full", [])).get(total)
                there = pts.get(rec_sms) if rec_sms != total else full_m
                times = {r_sms: t for (kk, mm, r_sms, t) in time_rows
                         if kk == k and mm == mech}
                best = best_of.get((k, mech))
                print("%s,%s,%d,%.4f,%s,%s,%s" % (
                    k, mech, rec_sms, p[rec_sms][1] / full_p[1],
                    "%.4f" % (there / full_m) if there and full_m else "",
                    "%.4f" % times[rec_sms] if rec_sms in times else "",
                    best[0] if best else ""))
    if out:
        for k, mechs in series.items():
            lines = sorted(mechs.items())
            for mech in ("green_context", "grid"):
                p = preds.get((k, mech))
                if p:
                    lines.append(("predicted %s" % mech,
                                  [(s, v[1]) for s, v in sorted(p.items())]))
            svg_plot(os.path.join(out, "active_sms_%s.svg" % k),
                     "%s: energy per launch vs active SMs" % k,
                     "active SMs", "J per launch", lines)


def bandwidth(raw, out):
    data = rows(os.path.join(raw, "bandwidth.csv"))
    if not data:
        print("# bandwidth: no data")
        return
    groups = {}
    for r in data:
        g = num(r["gbps_median"])
        if g is None:
            continue
        groups.setdefault((r["kernel"], int(r["loads_per_thread"])), []).append(
            (int(r["warps_per_sm"]), g, r))
    print("# bandwidth against warps in flight per SM (2 blocks per SM)")
    print("kernel,loads_per_thread,best_gbps,warps_for_90pct,"
          "lowest_warps,gbps_at_lowest,loaded_latency_ns_at_lowest")
    series = []
    for (k, u), pts in sorted(groups.items()):
        pts.sort()
        best = max(g for _, g, _ in pts)
        w90 = next((w for w, g, _ in pts if g >= 0.9 * best), None)
        w_lo, g_lo, r_lo = pts[0]
        # Little's law at the lowest occupancy: bytes in flight per SM =
        # warps x 32 lanes x 8 B x loads per thread (x arrays read at once
        # for copy/triad: their loads are independent too).
        arrays = {"read": 1, "copy": 1, "triad": 2}[k]
        sms = int(r_lo["blocks"]) // 2
        inflight = w_lo * 32 * 8 * u * arrays * sms
        read_share = {"read": 1.0, "copy": 0.5, "triad": 2.0 / 3.0}[k]
        latency_ns = inflight / (g_lo * 1e9 * read_share) * 1e9
        print("%s,%d,%.1f,%s,%d,%.1f,%.0f" % (k, u, best, w90, w_lo, g_lo,
                                              latency_ns))
        series.append(("%s u%d" % (k, u), [(w, g) for w, g, _ in pts]))
    if out:
        svg_plot(os.path.join(out, "bandwidth.svg"),
                 "DRAM bandwidth vs warps in flight per SM",
                 "warps per SM", "GB/s", series)


def bandwidth_predicted(raw, gpa, gpu):
    """The product's bandwidth for the same launches (issue 24, "warps in
    flight"): `gpa sweep` on gpa_session.cu with each bandwidth row's launch
    as facts, the time at all SMs, against the measured rate."""
    data = rows(os.path.join(raw, "bandwidth.csv"))
    elements_bytes = {"read": 8, "copy": 16, "triad": 24}
    groups = {}
    with tempfile.TemporaryDirectory() as work:
        for r in data:
            g = num(r["gbps_median"])
            if g is None:
                continue
            k, u = r["kernel"], int(r["loads_per_thread"])
            blocks, threads = int(r["blocks"]), int(r["threads_per_block"])
            nbytes = int(r["bytes_per_launch"])
            n = nbytes // elements_bytes[k]
            p = predicted(gpa, gpu, "session_%s_u%d" % (k, u), blocks, threads,
                          n, 0, 0, "sm", work)
            if not p:
                continue
            t = p[max(p)][0]
            groups.setdefault((k, u), []).append(
                (int(r["warps_per_sm"]), g, nbytes / t / 1e9))
    print("# bandwidth against warps per SM, measured and predicted "
          "(gpa sweep --gpu %s, all SMs)" % gpu)
    print("kernel,loads_per_thread,warps_per_sm,measured_gbps,predicted_gbps,"
          "predicted_over_measured")
    summary = []
    for (k, u), pts in sorted(groups.items()):
        pts.sort()
        for w, g, pg in pts:
            print("%s,%d,%d,%.1f,%.1f,%.3f" % (k, u, w, g, pg, pg / g))
        best_m = max(g for _, g, _ in pts)
        best_p = max(pg for _, _, pg in pts)
        w90_m = next(w for w, g, _ in pts if g >= 0.9 * best_m)
        w90_p = next(w for w, _, pg in pts if pg >= 0.9 * best_p)
        ape = sum(abs(pg / g - 1) for _, g, pg in pts) / len(pts)
        summary.append((k, u, w90_m, w90_p, ape))
    print("kernel,loads_per_thread,warps_for_90pct_measured,"
          "warps_for_90pct_predicted,bandwidth_mape")
    for k, u, wm, wp, ape in summary:
        print("%s,%d,%d,%d,%.3f" % (k, u, wm, wp, ape))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("raw")
    ap.add_argument("--out", help="folder for the SVG plots")
    ap.add_argument("--gpa", help="gpa binary for predictions")
    ap.add_argument("--gpu", default="h100")
    a = ap.parse_args()
    if a.out:
        os.makedirs(a.out, exist_ok=True)
    runs = [json.loads(l) for l in open(os.path.join(a.raw, "session.jsonl"))] \
        if os.path.exists(os.path.join(a.raw, "session.jsonl")) else []
    for r in runs[:1]:
        print("# board %s, driver %s, %s SMs, as found: %s" % (
            r.get("board", r.get("device")), r.get("driver"), r.get("sm_count"),
            json.dumps(r.get("as_found", {}), sort_keys=True)))
    idle(a.raw)
    active_sms(a.raw, a.out, a.gpa, a.gpu)
    bandwidth(a.raw, a.out)
    if a.gpa:
        bandwidth_predicted(a.raw, a.gpa, a.gpu)


if __name__ == "__main__":
    main()
