"""Differential checking of the grid-independence proof (issue 25 §2).

Generates kernels (gridgen.py), asks the plugin for each kernel's verdict
(one device compile per batch, the `GridIndependence` remark of
-gpa-rewrite-grid), runs every kernel on the host at its original grid,
at the grids the runtime could shrink it to, and at the original grid in
reverse thread order (harness.cpp, one host compile per batch), and holds
every accepted kernel to identical outputs at all grids. Each accepted
kernel whose outputs differ is a soundness hole: it is minimised (genome
choices walked towards the simplest options while it stays a hole) and
written to OUT/holes/.

Usage: check.py --plugin GpuPowerAdvisor.so [--seed S] [--count N]
                [--time-budget SECONDS] [--batch K] [--jobs J] [--out DIR]
Exit status 1 when an accepted kernel is grid-dependent.
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gridgen  # noqa: E402

SRC_ROOT = os.path.dirname(os.path.dirname(HERE))
EMULATION_DIR = os.path.join(SRC_ROOT, "test", "gridcheck", "Inputs")
VERDICT = re.compile(r"\b(k\d+) grid-independent: (true|false) \((.*?)\)"
                     r"(?: \[-R|$)")
CUDA_FLAGS = ["--cuda-device-only", "--cuda-gpu-arch=sm_80",
              "-Wno-unknown-cuda-version", "-O2", "-w"]


def kernel_name(i):
    return "k%d" % i


def write_batch(path, genomes):
    """One translation unit; returns {name: (first line, last line)}."""
    lines = ['#include "gridgen.h"', ""]
    spans = {}
    entries = []
    for name, g in genomes:
        src = gridgen.render(name, g)
        first = len(lines) + 1
        lines.extend(src.rstrip("\n").split("\n"))
        spans[name] = (first, len(lines))
        lines.append("")
        (gx, gy, gz), (bx, by, bz) = gridgen.launch(g, src)
        entries.append('  {"%s", %s, %d, {%d, %d, %d}, {%d, %d, %d}, %d, %d},'
                       % (name, name, gridgen.alias_code(g["alias"]), gx, gy,
                          gz, bx, by, bz, g["n"], g["m"]))
    lines.append("#ifndef __CUDACC__")
    lines.append("extern const GridgenEntry gridgenEntries[] = {")
    lines.extend(entries)
    lines.append("};")
    lines.append("extern const int gridgenCount = %d;" % len(entries))
    lines.append("#endif")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return spans


def failing_kernels(stderr, path, spans):
    bad = set()
    base = os.path.basename(path)
    for m in re.finditer(re.escape(base) + r":(\d+):\d+: error", stderr):
        line = int(m.group(1))
        for name, (lo, hi) in spans.items():
            if lo <= line <= hi:
                bad.add(name)
    return bad


class Checker:
    def __init__(self, args, workdir):
        self.args = args
        self.workdir = workdir
        self.clang = args.clang
        self.harness_obj = None
        self.serial = itertools.count(1)

    def build_harness(self):
        obj = os.path.join(self.workdir, "harness.o")
        subprocess.run([self.clang, "-x", "c++", "-std=c++17", "-O1", "-c",
                        "-I" + HERE, "-I" + EMULATION_DIR,
                        os.path.join(HERE, "harness.cpp"), "-o", obj],
                       check=True)
        self.harness_obj = obj

    def device_verdicts(self, path):
        env = dict(os.environ, GPA_PTXAS="off")
        cmd = [self.clang, "-x", "cuda", "--cuda-path=" + self.args.cuda_path]
        cmd += CUDA_FLAGS + ["-I" + HERE, "-I" + EMULATION_DIR,
                             "-fpass-plugin=" + self.args.plugin, "-mllvm",
                             "-gpa-rewrite-grid",
                             "-Rpass-analysis=gpu-power-advisor",
                             "-S", path, "-o", os.devnull]
        p = subprocess.run(cmd, capture_output=True, text=True, env=env)
        verdicts = {}
        for line in p.stderr.splitlines():
            m = VERDICT.search(line)
            if m:
                verdicts[m.group(1)] = (m.group(2) == "true", m.group(3))
        return p.returncode, p.stderr, verdicts

    def host_runs(self, path):
        exe = path[:-3] + ".exe"
        cmd = [self.clang, "-x", "c++", "-std=c++17", "-O0", "-w", "-fwrapv",
               "-I" + HERE, "-I" + EMULATION_DIR, path, "-x", "none",
               self.harness_obj, "-o", exe]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            return p.returncode, p.stderr, {}
        runs = {}
        first = 0
        while True:
            # A kernel that hangs all the same (GG_TICK counts every loop)
            # is skipped: the run resumes after it.
            try:
                r = subprocess.run([exe, str(first)], capture_output=True,
                                   text=True, timeout=120)
                stdout, rc, err = r.stdout, r.returncode, r.stderr
            except subprocess.TimeoutExpired as e:
                stdout, rc, err = (e.stdout or b"").decode(), None, ""
            lines = [l.split() for l in stdout.splitlines() if l.strip()]
            for parts in lines:
                runs[parts[0]] = parts[1:]
            first += len(lines)
            if rc is not None:
                return rc, err, runs
            first += 1  # the kernel that hung: no run, so invalid

    def check_many(self, genomes):
        """check_batch over chunks of --batch kernels, --jobs at a time."""
        size = max(1, min(self.args.batch,
                          -(-len(genomes) // max(1, self.args.jobs))))
        chunks = [genomes[k:k + size] for k in range(0, len(genomes), size)]
        results = {}
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            for r in pool.map(self.check_batch, chunks):
                results.update(r)
        return results

    def check_batch(self, genomes):
        """{name: result} for [(name, genome)]; a kernel that does not
        compile is dropped (result None)."""
        path = os.path.join(self.workdir, "batch%d.cu" % next(self.serial))
        results = {name: None for name, _ in genomes}
        live = list(genomes)
        for _ in range(4):
            spans = write_batch(path, live)
            rc, err, verdicts = self.device_verdicts(path)
            if rc == 0:
                break
            bad = failing_kernels(err, path, spans)
            if not bad:
                sys.stderr.write(err[-3000:])
                raise SystemExit("device compile of %s failed" % path)
            live = [(n, g) for n, g in live if n not in bad]
        else:
            raise SystemExit("device compile of %s keeps failing" % path)
        rc, err, runs = self.host_runs(path)
        if rc != 0:
            sys.stderr.write(err[-3000:])
            raise SystemExit("host compile/run of %s failed" % path)
        for name, g in live:
            results[name] = classify(verdicts.get(name), runs.get(name),
                                     gridgen.launch(g, gridgen.render(name, g)))
        if not self.args.keep:
            for ext in (".cu", ".exe"):
                if os.path.exists(path[:-3] + ext):
                    os.remove(path[:-3] + ext)
        return results


def launch_requirement(reason):
    """Dimensions the proof asks to be 1 in grid and block at launch
    ("launch requires gridDim.y = blockDim.y = 1, ..."; the runtime then
    leaves any other launch as written)."""
    if "launch requires" not in reason:
        return set()
    return set(re.findall(r"gridDim\.([xyz]) = blockDim\.\1 = 1",
                          reason.split("launch requires", 1)[1]))


def classify(verdict, run, launch=None):
    """accepted: True/False/None (no verdict); emulation: 'invalid' (the
    original launch itself goes out of bounds or does not end), 'gi' (every
    grid leaves the same memory), 'gd'; racy: the reversed order differs."""
    res = {"accepted": None if verdict is None else verdict[0],
           "reason": verdict[1] if verdict else "no verdict",
           "emulation": "invalid", "racy": False, "runs": run}
    if verdict and verdict[0] and launch:
        (grid, block) = launch
        for d in launch_requirement(verdict[1]):
            k = "xyz".index(d)
            if grid[k] != 1 or block[k] != 1:
                # The runtime launches it as written: nothing to check.
                res["accepted"] = False
                res["unmet_requirement"] = True
    if not run:
        return res
    original = run[0]
    grids = [r.split(":", 1)[1] for r in run[1:] if not r.startswith("rev:")]
    rev = [r.split(":", 1)[1] for r in run[1:] if r.startswith("rev:")]
    if original in ("OOB", "RUNAWAY"):
        return res
    res["emulation"] = "gi" if all(x == original for x in grids) else "gd"
    res["racy"] = bool(rev) and rev[0] != original
    return res


def is_hole(g, res):
    return (res is not None and res["accepted"] and
            res["emulation"] == "gd")


def complexity(g):
    return sum(next(i for i, (o, _) in enumerate(gridgen.CHOICES[k])
                    if o == g[k]) for k in gridgen.ORDER)


def simplifications(g):
    out = []
    for key in gridgen.ORDER:
        opts = [o for o, _ in gridgen.CHOICES[key]]
        pos = opts.index(g[key])
        for o in dict.fromkeys(opts[:1] + opts[max(0, pos - 1):pos]):
            h = dict(g)
            h[key] = o
            out.append(gridgen.normalise(h))
    for key, low in (("gx", 3), ("n", 40), ("m", 3), ("gy", 2), ("gz", 2)):
        if g[key] > low:
            h = dict(g)
            h[key] = max(low, g[key] // 2)
            out.append(h)
    return out


def render_key(g):
    return gridgen.render("k", g) + g["alias"]


def diverse(names, genome_of, limit):
    """Up to limit holes, one per (loop, effect, alias, launch) first."""
    seen, first, rest = set(), [], []
    for n in names:
        g = genome_of[n]
        key = (g["loop"], g["effect"], g["alias"], g["launch"], g["dim"])
        (rest if key in seen else first).append(n)
        seen.add(key)
    return (first + rest)[:limit]


NARROW = ("char", "short")


def untruncated(g):
    h = dict(g)
    for k in ("cast_start", "cast_step", "cast_bound"):
        if h[k] and any(w in h[k] for w in NARROW):
            h[k] = None
    if any(w in h["ivtype"] for w in NARROW):
        h["ivtype"] = "int"
    for k in ("index", "index2", "nindex", "nindex2"):
        if any(w in h[k] for w in NARROW):
            h[k] = gridgen.simplest(k)
    if h["guard"] and any(w in h["guard"] for w in NARROW):
        h["guard"] = "v < n"
    return h


# Known classes of holes (issue 25), each with the change to a genome that
# removes it. A hole that stays a hole with every fix applied is of a class
# not listed here; it is minimised with the fixes applied to every step, so
# that minimising does not walk it into a known class.
FIXES = [
    ("uncovered launch dimension (a dimension no grid-stride loop covers is "
     "launched with more than one block or thread)",
     lambda g: dict(g, launch="only_used")),
    ("truncation to 8 or 16 bits of the start, step, bound, induction "
     "variable, index or guard", untruncated),
    ("store address not injective in the enclosing loops' indices (a 2-D "
     "loop storing at an address of one index only: racy)",
     lambda g: dict(g, nindex=gridgen.simplest("nindex"),
                    nindex2=gridgen.simplest("nindex2"))
     if g["loop"] in gridgen.NESTED_LOOPS else g),
    ("nested grid-stride loops over the same dimension",
     lambda g: dict(g, dim2=gridgen.other(g["dim"]))
     if g["loop"] == "nested" and g["dim2"] == g["dim"] else g),
]


def fix_all(g):
    for _, f in FIXES:
        g = f(g)
    return g


def minimise(checker, holes, deadline, rounds=25, fix=lambda g: g):
    """Greedy delta reduction of every hole together: each round checks all
    one-step simplifications of every current hole in one batch and keeps
    the simplest one that is still a hole."""
    current = {k: fix(gridgen.normalise(g)) for k, g in holes.items()}
    for _ in range(rounds):
        if time.time() > deadline:
            break
        batch, owner = [], {}
        for hid, g in current.items():
            for h in map(fix, simplifications(g)):
                name = "k%d" % (9000000 + len(batch))
                batch.append((name, h))
                owner[name] = (hid, h)
        if not batch:
            break
        results = checker.check_many(batch)
        improved = False
        best = {}
        for name, res in results.items():
            hid, h = owner[name]
            if is_hole(h, res):
                key = (complexity(h), len(gridgen.render("k", h)))
                if hid not in best or key < best[hid][0]:
                    best[hid] = (key, h)
        for hid, (key, h) in best.items():
            if key < (complexity(current[hid]),
                      len(gridgen.render("k", current[hid]))):
                current[hid] = h
                improved = True
        if not improved:
            break
    return current


def write_holes(checker, args, out, found, genome_of, start):
    """Classify the holes by the known classes (FIXES), minimise some of
    each class (every fix applied for the unexplained ones) and write the
    distinct minimised sources to OUT/holes/."""
    probes = []
    for n in found:
        g = gridgen.normalise(genome_of[n])
        probes.append((n + "_all", fix_all(g)))
        for i, (_, f) in enumerate(FIXES):
            probes.append((n + "_f%d" % i, f(g)))
    names = {"k%d" % (8000000 + i): p for i, p in enumerate(probes)}
    res = checker.check_many([(k, g) for k, (_, g) in names.items()])
    still = {names[k][0]: is_hole(names[k][1], r) for k, r in res.items()}
    classes = {}
    for n in found:
        if still.get(n + "_all"):
            label = "not a known class"
        else:
            label = " and ".join(
                FIXES[i][0] for i in range(len(FIXES))
                if not still.get(n + "_f%d" % i)) or "several known classes"
        classes.setdefault(label, []).append(n)
    print("holes by class:")
    for label, ns in sorted(classes.items()):
        print("  %d: %s" % (len(ns), label))
    deadline = max(start + args.time_budget,
                   time.time() + 0.2 * args.time_budget)
    unknown = diverse(classes.get("not a known class", []), genome_of,
                      args.max_minimise)
    known = [ns[0] for label, ns in sorted(classes.items())
             if label != "not a known class"]
    minimised = minimise(checker, {n: genome_of[n] for n in unknown},
                         deadline, fix=fix_all)
    minimised.update(minimise(checker, {n: genome_of[n] for n in known},
                              deadline))
    label_of = {n: label for label, ns in classes.items() for n in ns}
    seen = {}
    for n, g in sorted(minimised.items()):
        seen.setdefault(render_key(g), (n, g))
    hole_dir = os.path.join(out, "holes")
    os.makedirs(hole_dir, exist_ok=True)
    final = checker.check_many([("k%d" % i, g) for i, (_, (n, g)) in
                                enumerate(sorted(seen.items()))])
    print("distinct minimised holes: %d (from %d holes, %d minimised)" %
          (len(seen), len(found), len(minimised)))
    corpus = []
    for i, (_, (n, g)) in enumerate(sorted(seen.items())):
        name = "hole%d" % i
        corpus.append({"name": name, "from": "seed %d %s" % (args.seed, n),
                       "class": label_of[n], "genome": g})
        src = gridgen.render(name, g)
        (grid, block) = gridgen.launch(g, src)
        r = final.get("k%d" % i) or {}
        head = ("// gridgen hole from %s (seed %d), class: %s\n"
                "// accepted (%s)\n"
                "// alias %s, n %d, m %d, grid %s, block %s\n"
                "// runs (original, shrunk grids, reversed): %s\n" %
                (n, args.seed, label_of[n], r.get("reason"), g["alias"],
                 g["n"], g["m"], grid, block, " ".join(r.get("runs") or [])))
        with open(os.path.join(hole_dir, name + ".cu"), "w") as f:
            f.write(head + src)
        print("--- %s/%s.cu\n%s%s" % (hole_dir, name, head, src))
    with open(os.path.join(hole_dir, "holes.json"), "w") as f:
        json.dump(corpus, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--time-budget", type=float, default=300.0)
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=None,
                    help="directory for holes/ (default: a temporary one)")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--max-minimise", type=int, default=16)
    ap.add_argument("--keep", action="store_true",
                    help="keep the generated batch files")
    ap.add_argument("--no-minimise", action="store_true")
    ap.add_argument("--replay", metavar="HOLES_JSON",
                    help="check the genomes of a holes.json instead of "
                    "generating kernels")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    start = time.time()
    out = args.out or tempfile.mkdtemp(prefix="gridgen-")
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="work-", dir=out)
    checker = Checker(args, work)
    checker.build_harness()

    genomes = []
    if args.replay:
        # Minimised holes kept as a regression corpus (OUT/holes/holes.json).
        with open(args.replay) as f:
            for i, entry in enumerate(json.load(f)):
                genomes.append((kernel_name(i), entry["genome"]))
        args.count = len(genomes)
    for i in range(args.count - len(genomes)):
        rng = random.Random("%d:%d" % (args.seed, i))
        genomes.append((kernel_name(i), gridgen.generate(rng)))
    batches = [genomes[k:k + args.batch]
               for k in range(0, len(genomes), args.batch)]
    results = {}
    # Leave a fifth of the budget for minimising.
    deadline = start + args.time_budget * 0.8
    skipped = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        pending = []
        it = iter(batches)
        for _ in range(args.jobs):
            b = next(it, None)
            if b:
                pending.append(pool.submit(checker.check_batch, b))
        while pending:
            done, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for f in done:
                pending.remove(f)
                results.update(f.result())
                if not args.quiet:
                    print("... %d kernels checked, %.0f s" %
                          (len(results), time.time() - start), flush=True)
                b = next(it, None)
                if b is None:
                    continue
                if time.time() > deadline:
                    skipped += len(b) + sum(len(x) for x in it)
                    continue
                pending.append(pool.submit(checker.check_batch, b))
    genome_of = dict(genomes)
    checked = {n: r for n, r in results.items() if r is not None}
    dropped = len(results) - len(checked)
    # Outside the documented assumption: b == a + 1 (distinct pointer
    # arguments are assumed distinct or equal).
    assumption = lambda n: genome_of[n]["alias"] == "shifted"
    accepted = [n for n, r in checked.items() if r["accepted"]]
    unmet = [n for n, r in checked.items() if r.get("unmet_requirement")]
    refused = [n for n, r in checked.items() if r["accepted"] is False]
    no_verdict = [n for n, r in checked.items() if r["accepted"] is None]
    gi = [n for n, r in checked.items() if r["emulation"] == "gi"
          and not r["racy"] and not assumption(n)]
    gd = [n for n, r in checked.items() if r["emulation"] == "gd"]
    invalid = [n for n, r in checked.items() if r["emulation"] == "invalid"]
    holes = [n for n in accepted if checked[n]["emulation"] == "gd"
             and not assumption(n)]
    holes_outside = [n for n in accepted if checked[n]["emulation"] == "gd"
                     and assumption(n)]
    racy_accepted = [n for n in accepted if checked[n]["racy"]
                     and checked[n]["emulation"] == "gi"]
    gi_accepted = [n for n in gi if checked[n]["accepted"]]
    print("gridgen: seed %d, kernels generated %d, checked %d (did not "
          "compile %d, not checked within the budget %d)" %
          (args.seed, len(genomes), len(checked), dropped, skipped))
    print("verdicts: accepted %d, refused %d, no verdict %d" %
          (len(accepted), len(refused), len(no_verdict)))
    print("accepted with a launch requirement (grid and block 1 in a "
          "dimension) that the launch does not meet, so left as written "
          "and counted as refused: %d" % len(unmet))
    print("emulation: grid-independent %d, grid-dependent %d, invalid "
          "(original launch out of bounds or endless) %d" %
          (len(gi), len(gd), len(invalid)))
    print("accepted and grid-dependent: %d" % len(holes))
    # The check can fail: these would be holes had the proof accepted them.
    print("refused and grid-dependent: %d" %
          len([n for n in gd if checked[n]["accepted"] is False]))
    print("accepted and grid-dependent outside the documented aliasing "
          "assumption (b == a + 1): %d" % len(holes_outside))
    print("accepted and order-dependent (racy) at one grid: %d" %
          len(racy_accepted))
    rate = 100.0 * len(gi_accepted) / len(gi) if gi else 0.0
    print("acceptance rate on grid-independent kernels: %d / %d = %.1f%%" %
          (len(gi_accepted), len(gi), rate))
    # Which conditions refuse the grid-independent kernels (usefulness).
    why = {}
    for n in gi:
        if checked[n].get("unmet_requirement"):
            why["launch requirement unmet"] = why.get(
                "launch requirement unmet", 0) + 1
        elif checked[n]["accepted"] is False:
            c = checked[n]["reason"].split(":")[0][:40]
            why[c] = why.get(c, 0) + 1
    print("refusals of grid-independent kernels by condition: " +
          ", ".join("%s %d" % kv for kv in sorted(why.items(),
                                                  key=lambda kv: -kv[1])))
    found = holes + holes_outside
    if found and args.no_minimise:
        for n in found:
            print("--- %s (%s)\n%s" % (n, checked[n]["reason"],
                                     gridgen.render(n, genome_of[n])))
    elif found:
        write_holes(checker, args, out, found, genome_of, start)
    t = os.times()
    print("wall time %.1f s, CPU time %.1f s (this process and its "
          "compilers); output in %s" %
          (time.time() - start, t.user + t.system + t.children_user +
           t.children_system, out))
    return 1 if holes else 0


if __name__ == "__main__":
    sys.exit(main())
