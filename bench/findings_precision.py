#!/usr/bin/env python3
"""Precision of the findings on real code: PolyBench-GPU, Rodinia, Parboil.

For every source bench/real_kernels.py lists (checkouts given with
--polybench, --rodinia, --parboil), clang 22 compiles the device side at
-O2 with line tables (the route the docs show) and `gpa analyze` reports its
findings. Each finding is matched with the labelled corpus
test/findings-corpus/labels.tsv: one line per finding, judged by reading
the source, `suite  file  line  column  rule  verdict  reason`, verdict
`tp` (the remark is true and acting on it helps) or `fp` (it is wrong, or
the advice does not apply). Findings the corpus does not hold are listed
as unlabelled and left out of the precision; labels no finding matches any
more are counted as gone (a false positive that disappeared is the point of
a rule's precondition; a true positive that did is a lost finding and is
listed). AssumedTripCount and RegisterSpill state an assumption and
ptxas's report; they are counted, not judged.

Prints per rule: findings, true and false positives, unlabelled, lost true
positives and precision = tp / (tp + fp); the rules that give advice are
held to 95%. A benchmark, not a test: it always exits 0 (--strict: 1 when
an advising rule is below target or a finding is unlabelled).

With --route ptx the same sources go through nvcc instead (`nvcc -arch=sm_80
-lineinfo --ptx`, then `gpa analyze` on the PTX, ptxas run): the findings
the PTX front-end gives nvcc users. nvcc's .loc columns name the statement,
not the expression, so a PTX finding is judged by the labels of its rule at
its file and line (all columns; lines whose labels disagree count as
unlabelled), and "lost tp" counts the labelled lines the PTX route misses.

Usage: python3 bench/findings_precision.py [--route ir|ptx] [--build build]
           [--polybench CHECKOUT] [--rodinia CHECKOUT] [--parboil CHECKOUT]
           [--labels test/findings-corpus/labels.tsv] [--dump FILE.tsv]
"""
import collections
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_kernels  # noqa: E402

# Rules whose remark tells the user to change the code; AssumedTripCount and
# RegisterSpill state facts (an assumption, ptxas's own report).
ADVISING = ["AliasKeepsAccessInLoop", "DivergentBranch",
            "DoublePrecisionInFloatKernel", "LocalMemoryArray",
            "SharedBankConflict", "UncoalescedAccess"]
TARGET = 0.95
# Statements of what the estimate assumed or ptxas reported: not judged.
NOT_JUDGED = {"AssumedTripCount", "RegisterSpill"}


def findings_of(gpa, clang, cuda, suite, root, rel, tmp, n):
    """[(kernel, rule, file, line, column, message)] of one source, compiled
    from the suite's root so that files are named relative to it."""
    bc = os.path.join(tmp, "%03d.bc" % n)
    flags = real_kernels.device_flags(cuda) + ["-gline-tables-only"]
    flags += real_kernels.EXTRA_FLAGS
    if suite == "Parboil":
        flags += ["-I" + os.path.join(root, "common", "include")]
    real_kernels.run([clang] + flags + ["-emit-llvm", "-c", rel, "-o", bc],
                     cwd=root)
    out = real_kernels.run([gpa, "analyze", "--gpu", "a100", "--format",
                            "json", bc])
    rows = []
    for k in json.loads(out.stdout)["kernels"]:
        for f in k.get("findings", []):
            loc = f.get("location") or {}
            rows.append((k["name"], f["rule"], loc.get("file", ""),
                         int(loc.get("line", 0)), int(loc.get("column", 0)),
                         f["message"]))
    return rows


