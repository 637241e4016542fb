#!/usr/bin/env python3
"""Writes the per-board GPU model files of models/gpus/ (the catalogue) from
the architecture models already there (a100, h100, v100) and each board's
datasheet envelope. Every value the board changes carries its source; the
power split follows the base files' documented method (IPP Table 2 per-SM
proportions scaled to the board's TDP; docs/models.md), so every board is
`calibrated: false`.

usage: scripts/gpu_catalogue.py [MODELS_GPUS_DIR]   (rewrites the files)
"""
import copy
import json
import os
import sys

GPUS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..", "models", "gpus")

# The base files' envelopes (their own sources): TDP W, idle W.
BASE = {"a100": (400, 55), "h100": (700, 75), "v100": (300, 40)}
SUSTAINED_FRACTION = 750.0 / 900.0  # Jia et al. 2018, V100
GTX280_SM_TABLE2_W = 5.063  # IPP Table 2 per-SM sum (the base files' scale)

# Per compute capability: CUDA C++ Programming Guide, "Technical
# Specifications per Compute Capability" and "Features and Technical
# Specifications" (max threads/warps/blocks per SM, shared memory).
CC_GUIDE = "CUDA C++ Programming Guide, Table 'Technical Specifications per Compute Capability' (cc %s)"
CC = {
    "7.5": {"max_threads_per_sm": 1024, "max_warps_per_sm": 32, "max_blocks_per_sm": 16,
            "shared_bytes_per_sm": 65536, "max_shared_bytes_per_block": 65536,
            "shared_reserved_bytes_per_block": 0},
    "8.6": {"max_threads_per_sm": 1536, "max_warps_per_sm": 48, "max_blocks_per_sm": 16,
            "shared_bytes_per_sm": 102400, "max_shared_bytes_per_block": 101376,
            "shared_reserved_bytes_per_block": 1024},
    "8.9": {"max_threads_per_sm": 1536, "max_warps_per_sm": 48, "max_blocks_per_sm": 24,
            "shared_bytes_per_sm": 102400, "max_shared_bytes_per_block": 101376,
            "shared_reserved_bytes_per_block": 1024},
}

# Per-SM execution lanes where the architecture differs from its base
# (whitepapers): {unit: (lanes per SM, what)}; issue cycles = 32 / lanes.
TURING = ("NVIDIA Turing GPU Architecture whitepaper (2018), TU102/TU104 SM",
          {"fp": (64, "FP32"), "int": (64, "INT32"), "alu": (64, "INT32"),
           "sfu": (16, "SFU"), "fp64": (2, "FP64"), "global_mem": (16, "LD/ST")})
GA102 = ("NVIDIA Ampere GA102 GPU Architecture whitepaper (2020), GA102 SM",
         {"fp": (128, "FP32 (64 dedicated + 64 shared with INT32)"), "int": (64, "INT32"),
          "alu": (64, "INT32"), "sfu": (16, "SFU"), "fp64": (2, "FP64"),
          "global_mem": (16, "LD/ST")})
ADA = ("NVIDIA Ada GPU Architecture whitepaper (2022), AD102/AD104 SM",
       {"fp": (128, "FP32 (64 dedicated + 64 shared with INT32)"), "int": (64, "INT32"),
        "alu": (64, "INT32"), "sfu": (16, "SFU"), "fp64": (2, "FP64"),
        "global_mem": (16, "LD/ST")})

# Cache facts of architectures other than the base files' (GA100, GH100,
# GV100 carry their base's): L1/shared bytes per SM and its LD/ST lanes
# (whitepapers), and where the L1/L2/shared latencies come from.
TURING_CACHES = {
    "l1_shared": (96 * 1024, "NVIDIA Turing GPU Architecture whitepaper (2018): 96 KB of combined "
                              "L1 data cache and shared memory per SM"),
    "ldst_lanes": (16, "Turing whitepaper (2018), TU102/TU104 SM: 16 LD/ST units per SM"),
    "latency_note": ("estimate: Jia, Maggioni, Smith, Scarpazza, 'Dissecting the NVidia Turing T4 "
                     "GPU via Microbenchmarking' (arXiv:1903.07486, 2019) measure T4's L1, L2 and "
                     "shared latencies close to V100's; the v100 model's values are taken"),
}
GA10X_CACHES = {
    "l1_shared": (128 * 1024, "NVIDIA Ampere GA102 GPU Architecture whitepaper (2020): 128 KB of "
                               "combined L1 data cache and shared memory per SM"),
    "ldst_lanes": (16, "GA102 whitepaper (2020), GA10x SM: 16 LD/ST units per SM (4 per "
                       "processing block); an NVIDIA engineer on the NVIDIA developer forum gives "
                       "GA10x 0.5 shared-memory instructions per clock per SM, GA100 1"),
    "latency_note": ("assumed: the a100 model's value carried over (same Ampere SM generation); "
                     "no microbenchmark of GA10x is used"),
}
ADA_CACHES = {
    "l1_shared": (128 * 1024, "NVIDIA Ada GPU Architecture whitepaper (2022): 128 KB of combined "
                               "L1 data cache and shared memory per SM"),
    "ldst_lanes": (16, "Ada whitepaper (2022), AD10x SM: 16 LD/ST units per SM (4 per "
                       "processing block)"),
    "latency_note": ("assumed: the a100 model's value carried over; Luo et al., 'Benchmarking and "
                     "Dissecting the Nvidia Hopper GPU Architecture' (IPDPS 2024) measure an "
                     "RTX 4090 beside A100 and H800, not read here"),
}

