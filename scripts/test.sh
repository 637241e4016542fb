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
ctest --test-dir "$build" --output-on-failure -E '^lit$' || status=1
/usr/lib/llvm-22/bin/lit -sv "$build/test" || status=1
exit $status
