#!/usr/bin/env bash
# Sets up, builds and runs every test: GoogleTest unit tests through ctest,
# then the lit suite (CLI, plugin, end-to-end CUDA tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build=${GPA_BUILD_DIR:-build}
status=0
# The lit suite is also registered in ctest (as "lit") for developers; here it
# runs once, directly, so its own summary is printed.
ctest --test-dir "$build" --output-on-failure -E '^lit$' \
  --output-junit ctest-junit.xml || status=1
# ctest says "***Skipped" without the reason: each skipped test's own.
python3 scripts/skipped_tests.py "$build/ctest-junit.xml"
/usr/lib/llvm-22/bin/lit -sv "$build/test" || status=1
# LLVM 19, the other supported LLVM: the plugin and gpa (its IR analysis;
# no unit tests or benchmarks), and the plugin's IR lit tests with opt-19.
if [ -d /usr/lib/llvm-19/lib/cmake/llvm ]; then
  build19=${GPA_BUILD19_DIR:-build-llvm19}
  cmake -S . -B "$build19" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm -DGPA_BUILD_BENCHMARKS=OFF \
        -DGPA_LLVM_TOOLS_DIR=/usr/lib/llvm-19/bin >/dev/null
  cmake --build "$build19" -j "$(nproc)" --target GpuPowerAdvisor gpa
  /usr/lib/llvm-22/bin/lit -sv "$build19/test" --filter "passes/" || status=1
fi
exit $status
