#!/usr/bin/env bash
# Sets up, builds and runs GpuPowerAdvisor on the bundled examples: the IPP
# Dotp profile on the GTX280 of the paper, then (when the plugin is built) a
# CUDA file compiled with clang-22 and the plugin, showing its remarks.
# Each kernel's answer comes first in plain words; the model's terms follow
# in its details (`gpa help terms` explains them).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${GPA_BUILD_DIR:-build}
log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT

# Runs a long step with its output in a log, printing how far it got every
# few seconds (the build's [done/total] steps), and the log's tail if it
# fails.
with_progress() {
  local label=$1 log="$log_dir/$2.log"
  shift 2
  local start=$SECONDS
  "$@" >"$log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep "${GPA_DEMO_TICK:-10}" &
    wait $! || true
    kill -0 "$pid" 2>/dev/null || break
    local step
    step=$(grep -o '^\[[0-9]*/[0-9]*\]' "$log" | tail -1 || true)
    echo "   ... $label: $((SECONDS - start)) s${step:+, build step ${step//[\[\]]/}}"
  done
  if ! wait "$pid"; then
    echo "   $label failed; the end of its log:"
    tail -20 "$log"
    return 1
  fi
  echo "   $label: done in $((SECONDS - start)) s"
}

echo "== [1/3] dependencies (apt-get on a fresh system: a few minutes)"
with_progress "installing" deps bash scripts/install-deps.sh
echo "== [2/3] building into $build (the first build takes several minutes)"
with_progress "building" build bash scripts/build.sh
echo "== [3/3] the examples"
echo
echo "== gpa model --gpu gtx280 examples/profiles/dotp.json"
"$build/tool/gpa" model --gpu gtx280 examples/profiles/dotp.json
echo
echo "== gpa sweep --gpu gtx280 examples/profiles/dotp_table4.json --plot dotp_table4.svg"
"$build/tool/gpa" sweep --gpu gtx280 examples/profiles/dotp_table4.json --plot "$build/dotp_table4.svg"
echo "(plot written to $build/dotp_table4.svg)"
plugin="$build/passes/GpuPowerAdvisor.so"
example=examples/cuda/saxpy.cu
if [ -f "$plugin" ] && [ -f "$example" ] && [ -d /usr/local/cuda/include ]; then
  echo
  echo "== gpa analyze --gpu a100 $example (the answer, then the details)"
  "$build/tool/gpa" analyze --gpu a100 "$example"
  echo
  echo "== clang++-22 -x cuda -fpass-plugin=GpuPowerAdvisor.so -Rpass-analysis=gpu-power-advisor $example"
  /usr/lib/llvm-22/bin/clang++ -x cuda --cuda-path=/usr/local/cuda --cuda-gpu-arch=sm_80 \
    -Wno-unknown-cuda-version -O2 -gline-tables-only --cuda-device-only -c -o /dev/null \
    -fpass-plugin="$plugin" -Rpass-analysis=gpu-power-advisor "$example"
fi
echo
echo "(the terms in the details: $build/tool/gpa help terms)"
