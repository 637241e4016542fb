#!/usr/bin/env bash
# The loop a user runs on their own GPU (docs/dvfs.md "Measuring your own
# GPU"): measure the microbenchmark suite -> calibrate seed 002's model ->
# validate. Prints figures (MAPEs), never pass/fail. Needs an NVIDIA GPU and
# driver; changes no clocks or power limits (lock them first to measure at
# other clock pairs, docs/dvfs.md "Applying clock advice").
# Usage: bench/measure-loop.sh [BUILD_DIR] [OUT_DIR] [APPS.csv]
#   APPS.csv: optional application measurements in gpa-power-samples/1
#   format (validation only; never used for fitting).
set -euo pipefail
build=${1:-build}
out=${2:-measure-out}
apps=${3:-}
gpa=$build/tool/gpa
measure=$build/measure/gpa-measure
[ -x "$gpa" ] && [ -x "$measure" ] || { echo "build $build first"; exit 2; }
mkdir -p "$out"
"$measure" --check
# 1. Measure: every family at every intensity, >= 1 s per reading, 3 readings.
"$measure" -o "$out/train.csv" 2> "$out/measure-log.csv"
echo "rows: $(grep -c '_i[0-9]*,' "$out/train.csv")  (log: $out/measure-log.csv)"
# 2. Held-out error first (fixed split: every 5th microbenchmark), then the
#    model from all rows.
"$gpa" calibrate "$out/train.csv" --hold-out-every 5 | tail -1
"$gpa" calibrate "$out/train.csv" -o "$out/my-gpu.json"
# 3. Validate: training-set error, and applications when given.
"$gpa" calibrate --predict "$out/my-gpu.json" "$out/train.csv" -o "$out/train-predicted.csv"
if [ -n "$apps" ]; then
  "$gpa" calibrate --predict "$out/my-gpu.json" "$apps" -o "$out/apps-predicted.csv"
fi
echo "model: $out/my-gpu.json (gpa sweep --gpu $out/my-gpu.json PROFILE.json --clocks)"
