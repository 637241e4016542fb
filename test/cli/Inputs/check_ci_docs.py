"""Checks docs/ci.md against examples/ci/: each file appears verbatim
between its BEGIN/END markers, and the GitHub workflow is valid YAML with
what it needs to run as pasted.
usage: check_ci_docs.py DOCS_CI_MD EXAMPLES_CI_DIR"""
import os
import re
import sys

import yaml

doc = open(sys.argv[1]).read()
problems = []
for name in ("check-power.sh", "github-workflow.yml"):
    path = os.path.join(sys.argv[2], name)
    m = re.search(r"<!-- BEGIN examples/ci/%s -->\n```\w+\n(.*?)```\n<!-- END" % re.escape(name), doc, re.S)
    if not m:
        problems.append("%s: no block in the doc" % name)
    elif m.group(1) != open(path).read():
        problems.append("%s: the doc's copy differs from the file" % name)

wf = yaml.safe_load(open(os.path.join(sys.argv[2], "github-workflow.yml")))
on = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` as true
if not on or "pull_request" not in on or "push" not in on:
    problems.append("workflow: runs on push and pull_request")
if (wf.get("permissions") or {}).get("security-events") != "write":
    problems.append("workflow: permissions.security-events must be write")
steps = [s for job in wf["jobs"].values() for s in job["steps"]]
for s in steps:
    if ("uses" in s) == ("run" in s):
        problems.append("workflow: a step needs exactly one of uses/run: %r" % s)
    if "uses" in s and not re.search(r"@v\d+$", s["uses"]):
        problems.append("workflow: %s is not pinned to a major version" % s["uses"])
runs = "\n".join(s.get("run", "") for s in steps)
uses = [s.get("uses", "") for s in steps]
for needle, what in (("cuda-keyring", "the CUDA toolkit from NVIDIA's repository"),
                     ("cuda-nvcc-", "nvcc installed"),
                     ("clang-22", "clang 22 installed"),
                     ("examples/ci/check-power.sh", "the tested shell recipe as the check")):
    if needle not in runs:
        problems.append("workflow: %s (%s)" % (what, needle))
if not any(u.startswith("github/codeql-action/upload-sarif@") for u in uses):
    problems.append("workflow: uploads the SARIF")
# The uploaded SARIF's rule links resolve: the workflow passes the
# submodule's repository at its commit as DOCS_URL (check-power.sh gives it
# to gpa check --docs-url).
if "DOCS_URL=" not in runs:
    problems.append("workflow: sets DOCS_URL for the SARIF's help links")
if not any(u.startswith("actions/cache") for u in uses):
    problems.append("workflow: caches the GpuPowerAdvisor build")
for p in problems:
    print(p)
print("ci docs: %d problems" % len(problems))
sys.exit(1 if problems else 0)
