"""Writes kernels.json, the gpa-session-kernels/1 spec of the real kernels
that the device session launches (issue 29, stage 5), from the launch
arithmetic below, so that every grid and buffer size is a formula read off
the host code rather than a typed number.

Each entry gives one launch exactly as the program's host code makes it at
its default problem size (the launch site is cited), with buffers sized as
the host allocates them, unless "problem" says "Changed:". Run
`python3 bench/gpu_session/write_spec.py` after editing; make_kernels.py
checks the result against the PTX.
"""
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
F32 = 4


def f32(x):
    """x rounded to float, as the host's float variable holds it."""
    return struct.unpack("f", struct.pack("f", x))[0]


def cdiv(a, b):
    return (a + b - 1) // b


def buf(name, nbytes, fill="uniform_f32"):
    return {"buffer": name, "bytes": nbytes, "fill": fill}


def pb(kid, source, module, kernel, grid, block, problem, site, args,
       **extra):
    k = {"id": "polybench/" + kid, "source": source, "suite": "PolyBench-GPU",
         "module": module, "kernel": kernel, "grid": list(grid) + [1] *
         (3 - len(grid)), "block": list(block) + [1] * (3 - len(block)),
         "shared_bytes": 0, "problem": problem, "launch_site": site,
         "args": args}
    k.update(extra)
    return k