# name: base, cc, sm_version, lanes, board facts (value, source), memory kind,
# then (L2 MiB, its source) and the cache facts above when the architecture
# is not the base's.
BOARDS = {
    "a100-pcie-40gb": ("a100", "8.0", 80, None, "NVIDIA A100 PCIe 40 GB (Ampere GA100)",
                       108, 1.41, 1555, 250, "HBM2", "NVIDIA A100 datasheet (2020/2021), PCIe 40 GB column"),
    "a100-pcie-80gb": ("a100", "8.0", 80, None, "NVIDIA A100 PCIe 80 GB (Ampere GA100)",
                       108, 1.41, 1935, 300, "HBM2e", "NVIDIA A100 80GB datasheet (2021), PCIe column"),
    "a100-sxm4-80gb": ("a100", "8.0", 80, None, "NVIDIA A100 SXM4 80 GB (Ampere GA100)",
                       108, 1.41, 2039, 400, "HBM2e", "NVIDIA A100 80GB datasheet (2021), SXM column"),
    "h100-pcie": ("h100", "9.0", 90, None, "NVIDIA H100 PCIe 80 GB (Hopper GH100)",
                  114, 1.755, 2000, 350, "HBM2e", "NVIDIA H100 Tensor Core GPU datasheet (2022/2023), H100 PCIe column; NVIDIA H100 whitepaper: 114 SMs"),
    "h100-nvl": ("h100", "9.0", 90, None, "NVIDIA H100 NVL 94 GB (Hopper GH100)",
                 132, 1.785, 3938, 400, "HBM3", "NVIDIA H100 Tensor Core GPU datasheet (2023), H100 NVL column (350-400 W configurable; 400 W taken)"),
    "h200": ("h100", "9.0", 90, None, "NVIDIA H200 SXM 141 GB (Hopper GH100)",
             132, 1.98, 4800, 700, "HBM3e", "NVIDIA H200 Tensor Core GPU datasheet (2024), H200 SXM column"),
    "v100-pcie": ("v100", "7.0", 70, None, "NVIDIA Tesla V100 PCIe 16/32 GB (Volta GV100)",
                  80, 1.38, 900, 250, "HBM2", "NVIDIA Tesla V100 datasheet (2018), PCIe column"),
    "t4": ("v100", "7.5", 75, TURING, "NVIDIA T4 16 GB (Turing TU104)",
           40, 1.59, 320, 70, "GDDR6", "NVIDIA T4 datasheet (2019); Turing whitepaper: 40 SMs"),
    "a10": ("a100", "8.6", 86, GA102, "NVIDIA A10 24 GB (Ampere GA102)",
            72, 1.695, 600, 150, "GDDR6", "NVIDIA A10 datasheet (2021)"),
    "rtx3090": ("a100", "8.6", 86, GA102, "NVIDIA GeForce RTX 3090 24 GB (Ampere GA102)",
                82, 1.695, 936, 350, "GDDR6X", "NVIDIA GeForce RTX 3090 specifications page; GA102 whitepaper Table 'GeForce RTX 3090'"),
    "rtx3080": ("a100", "8.6", 86, GA102, "NVIDIA GeForce RTX 3080 10 GB (Ampere GA102)",
                68, 1.71, 760, 320, "GDDR6X", "NVIDIA GeForce RTX 3080 specifications page; GA102 whitepaper Table 'GeForce RTX 3080'"),
    "rtx4090": ("a100", "8.9", 89, ADA, "NVIDIA GeForce RTX 4090 24 GB (Ada AD102)",
                128, 2.52, 1008, 450, "GDDR6X", "NVIDIA GeForce RTX 4090 specifications page; Ada whitepaper Appendix A"),
    "l4": ("a100", "8.9", 89, ADA, "NVIDIA L4 24 GB (Ada AD104)",
           58, 2.04, 300, 72, "GDDR6", "NVIDIA L4 datasheet (2023); Ada whitepaper"),
    "rtx-a6000": ("a100", "8.6", 86, GA102, "NVIDIA RTX A6000 48 GB (Ampere GA102)",
                  84, 1.8, 768, 300, "GDDR6",
                  "NVIDIA RTX A6000 datasheet (2021): 10752 CUDA cores (84 SMs of 128), 768 GB/s, "
                  "300 W; boost clock derived from its 38.7 TFLOPS FP32 / (2 x 10752)"),
    "rtx-a4000": ("a100", "8.6", 86, GA102, "NVIDIA RTX A4000 16 GB (Ampere GA104)",
                  48, 1.56, 448, 140, "GDDR6",
                  "NVIDIA RTX A4000 datasheet (2021): 6144 CUDA cores (48 SMs of 128), 448 GB/s, "
                  "140 W; boost clock derived from its 19.2 TFLOPS FP32 / (2 x 6144)"),
    "l40s": ("a100", "8.9", 89, ADA, "NVIDIA L40S 48 GB (Ada AD102)",
             142, 2.52, 864, 350, "GDDR6", "NVIDIA L40S datasheet (2023)"),
    "rtx-4000-ada": ("a100", "8.9", 89, ADA, "NVIDIA RTX 4000 Ada Generation 20 GB (Ada AD104)",
                     48, 2.175, 360, 130, "GDDR6",
                     "NVIDIA RTX 4000 Ada Generation datasheet (2023): 6144 CUDA cores (48 SMs of "
                     "128), 20 GB GDDR6 on a 160-bit bus, 360 GB/s, 130 W max power; boost clock "
                     "2175 MHz (product page; its 26.7 TFLOPS FP32 / (2 x 6144) = 2173 MHz agrees)"),
}


