#!/usr/bin/env bash
# Speed figures (not a test): model evaluations per second against the
# >= 2e6/s target on one core (issue 26). Usage: bench/run.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
[ -x "$build/bench/gpa_model_bench" ] || { echo "build $build first (cmake --build $build)"; exit 2; }
out=$(taskset -c 0 "$build/bench/gpa_model_bench" --benchmark_format=json --benchmark_min_time=0.5 2>/dev/null ||
      "$build/bench/gpa_model_bench" --benchmark_format=json --benchmark_min_time=0.5)
python3 - "$out" <<'PY'
import json, os, sys
runs = {b["name"]: b for b in json.loads(sys.argv[1])["benchmarks"]}
one = runs["BM_EvaluateOneConfiguration"]["items_per_second"]
full = runs["BM_FullAnalysisWithSweep"]["items_per_second"]
# The rate depends on what else runs: say how busy the machine was.
load = open("/proc/loadavg").read().split()[0] if os.path.exists("/proc/loadavg") else "?"
print("single-configuration evaluations per second: %.3g (target 2e6, ratio %.2f; load average %s)" % (one, one / 2e6, load))
print("full analyses with a 132-point H100 sweep per second: %.3g (%.1f us each)" % (full, 1e6 / full))
PY
