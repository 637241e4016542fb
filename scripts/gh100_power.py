"""GH100 boards' power calibrated on their own session's microbenchmarks
(issue 27 item 1; docs/dvfs.md "GH100 boards: calibrated at one clock pair").

`gpa calibrate` fits seed 002's Eq. 5-6 (Guerreiro et al., IEEE TPDS 2019)
to power_samples.csv, which bench/gpu_session/power_samples.py --suite
writes from the session's active-SM sweep, idle power and calibration
suite. All rows are at one clock pair, so this is the fixed-frequency
model (Eq. 9): one constant term b0 = static + constant power and one
coefficient per component.
What one clock pair cannot tell is written here as a rule, labelled:

- b0's split: static = the board's measured idle power with no context
  (clocks parked: leakage, memory refresh); constant = the rest, the clock
  tree and the active context, x V^2 f at other clocks (assumed).
- L2 and DRAM bytes are equal in every row (1 GiB streams), so the fit
  gives their sum to one of them; it is split equally per byte (assumed,
  as `gpa calibrate --model instruction-energy` splits proportional
  columns).
- Other clocks: the board's sm_footprint voltage line scales the
  reference-clock price (docs/dvfs.md "Estimated clock advice").

test/cli/gh100-power.test refits the committed samples and checks the
coefficients below.
"""
import copy

# gpa calibrate bench/data/gpu-session/<session>/power_samples.csv, as
# printed: b0 (W, every constant term at the clocks), the dynamic
# coefficients (W/MHz) and the training MAPE (%).
FITS = {
    "h100": {
        "session": "h100-2026-11-27/run1",
        "board": "H100 SXM5",
        "mem_mhz": 2619,
        "rows": 74,
        "b0_w": 0.079392 * 1980,
        "dynamic_w_per_mhz": {"fp32_fma": 0.067305, "int": 0.113994, "fp64_fma": 0.092366,
                              "sfu": 0.018252, "shared": 0.018335, "l2": 0.269188},
        "mape_pct": 5.91,
    },
    "h200": {
        "session": "h200-2026-11-28/run1",
        "board": "H200 SXM",
        "mem_mhz": 3201,
        "rows": 74,
        "b0_w": 0.052768 * 3201,
        "dynamic_w_per_mhz": {"fp32_fma": 0.052270, "int": 0.098135, "fp64_fma": 0.080654,
                              "sfu": 0.005004, "shared": 0.024371, "dram": 0.105689},
        "mape_pct": 6.93,
    },
}

NOTE = " Power: the dvfs backend calibrated"

# seed 002's components, the order `gpa calibrate` prints them in.
COMPONENTS = ("fp32_add", "fp32_mul", "fp32_fma", "int", "fp64_add",
              "fp64_mul", "fp64_fma", "sfu", "cf", "l2", "shared", "dram")
GUIDE = ("CUDA C++ Programming Guide, arithmetic instruction throughput per "
         "SM for compute capability 9.0 (FP32 add/mul/FMA 128, FP64 64, 32-bit "
         "integer 64, SFU 16 results per clock); CF 128 assumed")


