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

GM200 has the GTX Titan X set (the same sources, gtxtitanx_micro.csv, fitted
into models/gpus/gtx-titan-x.json). Its other boards (GTX 980 Ti, Quadro
M6000 12 GB and 24 GB) are written here whole from gtx-titan-x.json and
their datasheets: GDDR5 on the same 384-bit bus (memory-side terms x 1), the
memory clock at the calibrated voltage of that clock (both 3505 and 3300 MHz
were measured), and the SM-side dynamic coefficients (FP32, FP64, INT, SFU,
CF, shared) x the board's SMs / the Titan X's 24 (a coefficient prices the
whole chip's units at full utilisation; seed 002 §4.6); the core static and
constant terms stay the chip's (assumed: fused-off SMs stay on the die).

usage: scripts/chip_power.py [MODELS_GPUS_DIR]   (rewrites v100.json and the
GM200 boards; the catalogue boards of GV100, v100-pcie, get it from
scripts/gpu_catalogue.py)
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


# GM200 boards: (SMs, boost MHz, memory MHz (GDDR5 data rate / 2), datasheet
# GB/s, TDP W, product name, source).
GM200 = {
    "gtx-980-ti": (22, 1075, 3505, 336.5, 250, "NVIDIA GeForce GTX 980 Ti",
                   "NVIDIA GeForce GTX 980 Ti specifications (2015): 2816 CUDA "
                   "cores (22 SMs of 128), 1000 MHz base / 1075 MHz boost, 6 GB "
                   "GDDR5 at 7.0 Gb/s on 384 bits (336.5 GB/s), 250 W"),
    "quadro-m6000": (24, 1114, 3300, 316.8, 250, "NVIDIA Quadro M6000 12 GB",
                     "NVIDIA Quadro M6000 datasheet (2015): 3072 CUDA cores "
                     "(24 SMs), 12 GB GDDR5 on 384 bits, up to 317 GB/s "
                     "(6.6 Gb/s), 250 W max power; 988 MHz base / 1114 MHz "
                     "boost from the TechPowerUp GPU database (NVIDIA's "
                     "datasheet states no clock)"),
    "quadro-m6000-24gb": (24, 1114, 3300, 316.8, 250, "NVIDIA Quadro M6000 24 GB",
                          "NVIDIA Quadro M6000 24GB datasheet (2016): 3072 CUDA "
                          "cores (24 SMs), 24 GB GDDR5 on 384 bits, up to 317 "
                          "GB/s (6.6 Gb/s), 250 W max power; 988 MHz base / "
                          "1114 MHz boost from the TechPowerUp GPU database "
                          "(NVIDIA's datasheet states no clock)"),
}
SM_SIDE = ("cf", "fp32_add", "fp32_fma", "fp32_mul", "fp64_add", "fp64_fma",
           "fp64_mul", "int", "sfu", "shared")


def gm200_board(name, gpus_dir):
    """Board `name` of GM200 from gtx-titan-x.json and its datasheet."""
    sms, core_mhz, mem_mhz, sheet_gbps, tdp, product, sheet = GM200[name]
    cal = json.load(open(os.path.join(gpus_dir, "gtx-titan-x.json")))
    cal_sms = cal["sm"]["num_sms"]["value"]
    board = copy.deepcopy(cal)
    board["name"] = name
    board["description"] = (
        "%s (Maxwell GM200, compute capability 5.2, %d SMs): power from the dvfs "
        "backend calibrated on the GM200 chip (the GTX Titan X's public "
        "microbenchmarks), board differences from its datasheet; timing latencies "
        "and the ipp section are gtx-titan-x's (Volta estimates carried over, "
        "assumed)." % (product, sms))
    board["sm"]["num_sms"] = {"value": sms, "source": sheet}
    board["sm"]["clock_ghz"] = {"value": core_mhz / 1000.0, "source": (
        "the boost clock, %d MHz: %s" % (core_mhz, sheet))}
    mem = board["memory"]
    mem["datasheet_bandwidth_gbps"] = {"value": sheet_gbps, "source": sheet}
    mem["bandwidth_gbps"] = {"value": round(sheet_gbps * 0.833, 1), "source": (
        "Sustained bandwidth = %.1f GB/s datasheet peak x 0.833, assumed: the "
        "fraction Jia et al. measured on V100 (750 of 900 GB/s, arXiv:1804.06826, "
        "2018), as gtx-titan-x; no measurement of this board is used." % sheet_gbps)}
    # The ipp section and the thermal constants are the Titan X's, said so.
    def carried(section):
        for key, v in section.items():
            if isinstance(v, dict) and "source" in v and not v["source"].startswith(
                    "assumed: gtx-titan-x's"):
                v["source"] = "assumed: gtx-titan-x's value: " + v["source"]
            if isinstance(v, dict):
                carried({k: x for k, x in v.items() if isinstance(x, dict)})
    carried(board["power"])
    carried(board["thermal"])
    base = cal["power_backends"]["dvfs"]
    d = copy.deepcopy(base)
    v, vkind, vhow = chip_voltage(base["core_domain"], core_mhz)
    core = d["core_domain"]
    if core_mhz not in core["clocks_mhz"]:
        core["clocks_mhz"].append(core_mhz)
        core["voltage"].append(round(v, 9))
        order = sorted(range(len(core["clocks_mhz"])), key=lambda i: core["clocks_mhz"][i])
        core["clocks_mhz"] = [core["clocks_mhz"][i] for i in order]
        core["voltage"] = [core["voltage"][i] for i in order]
    core["reference_mhz"] = core_mhz
    mv, mkind, mhow = chip_voltage(base["memory_domain"], mem_mhz)
    d["memory_domain"]["reference_mhz"] = mem_mhz
    ratio = sms / cal_sms
    for comp in SM_SIDE:
        d["dynamic_w_per_mhz"][comp] = round(base["dynamic_w_per_mhz"][comp] * ratio, 9)
    d["l2_peak_gbps"] = {"value": round(2 * sheet_gbps, 1), "source": (
        "assumed: twice the DRAM bandwidth (%.1f GB/s, %s), gtx-titan-x's rule; no "
        "L2 figure of GM200 in the sources" % (sheet_gbps, product))}
    d["calibrated"] = True
    d["source"] = ("calibrated on the GM200 chip: gtx-titan-x's dvfs coefficients "
                   "(%s); this board (%s) was not measured: what differs from "
                   "gtx-titan-x is in parameter_sources (the report's "
                   "power.parameters)" % (base["source"], name))
    sources = {
        "core_domain": {"kind": vkind, "source": (
            "reference = the board's %d MHz boost clock (%s; the timing model's "
            "clock) at normalised voltage %.4f on gtx-titan-x's fitted GM200 "
            "curve, %s" % (core_mhz, sheet, v, vhow))},
        "memory_domain": {"kind": mkind, "source": (
            "%s: GDDR5 at %d MHz, normalised voltage %.4g (%s on gtx-titan-x's "
            "memory table)" % (sheet, mem_mhz, mv, mhow))},
    }
    if sms != cal_sms:
        for comp in SM_SIDE:
            sources["dynamic_w_per_mhz." + comp] = {"kind": "derived", "source": (
                "gtx-titan-x's x %d/%d SMs (%s): a coefficient prices the chip's "
                "units at full utilisation, and this board has %d of GM200's SMs "
                "enabled (seed 002 §4.6: coefficients scale with the resource they "
                "model); the core static and constant terms stay the chip's "
                "(assumed: fused-off SMs stay on the die)"
                % (sms, cal_sms, sheet, sms))}
    d["parameter_sources"] = sources
    board["power_backends"]["dvfs"] = d
    board["power_backend"] = "dvfs"
    board["calibrated"] = True
    idle = (d["static_w"]["core"] * v + d["static_w"]["memory"] * mv
            + d["constant_w_per_mhz"]["core"] * v * v * core_mhz
            + d["constant_w_per_mhz"]["memory"] * mv * mv * mem_mhz)
    board["calibration_note"] = (
        "Power: seed 002's dvfs backend with the coefficients calibrated on the "
        "GM200 chip's public GTX Titan X microbenchmarks (gtx-titan-x.json: "
        "Guerreiro et al., IEEE TPDS 2019 / gpmTOOL HPCA 2018, training MAPE on "
        "that board in its source); this %s was not measured. Board differences "
        "from its datasheet (%s) are listed in power_backends.dvfs."
        "parameter_sources; the model's idle power with a context open at these "
        "clocks (%d MHz core, %d MHz memory) is %.1f W (Eq. 5-6 at zero "
        "utilisation, derived); TDP %d W. The ipp section (--power-model ipp) is "
        "gtx-titan-x's." % (name, sheet, core_mhz, mem_mhz, idle, tdp))
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
    for name in sorted(GM200):
        board = gm200_board(name, gpus)
        with open(os.path.join(gpus, name + ".json"), "w") as f:
            json.dump(board, f, indent=2, ensure_ascii=False, sort_keys=True)
            f.write("\n")
        print("wrote %s.json" % name)


if __name__ == "__main__":
    main()