# L2 per board, MiB: whitepaper or datasheet where NVIDIA states it.
L2_MIB = {
    "a100-pcie-40gb": (40, "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 40 MB L2"),
    "a100-pcie-80gb": (40, "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 40 MB L2"),
    "a100-sxm4-80gb": (40, "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 40 MB L2"),
    "h100-pcie": (50, "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022): 50 MB L2 "
                      "(H100 SXM5 and PCIe)"),
    "h100-nvl": (50, "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022): 50 MB L2 "
                     "(GH100 as shipped)"),
    "h200": (50, "assumed: the GH100 die's 50 MB L2 (H100 whitepaper 2022); the H200 datasheet "
                 "does not state it"),
    "v100-pcie": (6, "NVIDIA Tesla V100 GPU Architecture whitepaper (2017): 6144 KB L2"),
    "t4": (4, "NVIDIA Turing GPU Architecture whitepaper (2018): TU104 4096 KB L2"),
    "a10": (6, "NVIDIA Ampere GA102 GPU Architecture whitepaper (2020): GA102 6144 KB L2"),
    "rtx3090": (6, "NVIDIA Ampere GA102 GPU Architecture whitepaper (2020), Table 'GeForce RTX "
                   "3090': 6144 KB L2"),
    "rtx3080": (5, "NVIDIA Ampere GA102 GPU Architecture whitepaper (2020), Table 'GeForce RTX "
                   "3080': 5120 KB L2 (GA102 with 10 of its 12 32-bit memory controllers)"),
    "rtx-a6000": (6, "NVIDIA Ampere GA102 GPU Architecture whitepaper (2020): full GA102 6144 KB L2"),
    "rtx-a4000": (4, "NVIDIA Ampere GA102 GPU Architecture whitepaper (2020), appendix GA104 "
                     "(GeForce RTX 3070): 4096 KB L2"),
    "rtx4090": (72, "NVIDIA Ada GPU Architecture whitepaper (2022), Appendix A 'GeForce RTX 4090': "
                    "73728 KB L2"),
    "l4": (48, "assumed: 48 MB, the AD104 die's full L2 as public specification databases list "
               "for L4; the L4 datasheet does not state it"),
    "l40s": (48, "assumed: 48 MB as public specification databases list for L40S (AD102 has up "
                 "to 96 MB); the L40S datasheet does not state it"),
    "rtx-4000-ada": (48, "assumed: 48 MB, the AD104 die's full L2 as public specification "
                         "databases list for the RTX 4000 Ada; its datasheet does not state it"),
}
# Per-SM rates of units the lanes table cannot express, where the
# architecture differs from its base: {unit: (issue cycles per warp
# instruction, source)}.
ADA_RATES = {
    "tensor": (8.0, "NVIDIA Ada GPU Architecture whitepaper (2022), Appendix A: RTX 6000 Ada peak "
                    "FP16 Tensor TFLOPS with FP32 accumulate 364.2 dense at 142 SMs x 2505 MHz = "
                    "1024 FLOP = 512 dense FP16 FMA per clock per SM (4 fourth-generation tensor "
                    "cores; RTX 4090: 330.3 with FP16 accumulate at 128 SMs x 2520 MHz, the same "
                    "rate): one 4096-FMA warp wmma.mma (m16n16k16) every 8 cycles per SM, half "
                    "A100's rate (GeForce boards run FP32 accumulate at half this rate)"),
    "fp16": (0.5, "NVIDIA Ada GPU Architecture whitepaper (2022), Appendix A: RTX 4090 peak FP16 "
                  "(non-Tensor) 82.6 TFLOPS = its peak FP32: 256 FLOP per clock per SM, one half2 "
                  "warp-instruction (64 FLOP as FMA) per 0.5 cycle per SM"),
}
ARCH_RATES = {id(ADA): ADA_RATES}
ARCH_CACHES = {id(TURING): TURING_CACHES, id(GA102): GA10X_CACHES, id(ADA): ADA_CACHES}
# Keys of the levelled timing (docs/models.md "Memory levels") whose value
# is per architecture; carried from the base when the board's SM is the base's.
LATENCY_KEYS = ("l1_latency_cycles", "l2_latency_cycles", "shared_latency_cycles")


