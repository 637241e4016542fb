#!/usr/bin/env python3
"""The configuration sweeps' raw data (bench/gpu_session.sh run-sweeps,
docs/gpu-session.md "Configuration sweeps") turned into the inputs of the
product's validation harnesses, and those harnesses run:

  benchmark_hub corpora  DATA/<corpus>_<board>.csv (every tunable of the
      paired board's file, then the measured `time_ms`: the median time
      per launch of the window), which `bench/e2e_validation.py --board
      <board> --data DATA` validates through both routes (clang plugin,
      nvcc PTX): geomean pred/meas, within 1.25/1.5/2x, rho, regret, rank
      of the measured best;
  ccglib                 a Kernel Tuner-style cache (OUT/ccglib_<board>.json:
      `time` ms, `ps_power` = the board's NVML energy over the window's
      wall time in W, `ps_energy` J per launch, `nvml_gr_clock` = the
      window's mean SM clock rounded to the board model's clock table,
      `core_freq` the mean itself) that `bench/power_validation.py --board
      <board>` compares: power MAPE and rho across configurations.

It also prints, with no model involved: per set the rows measured, the
clock and power ranges and any clock-event (throttle) reasons; per hub
corpus the H100's measured time against the paired board's on the same
configurations (geomean ratio, rho, whether the best configuration is the
same); and the zero-operand ccglib runs against the same configurations
with random operands (power ratio).

  python3 bench/gpu_session/sweep_analysis.py RAW [--board h100]
      [--data DIR] [--out DIR] [--e2e] [--power] [--routes clang,ptx]
      [--build build] [--ccglib DIR] [--save-predictions DIR]
      [--predictions DIR] [--power-from RAW2] [--repeat RAW2]

The predictions depend only on the configurations, not on what was
measured: `--save-predictions DIR` (with --e2e --power, e.g. on the dry
run's output of the same bundle) keeps them, and `--predictions DIR` later
joins them with the real measurements in seconds instead of recompiling
every configuration.

RAW is the folder sweeps.tar.gz unpacks to (or the .tar.gz itself).
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import e2e_validation as e2e  # noqa: E402

HUB = ["convolution_milo", "dedispersion_milo", "gemm", "pnpoly"]


def unpack(raw):
    if os.path.isfile(raw):
        dest = tempfile.mkdtemp(prefix="gpa-sweeps-")
        with tarfile.open(raw) as t:
            t.extractall(dest)
        return dest
    return raw


def read_rows(raw):
    """{id: kernels.csv row} (the last row of an id measured twice)."""
    rows = {}
    with open(os.path.join(raw, "kernels.csv"), newline="") as f:
        for r in csv.DictReader(f):
            rows[r["id"]] = r
    return rows


def read_specs(raw):
    """{set: [spec entry]} from the specs the run copied."""
    specs = {}
    d = os.path.join(raw, "specs")
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if name.endswith(".json"):
            with open(os.path.join(d, name)) as f:
                doc = json.load(f)
            specs[doc.get("set", name[:-5])] = doc["kernels"]
    return specs


def measured(row):
    """(time s, power W, energy J per launch, SM MHz) or None."""
    if row is None or row.get("error") or not row.get("time_s_median"):
        return None
    try:
        t = float(row["time_s_median"])
        w = float(row["power_w"]) if row.get("power_w") else None
        j = (float(row["energy_j_per_launch"])
             if row.get("energy_j_per_launch") else None)
        mhz = float(row["sm_mhz_mean"]) if row.get("sm_mhz_mean") else None
    except ValueError:
        return None
    return (t, w, j, mhz) if t > 0 else None


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float(
        "nan")


def set_summary(name, entries, rows):
    ms = [(e, measured(rows.get(e["id"]))) for e in entries]
    ok = [(e, m) for e, m in ms if m]
    missing = [e["id"] for e in entries if e["id"] not in rows]
    errors = [(e["id"], rows[e["id"]].get("error")) for e in entries
              if e["id"] in rows and not measured(rows[e["id"]])]
    line = "%-18s %d of %d measured" % (name, len(ok), len(entries))
    if ok:
        ts = [m[0] for _, m in ok]
        ws = [m[1] for _, m in ok if m[1]]
        cs = [m[3] for _, m in ok if m[3]]
        line += ", %.4g-%.4g ms" % (min(ts) * 1e3, max(ts) * 1e3)
        if ws:
            line += ", %.0f-%.0f W" % (min(ws), max(ws))
        if cs:
            line += ", SM %.0f-%.0f MHz" % (min(cs), max(cs))
        reasons = sorted({rows[e["id"]].get("clock_event_reasons", "")
                          for e, _ in ok} - {"", "0x0"})
        if reasons:
            line += ", clock-event reasons " + " ".join(reasons)
    if missing:
        line += ", %d not run" % len(missing)
    print(line)
    for id_, why in errors[:3]:
        print("%-18s   error %s: %s" % ("", id_, (why or "?")[:160]))
    return ok


def write_hub_csv(corpus, board, ok, data):
    """<corpus>_<board>.csv with the paired board's columns."""
    paired = ok[0][0].get("paired_board") or e2e.CORPORA[corpus]["boards"][0]
    keys, _ = e2e.read_configs(corpus, paired)
    path = e2e.data_path(corpus, board, data)
    rows = sorted((tuple(int(e["params"][k]) for k in keys), m[0])
                  for e, m in ok)
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(keys + ["time_ms"])
        for cfg, t in rows:
            w.writerow(list(cfg) + ["%.6g" % (t * 1e3)])
    return path, paired, keys


