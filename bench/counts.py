#!/usr/bin/env python3
"""Per-unit dynamic instruction counts: IR front-end, PTX front-end, SASS.

For every kernel of examples/cuda/*.cu and bench/kernels/*.cu, and of the
PolyBench-GPU and Rodinia sources bench/real_kernels.py lists when their
checkouts are given (--polybench, --rodinia):
  * clang-22 compiles the device code to IR (.bc) and to PTX (llc's output
    from that IR);
  * `gpa analyze` counts the IR (the plugin's IR front-end) and the PTX (the
    PTX front-end), per thread and per unit;
  * ptxas compiles the same PTX for sm_80 with every loop kept as the PTX
    has it (`.pragma "nounroll"` after every label) and with line info (a
    `.loc` naming each instruction's own PTX line), and the SASS from
    `nvdisasm --print-line-info` is counted per unit (bench/sass_units.py);
  * the SASS is weighed by the PTX front-end's own loop analysis (issue 8:
    "weights from the same loop analysis"): gpa_ptx_block_weights (built
    in bench/) prints the weight the front-end gives each PTX block (its
    CFG, trip counts, branch probabilities, guard rule), and each SASS
    basic block (split at branch targets and after BRA/EXIT/RET) takes the
    weight of one PTX block: the block of its final branch or EXIT when it
    ends in one (ptxas if-converts short arms into the block before them;
    predicated-off instructions still issue, so they count as often as
    that block), else the PTX block most of its instructions came from.
    ptxas's CALL of a slow-path subroutine (division/sqrt of denormal or
    huge operands, skipped for normal operands: the path
    gpa/InstructionCosts.def counts) weighs 0, and the subroutines after
    the last EXIT are not counted.

The error left is what the front-ends count per block differently from
ptxas, not how often blocks run. Limits of the mapping: an instruction
ptxas hoists out of a loop into a block that does not end in a branch
still counts with the loop when most of that block's instructions come
from the loop; a block ptxas creates without line info takes the weight of
the block before it; a loop ptxas unrolls despite the pragma (none in
these suites) would count its copies at the PTX loop's weight. The IR
front-end's weights come from its own analysis (BFI), so its error also
holds the IR/PTX weighting difference (the IR/PTX column).

Prints every kernel's per-unit counts and errors, then the error of each
unit summed over all kernels: |front-end - SASS| / SASS, and IR vs PTX.
A benchmark, not a test: it prints ratios and always exits 0. Needs
gpa_ptx_block_weights (GPA_BUILD_BENCHMARKS), ptxas and nvdisasm: from
the CUDA toolkit, $PTXAS / $NVDISASM, or the PyPI package
nvidia-cuda-nvdisasm (found in any site-packages, or under --tools DIR
where `pip install --target DIR` put it; --tools may be given once per
folder); without them it says so and exits 0.

Usage: python3 bench/counts.py [--build build] [--cuda /usr/local/cuda]
           [--polybench POLYBENCH_GPU_CHECKOUT] [--rodinia RODINIA_CHECKOUT]
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_kernels  # noqa: E402
import sass_units  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TRIPS = 16
UNITS = ["int", "fp", "fp64", "fp16", "sfu", "alu", "global_mem", "local_mem",
         "shared_mem", "const_mem", "atomic", "shuffle", "sync", "tensor",
         "other"]


run = real_kernels.run


def nounroll(ptx):
    """Puts `.pragma "nounroll";` after every label. A loop's header is not
    always the target of its back branch (llc may lay the latch out above
    the header and fall through into it), and ptxas ignores the pragma in
    a block that heads no loop."""
    out = []
    for line in ptx.splitlines():
        out.append(line)
        if re.match(r"^(\$?[\w.$]+):", line.strip()):
            out.append('\t.pragma "nounroll";')
    return "\n".join(out) + "\n"


def annotate(ptx):
    """ptx with `.loc 1 N 0` before each instruction of a function body, N
    its own line in ptx, so ptxas -lineinfo records for every SASS
    instruction the PTX line it came from; then nounroll."""
    out, depth = [], 0
    for n, line in enumerate(ptx.splitlines(), 1):
        s = line.strip()
        if depth and s and not s.startswith((".", "//", "{", "}", ")")) and \
                not s.endswith(":"):
            out.append("\t.loc 1 %d 0" % n)
        depth += s.startswith("{") - s.startswith("}")
        out.append(line)
        if s.startswith(".address_size"):
            out.append('.file 1 "kernel.ptx"')
    return nounroll("\n".join(out) + "\n")


def ptx_block_weights(text):
    """{function: [(first line, last line, weight)]} from
    gpa_ptx_block_weights: the PTX front-end's weight of each block."""
    out, fn = {}, None
    for line in text.splitlines():
        p = line.split()
        if p[0] == "function":
            fn = out.setdefault(p[1], [])
        elif p[0] == "block":
            fn.append((int(p[1]), int(p[2]), float(p[3])))
    return out


