#!/usr/bin/env python3
"""Power of every board of a calibrated chip (issue 27 item 1, docs/dvfs.md
"Boards of a calibrated chip").

Where a chip has public microbenchmark measurements, its boards price power
with the seed 002 (dvfs) coefficients calibrated on them: GV100 has the
Titan V set (Guerreiro et al., IEEE TPDS 2019; gpmTOOL, HPCA 2018;
../shared/data/gpmtool, fitted into models/gpus/titan-v.json by `gpa
calibrate`). A board of the same chip keeps those coefficients and differs
only where its datasheet differs, each difference written into the dvfs
section's `parameter_sources` with its kind:

- core clock: the board's clock (the timing model's) becomes the reference;
  its normalised voltage is the chip's fitted curve, interpolated between the
  two measured clocks around it (derived) or extrapolated linearly from the
  top two (assumed) when the board clocks higher than the measurements;
- memory: HBM2 stacks scale the memory-side terms (memory static power, L2
  and DRAM coefficients) by stacks / the calibrated board's stacks (seed 002
  §4.6: coefficients scale with the resource they model); the memory clock is
  the board's, at normalised voltage 1 (one memory clock was measured);
- L2 peak of Eq. (8): the board's own L2 bandwidth figure (memory section).

usage: scripts/chip_power.py [MODELS_GPUS_DIR]   (rewrites v100.json; the
catalogue boards of the chip, v100-pcie, get it from scripts/gpu_catalogue.py)
"""
import copy
import json
import os
import sys

# Datasheets: NVIDIA Titan V specifications (3072-bit HBM2, 3 stacks, 850 MHz,
# 250 W); NVIDIA Tesla V100 datasheet 2018 (4096-bit HBM2, 4 stacks, 877 MHz,
# SXM2 300 W / 1530 MHz boost, PCIe 250 W / 1380 MHz boost).
CALIBRATED_BOARD = {"GV100": ("titan-v", 3)}
BOARDS = {
    # name: (chip, HBM2 stacks, memory MHz, TDP W, datasheet)
    "v100": ("GV100", 4, 877, 300, "NVIDIA Tesla V100 datasheet (2018), SXM2 column"),
    "v100-pcie": ("GV100", 4, 877, 250, "NVIDIA Tesla V100 datasheet (2018), PCIe column"),
}


def chip_voltage(table, mhz):
    """The chip's normalised voltage at mhz and how it was obtained."""
    clocks, volts = table["clocks_mhz"], table["voltage"]
    if mhz in clocks:
        return volts[clocks.index(mhz)], "calibrated", "the fitted voltage at %d MHz" % mhz
    if clocks[0] < mhz < clocks[-1]:
        i = next(i for i, c in enumerate(clocks) if c > mhz)
        lo, hi = clocks[i - 1], clocks[i]
        v = volts[i - 1] + (mhz - lo) * (volts[i] - volts[i - 1]) / (hi - lo)
        return v, "derived", ("interpolated linearly between the fitted voltages at %d MHz "
                              "(%.6g) and %d MHz (%.6g)" % (lo, volts[i - 1], hi, volts[i]))
    lo, hi = clocks[-2], clocks[-1]
    slope = (volts[-1] - volts[-2]) / (hi - lo)
    v = volts[-1] + (mhz - hi) * slope
    return v, "assumed", ("extrapolated linearly from the fitted voltages at %d MHz (%.6g) "
                          "and %d MHz (%.6g): the measurements stop at %d MHz"
                          % (lo, volts[-2], hi, volts[-1], hi))