def apply(d, name):
    """Makes d (a board model) price power with its calibrated dvfs fit."""
    fit = FITS[name]
    core_mhz = round(d["sm"]["clock_ghz"]["value"] * 1000)
    idle_nc = d["power"]["idle_no_context_power_w"]["value"]
    l2 = d["memory"]["l2_bandwidth_gbps"]
    dram_gbps = d["memory"]["bandwidth_gbps"]["value"]
    mem_mhz = fit["mem_mhz"]
    samples = "bench/data/gpu-session/%s/power_samples.csv" % fit["session"]
    how = ("gpa calibrate (seed 002 fixed-frequency model, Eq. 9: Guerreiro et al., IEEE TPDS "
           "2019 §3.3-3.4) on the %d rows of %s: this project's %s session's active-SM sweep "
           "(read, triad and FFMA on 8 to 132 SMs, launches of 0.3 ms and more), its idle power "
           "with a context open and its calibration suite's launches of 10 us and more (FP32, "
           "integer, FP64, SFU, control flow, shared memory), at %d/%d MHz; training MAPE %.2f%%"
           % (fit["rows"], samples, fit["board"], core_mhz, mem_mhz, fit["mape_pct"]))
    dyn = dict(fit["dynamic_w_per_mhz"])
    # One term for the streams' bytes, split into equal energy per byte in
    # L2 and DRAM. Eq. (5)-(8) price U_l2 = B / (t x L2 peak) at g_l2 x
    # f_core and U_dram = B / (t x DRAM peak) at g_dram x f_mem, so a byte
    # costs g x f / peak (nJ): the fitted term's energy per byte is kept
    # whole, half of it on each side.
    per_byte_nj = (dyn.get("l2", 0) * core_mhz / l2["value"] +
                   dyn.get("dram", 0) * mem_mhz / dram_gbps)
    dyn["l2"] = per_byte_nj / 2 * l2["value"] / core_mhz
    dyn["dram"] = per_byte_nj / 2 * dram_gbps / mem_mhz
    static = min(idle_nc, fit["b0_w"])
    d["power_backend"] = "dvfs"
    d["power_backends"] = {"dvfs": {
        "calibrated": True,
        "source": how,
        "core_domain": {"clocks_mhz": [core_mhz], "reference_mhz": core_mhz, "voltage": [1]},
        "memory_domain": {"clocks_mhz": [mem_mhz], "reference_mhz": mem_mhz, "voltage": [1]},
        "static_w": {"core": round(static, 4), "memory": 0},
        "constant_w_per_mhz": {"core": round((fit["b0_w"] - static) / core_mhz, 9),
                               "memory": 0},
        "dynamic_w_per_mhz": {c: round(dyn.get(c, 0), 9) for c in COMPONENTS},
        "lanes_per_sm": {"source": GUIDE, "value": {
            "cf": 128, "dram": 0, "fp32_add": 128, "fp32_fma": 128, "fp32_mul": 128,
            "fp64_add": 64, "fp64_fma": 64, "fp64_mul": 64, "int": 64, "l2": 0,
            "sfu": 16, "shared": 0}},
        "l2_peak_gbps": {"value": l2["value"], "source": "the board's L2 bandwidth "
                         "(memory.l2_bandwidth_gbps): " + l2["source"]},
        "shared_bytes_per_sm_per_cycle": {"value": 128, "source": "CUDA C++ Programming Guide: "
                                          "32 banks x 4 bytes per clock per SM"},
        "parameter_sources": {
            "static_w.core": {
                "kind": "assumed",
                "source": "the fit's constant term b0 = %.2f W split: the board's idle power with "
                          "no context (%.1f W, power.idle_no_context_power_w, measured) is static "
                          "power (x V at other clocks), the rest constant power (x V^2 f): one "
                          "clock pair cannot split them" % (fit["b0_w"], idle_nc)},
            "constant_w_per_mhz.core": {
                "kind": "assumed",
                "source": "b0 - static_w.core over the %d MHz reference clock (see static_w.core)"
                          % core_mhz},
            "dynamic_w_per_mhz.l2": {
                "kind": "assumed",
                "source": "every training row moves the same bytes through L2 and DRAM (the "
                          "1 GiB streams; the suite's static analysis counts each access at both), "
                          "so the fit prices their sum, %.4g nJ per byte; split equally: %.4g nJ "
                          "per byte each (g x f / peak)" % (per_byte_nj, per_byte_nj / 2)},
            "dynamic_w_per_mhz.dram": {
                "kind": "assumed",
                "source": "see dynamic_w_per_mhz.l2"},
            "core_domain": {
                "kind": "given",
                "source": "one clock pair measured (the clocks as found); other core clocks scale "
                          "this price by the sm_footprint voltage line (docs/dvfs.md 'Estimated "
                          "clock advice')"},
        },
    }}
    d["calibrated"] = True
    d["description"] = d["description"].replace(
        "power estimated (uncalibrated)",
        "power calibrated on this board's own microbenchmarks at one clock pair (dvfs)")
    assert "calibrated on this board" in d["description"], d["description"]
    d["calibration_note"] = d["calibration_note"].split(NOTE)[0] + (
        NOTE + " on this board's own microbenchmarks (%s); the ipp section stays for "
        "--power-model ipp." % how)