def ptx_findings_of(gpa, cuda, suite, root, rel, tmp, n):
    """The same rows from nvcc's PTX of one source (-lineinfo), gpa run
    from the suite's root so that .file paths are named relative to it."""
    ptx = os.path.join(tmp, "%03d.ptx" % n)
    flags = ["-arch=sm_80", "-lineinfo", "--ptx"] + real_kernels.EXTRA_FLAGS
    if suite == "Parboil":
        flags += ["-I" + os.path.join(root, "common", "include")]
    real_kernels.run([os.path.join(cuda, "bin", "nvcc")] + flags +
                     [rel, "-o", ptx], cwd=root)
    env = dict(os.environ, GPA_PTXAS="on")
    out = real_kernels.run([os.path.abspath(gpa), "analyze", "--gpu", "a100",
                            "--format", "json", ptx], cwd=root, env=env)
    rows = []
    for k in json.loads(out.stdout)["kernels"]:
        for f in k.get("findings", []):
            loc = f.get("location") or {}
            rows.append((k["name"], f["rule"], loc.get("file", ""),
                         int(loc.get("line", 0)), int(loc.get("column", 0)),
                         f["message"]))
    return rows


def by_line(labels):
    """(suite, file, line, rule) -> verdict, or "mixed" when the labels of
    the line's columns disagree (the PTX route's key)."""
    out = {}
    for (suite, file, line, col, rule), (verdict, _) in labels.items():
        key = (suite, file, line, rule)
        out[key] = verdict if out.get(key, verdict) == verdict else "mixed"
    return out


def load_labels(path):
    labels = {}
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            suite, file, ln, col, rule, verdict, reason = \
                line.rstrip("\n").split("\t")
            labels[(suite, file, int(ln), int(col), rule)] = (verdict, reason)
    return labels


def main():
    ap = real_kernels.suite_arguments()
    ap.add_argument("--parboil")
    ap.add_argument("--labels", default=os.path.join(
        real_kernels.ROOT, "test", "findings-corpus", "labels.tsv"))
    ap.add_argument("--dump", help="write every finding (tsv) here")
    ap.add_argument("--from-dump", help="judge the findings of an earlier "
                    "--dump instead of compiling (e.g. test/findings-corpus/"
                    "before-issue28.tsv, the rules before issue 28)")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--route", choices=["ir", "ptx"], default="ir",
                    help="clang + the IR front-end (default) or nvcc's PTX "
                    "+ the PTX front-end")
    args = ap.parse_args()
    gpa = os.path.join(args.build, "tool", "gpa")
    if args.from_dump:
        return judge(args, [l.rstrip("\n").split("\t")
                            for l in open(args.from_dump) if l.strip()])
    if not os.path.exists(gpa):
        print("findings_precision.py: skipped, %s not built" % gpa)
        return 0
    roots = {"PolyBench-GPU": args.polybench, "Rodinia": args.rodinia,
             "Parboil": args.parboil}
    sources = real_kernels.sources(args.polybench, args.rodinia,
                                   args.parboil)
    if not sources:
        print("findings_precision.py: skipped, no suite checkout given "
              "(--polybench, --rodinia, --parboil)")
        return 0
    dump = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, (suite, path) in enumerate(sources):
            root = roots[suite]
            rel = os.path.relpath(path, root)
            try:
                if args.route == "ptx":
                    rows = ptx_findings_of(gpa, args.cuda, suite, root, rel,
                                           tmp, n)
                else:
                    rows = findings_of(gpa, args.clang, args.cuda, suite,
                                       root, rel, tmp, n)
            except Exception as e:  # a source that no longer compiles
                print("%s: not analysed: %s" % (rel, str(e).splitlines()[0]))
                continue
            for kernel, rule, file, line, col, msg in rows:
                dump.append([suite, file, str(line), str(col), rule, kernel,
                             msg])
    if args.dump:
        with open(args.dump, "w") as f:
            f.write("".join("\t".join(r) + "\n" for r in dump))
    return judge(args, dump)