def board_dvfs(name, board, gpus_dir):
    """The dvfs section of board `name` (a loaded model dict)."""
    chip, stacks, mem_mhz, tdp, sheet = BOARDS[name]
    cal_name, cal_stacks = CALIBRATED_BOARD[chip]
    cal = json.load(open(os.path.join(gpus_dir, cal_name + ".json")))
    base = cal["power_backends"]["dvfs"]
    d = copy.deepcopy(base)
    core_mhz = round(board["sm"]["clock_ghz"]["value"] * 1000)
    v, vkind, vhow = chip_voltage(base["core_domain"], core_mhz)
    core = d["core_domain"]
    if core_mhz not in core["clocks_mhz"]:
        core["clocks_mhz"].append(core_mhz)
        core["voltage"].append(round(v, 9))
        order = sorted(range(len(core["clocks_mhz"])), key=lambda i: core["clocks_mhz"][i])
        core["clocks_mhz"] = [core["clocks_mhz"][i] for i in order]
        core["voltage"] = [core["voltage"][i] for i in order]
    core["reference_mhz"] = core_mhz
    d["memory_domain"] = {"clocks_mhz": [mem_mhz], "reference_mhz": mem_mhz, "voltage": [1]}
    ratio = stacks / cal_stacks
    d["static_w"]["memory"] = round(base["static_w"]["memory"] * ratio, 9)
    for comp in ("l2", "dram"):
        d["dynamic_w_per_mhz"][comp] = round(base["dynamic_w_per_mhz"][comp] * ratio, 9)
    l2 = board["memory"]["l2_bandwidth_gbps"]
    d["l2_peak_gbps"] = {"value": l2["value"], "source": "the board's L2 bandwidth "
                         "(memory.l2_bandwidth_gbps, at its %d MHz reference clock): %s"
                         % (core_mhz, l2["source"])}
    d["calibrated"] = True
    d["source"] = ("calibrated on the %s chip: %s's dvfs coefficients (%s); this board "
                   "(%s) was not measured: what differs from %s is in parameter_sources "
                   "(the report's power.parameters)"
                   % (chip, cal_name, base["source"], name, cal_name))
    stack_note = ("%s: %d HBM2 stacks against %s's %d (NVIDIA Titan V specifications: "
                  "3072-bit HBM2); memory-side terms scale with the stacks (seed 002 §4.6)"
                  % (sheet, stacks, cal_name, cal_stacks))
    d["parameter_sources"] = {
        "core_domain": {"kind": vkind, "source": (
            "reference = the board's %d MHz clock (%s; the timing model's clock) at normalised "
            "voltage %.4f on %s's fitted GV100 curve, %s" % (core_mhz, sheet, v, cal_name, vhow))},
        "memory_domain": {"kind": "assumed", "source": (
            "%s: HBM2 at %d MHz, normalised voltage 1 (the calibration measured one memory "
            "clock, %d MHz)" % (sheet, mem_mhz, base["memory_domain"]["reference_mhz"]))},
        "static_w.memory": {"kind": "derived", "source": "%s's %.6g W x %d/%d. %s" % (
            cal_name, base["static_w"]["memory"], stacks, cal_stacks, stack_note)},
        "dynamic_w_per_mhz.l2": {"kind": "derived", "source": "%s's x %d/%d. %s" % (
            cal_name, stacks, cal_stacks, stack_note)},
        "dynamic_w_per_mhz.dram": {"kind": "derived", "source": "%s's x %d/%d. %s" % (
            cal_name, stacks, cal_stacks, stack_note)},
    }
    # Idle with a context open at the reference clocks: Eq. (5)-(6) at U = 0.
    idle = (d["static_w"]["core"] * v + d["static_w"]["memory"]
            + d["constant_w_per_mhz"]["core"] * v * v * core_mhz
            + d["constant_w_per_mhz"]["memory"] * mem_mhz)
    note = ("Power: seed 002's dvfs backend with the coefficients calibrated on the GV100 chip's "
            "public Titan V microbenchmarks (titan-v.json: Guerreiro et al., IEEE TPDS 2019 / "
            "gpmTOOL HPCA 2018, training MAPE on that board in its source); this %s was not "
            "measured. Board differences from its datasheet (%s: %d MHz core, %d HBM2 stacks at "
            "%d MHz, TDP %d W) are listed in power_backends.dvfs.parameter_sources; the model's "
            "idle power with a context open at these clocks is %.1f W (Eq. 5-6 at zero "
            "utilisation, derived). The ipp section (--power-model ipp) is the uncalibrated "
            "TDP split." % (name, sheet, core_mhz, stacks, mem_mhz, tdp, idle))
    return d, note


def apply(name, board, gpus_dir):
    """Makes the chip's calibration board's default power model."""
    d, note = board_dvfs(name, board, gpus_dir)
    board.setdefault("power_backends", {})["dvfs"] = d
    board["power_backend"] = "dvfs"
    board["calibrated"] = True
    board["calibration_note"] = note
    desc = board["description"]
    for old in ("power estimated (uncalibrated).", "power estimated (uncalibrated)"):
        desc = desc.replace(old, "power from the dvfs backend calibrated on the GV100 chip "
                            "(Titan V microbenchmarks), board differences from its datasheet.")
    board["description"] = desc
    return board


def main():
    gpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "models", "gpus")
    path = os.path.join(gpus, "v100.json")
    board = json.load(open(path))
    apply("v100", board, gpus)
    with open(path, "w") as f:
        json.dump(board, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print("wrote v100.json")


if __name__ == "__main__":
    main()