def parse_disassembly(text, kernel):
    """[(address, mnemonic, line, PTX line or None)] of kernel's function in
    `nvdisasm --print-line-info` output, branch targets as addresses, and
    the addresses that start a basic block (labels)."""
    section = text.split(".text.%s:" % kernel, 1)
    if len(section) < 2:
        return None, None
    body = section[1].split("\n.section", 1)[0].split("//-----", 1)[0]
    insts, labels, starts, ptx_line, pending = [], {}, set(), None, []
    for line in body.splitlines():
        m = re.match(r'^\s*//## File "kernel.ptx", line (\d+)', line)
        if m:
            ptx_line = int(m.group(1))
            continue
        m = re.match(r"^(\.L_x_\d+):", line)
        if m:
            pending.append(m.group(1))
            continue
        for a, mnem, text_ in sass_units.parse_sass(line):
            for name in pending:
                labels[name] = a
                starts.add(a)
            pending = []
            insts.append([a, mnem, text_, ptx_line])
    for i in insts:
        i[2] = re.sub(r"`\((\.L_x_\d+)\)",
                      lambda m: "0x%x" % labels.get(m.group(1), -1), i[2])
    return [tuple(i) for i in insts], starts


def sass_counts(disassembly, kernel, blocks):
    """Per-unit SASS counts of one kernel's function, each SASS basic block
    weighted by the PTX front-end's weight of the PTX block most of its
    instructions came from (blocks: ptx_block_weights of the kernel)."""
    insts, starts = parse_disassembly(disassembly, kernel)
    if insts is None:
        return None
    # The trailing self-branch (BRA to itself) and NOPs are padding.
    insts = [i for i in insts
             if not i[1].startswith("NOP") and
             not (i[1] == "BRA" and re.search(r"BRA 0x%x\b" % i[0], i[2]))]
    # Slow-path subroutines (reached by CALL behind a branch that normal
    # operands skip) follow the kernel's last EXIT and end with RET: drop
    # them, as the cost model counts the fast path only.
    rets = [n for n, i in enumerate(insts) if i[1].startswith("RET")]
    if rets:
        exits = [n for n, i in enumerate(insts[:rets[0]])
                 if i[1] == "EXIT" and
                 not re.match(r"^\s*/\*[0-9a-f]+\*/\s+@", i[2])]
        if exits:
            insts = insts[:exits[-1] + 1]

    def ptx_block(line):
        for n, (first, last, _) in enumerate(blocks):
            if line is not None and first <= line <= last:
                return n
        return None

    # SASS basic blocks: split at branch targets and after control flow.
    sass_blocks, cur = [], []
    for i in insts:
        if cur and i[0] in starts:
            sass_blocks.append(cur)
            cur = []
        cur.append(i)
        if re.match(r"^(BRA|EXIT|RET|BRX|JMP)", i[1]):
            sass_blocks.append(cur)
            cur = []
    if cur:
        sass_blocks.append(cur)
    counts = defaultdict(float)
    last = None
    for blk in sass_blocks:
        votes = defaultdict(int)
        for i in blk:
            n = ptx_block(i[3])
            if n is not None:
                votes[n] += 1
        end = ptx_block(blk[-1][3]) if re.match(
            r"^(BRA|EXIT|RET|BRX|JMP)", blk[-1][1]) else None
        if end is not None and blocks[end][0] < blocks[end][1]:
            # A block ending in a branch is the PTX block whose branch it
            # is: ptxas if-converts short arms into the block before them
            # (predicated, so issued as often as that block).
            last = end
        elif votes:
            last = max(votes, key=lambda n: (votes[n], -n))
        w = blocks[last][2] if last is not None else 1.0
        # ptxas's call of a slow-path subroutine (division or square root
        # of denormal or huge operands) is skipped for normal operands, the
        # path gpa/InstructionCosts.def counts.
        if any(i[1].startswith("CALL") and "$__internal_" in i[2]
               for i in blk):
            w = 0.0
        for i in blk:
            counts[sass_units.unit_of(i[1])] += w
    return counts


def err(x, ref):
    return abs(x - ref) / ref if ref else (0.0 if x == 0 else float("inf"))