def caches(name, d, base, base_name, sms, ghz, lanes):
    """The board's cache levels: the base's (same SM) or its architecture's,
    with the board's L2 and an L2 bandwidth scaled by SMs x clock."""
    m = d["memory"]
    if "l2_bytes" not in m:
        return
    mib, src = L2_MIB[name]
    m["l2_bytes"] = {"value": mib * 1024 * 1024, "source": src}
    base_sms = base["sm"]["num_sms"]["value"]
    base_ghz = base["sm"]["clock_ghz"]["value"]
    base_l2 = base["memory"]["l2_bandwidth_gbps"]["value"]
    per_sm_clock = base_l2 / (base_sms * base_ghz)
    m["l2_bandwidth_gbps"] = {
        "value": round(per_sm_clock * sms * ghz),
        "source": "derived: the %s model's %s GB/s (%d SMs at %.3f GHz) = %.1f B per SM-clock, "
                  "assumed to hold for this board, x %d SMs x %.3f GHz; no measurement of this "
                  "board is used" % (base_name, base_l2, base_sms, base_ghz, per_sm_clock, sms, ghz)}
    arch = ARCH_CACHES.get(id(lanes)) if lanes else None
    if not arch:
        return
    l1, l1_src = arch["l1_shared"]
    m["l1_shared_bytes_per_sm"] = {"value": l1, "source": l1_src}
    n, n_src = arch["ldst_lanes"]
    m["l1_bytes_per_cycle_per_sm"] = {
        "value": 4 * n, "source": "estimate: %d LD/ST lanes x 4 B per cycle per SM (%s)" % (n, n_src)}
    donor = json.load(open(os.path.join(GPUS, ("v100" if lanes is TURING else base_name) + ".json")))
    for key in LATENCY_KEYS:
        if key in donor["memory"]:
            m[key] = {"value": donor["memory"][key]["value"], "source": arch["latency_note"]}
        else:
            m.pop(key, None)


def r4(x):
    return float("%.4g" % x)


