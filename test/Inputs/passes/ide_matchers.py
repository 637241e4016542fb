"""Apply the VS Code problem matcher of examples/ide/.vscode/tasks.json and
CLion's output filter (docs/findings.md) to compiler output.

usage: ide_matchers.py TASKS.json < CLANG_STDERR
Prints `vscode FILE LINE COL SEVERITY CODE` and `clion FILE LINE COL` per
matched line; the matcher's plugin path is checked by the test itself.
"""
import json
import re
import sys


def main():
    with open(sys.argv[1]) as f:
        task = json.load(f)["tasks"][0]
    pattern = task["problemMatcher"]["pattern"]
    # VS Code's regexps are JavaScript; this one uses only the common subset.
    vscode = re.compile(pattern["regexp"])
    clion = re.compile(re.escape("$FILE_PATH$:$LINE$:$COLUMN$: remark: ")
                       .replace(re.escape("$FILE_PATH$"), r"(?P<file>[^:]+)")
                       .replace(re.escape("$LINE$"), r"(?P<line>\d+)")
                       .replace(re.escape("$COLUMN$"), r"(?P<col>\d+)") + ".*")
    for line in sys.stdin.read().splitlines():
        m = vscode.match(line)
        if m:
            print("vscode", m.group(pattern["file"]), m.group(pattern["line"]),
                  m.group(pattern["column"]), m.group(pattern["severity"]),
                  m.group(pattern["code"]))
        m = clion.match(line)
        if m:
            print("clion", m.group("file"), m.group("line"), m.group("col"))


if __name__ == "__main__":
    main()
