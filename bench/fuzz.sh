#!/usr/bin/env bash
# The long fuzzing run (CI does 3 s per target, test/fuzz/CMakeLists.txt):
#   bench/fuzz.sh [SECONDS_PER_TARGET (default 600)] [KIND...]
# Builds the libFuzzer targets with clang 22 into build/test/fuzz (ASan; set
# FUZZ_SANITIZE=address,undefined for UBSan too) and runs each input kind
# (ptx profile_json model_json budget_json report_json launch_payload
# launch_file),
# printing executions per target. Crashes land in build/test/fuzz/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${GPA_BUILD_DIR:-build}
secs=${1:-600}
shift || true
bash test/fuzz/build.sh "$build" "$build/test/fuzz"
# A new random sequence each time (the CI smoke run uses seed 1).
FUZZ_SEED=${FUZZ_SEED:-0} bash test/fuzz/run.sh "$build/test/fuzz" "$secs" "$@"