# GH100 boards without a session of their own: they carry the H100 SXM5's
# fit (the same chip), changed only where the datasheet changes the board.
# The DRAM bus width turns the datasheet's peak into the memory clock the
# dvfs memory domain is expressed at (peak = bus bytes x 2 x f).
CARRIED = {
    "h100-pcie": {"bus_bits": 5120, "bus_source": "NVIDIA H100 Tensor Core GPU datasheet, "
                  "H100 PCIe: 80 GB HBM2e, 5 stacks, 5120-bit interface"},
    "h100-nvl": {"bus_bits": 6144, "bus_source": "NVIDIA H100 Tensor Core GPU datasheet, "
                 "H100 NVL: 94 GB HBM3, 6 stacks, 6144-bit interface"},
}


def _stream_energy_per_byte_nj(h100):
    """The H100 SXM5 fit's energy per byte through L2 and DRAM together (nJ):
    its one stream term, g x f / peak."""
    fit = FITS["h100"]
    dyn = fit["dynamic_w_per_mhz"]
    core_mhz = round(h100["sm"]["clock_ghz"]["value"] * 1000)
    return (dyn.get("l2", 0) * core_mhz / h100["memory"]["l2_bandwidth_gbps"]["value"] +
            dyn.get("dram", 0) * fit["mem_mhz"] / h100["memory"]["bandwidth_gbps"]["value"])


