#!/usr/bin/env bash
# Configures and builds into build/ (or $GPA_BUILD_DIR) with Ninja.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${GPA_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm >/dev/null
cmake --build "$build" -j "$(nproc)"