def kernels():
    out = []
    # --- PolyBench/GPU 1.0, STANDARD_DATASET (the default) ----------------
    # gemm.cuh: NI=NJ=NK=512, block 32x8; gemm.cu:63-64 alpha=32412,
    # beta=2123; grid gemm.cu:151 = (ceil(NI/32), ceil(NJ/8)).
    n = 512
    out.append(pb("gemm", "CUDA/GEMM/gemm.cu", "gemm.ptx",
                  "_Z11gemm_kerneliiiffPfS_S_", (cdiv(n, 32), cdiv(n, 8)),
                  (32, 8), "NI=NJ=NK=512 (default)", "gemm.cu:161",
                  [{"i32": n}, {"i32": n}, {"i32": n}, {"f32": 32412.0},
                   {"f32": 2123.0}, buf("A", n * n * F32),
                   buf("B", n * n * F32), buf("C", n * n * F32)]))
    # 2mm.cuh: NI=NJ=NK=NL=1024, block 32x8; 2mm.cu:39-40 alpha, beta;
    # grid1 = (NJ/32, NI/8), grid2 = (NL/32, NI/8) (2mm.cu:218-219).
    n = 1024
    mm2 = [{"i32": n}] * 4 + [{"f32": 32412.0}, {"f32": 2123.0}]
    out.append(pb("2mm_kernel1", "CUDA/2MM/2mm.cu", "2mm.ptx",
                  "_Z11mm2_kernel1iiiiffPfS_S_", (n // 32, n // 8), (32, 8),
                  "NI=NJ=NK=NL=1024 (default); tmp = alpha*A*B",
                  "2mm.cu:224", mm2 + [buf("tmp", n * n * F32),
                                       buf("A", n * n * F32),
                                       buf("B", n * n * F32)]))
    out.append(pb("2mm_kernel2", "CUDA/2MM/2mm.cu", "2mm.ptx",
                  "_Z11mm2_kernel2iiiiffPfS_S_", (n // 32, n // 8), (32, 8),
                  "NI=NJ=NK=NL=1024 (default); D = beta*D + tmp*C",
                  "2mm.cu:226", mm2 + [buf("tmp", n * n * F32),
                                       buf("C", n * n * F32),
                                       buf("D", n * n * F32)]))
    # atax.cuh: NX=NY=4096, block 32x8 while the kernels index with
    # threadIdx.x only (8 threads per row, as the program launches them);
    # grid = (ceil(NX/32), 1) (atax.cu:157-158).
    n = 4096
    for kid, name, vec, site in (
            ("atax_kernel1", "_Z12atax_kernel1iiPfS_S_", "x", "atax.cu:163"),
            ("atax_kernel2", "_Z12atax_kernel2iiPfS_S_", "y", "atax.cu:165")):
        out.append(pb(kid, "CUDA/ATAX/atax.cu", "atax.ptx", name,
                      (n // 32, 1), (32, 8),
                      "NX=NY=4096 (default); block 32x8, one row per "
                      "threadIdx.x (threadIdx.y unused, as in the program)",
                      site, [{"i32": n}, {"i32": n}, buf("A", n * n * F32),
                             buf(vec, n * F32), buf("tmp", n * F32)]))
    # bicg.cuh: NX=NY=4096, block 256x1; grid (ceil(N/256), 1)
    # (bicg.cu:196-197).
    for kid, name, v1, v2, site in (
            ("bicg_kernel1", "_Z12bicg_kernel1iiPfS_S_", "r", "s",
             "bicg.cu:202"),
            ("bicg_kernel2", "_Z12bicg_kernel2iiPfS_S_", "p", "q",
             "bicg.cu:204")):
        out.append(pb(kid, "CUDA/BICG/bicg.cu", "bicg.ptx", name,
                      (n // 256, 1), (256, 1), "NX=NY=4096 (default)", site,
                      [{"i32": n}, {"i32": n}, buf("A", n * n * F32),
                       buf(v1, n * F32), buf(v2, n * F32)]))
    # mvt.cuh: N=4096, block 32x8 (threadIdx.y unused); grid (N/32, 1)
    # (mvt.cu:156).
    out.append(pb("mvt_kernel1", "CUDA/MVT/mvt.cu", "mvt.ptx",
                  "_Z11mvt_kernel1iPfS_S_", (n // 32, 1), (32, 8),
                  "N=4096 (default); x1 += A*y1, one row per threadIdx.x",
                  "mvt.cu:161", [{"i32": n}, buf("a", n * n * F32),
                                 buf("x1", n * F32), buf("y_1", n * F32)]))
    # gesummv.cuh: N=4096, block 256x1; gesummv.cu:63-64 alpha=43532,
    # beta=12313; grid (N/256, 1) (gesummv.cu:145).
    out.append(pb("gesummv", "CUDA/GESUMMV/gesummv.cu", "gesummv.ptx",
                  "_Z14gesummv_kerneliffPfS_S_S_S_", (n // 256, 1), (256, 1),
                  "N=4096 (default)", "gesummv.cu:151",
                  [{"i32": n}, {"f32": 43532.0}, {"f32": 12313.0},
                   buf("A", n * n * F32), buf("B", n * n * F32),
                   buf("tmp", n * F32, "zero"), buf("x", n * F32),
                   buf("y", n * F32, "zero")]))
    # syrk.cuh: NI=NJ=1024, block 32x8; syrk.cu:42-43 alpha, beta;
    # grid (NI/32, NI/8) (syrk.cu:151).
    n = 1024
    out.append(pb("syrk", "CUDA/SYRK/syrk.cu", "syrk.ptx",
                  "_Z11syrk_kerneliiffPfS_", (n // 32, n // 8), (32, 8),
                  "NI=NJ=1024 (default)", "syrk.cu:156",
                  [{"i32": n}, {"i32": n}, {"f32": 32412.0},
                   {"f32": 2123.0}, buf("A", n * n * F32),
                   buf("C", n * n * F32)]))
    # 2DConvolution.cuh: NI=NJ=4096, block 32x8; grid (NI/32, NJ/8)
    # (2DConvolution.cu:133).
    n = 4096
    out.append(pb("2dconv", "CUDA/2DCONV/2DConvolution.cu",
                  "2DConvolution.ptx", "_Z20convolution2D_kerneliiPfS_",
                  (n // 32, n // 8), (32, 8), "NI=NJ=4096 (default)",
                  "2DConvolution.cu:137",
                  [{"i32": n}, {"i32": n}, buf("A", n * n * F32),
                   buf("B", n * n * F32, "zero")]))
    # 3DConvolution.cuh: NI=NJ=NK=256, block 32x8; grid (NK/32, NJ/8)
    # (3DConvolution.cu:151); the program launches once per plane
    # i = 1..NI-2 (3DConvolution.cu:157): one launch, i = 1.
    n = 256
    out.append(pb("3dconv", "CUDA/3DCONV/3DConvolution.cu",
                  "3DConvolution.ptx", "_Z20convolution3D_kerneliiiPfS_i",
                  (n // 32, n // 8), (32, 8),
                  "NI=NJ=NK=256 (default); one plane, i=1, of the "
                  "program's 254 launches", "3DConvolution.cu:159",
                  [{"i32": n}, {"i32": n}, {"i32": n},
                   buf("A", n * n * n * F32),
                   buf("B", n * n * n * F32, "zero"), {"i32": 1}]))
    # correlation.cuh: M=N=2048; kernel 1 block 256x1, grid (M/256, 1);
    # kernel 3 block 32x8, grid (M/32, N/8) (correlation.cu:242-249).
    n = 2048
    out.append(pb("corr_mean", "CUDA/CORR/correlation.cu", "correlation.ptx",
                  "_Z11mean_kerneliiPfS_", (n // 256, 1), (256, 1),
                  "M=N=2048 (default); column means", "correlation.cu:257",
                  [{"i32": n}, {"i32": n}, buf("mean", n * F32, "zero"),
                   buf("data", n * n * F32)]))
    out.append(pb("corr_reduce", "CUDA/CORR/correlation.cu",
                  "correlation.ptx", "_Z13reduce_kerneliiPfS_S_",
                  (n // 32, n // 8), (32, 8),
                  "M=N=2048 (default); data = (data-mean)/(sqrt(N)*std); "
                  "std filled with ones (the program's std_kernel output is "
                  ">= EPS)", "correlation.cu:261",
                  [{"i32": n}, {"i32": n}, buf("mean", n * F32),
                   buf("std", n * F32, "ones_f32"),
                   buf("data", n * n * F32)]))
    # fdtd2d.cuh: TMAX=500, NX=NY=2048, block 32x8; grid (NY/32, NX/8)
    # (fdtd2d.cu:188); launched per time step (fdtd2d.cu:193): t = 0.
    n = 2048
    out.append(pb("fdtd_step3", "CUDA/FDTD-2D/fdtd2d.cu", "fdtd2d.ptx",
                  "_Z17fdtd_step3_kerneliiPfS_S_i", (n // 32, n // 8),
                  (32, 8), "NX=NY=2048 (default); one time step (t=0) of "
                  "TMAX=500", "fdtd2d.cu:199",
                  [{"i32": n}, {"i32": n}, buf("ex", n * n * F32),
                   buf("ey", n * n * F32), buf("hz", n * n * F32),
                   {"i32": 0}]))
    # gramschmidt.cuh: NI=NJ=2048, block 256x1; gridKernel3 (NJ/256, 1)
    # (gramschmidt.cu:179); launched per column k (gramschmidt.cu:193):
    # k = 0, the launch with the most work (columns j > k).
    out.append(pb("gramschmidt_kernel3", "CUDA/GRAMSCHM/gramschmidt.cu",
                  "gramschmidt.ptx", "_Z19gramschmidt_kernel3iiPfS_S_i",
                  (n // 256, 1), (256, 1),
                  "NI=NJ=2048 (default); column k=0 of the program's 2048 "
                  "launches", "gramschmidt.cu:199",
                  [{"i32": n}, {"i32": n}, buf("A", n * n * F32),
                   buf("R", n * n * F32), buf("Q", n * n * F32),
                   {"i32": 0}]))

    # --- Rodinia 3.1, the arguments of each program's `run` script --------
    # hotspot run: `./hotspot 512 2 2 ...`: 512x512 grid, pyramid height 2,
    # 2 iterations; BLOCK_SIZE 16 (hotspot.cu:13); hotspot.cu:296-304:
    # border = 2, small block = 16 - 2*2 = 12, blockCols = ceil(512/12).
    # The constants follow hotspot.cu:227-238 in float/double as written.
    rows = cols = 512
    gh = f32(f32(0.016) / rows)
    gw = f32(f32(0.016) / cols)
    t_chip = f32(0.0005)
    cap = f32(0.5 * 1.75e6 * t_chip * gw * gh)
    rx = f32(gw / (2.0 * 100 * t_chip * gh))
    ry = f32(gh / (2.0 * 100 * t_chip * gw))
    rz = f32(t_chip / f32(f32(f32(100 * gh) * gw)))
    max_slope = f32(3.0e6 / (0.5 * t_chip * 1.75e6))
    step = f32(0.001 / max_slope)
    bc = cdiv(cols, 16 - 2 * 2)
    out.append({
        "id": "rodinia/hotspot", "source": "cuda/hotspot/hotspot.cu",
        "suite": "Rodinia", "module": "hotspot.ptx",
        "kernel": "_Z14calculate_tempiPfS_S_iiiiffffff",
        "grid": [bc, bc, 1], "block": [16, 16, 1], "shared_bytes": 0,
        "problem": "512x512, pyramid height 2, 2 iterations (the run "
                   "script): one launch of 2 iterations",
        "launch_site": "hotspot.cu:247",
        "args": [{"i32": 2}, buf("power", rows * cols * F32),
                 buf("temp_src", rows * cols * F32),
                 buf("temp_dst", rows * cols * F32, "zero"),
                 {"i32": cols}, {"i32": rows}, {"i32": 2}, {"i32": 2},
                 {"f32": cap}, {"f32": rx}, {"f32": ry}, {"f32": rz},
                 {"f32": step}, {"f32": f32(0.001)}]})
    # srad_v2 run: `./srad 2048 2048 0 127 0 127 0.5 2`; BLOCK_SIZE 16;
    # grid (cols/16, rows/16) (srad.cu:220-224). q0sqr is computed on the
    # host from J = exp(U[0,1)) over the ROI: var/mean^2 of exp(U) =
    # ((e^2-1)/2 - (e-1)^2)/(e-1)^2 = 0.0820 (derived).
    # srad_cuda_1 is left out: it reads up to `cols` floats before J_cuda
    # (index_n at by=0, srad_kernel.cu:27), which a fresh buffer may not
    # have mapped. srad_cuda_2 reads C_cuda one row past its end
    # (index_s at the last block row, index_e at the last block column):
    # C is allocated one row (cols floats) larger than the program's.
    rows = cols = 2048
    img = rows * cols * F32
    out.append({
        "id": "rodinia/srad_v2_kernel2", "source": "cuda/srad/srad_v2/srad.cu",
        "suite": "Rodinia", "module": "srad.ptx",
        "kernel": "_Z11srad_cuda_2PfS_S_S_S_S_iiff",
        "grid": [cols // 16, rows // 16, 1], "block": [16, 16, 1],
        "shared_bytes": 0,
        "problem": "2048x2048, lambda 0.5 (the run script); one of the "
                   "2 iterations. Changed: C is one row (8192 bytes) larger "
                   "than the program's C_cuda, as the kernel reads one row "
                   "past its end",
        "launch_site": "srad.cu:232",
        "args": [buf("E_C", img), buf("W_C", img), buf("N_C", img),
                 buf("S_C", img), buf("J", img),
                 buf("C", img + cols * F32), {"i32": cols}, {"i32": rows},
                 {"f32": 0.5}, {"f32": 0.082}]})
    # pathfinder run: `./pathfinder 100000 100 20`: cols=100000, rows=100,
    # pyramid height 20; BLOCK_SIZE 256, border 20, small block 216,
    # blockCols = ceil(100000/216) (pathfinder.cu:209-211). First launch
    # (t = 0, pathfinder.cu:178-185): iteration MIN(20, 99) = 20, src
    # gpuResult[0], dst gpuResult[1]. Walls are rand() % 10 (line 60).
    cols, rows = 100000, 100
    out.append({
        "id": "rodinia/pathfinder", "source": "cuda/pathfinder/pathfinder.cu",
        "suite": "Rodinia", "module": "pathfinder.ptx",
        "kernel": "_Z14dynproc_kerneliPiS_S_iiii",
        "grid": [cdiv(cols, 256 - 2 * 20), 1, 1], "block": [256, 1, 1],
        "shared_bytes": 0,
        "problem": "100000 columns x 100 rows, pyramid height 20 (the run "
                   "script); the first of 5 launches (20 rows)",
        "launch_site": "pathfinder.cu:182",
        "args": [{"i32": 20},
                 buf("wall", (rows * cols - cols) * 4, "mod_i32:10"),
                 buf("src", cols * 4, "mod_i32:10"),
                 buf("dst", cols * 4, "zero"),
                 {"i32": cols}, {"i32": rows}, {"i32": 0}, {"i32": 20}]})
    # nn: 256 threads per block, blocks = ceil(records/256), gridY 1
    # (nn_cuda.cu:115-131); lat 30, lng 90 (the run script). LatLong is
    # two floats.
    records = 21893120
    out.append({
        "id": "rodinia/nn", "source": "cuda/nn/nn_cuda.cu",
        "suite": "Rodinia", "module": "nn_cuda.ptx",
        "kernel": "_Z6euclidP7latLongPfiff",
        "grid": [cdiv(records, 256), 1, 1], "block": [256, 1, 1],
        "shared_bytes": 0,
        "problem": "21,893,120 records, lat 30, lng 90. Changed: "
                   "gen_dataset.sh's largest set instead of the run "
                   "script's filelist_4 (42,760 records, 168 blocks, a "
                   "launch of a few microseconds)",
        "launch_site": "nn_cuda.cu:167",
        "args": [buf("locations", records * 8),
                 buf("distances", records * F32, "zero"),
                 {"i32": records}, {"f32": 30.0}, {"f32": 90.0}]})

    # --- bundled examples (examples/cuda) ----------------------------------
    n = 1 << 24
    out.append({
        "id": "bundled/saxpy", "source": "examples/cuda/saxpy.cu",
        "suite": "bundled", "module": "saxpy.ptx",
        "kernel": "_Z5saxpyifPKfPf", "grid": [cdiv(n, 256), 1, 1],
        "block": [256, 1, 1], "shared_bytes": 0,
        "problem": "n = 1<<24 (chosen), a = 2", "launch_site": "saxpy.cu:12",
        "args": [{"i32": n}, {"f32": 2.0}, buf("x", n * F32),
                 buf("y", n * F32)]})
    n = 2048
    out.append({
        "id": "bundled/matmul_tiled",
        "source": "examples/cuda/matmul_tiled.cu",
        "suite": "bundled", "module": "matmul_tiled.ptx",
        "kernel": "_Z11matmulTiledPKfS0_Pfi", "grid": [n // 16, n // 16, 1],
        "block": [16, 16, 1], "shared_bytes": 0,
        "problem": "N = 2048 (chosen)", "launch_site": "matmul_tiled.cu:27",
        "args": [buf("A", n * n * F32), buf("B", n * n * F32),
                 buf("C", n * n * F32, "zero"), {"i32": n}]})
    return out


def main():
    spec = {"schema": "gpa-session-kernels/1", "kernels": kernels()}
    path = os.path.join(HERE, "kernels.json")
    with open(path, "w") as f:
        json.dump(spec, f, indent=1)
        f.write("\n")
    print("wrote %s (%d kernels)" % (path, len(spec["kernels"])))


if __name__ == "__main__":
    main()