def board(name, spec):
    base_name, cc, smv, lanes, desc, sms, ghz, bw, tdp, mem, src = spec
    base = json.load(open(os.path.join(GPUS, base_name + ".json")))
    d = copy.deepcopy(base)
    base_tdp, base_idle = BASE[base_name]
    base_sms = d["sm"]["num_sms"]["value"]
    hbm = mem.startswith("HBM")
    dram_share = 0.25 if hbm else 0.35
    idle = round(tdp * base_idle / base_tdp)
    d["name"] = name
    # Per-backend parameters (e.g. dvfs clock tables) belong to the base
    # board; the catalogue boards use the default backend.
    d.pop("power_backend", None)
    d.pop("power_backends", None)
    d["description"] = (desc + ", compute capability " + cc + ": board envelope from its "
                        "datasheet; per-SM timing from the " + base_name + " model and the "
                        "architecture's whitepaper; power estimated (uncalibrated).")
    d["calibrated"] = False
    d["calibration_note"] = (
        "Generated by scripts/gpu_catalogue.py from " + base_name + ".json: idle power and the "
        "runtime budget (TDP %d W - idle %d W) are split %d%%/%d%% between SMs and DRAM and the "
        "SM share is distributed over units in IPP Table 2's proportions, as in the base file. "
        "Not fitted to measurements: expect tens of percent error in absolute watts."
        % (tdp, idle, round(100 * (1 - dram_share)), round(100 * dram_share)))
    d["compute_capability"] = cc
    d["sm_version"] = smv
    d["sm"]["num_sms"] = {"value": sms, "source": src}
    d["sm"]["clock_ghz"] = {"value": ghz, "source": src + ": %d MHz boost clock" % round(ghz * 1000)}
    if cc in CC:
        for key, value in CC[cc].items():
            d["sm"][key] = {"value": value, "source": CC_GUIDE % cc}
    for key in ("warp_size", "max_threads_per_block", "max_registers_per_thread",
                "registers_per_sm"):
        d["sm"][key]["source"] = CC_GUIDE % cc
    # Sustained, as every bundled file (docs/models.md "Sustained bandwidth"):
    # the datasheet peak times the fraction Jia et al. measured on V100.
    d["memory"]["datasheet_bandwidth_gbps"] = {
        "value": float(bw), "source": src + ": %d GB/s %s (datasheet peak)" % (bw, mem)}
    d["memory"]["bandwidth_gbps"] = {
        "value": round(bw * SUSTAINED_FRACTION, 1),
        "source": "Sustained bandwidth = %d GB/s datasheet peak x %.3f, assumed: the fraction "
                  "Jia et al. measured on V100 (750 of 900 GB/s, 'Dissecting the NVIDIA Volta "
                  "GPU Architecture via Microbenchmarking', arXiv:1804.06826, 2018); no "
                  "measurement of this board is used. Override with a measured copy rate."
                  % (bw, SUSTAINED_FRACTION)}
    if not hbm:
        lat = d["memory"]["latency_cycles"]
        lat["source"] = ("assumed: the %s model's value (%s) carried over; GDDR boards' "
                         "latency is not measured here" % (base_name, lat["value"]))
    caches(name, d, base, base_name, sms, ghz, lanes)
    if lanes:
        paper, units = lanes
        slots = d["sm"].get("issue_slots_per_cycle")
        if slots:  # the same four-sub-partition SM, stated by the board's whitepaper
            slots["source"] = paper.split(", ")[0] + slots["source"][slots["source"].index(":"):]
        # Shared and local accesses run on the same LD/ST units as global
        # ones (whitepapers' SM diagrams).
        units = dict(units)
        for unit in ("shared_mem", "local_mem"):
            units.setdefault(unit, units["global_mem"])
        for unit, (n, what) in units.items():
            cycles = 32.0 / n
            d["issue_cycles"][unit] = {
                "value": cycles,
                "source": "%s: %d %s lanes per SM; a warp-instruction occupies them 32/%d "
                          "cycles (models.md §1: derived per unit)" % (paper, n, what, n)}
            if unit in d["power"]["components"] and unit != "global_mem":
                d["power"]["components"][unit]["peak_cycles_per_access"] = cycles
        for unit, (cycles, rate_src) in ARCH_RATES.get(id(lanes), {}).items():
            d["issue_cycles"][unit] = {"value": cycles, "source": rate_src}
            if unit in d["power"]["components"]:
                d["power"]["components"][unit]["peak_cycles_per_access"] = cycles
    # Power: the base's per-SM scale, re-derived for this board's envelope.
    base_dram_share = 0.25
    base_scale = (1 - base_dram_share) * (base_tdp - base_idle) / base_sms / GTX280_SM_TABLE2_W
    scale = (1 - dram_share) * (tdp - idle) / sms / GTX280_SM_TABLE2_W
    per_sm = scale * GTX280_SM_TABLE2_W
    p = d["power"]
    p["idle_power_w"] = {
        "value": idle,
        "source": "estimate: %d%% of the %d W TDP (%s), the idle share the %s model assumes "
                  "(%d of %d W)" % (round(100.0 * base_idle / base_tdp), tdp, src, base_name,
                                     base_idle, base_tdp)}
    p["const_sm_power_w"] = {
        "value": r4(0.813 * scale),
        "source": "estimate: IPP Table 2 Const_SM 0.813 W scaled by %.4f like the other SM units" % scale}
    for unit, c in p["components"].items():
        if unit in ("global_mem", "local_mem"):
            c["max_power_w"] = r4(dram_share * (tdp - idle))
            c["peak_cycles_per_access"] = r4(128 * sms * ghz / bw)
            c["source"] = ("estimate: %d%% of TDP-idle (%d W) for DRAM (%s; the GTX280's GDDR3 drew "
                           "104 of 256 W); rate normalised to peak DRAM bandwidth: 128 B x %d SMs x "
                           "%.3f GHz / %d GB/s = %.3f cycles per warp access"
                           % (round(100 * dram_share), tdp - idle, mem, sms, ghz, bw,
                              128 * sms * ghz / bw))
        else:
            c["max_power_w"] = r4(c["max_power_w"] * scale / base_scale)
            c["source"] = ("estimate: the %s model's value scaled by the per-SM power share "
                           "(%d%% of TDP-idle over %d SMs = %.3f W per SM; scale %.4f against "
                           "IPP Table 2's GTX280 5.063 W)" % (base_name, round(100 * (1 - dram_share)),
                                                             sms, per_sm, scale))
    t = d["thermal"]
    t["temp_per_runtime_power_c_per_w"] = {
        "value": r4(35.0 / (tdp - idle)),
        "source": "estimate: a 35 C rise above idle at full runtime power (%d W), as the base model" % (tdp - idle)}
    t["leakage_power_per_degree_w_per_c"] = {
        "value": r4(10.0 / 22 * tdp / 236),
        "source": "estimate: IPP sigma (10 W / 22 C on the 236 W GTX280) scaled by TDP (%d W)" % tdp}
    return d


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chip_power  # noqa: E402  boards of a calibrated chip (issue 27)
import clock_tables  # noqa: E402  supported clocks and voltage line (issue 27)
import gh100_power  # noqa: E402  GH100 boards calibrated on their sessions (issue 27)