def find_tool(name, env, args):
    """A CUDA binary: $ENV, PATH, the toolkit, --tools, any site-packages."""
    cands = [os.environ.get(env), shutil.which(name),
             os.path.join(args.cuda, "bin", name)]
    roots = (args.tools or []) + \
        [p for p in sys.path if p.endswith("site-packages")]
    for root in roots:
        cands += glob.glob(os.path.join(root, "nvidia", "*", "bin", name))
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def summary(title, totals, abs_err):
    print("\n%s: sum |front-end - SASS| / sum SASS" % title)
    print("  %-11s %10s %10s %10s %8s %8s %8s" %
          ("unit", "IR", "PTX", "SASS", "IR err", "PTX err", "IR/PTX"))
    for u in UNITS:
        c = totals["sass"][u]
        if not (c or totals["ir"][u] or totals["ptx"][u]):
            continue
        ref = c if c else 1.0
        ref_ptx = totals["ptx"][u] if totals["ptx"][u] else 1.0
        print("  %-11s %10.1f %10.1f %10.1f %7.0f%% %7.0f%% %7.0f%%" %
              (u, totals["ir"][u], totals["ptx"][u], c,
               100 * abs_err["ir"][u] / ref, 100 * abs_err["ptx"][u] / ref,
               100 * abs_err["irptx"][u] / ref_ptx))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--tools", action="append",
                    help="pip --target folder with cuobjdump and/or "
                    "nvdisasm (nvidia/*/bin); may be given twice")
    ap.add_argument("--polybench", help="PolyBench-GPU checkout")
    ap.add_argument("--rodinia", help="Rodinia checkout")
    args = ap.parse_args()
    gpa = os.path.join(args.build, "tool", "gpa")
    nvdisasm = find_tool("nvdisasm", "NVDISASM", args)
    ptxas = find_tool("ptxas", "PTXAS", args)
    weigher = os.path.join(args.build, "bench", "gpa_ptx_block_weights")
    missing = [n for n, t in (("gpa", gpa), ("gpa_ptx_block_weights", weigher),
                              ("nvdisasm", nvdisasm), ("ptxas", ptxas))
               if not (t and os.path.exists(t))]
    if missing:
        print("counts.py: skipped, not found: %s (see --help)" %
              ", ".join(missing))
        return
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(nvdisasm) + os.pathsep + env.get("PATH", "")
    sources = real_kernels.all_sources(args.polybench, args.rodinia)
    suites = ["own"] + [s for s in ("PolyBench-GPU", "Rodinia")
                        if any(x == s for x, _ in sources)]
    totals = {s: {fe: defaultdict(float) for fe in ("ir", "ptx", "sass")}
              for s in suites + ["all"]}
    abs_err = {s: {fe: defaultdict(float) for fe in ("ir", "ptx", "irptx")}
               for s in suites + ["all"]}
    with tempfile.TemporaryDirectory() as tmp:
        for n, (suite, src) in enumerate(sources):
            base = os.path.join(tmp, "%02d_%s" % (n, os.path.basename(src)[:-3]))
            try:
                real_kernels.compile_device(args.clang, args.cuda, suite, src,
                                            base)
                ptx = open(base + ".ptx").read()
                open(base + ".loc.ptx", "w").write(annotate(ptx))
                run([ptxas, "-arch=sm_80", "-lineinfo", base + ".loc.ptx",
                     "-o", base + ".cubin"])
                sass = run([nvdisasm, "--print-line-info", base + ".cubin"],
                           env=env).stdout
                weights = ptx_block_weights(
                    run([weigher, base + ".ptx", str(DEFAULT_TRIPS)]).stdout)
                reports = {}
                for fe, f in (("ir", base + ".bc"), ("ptx", base + ".ptx")):
                    out = run([gpa, "analyze", "--gpu", "a100", "--format",
                               "json", f]).stdout
                    reports[fe] = {k["name"]: k["counts_per_thread"]
                                   for k in json.loads(out)["kernels"]}
            except subprocess.CalledProcessError as e:
                print("%s: skipped (%s failed: %s)" %
                      (label(src, suite), os.path.basename(e.cmd[0]),
                       (e.stderr or "").strip().splitlines()[-1:]))
                continue
            for kernel in sorted(reports["ir"]):
                s = sass_counts(sass, kernel, weights.get(kernel, []))
                if s is None or kernel not in reports["ptx"]:
                    continue
                ir, px = reports["ir"][kernel], reports["ptx"][kernel]
                print("%s (%s)" % (kernel, label(src, suite)))
                print("  %-11s %10s %10s %10s %8s %8s %8s" %
                      ("unit", "IR", "PTX", "SASS", "IR err", "PTX err",
                       "IR/PTX"))
                for u in UNITS:
                    a, b, c = ir.get(u, 0), px.get(u, 0), s.get(u, 0)
                    if not (a or b or c):
                        continue
                    for key in (suite, "all"):
                        totals[key]["ir"][u] += a
                        totals[key]["ptx"][u] += b
                        totals[key]["sass"][u] += c
                        abs_err[key]["ir"][u] += abs(a - c)
                        abs_err[key]["ptx"][u] += abs(b - c)
                        abs_err[key]["irptx"][u] += abs(a - b)
                    print("  %-11s %10.1f %10.1f %10.1f %7.0f%% %7.0f%% %7.0f%%"
                          % (u, a, b, c, 100 * err(a, c), 100 * err(b, c),
                             100 * err(a, b)))
    names = {"own": "Examples and bench/kernels", "all": "All kernels"}
    for key in suites + (["all"] if len(suites) > 1 else []):
        summary(names.get(key, key), totals[key], abs_err[key])


def label(src, suite):
    if suite == "own":
        return os.path.relpath(src, ROOT)
    parts = src.split(os.sep)
    return suite + ": " + "/".join(parts[-2:])


if __name__ == "__main__":
    main()
