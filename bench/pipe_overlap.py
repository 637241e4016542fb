#!/usr/bin/env python3
"""Do two GPU pipes overlap or add up? Reads gpa-measure's timings of
measure/microbenchmarks/gpa_pipe_overlap.cu (docs/validation.md, "Pipe
overlap on hardware (to run)").

  pipe_overlap.py analyse SAMPLES.csv [--arch sm_80|sm_90] [--sass EXPECTED]
  pipe_overlap.py sass LISTING                 (cuobjdump -sass of the suite)
  pipe_overlap.py check-sass LISTING --arch ARCH [--sass EXPECTED]

analyse: SAMPLES is the gpa-power-samples/1 file gpa-measure writes (its
`time_s` column: the measured time of one launch). Per loop iteration each
kernel issues the SASS counts in EXPECTED for ARCH (default: the checked-in
measure/microbenchmarks/gpa_pipe_overlap.sass.json; sm_80 for A100, sm_90
for H100/H200: pick the GPU's own). Every kernel runs the
same launch and trip count, so a pure kernel's time over its count per
iteration is that pipe's time per instruction (seconds per instruction per
iteration of the whole launch; loop overhead included, a few per cent).
For each mix with n_a and n_b instructions of pipes a and b:

  busiest = max(n_a t_a, n_b t_b)   (concurrent pipes, docs/models.md)
  sum     = n_a t_a + n_b t_b       (the pipes serialise, HK09's sum)

It prints measured / busiest, measured / sum, the overlap fraction
(sum - measured) / (sum - busiest) (1: fully concurrent, 0: serial) and
which of the two the measurement is nearer (by |log ratio|). Ratios only:
no pass/fail, nothing set in a GPU file.

sass / check-sass: the loop of each kernel is the span from a backward
branch's target to the branch; its instructions are counted per mnemonic
(the part before the first '.', predicates dropped), the pipes' mnemonics
by name and the rest as `other`. check-sass compares with EXPECTED and
exits 1 on a difference.
"""
import argparse
import csv
import json
import math
import os
import re
import sys

# SASS mnemonic -> the pipe it measures (CUDA C++ Programming Guide,
# arithmetic-instruction throughput table, cc 8.0; Nsight Compute's XU:
# transcendental and data-type conversion unit). I2FP (sm_86 and later's
# int->float) is not XU: counted, but like loop overhead, in no pipe.
PIPE_OF = {"FFMA": "fp32", "LDS": "shared", "F2I": "xu", "I2F": "xu",
           "LDG": "l1"}
COUNTED = ["FFMA", "LDS", "F2I", "I2F", "I2FP", "LDG", "LOP3"]

DEFAULT_SASS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                            "measure", "microbenchmarks",
                            "gpa_pipe_overlap.sass.json")

_FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
_INSTR = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z0-9_.]+)"
                    r"\s*([^;]*);")


def loop_counts(listing):
    """{kernel: {mnemonic or 'other': count}} of each kernel's one loop."""
    kernels = {}
    name = None
    for line in listing.splitlines():
        m = _FUNCTION.match(line)
        if m:
            name = m.group(1)
            kernels[name] = []
            continue
        m = _INSTR.search(line)
        if m and name is not None:
            kernels[name].append((int(m.group(1), 16), m.group(3),
                                  m.group(4).strip()))
    out = {}
    for name, instrs in kernels.items():
        loops = []
        for addr, op, args in instrs:
            t = re.match(r"(0x[0-9a-f]+)", args)
            if op.split(".")[0] == "BRA" and t and int(t.group(1), 16) < addr:
                loops.append((int(t.group(1), 16), addr))
        if len(loops) != 1:
            raise SystemExit("%s: expected one loop (backward BRA), found %d"
                             % (name, len(loops)))
        start, end = loops[0]
        counts = {}
        for addr, op, _ in instrs:
            if start <= addr <= end:
                base = op.split(".")[0]
                key = base if base in COUNTED else "other"
                counts[key] = counts.get(key, 0) + 1
        out[name] = dict(sorted(counts.items()))
    return out


def load_expected(path, arch):
    with open(path) as f:
        data = json.load(f)
    if arch not in data["arch"]:
        raise SystemExit("%s: no SASS counts for %s (has: %s)"
                         % (path, arch, ", ".join(sorted(data["arch"]))))
    return data["arch"][arch]


def check_sass(listing, expected):
    got = loop_counts(listing)
    bad = 0
    for name in sorted(set(got) | set(expected)):
        g, e = got.get(name), expected.get(name)
        if g == e:
            print("ok %s %s" % (name, format_counts(g)))
        else:
            bad += 1
            print("MISMATCH %s: SASS %s, expected %s"
                  % (name, format_counts(g), format_counts(e)))
    return bad == 0