# The H100 SXM5 measurements (h100.json, bench/data/gpu-session/h100-2026-11-27)
# that describe the GH100 chip rather than the board, carried to the other
# GH100 boards with the board's own clock, bandwidth and TDP.
H100_MEASURED = "derived from h100 measurement"
H100_GHZ, H100_TDP_W, H100_PEAK_GBPS = 1.98, 700.0, 3350.0


# Boards whose clock table is 210 MHz to boost in 15 MHz steps (assumed, as
# GA100's list) rather than the even grid: the clocks validation data was
# measured at must be in the table (docs/validation.md, RTX 4000 Ada).
FIFTEEN_MHZ_CLOCKS = ("rtx-4000-ada",)


def hopper_measured(d, h100, ghz, bw, tdp, mem):
    m, hm = d["memory"], h100["memory"]
    def measured_fraction(key, what, digits):
        # The H100 SXM5's measured share of its datasheet peak, carried over.
        fraction = hm[key]["value"] / H100_PEAK_GBPS
        m[key] = {
            "value": round(bw * fraction, 1),
            "source": "%s: the H100 SXM5's sustained %s was %.1f%% of its datasheet peak "
                      "(%.*f of %.0f GB/s, h100.json), x this board's %d GB/s %s peak (assumed "
                      "the same fraction on this board's memory)"
                      % (H100_MEASURED, what, 100 * fraction, digits, hm[key]["value"],
                         H100_PEAK_GBPS, bw, mem)}

    measured_fraction("bandwidth_gbps", "STREAM copy", 0)
    measured_fraction("read_bandwidth_gbps", "STREAM-style read", 1)
    per_sm = hm["per_sm_bandwidth_gbps"]["value"]
    m["per_sm_bandwidth_gbps"] = {
        "value": round(per_sm * ghz / H100_GHZ, 1),
        "source": "%s: %s GB/s per SM at 1980 MHz (h100.json, fitted to this project's H100 SXM5 "
                  "partition sweep) x this board's %d / 1980 MHz: an SM's path to L2 runs on the "
                  "core clock (docs/models.md 'Bandwidth on fewer SMs'); the GH100 SM is the same"
                  % (H100_MEASURED, per_sm, round(ghz * 1000))}
    m["bandwidth_saturation_exponent"] = {
        "value": hm["bandwidth_saturation_exponent"]["value"],
        "source": "%s: p = %s fitted on the H100 SXM5 (h100.json), assumed to hold for this "
                  "board's %d SMs and its own sustained bandwidth"
                  % (H100_MEASURED, hm["bandwidth_saturation_exponent"]["value"],
                     d["sm"]["num_sms"]["value"])}
    ns = hm["latency_cycles"]["value"] / H100_GHZ
    m["latency_cycles"] = {
        "value": round(ns * ghz),
        "source": "%s: %d cycles at 1980 MHz on the H100 SXM5 (h100.json, Little's law at the "
                  "lowest occupancy) = %.1f ns, x this board's %.3f GHz (assumed the same DRAM "
                  "latency in ns on its %s)"
                  % (H100_MEASURED, hm["latency_cycles"]["value"], ns, ghz, mem)}
    m["warp_saturation_exponent"] = {
        "value": hm["warp_saturation_exponent"]["value"],
        "source": "%s: p = %s fitted to the H100 SXM5's STREAM copy against warps per SM "
                  "(h100.json, this project's bandwidth sweep); the same GH100 SM and memory "
                  "pipeline, assumed to hold on this board's %s"
                  % (H100_MEASURED, hm["warp_saturation_exponent"]["value"], mem)}
    m["store_latency_periods"] = {
        "value": hm["store_latency_periods"]["value"],
        "source": "%s: a warp does not wait for its stores on the H100 SXM5 (h100.json, this "
                  "project's bandwidth sweep); the same GH100 SM and memory pipeline"
                  % H100_MEASURED}
    p, hp = d["power"], h100["power"]
    for key, what in (("idle_power_w", "with a CUDA context open and no kernel"),
                      ("idle_no_context_power_w", "before cuInit (no CUDA context; reported, "
                                                  "not priced)")):
        p[key] = {
            "value": round(hp[key]["value"] * tdp / H100_TDP_W, 1),
            "source": "%s: the H100 SXM5 drew %s W %s (h100.json), x this board's %d W / 700 W "
                      "TDP (assumed proportional; not measured on this board)"
                      % (H100_MEASURED, hp[key]["value"], what, tdp)}
    d["calibration_note"] += (
        " The GH100 chip's measured parameters (idle powers, sustained-bandwidth fraction, "
        "per-SM bandwidth, DRAM latency, power gating) are carried over from the H100 SXM5 "
        "measurement, each source saying how it was scaled; the components stay split from the "
        "estimated idle above.")
    gate = h100["sm_footprint"]["power_gating"]
    d.setdefault("sm_footprint", {})["power_gating"] = {
        "value": gate["value"], "kind": "derived",
        "source": "%s: SMs a kernel does not use are not measurably power-gated on the H100 "
                  "SXM5 (h100.json sm_footprint.power_gating, this project's green-context "
                  "partition sweep); the same GH100 die and power management, assumed to hold "
                  "on this board" % H100_MEASURED}