def compare_boards(corpus, board, paired, keys, ok):
    """Measured time on our board against the paired board's on the same
    configurations: no model involved."""
    _, theirs = e2e.read_configs(corpus, paired)
    by_cfg = {tuple(p[k] for k in keys): t for p, t in theirs}
    pairs = [(m[0], by_cfg.get(tuple(int(e["params"][k]) for k in keys)))
             for e, m in ok]
    pairs = [(a, b) for a, b in pairs if b]
    if len(pairs) < 3:
        return
    ours, other = [p[0] for p in pairs], [p[1] for p in pairs]
    same_best = min(range(len(pairs)), key=lambda i: ours[i]) == min(
        range(len(pairs)), key=lambda i: other[i])
    regret = other[min(range(len(pairs)), key=lambda i: ours[i])] / min(
        other) - 1
    print("%-18s %s vs %s measured on %d shared configurations: time ratio "
          "geomean %.3f, rho %.3f, same best %s (the %s best on %s: %+.1f%%)"
          % (corpus, board, paired, len(pairs),
             geomean([a / b for a, b in pairs]),
             e2e.spearman(ours, other), "yes" if same_best else "no", board,
             paired, 100 * regret))


def clock_table(board):
    """(min, step, max) MHz of the board model's DVFS table."""
    with open(os.path.join(ROOT, "models", "gpus", board + ".json")) as f:
        doc = json.load(f)
    found = {}

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k in ("dvfs_min_clock_mhz", "dvfs_step_mhz",
                         "dvfs_max_clock_mhz"):
                    found[k] = v["value"] if isinstance(v, dict) else v
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(doc)
    return (found.get("dvfs_min_clock_mhz"), found.get("dvfs_step_mhz"),
            found.get("dvfs_max_clock_mhz"))


def table_clock(mhz, table):
    lo, step, hi = table
    if not (lo and step and hi):
        return int(round(mhz))
    c = lo + round((mhz - lo) / step) * step
    return int(min(max(c, lo), hi))


