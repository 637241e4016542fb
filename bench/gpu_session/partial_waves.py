#!/usr/bin/env python3
"""Predicted vs measured time of the GPU session's kernels on H100 green
contexts of S SMs (264 blocks, 2 resident per SM: a partial last wave
wherever 264 is not a multiple of 2 x S), for docs/validation.md "Partial
last waves". Validation only: nothing is fitted or set here.

  partial_waves.py BUILD/tool/gpa [RAW]

prints kernel,S,waves,partial|whole,measured_s,predicted_s,pred/meas and,
per kernel, the geometric mean and rms log error over the partial-wave
points, absolute and relative to each side's full-GPU time.
"""
import math
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import analyse  # noqa: E402

gpa = sys.argv[1]
raw = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    HERE, "..", "data", "gpu-session", "h100-2026-11-27", "run1")
data = analyse.rows(os.path.join(raw, "active_sms.csv"))
n, items, total = 1 << 27, 132 * 2048 * 4, 132
work = tempfile.mkdtemp()
for k in ("session_ffma", "session_read_u4", "session_triad_u4"):
    p = analyse.predicted(gpa, "h100", k, 264, 1024, n, items, 64, "sm", work)
    meas = {int(r["sms_granted"]): float(r["time_s_median"]) for r in data
            if r["kernel"] == k and r["mechanism"] in ("green_context", "full")}
    errs = []
    for s in sorted(meas):
        if s not in p:
            continue
        waves = 264 / (2.0 * s)
        partial = 264 % (2 * s) != 0 and waves > 1
        e = p[s][0] / meas[s]
        errs.append((s, partial, e))
        print("%s,%d,%.3f,%s,%.6g,%.6g,%.3f" % (
            k, s, waves, "partial" if partial else "whole", meas[s], p[s][0],
            e))
    sel = [e for s, pa, e in errs if pa]
    if not sel or total not in meas or total not in p:
        continue
    full = p[total][0] / meas[total]
    rel = [e / full for e in sel]
    print("# %s partial waves: n=%d geo-mean pred/meas %.3f, rms log err "
          "%.3f; relative to the full GPU: rms log err %.3f, max %.3f" % (
              k, len(sel), math.exp(sum(map(math.log, sel)) / len(sel)),
              math.sqrt(sum(math.log(x) ** 2 for x in sel) / len(sel)),
              math.sqrt(sum(math.log(x) ** 2 for x in rel) / len(rel)),
              max(abs(math.log(x)) for x in rel)))