def carry(d, name, h100, voltage_slope, peak_gbps):
    """Makes d, a GH100 board without its own session, price power with the
    H100 SXM5's dvfs fit, scaled by the board's datasheet (seed 002 §4.6:
    a coefficient prices the resource it models). voltage_slope is the
    K of the voltage line v = 1 - K (1 - f / f_ref) that h100.json's
    sm_footprint uses for other clocks (scripts/clock_tables.py);
    peak_gbps the datasheet's DRAM peak (gpu_catalogue.py's BOARDS)."""
    fit, board = FITS["h100"], CARRIED[name]
    ref_mhz = round(h100["sm"]["clock_ghz"]["value"] * 1000)
    core_mhz = round(d["sm"]["clock_ghz"]["value"] * 1000)
    sms, ref_sms = d["sm"]["num_sms"]["value"], h100["sm"]["num_sms"]["value"]
    # The SXM5's price is at its 1980 MHz voltage; this board's boost clock
    # sits lower on the same line, and dynamic and constant power go as V^2.
    v = 1 - voltage_slope * (1 - core_mhz / ref_mhz)
    v2 = v * v
    l2 = d["memory"]["l2_bandwidth_gbps"]
    dram_gbps = d["memory"]["bandwidth_gbps"]["value"]
    # GB/s x 8 bits over the bus's pins, two transfers a clock: MHz.
    mem_mhz = round(peak_gbps * 8e3 / (board["bus_bits"] * 2))
    half_nj = _stream_energy_per_byte_nj(h100) / 2
    idle, ref_idle = d["power"]["idle_power_w"]["value"], h100["power"]["idle_power_w"]["value"]
    b0 = fit["b0_w"] * idle / ref_idle
    static = min(d["power"]["idle_no_context_power_w"]["value"], b0)
    dyn = {c: g * sms / ref_sms * v2 for c, g in fit["dynamic_w_per_mhz"].items()
           if c not in ("l2", "dram")}
    dyn["l2"] = half_nj * v2 * l2["value"] / core_mhz
    dyn["dram"] = half_nj * dram_gbps / mem_mhz
    carried = ("carried from the H100 SXM5's fit (h100.json power_backends.dvfs: %s), the same "
               "GH100 chip" % ("gpa calibrate on %d rows of its session, training MAPE %.2f%%"
                               % (fit["rows"], fit["mape_pct"])))
    d["power_backend"] = "dvfs"
    section = copy.deepcopy(h100["power_backends"]["dvfs"])
    section.update({
        "calibrated": True,
        "source": "%s; board differences from its datasheet (docs/dvfs.md 'GH100 boards')"
                  % carried,
        "core_domain": {"clocks_mhz": [core_mhz], "reference_mhz": core_mhz, "voltage": [1]},
        "memory_domain": {"clocks_mhz": [mem_mhz], "reference_mhz": mem_mhz, "voltage": [1]},
        "static_w": {"core": round(static, 4), "memory": 0},
        "constant_w_per_mhz": {"core": round((b0 - static) / core_mhz, 9), "memory": 0},
        "dynamic_w_per_mhz": {c: round(dyn.get(c, 0), 9) for c in COMPONENTS},
        "l2_peak_gbps": {"value": l2["value"], "source": "the board's L2 bandwidth "
                         "(memory.l2_bandwidth_gbps): " + l2["source"]},
    })
    section["parameter_sources"] = {
        "static_w.core": {
            "kind": "assumed",
            "source": "the board's idle power with no context (%.1f W, "
                      "power.idle_no_context_power_w, itself scaled from the H100 SXM5's by TDP)"
                      % static},
        "constant_w_per_mhz.core": {
            "kind": "assumed",
            "source": "the H100 SXM5 fit's b0 = %.2f W x this board's idle power with a context "
                      "over the SXM5's (%.1f / %.1f W, power.idle_power_w) = %.2f W, less "
                      "static_w.core, over the %d MHz reference clock"
                      % (fit["b0_w"], idle, ref_idle, b0, core_mhz)},
        "dynamic_w_per_mhz.fp32_fma": {
            "kind": "assumed",
            "source": "the H100 SXM5's coefficients of FP32, INT, FP64, SFU and shared x %d / "
                      "%d SMs (a coefficient prices the chip's units at full utilisation, seed "
                      "002 §4.6) x v^2 = %.4f: the board's %d MHz boost clock on the voltage line "
                      "v = 1 - %.4f (1 - f / %d MHz) (sm_footprint.dvfs_min_voltage_v's line, "
                      "assumed)" % (sms, ref_sms, v2, core_mhz, voltage_slope, ref_mhz)},
        **{"dynamic_w_per_mhz." + c: {"kind": "assumed",
                                       "source": "see dynamic_w_per_mhz.fp32_fma"}
           for c in ("int", "fp64_fma", "sfu", "shared")},
        "dynamic_w_per_mhz.l2": {
            "kind": "assumed",
            "source": "the H100 SXM5's energy per byte in L2, %.4g nJ, x v^2 = %.4f (L2 runs on "
                      "the core's voltage), as g = e x peak / f at this board's L2 peak and "
                      "boost clock" % (half_nj, v2)},
        "dynamic_w_per_mhz.dram": {
            "kind": "assumed",
            "source": "the H100 SXM5's energy per DRAM byte, %.4g nJ, assumed the same on this "
                      "board's memory, as g = e x peak / f at its sustained bandwidth and memory "
                      "clock" % half_nj},
        "memory_domain": {
            "kind": "derived",
            "source": "%d MHz: the datasheet's %g GB/s peak over a %d-bit bus, DDR (%s)"
                      % (mem_mhz, peak_gbps, board["bus_bits"],
                         board["bus_source"])},
        "core_domain": {
            "kind": "given",
            "source": "the board's datasheet boost clock; other core clocks scale this price "
                      "by the sm_footprint voltage line (docs/dvfs.md 'Estimated clock advice')"},
    }
    d["power_backends"] = {"dvfs": section}
    d["calibrated"] = True
    d["description"] = d["description"].replace(
        "power estimated (uncalibrated)",
        "power from the H100 SXM5's calibration (the same chip) scaled by this board's datasheet "
        "(dvfs)")
    assert "H100 SXM5's calibration" in d["description"], d["description"]
    d["calibration_note"] = d["calibration_note"].split(NOTE)[0] + (
        NOTE + " for the GH100 chip on the H100 SXM5's microbenchmarks and carried to this "
        "board (power_backends.dvfs.parameter_sources say how each term was scaled); the ipp "
        "section stays for --power-model ipp.")


if __name__ == "__main__":
    # h100.json is a base file (scripts/gpu_catalogue.py writes h200 from it
    # and calls apply() itself): update it in place.
    import json
    import os
    import sys
    gpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "models", "gpus")
    path = os.path.join(gpus, "h100.json")
    d = json.load(open(path))
    apply(d, "h100")
    with open(path, "w") as f:
        json.dump(d, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print("wrote h100.json's power")
