#!/usr/bin/env python3
"""Front-door check of the product's static utilisations and calibrated power
on the GTX Titan X (GM200) against public measurements (issue 27).

Data (bench/data/gpmtool-titanx-apps/, README there; Guerreiro et al., HPCA
2018 / IEEE TPDS 2019, hpc-ulisboa/gpupowermodel, BSD-3 + citation clause):

  real_gtxtitanx.csv       CUPTI utilisation of the 12 seed-002 components
                           of 30 applications at 975/3505 MHz
  titanx_real_powerFixed_HPCAandCF.csv
                           the same applications' measured board power at
                           975/3505 MHz with 8 components (SP, DP summed)

The two files name their rows differently: from the row after BICG on,
real_gtxtitanx.csv's names are shifted against its own utilisation
vectors (its "reduction" row has 0.165 SFU, which the other file names
Blackscholes; its "GEMM" row is the other's SYRK, ...). Rows are matched
here by their INT, SFU and CF utilisations (equal to the printed digits in
both files) and carry the power file's names, which agree with the
programs (SYRK_DOUBLE is the double-precision row, lud the shared-memory
one, Blackscholes the SFU one). Rows of the power file with no 12-component
twin (2MM, 3MM, GEMM, hotspot3D, kmeans) keep their 8 components, their SP
priced as FP32 FMA and DP as FP64 FMA (assumed; the γ differ by < 20%).

For each application whose source is on this machine, the product runs as a
user runs it: `gpa analyze --gpu gtx-titan-x --format json --launch-file F
SRC.cu` (clang 22 + the plugin; device code for sm_52, the GPU's
architecture; ptxas's register count at sm_75, the lowest architecture CUDA
13's ptxas has). F gives each kernel's launch at the benchmark's default
problem size (block, grid, the loops' and arguments' values). The
utilisations are the report's power.access_rates (the dvfs backend's seed
002 Eq. 7-8, `dvfsUtilisation`); a multi-kernel application's are its
kernels' weighted by predicted time x launches (Eq. 5-6 are linear in U, so
the power of the weighted U is the time-weighted power).

Prints per application and component predicted vs measured utilisation,
and the power of the published gtx-titan-x model (gtxtitanx_model_published
.csv, ../shared/data/gpmtool) at 975/3505 MHz with (a) the measured and
(b) the product's utilisations, their ratio, and the measured board power;
summary: per component the geometric-mean ratio (applications whose
measured utilisation is >= 0.01) and Pearson correlation; power MAPE of (b)
against (a) and of both against the measurement.

A benchmark, not a test: exits 0.

  python3 bench/titanx_utilisation.py [--build build] [--polybench DIR]
      [--rodinia DIR] [--parboil DIR] [--format text|csv] [--dump FILE.json]
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "data", "gpmtool-titanx-apps")
# ../shared beside the repository (as on CI), or $GPA_SHARED_DIR (the unit
# tests' convention, test/unit/DvfsCalibrationTest.cpp).
MODEL = os.path.join(os.environ.get("GPA_SHARED_DIR",
                                    os.path.join(ROOT, "..", "shared")),
                     "data", "gpmtool", "gtxtitanx_model_published.csv")

COMPONENTS = ["fp32_add", "fp32_mul", "fp32_fma", "int", "fp64_add",
              "fp64_mul", "fp64_fma", "sfu", "cf", "l2", "shared", "dram"]
CORE_MHZ, MEM_MHZ = 975, 3505


def kernel(name, block, grid, launches=1, **facts):
    """One kernel's launch fact (gpa-launch/1) and how often it runs. The
    glob is the Itanium-mangled name's prefix, so that srad does not match
    srad2."""
    fact = {"kernel": "_Z%d%s*" % (len(name), name), "block": list(block),
            "grid": list(grid)}
    fact.update(facts)
    return {"name": name, "fact": fact, "launches": launches}


# Per application: (name in the power file, suite, source, kernels).
# Launches and sizes are each program's host code at its default (PolyBench
# STANDARD_DATASET) or run-script problem size. PolyBench kernels take the
# sizes as int parameters (POLYBENCH_LOOP_BOUND): given by name, they count
# the loops they bound and weigh the bounds guards (docs/cli.md); 3DCONV's
# plane i and FDTD-2D's step t at mid-range (assumed).
APPS = [
    ("ATAX", "polybench", "CUDA/ATAX/atax.cu",
     [kernel("atax_kernel1", (32, 8), (128, 1), arguments=dict(nx=4096, ny=4096)),
      kernel("atax_kernel2", (32, 8), (128, 1), arguments=dict(nx=4096, ny=4096))]),
    ("BICG", "polybench", "CUDA/BICG/bicg.cu",
     [kernel("bicg_kernel1", (256, 1), (16, 1), arguments=dict(nx=4096, ny=4096)),
      kernel("bicg_kernel2", (256, 1), (16, 1), arguments=dict(nx=4096, ny=4096))]),
    ("2MM", "polybench", "CUDA/2MM/2mm.cu",
     [kernel("mm2_kernel%d" % n, (32, 8), (32, 128),
             arguments=dict(ni=1024, nj=1024, nk=1024, nl=1024))
      for n in (1, 2)]),
    ("3MM", "polybench", "CUDA/3MM/3mm.cu",
     [kernel("mm3_kernel%d" % n, (32, 8), (16, 64),
             arguments=dict(ni=512, nj=512, nk=512, nl=512, nm=512))
      for n in (1, 2, 3)]),
    ("3DCONV", "polybench", "CUDA/3DCONV/3DConvolution.cu",  # 254 planes
     [kernel("convolution3D_kernel", (32, 8), (8, 32), launches=254,
             arguments=dict(ni=256, nj=256, nk=256, i=128))]),
    ("CORR", "polybench", "CUDA/CORR/correlation.cu",
     [kernel("mean_kernel", (256, 1), (8, 1), arguments=dict(m=2048, n=2048)),
      kernel("std_kernel", (256, 1), (8, 1), arguments=dict(m=2048, n=2048)),
      kernel("reduce_kernel", (32, 8), (64, 256),
             arguments=dict(m=2048, n=2048)),
      kernel("corr_kernel", (256, 1), (8, 1), arguments=dict(m=2048, n=2048))]),
    ("COVAR", "polybench", "CUDA/COVAR/covariance.cu",
     [kernel("mean_kernel", (256, 1), (8, 1), arguments=dict(m=2048, n=2048)),
      kernel("reduce_kernel", (32, 8), (64, 64),
             arguments=dict(m=2048, n=2048)),
      kernel("covar_kernel", (256, 1), (8, 1),
             arguments=dict(m=2048, n=2048))]),
    ("FDTD-2D", "polybench", "CUDA/FDTD-2D/fdtd2d.cu",  # TMAX = 500 steps
     [kernel("fdtd_step%d_kernel" % n, (32, 8), (64, 256), launches=500,
             arguments=dict(nx=2048, ny=2048, t=250)) for n in (1, 2, 3)]),
    ("GEMM", "polybench", "CUDA/GEMM/gemm.cu",
     [kernel("gemm_kernel", (32, 8), (16, 64),
             arguments=dict(ni=512, nj=512, nk=512))]),
    ("GESUMMV", "polybench", "CUDA/GESUMMV/gesummv.cu",
     [kernel("gesummv_kernel", (256, 1), (16, 1), arguments=dict(n=4096))]),
    # NI=NJ=2048, 2048 launches of each; the k-dependent loops (j from k+1
    # to NJ) at their mean, k = NJ/2 (assumed).
    ("GRAMSCHM", "polybench", "CUDA/GRAMSCHM/gramschmidt.cu",
     [kernel("gramschmidt_kernel1", (256, 1), (1, 1), launches=2048,
             arguments=dict(ni=2048, nj=2048, k=1024)),
      kernel("gramschmidt_kernel2", (256, 1), (8, 1), launches=2048,
             arguments=dict(ni=2048, nj=2048, k=1024)),
      kernel("gramschmidt_kernel3", (256, 1), (8, 1), launches=2048,
             arguments=dict(ni=2048, nj=2048, k=1024))]),
    ("SYRK", "polybench", "CUDA/SYRK/syrk.cu",
     [kernel("syrk_kernel", (32, 8), (32, 128),
             arguments=dict(ni=1024, nj=1024))]),
    # 512x512, pyramid height 2, 2 iterations: one launch of 2 iterations.
    ("hotspot", "rodinia", "cuda/hotspot/hotspot.cu",
     [kernel("calculate_temp", (16, 16), (43, 43), arguments={"0": 2})]),
    # layer size 2097152 (the run script): 131072 blocks of 16x16.
    ("backprop", "rodinia", "cuda/backprop/backprop_cuda.cu",
     [kernel("bpnn_layerforward_CUDA", (16, 16), (1, 131072)),
      kernel("bpnn_adjust_weights_cuda", (16, 16), (1, 131072))]),
    # -s 256, 16x16 blocks: 15 steps i = 0, 16, ..., 224; the perimeter and
    # internal grids at their mean over the steps (assumed): (256-i)/16-1
    # averages 7, its square 82.7.
    ("lud", "rodinia", "cuda/lud/cuda/lud_kernel.cu",
     [kernel("lud_diagonal", (16, 1), (1, 1), launches=16),
      kernel("lud_perimeter", (32, 1), (7, 1), launches=15),
      kernel("lud_internal", (16, 16), (83, 1), launches=15)]),
    # 502x458 image (Ne = 229916), 100 iterations, 512 threads: 450 blocks;
    # the reduction runs 450 blocks then 1 per iteration.
    ("srad_v1", "rodinia", "cuda/srad/srad_v1/main.cu",
     [kernel("extract", (512, 1), (450, 1)),
      kernel("prepare", (512, 1), (450, 1), launches=100),
      kernel("reduce", (512, 1), (450, 1), launches=100),
      kernel("srad", (512, 1), (450, 1), launches=100),
      kernel("srad2", (512, 1), (450, 1), launches=100),
      kernel("compress", (512, 1), (450, 1))]),
    # 2048x2048, 16x16 blocks, 2 iterations.
    ("srad_v2", "rodinia", "cuda/srad/srad_v2/srad.cu",
     [kernel("srad_cuda_1", (16, 16), (128, 128), launches=2),
      kernel("srad_cuda_2", (16, 16), (128, 128), launches=2)]),
    # 120x120x150 lattice: blocks of SIZE_X = 120 threads, grid 120 x 150.
    ("lbm", "parboil", "benchmarks/lbm/src/cuda/lbm.cu",
     [kernel("performStreamCollide_kernel", (120, 1), (120, 150))]),
]

# Measured applications left out for another reason than their source.
NOT_LISTED = {"cutcp": "its launch follows the dataset's lattice geometry; "
              "not written yet"}

# Names in the power file (8 components) -> the application names above.
POWER_NAMES = {"old_" + a[0]: a[0] for a in APPS}
POWER_NAMES.update({"old_cutcp": "cutcp", "old_lbm": "lbm"})


def read_gpmtool(path, with_power):
    """{name: (power or None, {component: U})} of a gpmTOOL file (lines 1-4
    the header, then name[,power],U...)."""
    lines = [l.strip() for l in open(path) if l.strip()]
    names = [n.strip().lower().replace(" ", "") for n in lines[3].split(",")]
    rows = {}
    for line in lines[4:]:
        f = line.split(",")
        power = float(f[1]) if with_power else None
        vals = [float(x) for x in f[2 if with_power else 1:]]
        rows[f[0]] = (power, dict(zip(names, vals)))
    return rows


def measured_rows():
    """[(application, measured power W, {component: U})]: the power file's
    rows, each with its 12-component twin of real_gtxtitanx.csv where one
    has the same INT, SFU and CF utilisations."""
    twelve = read_gpmtool(os.path.join(DATA, "real_gtxtitanx.csv"), False)
    eight = read_gpmtool(
        os.path.join(DATA, "titanx_real_powerFixed_HPCAandCF.csv"), True)
    out = []
    for name, (power, u8) in eight.items():
        twin = None
        for tname, (_, u12) in twelve.items():
            if all(abs(u12[c] - u8[c]) <= 1e-9 for c in ("int", "sfu", "cf")):
                twin = (tname, u12)
                break
        if twin:
            u = {c: twin[1][k] for c, k in zip(COMPONENTS, [
                "fp32add", "fp32mul", "fp32fma", "int", "fp64add", "fp64mul",
                "fp64fma", "sfu", "cf", "l2", "shared", "dram"])}
            note = "12 components (real_gtxtitanx.csv row '%s')" % twin[0]
        else:
            u = dict.fromkeys(COMPONENTS, 0.0)
            u["fp32_fma"], u["fp64_fma"] = u8["sp"], u8["dp"]
            for c in ("int", "sfu", "cf", "l2", "shared", "dram"):
                u[c] = u8[c]
            note = "8 components: SP as FP32 FMA, DP as FP64 FMA (assumed)"
        plain = name[4:] if name.startswith("old_") else name
        out.append((POWER_NAMES.get(name, plain), power, u, note))
    return out


def read_model(path):
    """The published model at its reference clocks (v = 1): constant W and
    W per unit utilisation of each component (gpmTOOL model file line 7:
    a0, a2, a1, a3, gamma_1..12)."""
    lines = [l.strip() for l in open(path) if l.strip()]
    p = [float(x) for x in lines[6].split(",")]
    const = p[0] + p[1] + p[2] * CORE_MHZ + p[3] * MEM_MHZ
    per = [g * CORE_MHZ for g in p[4:15]] + [p[15] * MEM_MHZ]
    return const, dict(zip(COMPONENTS, per))


def price(model, u):
    const, per = model
    return const + sum(per[c] * u[c] for c in COMPONENTS)


def predict(gpa, app, roots, tmp, gpu="gtx-titan-x"):
    """The product's time-weighted utilisations, total power and time of one
    application, and per kernel what the report said."""
    label, suite, rel, kernels = app
    root = roots.get(suite)
    src = os.path.join(root or "", rel)
    if not root or not os.path.exists(src):
        return None, "source not here"
    launch = os.path.join(tmp, label + ".launch.json")
    with open(launch, "w") as f:
        json.dump({"schema": "gpa-launch/1",
                   "kernels": [k["fact"] for k in kernels]}, f)
    cmd = [gpa, "analyze", "--gpu", gpu, "--format", "json",
           "-DcudaThreadSynchronize=cudaDeviceSynchronize",
           "--launch-file", launch]
    if suite == "parboil":
        cmd += ["-I" + os.path.join(root, "common", "include")]
    cmd.append(src)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, "gpa failed: " + (r.stderr.strip().splitlines() or
                                       ["?"])[0]
    report = json.loads(r.stdout)
    found = {}
    for k in report["kernels"]:
        for spec in kernels:
            if k["name"].startswith(spec["fact"]["kernel"][:-1]):
                found[spec["name"]] = k
    missing = [s["name"] for s in kernels if s["name"] not in found]
    if missing:
        return None, "kernels not in the report: " + ", ".join(missing)
    total_t, u, power_j, per_kernel = 0.0, dict.fromkeys(COMPONENTS, 0.0), \
        0.0, []
    for spec in kernels:
        k = found[spec["name"]]
        t = k["timing"]["exec_time_s"] * spec["launches"]
        rates = k["power"].get("access_rates") or {}
        if not rates:
            return None, "the report has no dvfs utilisations (old gpa?)"
        total_t += t
        power_j += k["efficiency"]["total_power_w"] * t
        for c in COMPONENTS:
            u[c] += rates.get(c, 0.0) * t
        per_kernel.append({"kernel": spec["name"], "time_s": t,
                           "utilisation": rates})
    u = {c: v / total_t for c, v in u.items()}
    return {"utilisation": u, "power_w": power_j / total_t,
            "time_s": total_t, "kernels": per_kernel}, None


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else \
        float("nan")


def pearson(xs, ys):
    n = len(xs)
    if n < 3:
        return float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--polybench", default="/tmp/suites/polybench")
    ap.add_argument("--rodinia", default="/tmp/suites/rodinia")
    ap.add_argument("--parboil", default="/tmp/suites/parboil")
    ap.add_argument("--model", default=MODEL)
    ap.add_argument("--gpu", default="gtx-titan-x",
                    help="the GPU model gpa prices with (a variant file to "
                    "try a mapping change; default the bundled board)")
    ap.add_argument("--format", choices=["text", "csv"], default="text")
    ap.add_argument("--dump", help="write every figure (json) here")
    args = ap.parse_args()
    gpa = os.path.join(args.build, "tool", "gpa")
    if not os.path.exists(gpa):
        print("titanx_utilisation.py: skipped, %s not built" % gpa)
        return 0
    if not os.path.exists(args.model):
        print("titanx_utilisation.py: skipped, no published model at %s "
              "(../shared/data/gpmtool)" % args.model)
        return 0
    model = read_model(args.model)
    roots = {"polybench": args.polybench, "rodinia": args.rodinia,
             "parboil": args.parboil}
    measured = {name: (p, u, note) for name, p, u, note in measured_rows()}
    rows, skipped = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for app in APPS:
            if app[0] not in measured:
                skipped.append((app[0], "no measurement"))
                continue
            pred, why = predict(gpa, app, roots, tmp, args.gpu)
            if pred is None:
                skipped.append((app[0], why))
                continue
            p_meas, u_meas, note = measured[app[0]]
            rows.append({"app": app[0], "measured_power_w": p_meas,
                         "measured": u_meas, "predicted": pred["utilisation"],
                         "note": note,
                         "power_a_w": price(model, u_meas),
                         "power_b_w": price(model, pred["utilisation"]),
                         "product_power_w": pred["power_w"],
                         "kernels": pred["kernels"]})
    for name in sorted(measured):
        if name not in {a[0] for a in APPS}:
            skipped.append((name, NOT_LISTED.get(
                name, "source not here, or it does not compile with clang "
                "22 + CUDA 13")))
    show(rows, skipped, args.format)
    if args.dump:
        with open(args.dump, "w") as f:
            json.dump({"rows": rows, "skipped": skipped}, f, indent=1,
                      sort_keys=True)
    return 0


def show(rows, skipped, fmt):
    short = ["f32a", "f32m", "f32f", "int", "f64a", "f64m", "f64f", "sfu",
             "cf", "l2", "shm", "dram"]
    if fmt == "csv":
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(["app"] + ["measured_" + c for c in COMPONENTS] +
                   ["predicted_" + c for c in COMPONENTS] +
                   ["measured_power_w", "power_a_w", "power_b_w",
                    "product_power_w"])
        for r in rows:
            w.writerow([r["app"]] +
                       ["%.4g" % r["measured"][c] for c in COMPONENTS] +
                       ["%.4g" % r["predicted"][c] for c in COMPONENTS] +
                       ["%.1f" % r["measured_power_w"],
                        "%.1f" % r["power_a_w"], "%.1f" % r["power_b_w"],
                        "%.1f" % r["product_power_w"]])
        return
    print("Utilisation per component: measured (CUPTI) / predicted (gpa); "
          "GTX Titan X, 975/3505 MHz")
    print("%-9s " % "app" + " ".join("%11s" % s for s in short))
    for r in rows:
        print("%-9s " % r["app"] + " ".join(
            "%5.3f/%5.3f" % (r["measured"][c], r["predicted"][c])
            for c in COMPONENTS))
    print()
    print("Power (W), published gtx-titan-x model at 975/3505 MHz: (a) with "
          "the measured utilisations, (b) with gpa's; gpa = the product's "
          "own total power; measured = board power (NVML)")
    print("%-9s %8s %8s %7s %8s %9s" % ("app", "(a)", "(b)", "(b)/(a)",
                                       "gpa", "measured"))
    for r in rows:
        print("%-9s %8.1f %8.1f %7.3f %8.1f %9.1f" % (
            r["app"], r["power_a_w"], r["power_b_w"],
            r["power_b_w"] / r["power_a_w"], r["product_power_w"],
            r["measured_power_w"]))
    print()
    print("Per component over %d applications: geomean predicted/measured "
          "(applications with measured U >= 0.01), Pearson r (all)" %
          len(rows))
    for c, s in zip(COMPONENTS, short):
        ratios = [r["predicted"][c] / r["measured"][c] for r in rows
                  if r["measured"][c] >= 0.01 and r["predicted"][c] > 0]
        zeros = sum(1 for r in rows if r["measured"][c] >= 0.01 and
                    r["predicted"][c] <= 0)
        r_ = pearson([r["measured"][c] for r in rows],
                     [r["predicted"][c] for r in rows])
        print("  %-9s geomean %7.3f (n=%2d%s)  r = %6.3f" % (
            c, geomean(ratios), len(ratios),
            ", %d predicted 0" % zeros if zeros else "", r_))
    for label, keys in (("fp32 sum", COMPONENTS[0:3]),
                        ("fp64 sum", COMPONENTS[4:7])):
        m = [sum(r["measured"][c] for c in keys) for r in rows]
        p = [sum(r["predicted"][c] for c in keys) for r in rows]
        ratios = [y / x for x, y in zip(m, p) if x >= 0.01 and y > 0]
        print("  %-9s geomean %7.3f (n=%2d)  r = %6.3f" % (
            label, geomean(ratios), len(ratios), pearson(m, p)))

    def mape(pairs):
        return 100 * sum(abs(b - a) / a for a, b in pairs) / len(pairs) \
            if pairs else float("nan")
    print()
    print("Power MAPE: (b) vs (a) %.1f%%; (a) vs measured %.1f%%; (b) vs "
          "measured %.1f%%; gpa vs measured %.1f%% (%d applications)" % (
              mape([(r["power_a_w"], r["power_b_w"]) for r in rows]),
              mape([(r["measured_power_w"], r["power_a_w"]) for r in rows]),
              mape([(r["measured_power_w"], r["power_b_w"]) for r in rows]),
              mape([(r["measured_power_w"], r["product_power_w"])
                    for r in rows]), len(rows)))
    if skipped:
        print("Not compared: " + "; ".join("%s (%s)" % s for s in skipped))


if __name__ == "__main__":
    sys.exit(main())