def judge(args, rows):
    """Prints the table for rows [suite, file, line, column, rule, kernel,
    message]; returns the exit status."""
    labels = load_labels(args.labels)
    if getattr(args, "route", "ir") == "ptx":
        return judge_lines(labels, rows)
    seen = set()
    stats = collections.defaultdict(collections.Counter)
    unlabelled = []
    for suite, file, line, col, rule, kernel, msg in rows:
        key = (suite, file, int(line), int(col), rule)
        stats[rule]["findings"] += 1
        if rule in NOT_JUDGED:
            continue
        if key in labels:
            seen.add(key)
            stats[rule][labels[key][0]] += 1
        else:
            stats[rule]["unlabelled"] += 1
            unlabelled.append("\t".join([suite, file, line, col, rule, "?",
                                         msg]))
    for key, (verdict, reason) in labels.items():
        if key not in seen:
            stats[key[4]]["gone_" + verdict] += 1
    print("%-30s %8s %5s %5s %10s %8s %8s %10s" %
          ("rule", "findings", "tp", "fp", "unlabelled", "gone fp",
           "lost tp", "precision"))
    failed = bool(unlabelled)
    for rule in sorted(stats):
        s = stats[rule]
        judged = s["tp"] + s["fp"]
        prec = s["tp"] / judged if judged else float("nan")
        mark = ""
        if rule in ADVISING and judged and prec < TARGET:
            mark, failed = "  below %.0f%%" % (100 * TARGET), True
        print("%-30s %8d %5d %5d %10d %8d %8d %9.1f%%%s" %
              (rule, s["findings"], s["tp"], s["fp"], s["unlabelled"],
               s["gone_fp"], s["gone_tp"], 100 * prec if judged else 0, mark))
    for key, (verdict, reason) in sorted(labels.items()):
        if verdict == "tp" and key not in seen:
            print("lost true positive: %s:%d:%d %s (%s)" %
                  (key[1], key[2], key[3], key[4], reason))
    for u in unlabelled:
        print("unlabelled: " + u)
    return 1 if args.strict and failed else 0


def judge_lines(labels, rows):
    """judge() for the PTX route: findings matched by file, line and rule."""
    lines = by_line(labels)
    seen = set()
    stats = collections.defaultdict(collections.Counter)
    unlabelled = []
    for suite, file, line, col, rule, kernel, msg in rows:
        key = (suite, file, int(line), rule)
        stats[rule]["findings"] += 1
        if rule in NOT_JUDGED:
            continue
        verdict = lines.get(key)
        # One FP64 finding per statement naming its literal stands for the
        # line's literal remarks (tp); the IR route's conversion remarks
        # of the same statement (fp: one cause told twice) have no
        # counterpart here.
        if verdict == "mixed" and rule == "DoublePrecisionInFloatKernel" \
                and "the double literal" in msg:
            verdict = "tp"
        if verdict in ("tp", "fp"):
            if key not in seen:
                stats[rule][verdict] += 1
            seen.add(key)
        else:
            stats[rule]["unlabelled"] += 1
            unlabelled.append("\t".join([suite, file, line, col, rule,
                                         verdict or "?", msg]))
    for key, verdict in lines.items():
        if key not in seen and verdict == "tp":
            stats[key[3]]["lost_tp"] += 1
    print("%-30s %8s %5s %5s %10s %8s %10s" %
          ("rule (PTX route)", "findings", "tp", "fp", "unlabelled",
           "lost tp", "precision"))
    for rule in sorted(stats):
        s = stats[rule]
        judged = s["tp"] + s["fp"]
        prec = s["tp"] / judged if judged else float("nan")
        mark = "  below %.0f%%" % (100 * TARGET) \
            if rule in ADVISING and judged and prec < TARGET else ""
        print("%-30s %8d %5d %5d %10d %8d %9.1f%%%s" %
              (rule, s["findings"], s["tp"], s["fp"], s["unlabelled"],
               s["lost_tp"], 100 * prec if judged else 0, mark))
    for key, verdict in sorted(lines.items()):
        if verdict == "tp" and key not in seen:
            print("not found on the PTX route: %s:%d %s" % (key[1], key[2],
                                                             key[3]))
    for u in unlabelled:
        print("unlabelled: " + u)
    return 0


if __name__ == "__main__":
    sys.exit(main())