def format_counts(c):
    if c is None:
        return "(absent)"
    return " ".join("%s=%d" % kv for kv in sorted(c.items()))


def pipes_of(counts):
    """{pipe: instructions per iteration} of one kernel's SASS counts."""
    out = {}
    for op, n in counts.items():
        if op in PIPE_OF and n:
            out[PIPE_OF[op]] = out.get(PIPE_OF[op], 0) + n
    return out


def read_times(path):
    """{benchmark: seconds per launch} from a gpa-power-samples/1 file."""
    with open(path) as f:
        lines = f.read().splitlines()
    if not lines or not lines[0].startswith("# gpa-power-samples/1"):
        raise SystemExit("%s:1: expected '# gpa-power-samples/1' "
                         "(the file gpa-measure writes)" % path)
    body = [(i + 1, l) for i, l in enumerate(lines) if not l.startswith("#")]
    header_no, header = body[0]
    cols = next(csv.reader([header]))
    if "benchmark" not in cols or "time_s" not in cols:
        raise SystemExit("%s:%d: expected columns 'benchmark' and 'time_s' "
                         "(launch counts, as gpa-measure writes)"
                         % (path, header_no))
    b, t = cols.index("benchmark"), cols.index("time_s")
    times = {}
    for no, line in body[1:]:
        if not line.strip():
            continue
        row = next(csv.reader([line]))
        try:
            times[row[b].strip()] = float(row[t])
        except (IndexError, ValueError):
            raise SystemExit("%s:%d: expected a launch time in s in column %d"
                             % (path, no, t + 1))
    return times


def analyse(times, expected):
    pipes = {name: pipes_of(c) for name, c in expected.items()}
    per_instr = {}
    for name, p in sorted(pipes.items()):
        if len(p) == 1 and name in times:
            (pipe, n), = p.items()
            per_instr[pipe] = (times[name] / n, name)
    print("# time per instruction per iteration of the launch (pure kernels)")
    print("pipe,kernel,time_s,instructions,time_per_instruction_s")
    for pipe, (t, name) in sorted(per_instr.items()):
        print("%s,%s,%.6g,%d,%.6g" % (pipe, name, times[name],
                                      pipes[name][pipe], t))
    print("# mixes: measured / busiest pipe (concurrent), measured / sum "
          "(serial); overlap 1 = concurrent, 0 = serial")
    print("kernel,pipes,measured_s,busiest_s,sum_s,measured_over_busiest,"
          "measured_over_sum,overlap,nearer")
    for name, p in sorted(pipes.items()):
        if len(p) < 2:
            continue
        if name not in times:
            print("%s,%s,missing from the samples" % (name, "+".join(sorted(p))))
            continue
        if any(q not in per_instr for q in p):
            print("%s,%s,no pure kernel measured for %s"
                  % (name, "+".join(sorted(p)),
                     "+".join(q for q in sorted(p) if q not in per_instr)))
            continue
        parts = [n * per_instr[q][0] for q, n in sorted(p.items())]
        busiest, total, measured = max(parts), sum(parts), times[name]
        overlap = (total - measured) / (total - busiest) \
            if total > busiest else float("nan")
        nearer = "busiest (concurrent)" \
            if abs(math.log(measured / busiest)) <= \
            abs(math.log(measured / total)) else "sum (serial)"
        print("%s,%s,%.6g,%.6g,%.6g,%.3f,%.3f,%.3f,%s"
              % (name, "+".join("%s:%d" % kv for kv in sorted(p.items())),
                 measured, busiest, total, measured / busiest,
                 measured / total, overlap, nearer))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("analyse")
    a.add_argument("samples")
    a.add_argument("--sass", default=DEFAULT_SASS)
    a.add_argument("--arch", default="sm_80")
    s = sub.add_parser("sass")
    s.add_argument("listing")
    c = sub.add_parser("check-sass")
    c.add_argument("listing")
    c.add_argument("--sass", default=DEFAULT_SASS)
    c.add_argument("--arch", required=True)
    args = ap.parse_args(argv)
    if args.cmd == "analyse":
        analyse(read_times(args.samples), load_expected(args.sass, args.arch))
        return 0
    with open(args.listing) as f:
        listing = f.read()
    if args.cmd == "sass":
        print(json.dumps(loop_counts(listing), indent=2, sort_keys=True))
        return 0
    return 0 if check_sass(listing, load_expected(args.sass, args.arch)) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
