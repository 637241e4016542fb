#!/usr/bin/env python3
"""Checks the command outputs quoted in the README and docs (issue 28 s.7).

A quoted output is a fenced block right after a marker line

    <!-- output of: COMMAND -->

COMMAND runs with bash in the source root; `build/` at the start of a word
is the build directory given with --build. Each non-empty line of the block
must be one line of the command's output (stdout and stderr together), in
order; lines of the output the block leaves out are allowed, and `...` in
a block line stands for any text. So a quoted remark may shorten a long
line, but every number it shows is the number the command prints.

An output that cannot be reproduced here (it needs a GPU, or it is
measured) is labelled instead, by a marker line before its block or table:

    <!-- illustrative: WHY -->

and counted, not run. A fenced block with no marker that reads like a
tool's output (a clang remark, `gpa: error:`, `gpa: warning:`, the
print<gpu-power-advisor> header) is an error: every quoted output is
either checked or labelled.

    doc_outputs.py --build BUILD FILE...          check; exit 1 on drift
    doc_outputs.py --build BUILD --show FILE...   print each command's output
"""
import argparse
import os
import re
import subprocess
import sys

MARKER = re.compile(r"^<!-- output of: (.*) -->\s*$")
ILLUSTRATIVE = re.compile(r"^<!-- illustrative: (.+) -->\s*$")
OUTPUT_LIKE = re.compile(r"(: remark: |^gpa: (error|warning): "
                         r"|^gpu-power-advisor: module )")


def unmarked_outputs(path):
    """[(line number, first output-like line)] of fenced blocks that read
    like a tool's output but have no marker on the line before."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            i += 1
            continue
        start = i
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        before = lines[start - 1] if start else ""
        if MARKER.match(before) or ILLUSTRATIVE.match(before):
            continue
        for line in body:
            if OUTPUT_LIKE.search(line):
                out.append((start + 1, line))
                break
    return out


def illustrative(path):
    """[(line number, why, has a block or table after it)]."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        m = ILLUSTRATIVE.match(line)
        if m:
            after = lines[i + 1] if i + 1 < len(lines) else ""
            out.append((i + 1, m.group(1),
                        after.startswith("```") or after.startswith("|")))
    return out


def blocks(path):
    """[(line number, command, [block lines])] of the marked blocks."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        m = MARKER.match(line)
        if not m:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            out.append((i + 1, m.group(1), None))
            continue
        body = []
        for j in range(i + 2, len(lines)):
            if lines[j].startswith("```"):
                break
            body.append(lines[j])
        out.append((i + 1, m.group(1), body))
    return out


def run(command, build, src):
    command = re.sub(r"(^|\s|=)build/", lambda m: m.group(1) + build + "/",
                     command)
    p = subprocess.run(["bash", "-c", command], cwd=src, capture_output=True,
                       text=True)
    return (p.stdout + p.stderr).split("\n")


def pattern(line):
    parts = [re.escape(p) for p in line.split("...")]
    return re.compile("^" + ".*".join(parts) + r"\s*$")


def check(body, output):
    """The first block line not found in order in output, or None."""
    at = 0
    for line in body:
        if not line.strip():
            continue
        want = pattern(line)
        while at < len(output) and not want.match(output[at]):
            at += 1
        if at == len(output):
            return line
        at += 1
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--show", action="store_true")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build)
    failed = checked = labelled = 0
    for path in args.files:
        name = os.path.relpath(os.path.abspath(path), src)
        for line_no, why, followed in illustrative(path):
            if not followed:
                print("%s:%d: error: the illustrative label is not followed "
                      "by a ``` block or a table" % (name, line_no))
                failed += 1
            else:
                labelled += 1
        for line_no, line in unmarked_outputs(path):
            print("%s:%d: error: a quoted output with neither an `output of:`"
                  " marker nor an `illustrative:` label:\n  %s"
                  % (name, line_no, line))
            failed += 1
        for line_no, command, body in blocks(path):
            if body is None:
                print("%s:%d: error: the marker is not followed by a ``` block"
                      % (name, line_no))
                failed += 1
                continue
            output = run(command, build, src)
            if args.show:
                print("%s:%d: %s" % (name, line_no, command))
                print("\n".join(output))
                continue
            checked += 1
            missing = check(body, output)
            if missing is not None:
                failed += 1
                print("%s:%d: error: the quoted output of `%s` has drifted: "
                      "no line of its output matches\n  %s\nits output:\n%s"
                      % (name, line_no, command, missing,
                         "\n".join("  " + l for l in output)))
    if not args.show:
        print("doc outputs: %d checked, %d illustrative, %d drifted"
              % (checked, labelled, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