# The H200 SXM's own measurements (bench/data/gpu-session/h200-2026-11-28,
# re-derived by bench/gpu_session/derive_parameters.py --l2-probe and checked
# by test/cli/gpu-session-parameters.test): they replace what
# hopper_measured() carried over from the H100.
H200_SESSION = ("this project's H200 SXM session (bench/data/gpu-session/"
                "h200-2026-11-28/run1, driver 580.159.04, clocks as found: 1980 "
                "MHz SM, 3201 MHz memory)")
H200_MEASURED = {
    ("memory", "read_bandwidth_gbps"): (4467.8, "measured: the best STREAM-style read (bytes "
                                        "read; 1, 2 and 4 loads per thread, 1-64 warps per SM) "
                                        "over 1 GiB of doubles, %s; 93.1%% of the 4800 GB/s "
                                        "datasheet peak" % H200_SESSION),
    ("memory", "warp_saturation_exponent"): (1.9, "measured: p of the smooth minimum ((w s)^-p "
                                            "+ B^-p)^(-1/p) that fits, least squares in log, "
                                            "the STREAM copy's rate at 1-64 warps per SM (3 "
                                            "series, 42 points; B the best copy): rms log error "
                                            "0.034 against 0.163 with Eq. (29)'s hard minimum, "
                                            "%s" % H200_SESSION),
    ("memory", "bandwidth_gbps"): (4046.0, "measured: the best STREAM copy (bytes read + "
                                   "written) over 1 GiB arrays of doubles, %s; 84.3%% of the "
                                   "4800 GB/s datasheet peak" % H200_SESSION),
    ("memory", "latency_cycles"): (739, "measured: Little's law at the lowest occupancy, %s: "
                                   "the read with one 8-byte load per thread at 2 warps per "
                                   "SM moved 67584 B in flight at 181.1 GB/s = 373.2 ns x 1980 "
                                   "MHz" % H200_SESSION),
    ("memory", "per_sm_bandwidth_gbps"): (127.0, "measured: fitted to the streaming read's and "
                                          "triad's rates on green-context partitions of 8-128 "
                                          "SMs (32 points, rms log error 0.067), %s"
                                          % H200_SESSION),
    ("memory", "bandwidth_saturation_exponent"): (2.5, "measured: p of the same fit as "
                                                  "per_sm_bandwidth_gbps, %s" % H200_SESSION),
    ("memory", "l2_bytes"): (62914560, "given by the driver: 60 MiB "
                             "(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE through PyTorch's device "
                             "properties) on %s" % H200_SESSION),
    ("memory", "l2_latency_cycles"): (344, "measured: Little's law at the lowest occupancy for "
                                      "L2 hits, as latency_cycles for DRAM: the read with one "
                                      "8-byte load per thread over a 24 MiB buffer at 2 warps "
                                      "per SM moved 67584 B in flight at 389.2 GB/s = 173.7 ns x "
                                      "1980 MHz (bench/gpu_session/make_l2_spec.py, run2/l2 of "
                                      "the same session; the launch's own 3.9 us of 64.7 us is "
                                      "not subtracted)"),
    ("memory", "store_latency_periods"): (0, "measured: a warp does not wait for its stores: at "
                                          "the lowest occupancy (2 warps per SM, 1 load per "
                                          "thread) the STREAM copy moved 1.92 x the read's bytes "
                                          "(348.4 against 181.1 GB/s) and the triad 2.57 x "
                                          "(466.3), %s" % H200_SESSION),
    ("power", "idle_power_w"): (121.9, "measured: board power with a CUDA context open and no "
                                "kernel (NVML's energy counter over 3 s), %s" % H200_SESSION),
    ("power", "idle_no_context_power_w"): (78.8, "measured: board power before cuInit (no "
                                           "CUDA context; reported, not priced), %s"
                                           % H200_SESSION),
}


