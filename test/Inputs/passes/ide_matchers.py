"""Apply the VS Code problem matchers of examples/ide/.vscode/tasks.json and
CLion's output filter (docs/findings.md) to compiler output, as the IDEs
do.

usage: ide_matchers.py TASKS.json WORKSPACE_FOLDER < CLANG_STDERR
Prints `vscode FILE LINE COL SEVERITY CODE` per line a matcher takes, FILE
being the path VS Code opens (relative to WORKSPACE_FOLDER when inside it;
`missing:PATH` when it names no file), and `clion FILE LINE COL`.

VS Code's rules, emulated (microsoft/vscode, problemMatcher.ts): every
matcher of the task's problemMatcher (an object or an array) is tried on
each line; a captured severity is read by Severity.fromValue ("error",
"warning"/"warn", "info"/"information", "hint"; anything else, such as
"remark", is unknown), and an unknown or absent one falls back to the
matcher's "severity", then to error. fileLocation "relative" joins the
base and the captured path even when the latter is absolute; "absolute"
takes it as it is; "autodetect" takes an absolute path that exists, else
the path joined to the base.
"""
import json
import os
import re
import sys

SEVERITIES = {"error": "error", "warning": "warning", "warn": "warning",
              "info": "info", "information": "info", "hint": "hint"}


def resolve(location, path, workspace):
    kind, base = (location, None) if isinstance(location, str) else (location[0], location[1] if len(location) > 1 else None)
    base = (base or "").replace("${workspaceFolder}", workspace)
    if kind == "absolute":
        full = path
    elif kind == "relative":
        full = base.rstrip("/") + "/" + path  # VS Code joins, absolute or not
    else:  # autodetect
        full = path if os.path.isabs(path) and os.path.exists(path) else os.path.join(base, path)
    if not os.path.exists(full):
        return "missing:" + full
    full = os.path.realpath(full)
    ws = os.path.realpath(workspace)
    return os.path.relpath(full, ws) if full.startswith(ws + os.sep) else full


def main():
    with open(sys.argv[1]) as f:
        task = json.load(f)["tasks"][0]
    workspace = sys.argv[2]
    matchers = task["problemMatcher"]
    if isinstance(matchers, dict):
        matchers = [matchers]
    compiled = [(m, m["pattern"], re.compile(m["pattern"]["regexp"])) for m in matchers]
    clion = re.compile(re.escape("$FILE_PATH$:$LINE$:$COLUMN$: remark: ")
                       .replace(re.escape("$FILE_PATH$"), r"(?P<file>[^:]+)")
                       .replace(re.escape("$LINE$"), r"(?P<line>\d+)")
                       .replace(re.escape("$COLUMN$"), r"(?P<col>\d+)") + ".*")
    for line in sys.stdin.read().splitlines():
        for matcher, pattern, regexp in compiled:
            m = regexp.match(line)
            if not m:
                continue
            captured = m.group(pattern["severity"]) if "severity" in pattern else None
            severity = SEVERITIES.get((captured or "").lower()) or \
                SEVERITIES.get(matcher.get("severity", "").lower()) or "error"
            code = m.group(pattern["code"]) if "code" in pattern else None
            print("vscode", resolve(matcher.get("fileLocation", ["relative", "${workspaceFolder}"]),
                                    m.group(pattern["file"]), workspace),
                  m.group(pattern["line"]), m.group(pattern["column"]), severity, code)
        m = clion.match(line)
        if m:
            print("clion", m.group("file"), m.group("line"), m.group("col"))


if __name__ == "__main__":
    main()
