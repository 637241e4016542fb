#!/usr/bin/env python3
"""Supported core clocks and the voltage line for GPU model files without a
dvfs voltage table (docs/dvfs.md "Estimated clock advice"): the
sm_footprint.dvfs_* parameters (seed 004 §5: voltage linear in the clock
through the lowest and the reference clock). gpu_catalogue.py calls
`footprint_clocks` for the catalogue boards; run alone, this script writes
the base files' tables (a100, h100, gtx280, tesla-c2050).

usage: scripts/clock_tables.py [MODELS_GPUS_DIR]
"""
import json
import os
import sys

# GV100's fitted voltage curve (titan-v.json power_backends.dvfs.core_domain,
# seed 002's fit of the public Titan V measurements): v = 0.780 at 502 MHz and
# 1 at the 1200 MHz reference. The line through them, in clock relative to the
# reference, is v(x) = 1 - K (1 - x).
GV100_V_LOW, GV100_F_LOW, GV100_F_REF = 0.780007067, 502.0, 1200.0
K = (1 - GV100_V_LOW) / (1 - GV100_F_LOW / GV100_F_REF)
VOLTAGE_SOURCE = (
    "assumed: no voltage of this chip is published; the line through the GV100 calibration's "
    "fitted voltages (titan-v.json power_backends.dvfs.core_domain, seed 002's fit of the public "
    "Titan V measurements: 0.780 of the reference voltage at 502 MHz, 1 at 1200 MHz), "
    "v = 1 - %.4f x (1 - f/f_ref), taken at this board's lowest clock %d MHz of %d MHz" )

GA100 = ("given: nvidia-smi -q -d SUPPORTED_CLOCKS of an A100 SXM4 as published in "
         "github.com/1Panel-dev/1Panel issue #11910: memory 1215 MHz, graphics clocks from "
         "1410 MHz down in 15 MHz steps")
GA100_MIN = ("assumed: 210 MHz, the lowest GA100 graphics clock commonly listed by "
             "SUPPORTED_CLOCKS (the cited excerpt shows the top of the list only)")
GH100 = ("derived: this project's nvidia-smi -q on an H100 SXM5 80 GB "
         "(bench/data/gpu-session/h100-2026-11-27/run1/nvidia-smi-q.txt): Max Clocks "
         "and Applications Clocks 1980 MHz, memory 2619 MHz")
GH100_MIN = ("derived: the same nvidia-smi -q showed the SM clock at 345 MHz idle, the lowest "
             "clock it was seen at (bench/data/gpu-session/h100-2026-11-27/run1/nvidia-smi-q.txt)")
GH100_STEP = ("assumed: 15 MHz between supported graphics clocks, as GA100's published "
              "SUPPORTED_CLOCKS list (github.com/1Panel-dev/1Panel issue #11910); the H100's "
              "list was not captured")
STEP15 = ("assumed: 15 MHz between supported graphics clocks, as GA100's published "
          "SUPPORTED_CLOCKS list (github.com/1Panel-dev/1Panel issue #11910); no list of this board "
          "is used (the graphics clocks Kernel Tuner locked through NVML on an RTX 4000 Ada in "
          "nlesc-recruit/powersensor3-results, 1485-1815 MHz, all lie on this grid)")
FLOOR210 = ("assumed: 210 MHz, the lowest graphics clock GA100's SUPPORTED_CLOCKS list commonly "
            "shows; no list of this board is used")
GRID = ("assumed: no supported-clocks list of this board is used: an even grid of 8 steps "
        "from half the boost clock (assumed floor) to the %d MHz boost clock")


def param(value, kind, source):
    return {"value": value, "kind": kind, "source": source}


def footprint_clocks(ref_mhz, table=None):
    """The sm_footprint.dvfs_* entries for a board whose reference (boost)
    clock is ref_mhz. table: None (an even grid) or (min_mhz, min_src,
    step_mhz, step_src, ref_src)."""
    if table:
        lo, lo_src, step, step_src, ref_src = table
    else:
        lo = round(ref_mhz / 2.0)
        step = (ref_mhz - lo) / 8.0
        lo_src = step_src = ref_src = GRID % ref_mhz
    v_min = round(1 - K * (1 - float(lo) / ref_mhz), 4)
    return {
        "dvfs_ref_clock_mhz": param(ref_mhz, "given" if table else "assumed", ref_src),
        "dvfs_ref_voltage_v": param(1.0, "assumed", "normalised: only V / V_ref enters (seed 004 "
                                                    "Eq. 8-9); 1 at the reference clock"),
        "dvfs_min_clock_mhz": param(lo, "assumed" if not table else lo_src.split(":")[0], lo_src),
        "dvfs_min_voltage_v": param(v_min, "assumed", VOLTAGE_SOURCE % (K, lo, ref_mhz)),
        "dvfs_max_clock_mhz": param(ref_mhz, "assumed", "no overclocking: the reference (boost) "
                                                        "clock is the highest setting"),
        "dvfs_step_mhz": param(step, step_src.split(":")[0], step_src),
    }


def ga100(ref_mhz):
    return footprint_clocks(ref_mhz, (210, GA100_MIN, 15, GA100, GA100))


def gh100(ref_mhz):
    src = GH100 if ref_mhz == 1980 else (
        "given: the board's datasheet boost clock %d MHz; the GH100 table's 345 MHz floor and "
        "15 MHz steps (h100.json) reach it" % ref_mhz)
    return footprint_clocks(ref_mhz, (345, GH100_MIN, 15, GH100_STEP, src))


def fifteen_mhz(ref_mhz):
    """210 MHz to the boost clock in 15 MHz steps (boards whose boost clock
    lies on that grid)."""
    assert (ref_mhz - 210) % 15 == 0, ref_mhz
    return footprint_clocks(ref_mhz, (210, FLOOR210, 15, STEP15,
                                      "given: the board's datasheet boost clock %d MHz" % ref_mhz))


def set_clocks(d, entries):
    fp = d.setdefault("sm_footprint", {})
    for key in list(fp):
        if key.startswith("dvfs_"):
            del fp[key]
    fp.update(entries)


if __name__ == "__main__":
    gpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "models", "gpus")
    for name, entries in (("a100", ga100(1410)), ("h100", gh100(1980))):
        path = os.path.join(gpus, name + ".json")
        d = json.load(open(path))
        set_clocks(d, entries)
        with open(path, "w") as f:
            json.dump(d, f, indent=2, ensure_ascii=False)
            f.write("\n")
    for name in ("gtx280", "tesla-c2050"):
        path = os.path.join(gpus, name + ".json")
        d = json.load(open(path))
        set_clocks(d, footprint_clocks(round(d["sm"]["clock_ghz"]["value"] * 1000)))
        with open(path, "w") as f:
            json.dump(d, f, indent=2, ensure_ascii=False)
            f.write("\n")
    print("wrote clock tables")
