#!/usr/bin/env bash
# Sets up, builds and runs GpuPowerAdvisor on the bundled examples: the IPP
# Dotp profile on the GTX280 of the paper, then (when the plugin is built) a
# CUDA file compiled with clang-22 and the plugin, showing its remarks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh >/dev/null
bash scripts/build.sh >/dev/null
build=${GPA_BUILD_DIR:-build}
echo "== gpa model --gpu gtx280 examples/profiles/dotp.json"
"$build/tool/gpa" model --gpu gtx280 examples/profiles/dotp.json
echo
echo "== gpa sweep --gpu gtx280 examples/profiles/dotp_table4.json --plot dotp_table4.svg"
"$build/tool/gpa" sweep --gpu gtx280 examples/profiles/dotp_table4.json --plot "$build/dotp_table4.svg"
echo "(plot written to $build/dotp_table4.svg)"
plugin="$build/plugin/GpuPowerAdvisor.so"
example=examples/cuda/saxpy.cu
if [ -f "$plugin" ] && [ -f "$example" ] && [ -d /usr/local/cuda/include ]; then
  echo
  echo "== clang++-22 -x cuda -fpass-plugin=GpuPowerAdvisor.so -Rpass-analysis=gpu-power-advisor $example"
  /usr/lib/llvm-22/bin/clang++ -x cuda --cuda-path=/usr/local/cuda --cuda-gpu-arch=sm_80 \
    -Wno-unknown-cuda-version -O2 -gline-tables-only --cuda-device-only -c -o /dev/null \
    -fpass-plugin="$plugin" -Rpass-analysis=gpu-power-advisor -Rpass-missed=gpu-power-advisor "$example"
fi