def write_power_cache(name, board, ok, out, device, all_clocks=False):
    """A Kernel Tuner-style cache power_validation.py reads."""
    table = clock_table(board)
    keys = list(ok[0][0]["params"])
    cache = {}
    for e, (t, w, j, mhz) in ok:
        if w is None or j is None:
            continue
        clocks = [table_clock(mhz or table[2] or 0, table)]
        if all_clocks and all(table):
            clocks = list(range(int(table[0]), int(table[2]) + 1,
                                int(table[1])))
        for clock in clocks:
            entry = dict(e["params"])
            entry.update({"nvml_gr_clock": clock, "time": t * 1e3,
                          "ps_power": w, "ps_energy": j,
                          "core_freq": clock if all_clocks else mhz})
            cache[",".join(str(e["params"][k]) for k in keys) +
                  ",%d" % clock] = entry
    path = os.path.join(out, "%s_%s.json" % (name, board))
    with open(path, "w") as f:
        json.dump({"device_name": device,
                   "description": "GpuPowerAdvisor GPU-session sweep "
                   "(bench/gpu_session.sh run-sweeps): time = median per "
                   "launch; ps_power = NVML board energy / window wall time "
                   "(not a PowerSensor3); nvml_gr_clock = the mean SM clock "
                   "as found, rounded to the model's clock table (the clock "
                   "was not locked)",
                   "tune_params_keys": keys + ["nvml_gr_clock"],
                   "cache": cache}, f, indent=1)
    return path, len(cache)


def device_of(raw):
    try:
        with open(os.path.join(raw, "session.jsonl")) as f:
            for line in f:
                d = json.loads(line)
                if d.get("device"):
                    return d["device"]
    except (OSError, ValueError):
        pass
    return "?"


def compare_zero(specs, rows):
    zero, rand = specs.get("ccglib_zero", []), specs.get("ccglib", [])
    by_params = {json.dumps(e["params"], sort_keys=True): e for e in rand}
    ratios = []
    for e in zero:
        r = by_params.get(json.dumps(e["params"], sort_keys=True))
        mz, mr = measured(rows.get(e["id"])), measured(
            rows.get(r["id"]) if r else None)
        if mz and mr and mz[1] and mr[1]:
            ratios.append((mz[1] / mr[1], mz[0] / mr[0]))
    if ratios:
        print("ccglib_zero        zero / random operands on %d configurations:"
              " power %s, time %s" % (
                  len(ratios), " ".join("%.3f" % p for p, _ in ratios),
                  " ".join("%.3f" % t for _, t in ratios)))


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def summarise_saved(pred_dir, board, data):
    """e2e figures from predictions saved earlier (--save-predictions on
    the same configurations, e.g. on the dry run's output): predictions do
    not depend on the measurements, so they are joined, not recomputed."""
    path = os.path.join(pred_dir, "e2e.csv")
    if not os.path.exists(path):
        return
    preds = {}
    for r in read_csv(path):
        if r["predicted_s"]:
            preds[(r["corpus"], r["route"], r["config"])] = (
                float(r["predicted_s"]), float(r["fp_ops_over_published"])
                if r["fp_ops_over_published"] else None)
    routes = sorted({k[1] for k in preds})
    for corpus in HUB:
        if not os.path.exists(e2e.data_path(corpus, board, data)):
            continue
        keys, configs = e2e.read_configs(corpus, board, data)
        for route in routes:
            rows, missing = [], 0
            for params, meas in configs:
                key = (corpus, route, ",".join(str(params[k]) for k in keys))
                if key in preds:
                    rows.append((preds[key][0], meas, preds[key][1]))
                else:
                    missing += 1
            e2e.print_summary(corpus, board, route, e2e.summarise(rows),
                              missing, e2e.CORPORA[corpus].get("caveat"))


