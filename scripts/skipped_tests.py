#!/usr/bin/env python3
"""Prints why each skipped ctest test was skipped (issue 28 s.7).

ctest lists a skipped test as "***Skipped" without its reason; the reason is
in the test's own output: a GoogleTest GTEST_SKIP() message (the line after
"FILE:LINE: Skipped"), or the line a script that exits 77 prints. Reads the
JUnit file `ctest --output-junit FILE` writes.

    skipped_tests.py JUNIT.xml
"""
import sys
import xml.etree.ElementTree as ET


def reason(output):
    lines = [l.strip() for l in (output or "").splitlines()]
    for i, line in enumerate(lines):
        if line.endswith(": Skipped") and i + 1 < len(lines):
            return lines[i + 1]
    for line in reversed(lines):
        if "skip" in line.lower() and not line.startswith("[  SKIPPED ]"):
            return line
    rest = [l for l in lines if l]
    return rest[-1] if rest else "(the test printed nothing)"


def main():
    try:
        root = ET.parse(sys.argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print("skipped tests: cannot read %s: %s" % (sys.argv[1], e))
        return 0
    skipped = [(case.get("name"), reason(case.findtext("system-out")))
               for case in root.iter("testcase")
               if case.find("skipped") is not None]
    for name, why in skipped:
        print("skipped: %s: %s" % (name, why))
    if skipped:
        print("%d test(s) skipped, each for the reason above" % len(skipped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
