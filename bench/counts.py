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
    has it (`.pragma "nounroll"` at each loop header), and the SASS from
    `cuobjdump -sass` is counted per unit (bench/sass_units.py) with the
    same weights the front-ends use: a loop runs its constant trip count
    (read from the PTX: the counter's start, step and bound), else 16; code
    after a predicated EXIT or under a forward branch counts 1/2, except a
    branch around a loop (its zero-trip guard, assumed passed as the
    front-ends do; a predicated EXIT before a loop likewise when only
    EXIT follows the loop, see exit_guards_loop) and a branch
    around a CALL of a slow-path subroutine
    (division/sqrt for denormal or huge operands: skipped for normal
    operands, the path gpa/InstructionCosts.def counts, so weight 0).

Prints every kernel's per-unit counts and errors, then the error of each
unit summed over all kernels: |front-end - SASS| / SASS, and IR vs PTX.
A benchmark, not a test: it prints ratios and always exits 0. Needs ptxas,
cuobjdump and nvdisasm: from the CUDA toolkit, $CUOBJDUMP / $NVDISASM, or
the PyPI packages nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm (found in
any site-packages, or under --tools DIR where `pip install --target DIR`
put them; --tools may be given once per folder); without them it says so
and exits 0.

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
    """Puts `.pragma "nounroll";` after every label a later branch targets."""
    lines = ptx.splitlines()
    labels = {}
    for n, line in enumerate(lines):
        m = re.match(r"^(\$?[\w.$]+):", line.strip())
        if m:
            labels[m.group(1)] = n
    back = set()
    for n, line in enumerate(lines):
        m = re.search(r"\bbra(?:\.uni)?\s+(\$?[\w.$]+);", line)
        if m and m.group(1) in labels and labels[m.group(1)] <= n:
            back.add(labels[m.group(1)])
    out = []
    for n, line in enumerate(lines):
        out.append(line)
        if n in back:
            out.append('\t.pragma "nounroll";')
    return "\n".join(out) + "\n"


def ptx_loop_trips(ptx, kernel):
    """Trip counts of the kernel's PTX loops, in order of their headers:
    mov %r, A before the header; add %r, %r, S in the loop; the exit or
    back-edge test setp.<cmp> %p, %r, B. Unknown -> DEFAULT_TRIPS."""
    body = ptx.split(".entry " + kernel, 1)[-1].split("\n}", 1)[0]
    lines = body.splitlines()
    labels = {}
    for n, line in enumerate(lines):
        m = re.match(r"^(\$?[\w.$]+):", line.strip())
        if m:
            labels[m.group(1)] = n
    trips = []
    for n, line in enumerate(lines):
        m = re.search(r"\bbra(?:\.uni)?\s+(\$?[\w.$]+);", line)
        if not m or m.group(1) not in labels or labels[m.group(1)] > n:
            continue
        head = labels[m.group(1)]
        trips.append((head, _trip(lines, head, n)))
    return [t for _, t in sorted(trips)]


def _trip(lines, head, latch):
    """The first loop test, from the latch up, whose counter has a constant
    start and a constant step: add (count = span / step) or a geometric
    shl/mul, directly or through a copy (`shl %r4, %r22, 1; ...
    mov %r22, %r4` for `s *= 2`, counted test by test)."""
    body = range(head, latch + 1)
    for n in range(latch, head, -1):
        m = re.search(r"setp\.(\w+)\.[sub]\d+\s+%p\d+, (%r\w*\d+), (-?\d+);",
                      lines[n])
        if not m:
            continue
        cmp_, reg, bound = m.group(1), m.group(2), int(m.group(3))
        for k in body:  # a truncated copy of the counter
            c = re.search(r"cvt\.u32\.u64\s+%s, (%%rd\d+);" % re.escape(reg),
                          lines[k])
            if c:
                reg = c.group(1)
        r = re.escape(reg)
        step = factor = init = None
        after = False  # the test sees the counter after its update
        for k in body:
            a = re.search(r"add\.[sub]\d+\s+%s, %s, (-?\d+);" % (r, r),
                          lines[k])
            if a:
                step, after = int(a.group(1)), k < n
            c = re.search(r"mov\.b\d+\s+%s, (%%r\d+);" % r, lines[k])
            if c:
                for j in body:
                    g = re.search(r"(shl|mul\.lo)\.[sub]\d+\s+%s, %s, (\d+);"
                                  % (re.escape(c.group(1)), r), lines[j])
                    if g:
                        v = int(g.group(2))
                        factor = 2 ** v if g.group(1) == "shl" else v
                        after = k < n
        for k in range(head - 1, -1, -1):
            a = re.search(r"mov\.[sub]\d+\s+%s, (-?\d+);" % r, lines[k])
            if a:
                init = int(a.group(1))
                break
        if init is None:
            continue
        if factor and factor > 1 and init > 0:
            ops = {"lt": int.__lt__, "le": int.__le__, "gt": int.__gt__,
                   "ge": int.__ge__, "ne": int.__ne__, "eq": int.__eq__}
            if cmp_ not in ops:
                continue
            x = init * factor if after else init
            for k in range(1, 65):
                if not ops[cmp_](x, bound):
                    return k
                x *= factor
            continue
        if step:
            extra = 0 if after else 1  # a test before the step: one more
            if cmp_ in ("eq", "ne"):
                k = (bound - init) / step
                if k > 0 and k == int(k):
                    return int(k) + extra
            elif cmp_ in ("lt", "le", "gt", "ge"):
                span = bound - init + (1 if cmp_ in ("le", "ge") else 0)
                k = -(-span // step)
                if k > 0:
                    return int(k) + extra
    return DEFAULT_TRIPS


def exit_guards_loop(insts, loops, a):
    """Whether the predicated EXIT at address a is the zero-trip guard of
    the next loop, by the front-ends' rule (frontends/ir/BlockWeights.cpp,
    guardBlock): the guard's other target is an exit of the loop. In SASS
    that is `if (i < n) { for ... }` with nothing after the loop: the loop
    falls through to an unpredicated EXIT. An early return before a loop
    with code after it (`if (i >= n) return; for ...; out[i] = x;`) is no
    guard: both front-ends weigh what follows it 1/2, and so does this."""
    after = [(s, e) for s, e in loops if s > a]
    if not after:
        return False
    first = min(s for s, _ in after)
    end = max(e for s, e in after if s == first)
    if any(a < i[0] < first and i[1] == "EXIT" for i in insts):
        return False  # only the last exit before the loop can guard it
    nxt = [i for i in insts if i[0] > end]
    if not nxt:
        # The loop leaves only by a predicated EXIT of its own (ptxas
        # rotated `for (...) {...} return;` into `@P EXIT` in the body and
        # an unconditional back branch): nothing follows it either.
        return True
    return nxt[0][1] == "EXIT" and \
        not re.match(r"^\s*/\*[0-9a-f]+\*/\s+@", nxt[0][2])


def sass_counts(sass_text, kernel, trips):
    """Per-unit weighted SASS counts of one kernel's function."""
    section = None
    for part in re.split(r"\n\s*Function : ", sass_text)[1:]:
        name = part.split("\n", 1)[0].strip()
        if name == kernel:
            section = part
    if section is None:
        return None
    insts = sass_units.parse_sass(section)
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
    addr = [i[0] for i in insts]
    loops = []  # (start, end) of backward branches
    for a, mnem, line in insts:
        m = re.search(r"\bBRA\s+(?:`\(.*?\)|)?\s*(0x[0-9a-f]+)", line)
        if m and mnem.startswith("BRA"):
            t = int(m.group(1), 16)
            if t <= a:
                loops.append((t, a))
    loops.sort()
    trip_of = {}
    for n, loop in enumerate(loops):
        trip_of[loop] = trips[n] if n < len(trips) else DEFAULT_TRIPS
    half_from = []  # (start, end) ranges weighted 1/2
    slow = []  # (start, end) ranges around a slow-path CALL: weight 0
    calls = [i[0] for i in insts if i[1].startswith("CALL")]
    end_addr = addr[-1] + 16 if addr else 0
    forward = []  # (address, target) of predicated forward branches
    for a, mnem, line in insts:
        m = re.search(r"BRA\s+(?:!?U?P\w+,\s*)?(0x[0-9a-f]+)", line)
        if (re.match(r"^\s*/\*[0-9a-f]+\*/\s+@!?P\d", line) and
                mnem.startswith("BRA") and m and int(m.group(1), 16) > a):
            forward.append((a, int(m.group(1), 16)))

    def around_call(a, end):
        return any(a < c < end for c in calls)

    for a, mnem, line in insts:
        if re.match(r"^\s*/\*[0-9a-f]+\*/\s+@!?P\d", line):
            # A predicated EXIT inside a loop is that loop's exit test (the
            # front-ends weigh a loop's blocks by its trip count, not by its
            # exits); one before a loop may be its zero-trip guard.
            in_loop = any(s <= a <= e for s, e in loops)
            if mnem == "EXIT" and not in_loop and \
                    not exit_guards_loop(insts, loops, a):
                half_from.append((a + 16, end_addr))
            if a in dict(forward):
                end = dict(forward)[a]
                # Only the innermost branch around a CALL skips the slow
                # path; one around more (an `if` whose body holds divisions,
                # each with its own slow-path branch) is an ordinary branch.
                if around_call(a, end) and not any(
                        a < b and t <= end and around_call(b, t)
                        for b, t in forward):
                    slow.append((a + 16, end))
                # A branch around a loop is its zero-trip guard, which both
                # front-ends assume passed (loops are entered).
                elif not any(a < s <= end for s, _ in loops):
                    half_from.append((a + 16, end))
    counts = defaultdict(float)
    for a, mnem, line in insts:
        w = 1.0
        for (s, e), t in trip_of.items():
            if s <= a <= e:
                w *= t
        for s, e in half_from:
            if s <= a < e:
                # 1/2 per guard, as BFI weighs each unknown branch: code
                # behind two early exits (`if (a && b)`, two predicated
                # EXITs) runs 1/4 of the time, as both front-ends count it.
                w *= 0.5
        if any(s <= a < e for s, e in slow):
            w = 0.0
        counts[sass_units.unit_of(mnem)] += w
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
    cuobjdump = find_tool("cuobjdump", "CUOBJDUMP", args)
    nvdisasm = find_tool("nvdisasm", "NVDISASM", args)
    ptxas = find_tool("ptxas", "PTXAS", args)
    missing = [n for n, t in (("gpa", gpa if os.path.exists(gpa) else None),
                              ("cuobjdump", cuobjdump), ("nvdisasm", nvdisasm),
                              ("ptxas", ptxas)) if not t]
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
                open(base + ".nounroll.ptx", "w").write(nounroll(ptx))
                run([ptxas, "-arch=sm_80", base + ".nounroll.ptx", "-o",
                     base + ".cubin"])
                sass = run([cuobjdump, "-sass", base + ".cubin"],
                           env=env).stdout
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
                s = sass_counts(sass, kernel, ptx_loop_trips(ptx, kernel))
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