def hub_power_saved(pred_dir, specs, rows, power_raws):
    """Board power of the hub corpora against the e2e predictions' energy
    over their time (the model's power at its reference clock): MAPE and
    rho across configurations. The measured power is the mean over the runs
    given (RAW and --power-from), so short windows' noise averages."""
    path = os.path.join(pred_dir, "e2e.csv")
    if not os.path.exists(path):
        return
    runs = [rows] + [read_rows(unpack(r)) for r in power_raws]
    preds = {}
    for r in read_csv(path):
        if r["predicted_s"] and r["predicted_energy_j"]:
            preds[(r["corpus"], r["route"], r["config"])] = (
                float(r["predicted_energy_j"]) / float(r["predicted_s"]))
    for corpus in HUB:
        entries = specs.get(corpus, [])
        if not entries:
            continue
        keys, _ = e2e.read_configs(corpus, entries[0]["paired_board"])
        for route in sorted({k[1] for k in preds if k[0] == corpus}):
            pairs = []
            for e in entries:
                ws = [m[1] for m in (measured(rr.get(e["id"])) for rr in runs)
                      if m and m[1]]
                key = (corpus, route, ",".join(str(e["params"][k])
                                               for k in keys))
                if ws and key in preds:
                    pairs.append((preds[key], sum(ws) / len(ws)))
            if len(pairs) < 3:
                continue
            print("%-18s %-10s %-5s n=%-3d power MAPE %.1f%%  geomean "
                  "pred/meas %.3f  rho across configurations %.3f  "
                  "(measured %.0f-%.0f W, mean of %d run(s); predicted "
                  "%.0f-%.0f W)" % (
                      corpus, "power", route, len(pairs),
                      100 * sum(abs(p / m - 1) for p, m in pairs) /
                      len(pairs), geomean([p / m for p, m in pairs]),
                      e2e.spearman([p for p, _ in pairs],
                                   [m for _, m in pairs]),
                      min(m for _, m in pairs), max(m for _, m in pairs),
                      len(runs), min(p for p, _ in pairs),
                      max(p for p, _ in pairs)))


def power_saved(pred_dir, cache_path, board):
    """power_validation's figures from predictions saved earlier at every
    clock of the table, joined with the measured cache."""
    path = os.path.join(pred_dir, "power.csv")
    if not (os.path.exists(path) and os.path.exists(cache_path)):
        return
    import power_validation as pv
    rows = read_csv(path)
    keys = [k for k in rows[0] if k not in (
        "core_mhz", "measured_s", "predicted_s", "measured_w", "predicted_w",
        "measured_j", "predicted_j")]
    preds = {(tuple(int(r[k]) for k in keys), int(r["core_mhz"])): r
             for r in rows}
    _, ckeys, configs, _ = pv.read_cache(cache_path)
    points, errors = [], []
    for cfg, by_clock in sorted(configs.items()):
        for clock, e in sorted(by_clock.items()):
            r = preds.get((cfg, clock))
            if r is None:
                errors.append((cfg, "no saved prediction at %d MHz" % clock))
                continue
            points.append({"config": cfg, "clock": clock,
                           "meas_s": e["time"] * 1e-3,
                           "meas_w": e["ps_power"], "meas_j": e["ps_energy"],
                           "core_freq": e.get("core_freq", clock),
                           "pred_s": float(r["predicted_s"]),
                           "pred_w": float(r["predicted_w"]),
                           "pred_j": float(r["predicted_j"])})
    print("# power validation (saved predictions, %s): %s on model %s" %
          (path, os.path.basename(cache_path), board))
    pv.report(argparse.Namespace(), ckeys, points, errors, "saved",
              len(configs), 0.0)


