#!/usr/bin/env bash
# Instructions per single-configuration evaluation (issue 26), counted by
# callgrind and so independent of the machine's load: the inclusive cost of
# evaluateAt over its calls from BM_EvaluateOneConfiguration. (callgrind's
# --toggle-collect loses evaluateAt after its first call, so the whole run
# is counted and evaluateAt's share read back.) Usage: bench/eval_instructions.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
[ -x "$build/bench/gpa_model_bench" ] || { echo "build $build first (cmake --build $build)"; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind (callgrind)"; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" "$build/bench/gpa_model_bench" \
  --benchmark_filter=BM_EvaluateOneConfiguration --benchmark_min_time=0.05 >/dev/null 2>&1
# The caller line above evaluateAt's own: "<inclusive> (..) < ...BM_EvaluateOneConfiguration(...) (<calls>x)".
line=$(callgrind_annotate --tree=caller "$out" | grep -B1 -E '\*  .*gpa::evaluateAt\(.*SweepConstants' | head -1)
ir=$(echo "$line" | awk '{gsub(",", "", $1); print $1}')
calls=$(echo "$line" | grep -oE '\([0-9,]+x\)' | tr -d '(x),')
echo "instructions per evaluation: $((ir / calls)) ($ir over $calls calls of evaluateAt, callgrind)"