def h200_measured(d):
    for (section, key), (value, source) in H200_MEASURED.items():
        d[section][key] = {"value": value, "source": source}
    d["sm_footprint"]["power_gating"] = {
        "value": 0, "kind": "derived",
        "source": "measured: the streaming read's energy per launch on green-context "
                  "partitions of at least 44 of 132 SMs was never below the full GPU's beyond "
                  "the run's noise (least 1.001 x, noise 0.8%%), %s" % H200_SESSION}
    d["description"] = d["description"].replace(
        "per-SM timing from the h100 model", "DRAM, L2 latency and idle power measured on this "
        "board; other per-SM timing from the h100 model")
    d["calibration_note"] = d["calibration_note"].split(
        " The GH100 chip's measured")[0] + (
        " The board's own measurements (sustained bandwidth, DRAM and L2 latency, per-SM "
        "bandwidth, idle powers, power gating; bench/data/gpu-session/h200-2026-11-28) replace "
        "the H100 figures; the components stay split from the estimated idle above.")


for name, spec in sorted(BOARDS.items()):
    d = board(name, spec)
    base_name, ghz, bw, tdp, mem = spec[0], spec[6], spec[7], spec[8], spec[9]
    boost_mhz = round(ghz * 1000)
    if base_name == "h100":
        h100 = json.load(open(os.path.join(GPUS, "h100.json")))
        hopper_measured(d, h100, ghz, bw, tdp, mem)
        if name == "h200":
            h200_measured(d)
        if name in gh100_power.FITS:
            gh100_power.apply(d, name)
        elif name in gh100_power.CARRIED:
            gh100_power.carry(d, name, h100, clock_tables.K, bw)
        clock_tables.set_clocks(d, clock_tables.gh100(boost_mhz))
    elif base_name == "a100" and spec[1] == "8.0":
        clock_tables.set_clocks(d, clock_tables.ga100(boost_mhz))
    elif name in FIFTEEN_MHZ_CLOCKS:
        clock_tables.set_clocks(d, clock_tables.fifteen_mhz(boost_mhz))
    elif name not in chip_power.BOARDS:  # those price clocks with dvfs tables
        clock_tables.set_clocks(d, clock_tables.footprint_clocks(boost_mhz))
    if name in chip_power.BOARDS:
        chip_power.apply(name, d, GPUS)
    with open(os.path.join(GPUS, name + ".json"), "w") as f:
        json.dump(d, f, indent=2, ensure_ascii=False)
        f.write("\n")
print("wrote %d board models" % len(BOARDS))