def compare_runs(raw, other_raw, specs):
    """Run-to-run spread per set: |other/this - 1| of the time per launch
    and of the board power, median and maximum over the configurations
    both runs measured."""
    rows, other = read_rows(raw), read_rows(unpack(other_raw))
    for name, entries in specs.items():
        dt, dw = [], []
        for e in entries:
            a, b = measured(rows.get(e["id"])), measured(other.get(e["id"]))
            if a and b:
                dt.append(abs(b[0] / a[0] - 1))
                if a[1] and b[1]:
                    dw.append(abs(b[1] / a[1] - 1))
        if dt:
            med = lambda xs: sorted(xs)[len(xs) // 2]
            print("%-18s repeat on %d configurations: time |ratio-1| median "
                  "%.2f%%, max %.2f%%; power median %.1f%%, max %.1f%%" %
                  (name, len(dt), 100 * med(dt), 100 * max(dt),
                   100 * med(dw) if dw else float("nan"),
                   100 * max(dw) if dw else float("nan")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("raw")
    ap.add_argument("--board", default="h100")
    ap.add_argument("--data", default=e2e.DATA,
                    help="where <corpus>_<board>.csv go (default "
                    "bench/data/benchmark_hub)")
    ap.add_argument("--out", help="where the ccglib caches go (default RAW)")
    ap.add_argument("--e2e", action="store_true",
                    help="run bench/e2e_validation.py on the corpora")
    ap.add_argument("--power", action="store_true",
                    help="run bench/power_validation.py on ccglib")
    ap.add_argument("--routes", default="clang,ptx")
    ap.add_argument("--power-routes", default="ptx")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--ccglib", default="/work/data/ccglib-2024-11")
    ap.add_argument("--save-predictions", metavar="DIR",
                    help="with --e2e/--power: keep the per-configuration "
                    "predictions (e2e.csv; power.csv at every clock of the "
                    "table, --all-clocks implied)")
    ap.add_argument("--predictions", metavar="DIR",
                    help="join saved predictions instead of running the "
                    "harnesses (they depend only on the configurations)")
    ap.add_argument("--all-clocks", action="store_true",
                    help="write the ccglib cache at every clock of the "
                    "model's table (to save predictions for any clock)")
    ap.add_argument("--power-from", metavar="RAW2", action="append",
                    help="with --predictions: average the hub corpora's "
                    "measured power over RAW and this run too (repeatable)")
    ap.add_argument("--repeat", metavar="RAW2",
                    help="another run of the same bundle: print the "
                    "run-to-run spread of time and power per set")
    a = ap.parse_args()
    if a.save_predictions:
        a.all_clocks = True
        os.makedirs(a.save_predictions, exist_ok=True)
    raw = unpack(a.raw)
    out = a.out or raw
    os.makedirs(out, exist_ok=True)
    os.makedirs(a.data, exist_ok=True)
    rows, specs = read_rows(raw), read_specs(raw)
    device = device_of(raw)
    print("# sweeps on %s (board model %s): %d rows, %d sets" %
          (device, a.board, len(rows), len(specs)))
    written = []
    for name, entries in specs.items():
        ok = set_summary(name, entries, rows)
        if not ok:
            continue
        if name in HUB:
            path, paired, keys = write_hub_csv(name, a.board, ok, a.data)
            print("%-18s   wrote %s" % ("", path))
            compare_boards(name, a.board, paired, keys, ok)
            written.append(name)
        elif name.startswith("ccglib"):
            path, n = write_power_cache(name, a.board, ok, out, device,
                                        a.all_clocks)
            print("%-18s   wrote %s (%d entries)" % ("", path, n))
    compare_zero(specs, rows)
    if a.repeat:
        compare_runs(raw, a.repeat, specs)
    sys.stdout.flush()
    status = 0
    cache = os.path.join(out, "ccglib_%s.json" % a.board)
    if a.predictions:
        summarise_saved(a.predictions, a.board, a.data)
        hub_power_saved(a.predictions, specs, rows, a.power_from or [])
        power_saved(a.predictions, cache, a.board)
        return 0
    if a.e2e and written:
        cmd = [sys.executable, os.path.join(BENCH, "e2e_validation.py"),
               "--board", a.board, "--sample", "0", "--data", a.data,
               "--routes", a.routes, "--build", a.build]
        for c in written:
            cmd += ["--corpus", c]
        if a.save_predictions:
            cmd += ["--csv", os.path.join(a.save_predictions, "e2e.csv")]
        print("# " + " ".join(cmd))
        sys.stdout.flush()
        status |= subprocess.call(cmd)
    if a.power and os.path.exists(cache):
        for route in a.power_routes.split(","):
            cmd = [sys.executable, os.path.join(BENCH, "power_validation.py"),
                   "--cache", cache, "--ccglib", a.ccglib, "--board", a.board,
                   "--sample", "0", "--route", route, "--build", a.build,
                   "--explain", "2"]
            if a.save_predictions:
                cmd += ["--csv", os.path.join(a.save_predictions,
                                              "power.csv" if route == "ptx"
                                              else "power-%s.csv" % route)]
            print("# " + " ".join(cmd))
            sys.stdout.flush()
            status |= subprocess.call(cmd)
    return status


if __name__ == "__main__":
    sys.exit(main())
