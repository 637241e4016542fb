#!/usr/bin/env python3
"""The L2 probe of the GPU session: a gpa-session-kernels/1 spec that runs
the session's streaming read (gpa_session.cu, session_read_u1/u4) over
buffers that fit in L2, so that bandwidth against warps in flight and
Little's-law latency can be read for L2 hits as bandwidth.csv gives them
for DRAM (docs/gpu-session.md, "L2 probe").

Each launch reads N doubles once; the buffer stays in L2 between the
back-to-back launches of a window. Launches are short (a 24 MiB read takes a
few microseconds at full occupancy), so a probe with almost no work
(`overhead`) measures what a launch costs by itself.

It also holds the store probe (docs/models.md "Stores do not hold a warp"):
the read with one store of its running sum per iteration, to the thread's
own element every time (`session_store_same`) or to the element just read
(`session_store_moving`), beside the plain read, over 1 GiB at 2 and 16
warps per SM: what each kind of store costs a warp.

  make_l2_spec.py [--out FILE] [--sms 132]
"""
import argparse
import json

MIB = 1 << 20


def entry(ident, kernel, sms, block, nbytes, problem, out_bytes=None):
    grid = 2 * sms  # 2 blocks per SM, as the bandwidth stage
    n = nbytes // 8
    return {"id": ident, "suite": "gpa-session", "module": "gpa_session.ptx",
            "kernel": kernel, "grid": [grid, 1, 1], "block": [block, 1, 1],
            "shared_bytes": 0, "problem": problem,
            "args": [{"buffer": "A", "bytes": nbytes, "fill": "uniform_f64"},
                     {"buffer": "O", "bytes": out_bytes or 8 * grid,
                      "fill": "zero"},
                     {"u64": n}]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="-")
    ap.add_argument("--sms", type=int, default=132)
    a = ap.parse_args()
    kernels = [entry("l2/overhead", "session_read_u1", a.sms, 32, 8 * 64,
                     "64 doubles: a launch with almost no work")]
    for u in (1, 4):
        for block in (32, 64, 128, 256, 512, 1024):
            kernels.append(entry("l2/read_u%d_24mib_b%d" % (u, block),
                                 "session_read_u%d" % u, a.sms, block,
                                 24 * MIB, "24 MiB read, in L2"))
        for mib in (8, 48):
            kernels.append(entry("l2/read_u%d_%dmib_b1024" % (u, mib),
                                 "session_read_u%d" % u, a.sms, 1024,
                                 mib * MIB, "%d MiB read" % mib))
    gib = 1 << 30
    for block in (32, 256):
        grid = 2 * a.sms
        kernels.append(entry("store/read_b%d" % block, "session_read_u1",
                             a.sms, block, gib, "1 GiB read"))
        kernels.append(entry("store/same_b%d" % block, "session_store_same",
                             a.sms, block, gib,
                             "1 GiB read, a store to the thread's own "
                             "element every iteration",
                             8 * grid * block))
        kernels.append(entry("store/moving_b%d" % block,
                             "session_store_moving", a.sms, block, gib,
                             "1 GiB read, a store to the element read",
                             gib))
    spec = {"schema": "gpa-session-kernels/1", "kernels": kernels}
    text = json.dumps(spec, indent=1) + "\n"
    if a.out == "-":
        print(text, end="")
    else:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
