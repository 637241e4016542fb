#!/usr/bin/env bash
# Writes the model's outputs for the bundled inputs into OUT_DIR, one file
# per command (stdout, then stderr and the exit status), so that a change
# meant to leave every figure alone can be checked byte for byte:
#   bench/model_outputs.sh /tmp/before build   (before the change)
#   bench/model_outputs.sh /tmp/after build    (after it)
#   diff -r /tmp/before /tmp/after
# Covers gpa model (every power model, text and json, fewer SMs, a lower
# clock, each objective and mechanism), gpa sweep (text, csv, json,
# --clocks) on every models/gpus/*.json with examples/profiles/*.json,
# test/cli/Inputs/two-kernels.json and the reports of examples/cuda/*.cu
# and bench/kernels/*_like.cu, and gpa analyze of those sources on four
# GPUs. Usage: bench/model_outputs.sh OUT_DIR [BUILD_DIR]
set -uo pipefail
out=${1:?usage: bench/model_outputs.sh OUT_DIR [BUILD_DIR]}
build=${2:-build}
gpa="$build/tool/gpa"
[ -x "$gpa" ] || { echo "build $build first (cmake --build $build --target gpa)"; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/reports"

# run NAME ARGS...: the command's stdout, stderr and status in OUT/NAME.
run() {
  local name=$1
  shift
  "$gpa" "$@" >"$out/$name" 2>"$out/$name.err"
  echo "exit $?" >>"$out/$name.err"
}

sources=("$root"/examples/cuda/*.cu "$root"/bench/kernels/*_like.cu)
for gpu in a100 h100 gtx280 rtx-4000-ada; do
  for src in "${sources[@]}"; do
    base=$(basename "$src" .cu)
    run "analyze-$gpu-$base.txt" analyze --gpu "$gpu" "$src"
    run "analyze-$gpu-$base.json" analyze --gpu "$gpu" --format json "$src"
  done
done
# The a100 reports are the sweeps' inputs (a report names its kernels).
for src in "${sources[@]}"; do
  base=$(basename "$src" .cu)
  cp "$out/analyze-a100-$base.json" "$out/reports/$base.json"
done

profiles=("$root"/examples/profiles/*.json "$root"/test/cli/Inputs/two-kernels.json)
kernels() { jq -r '.kernels[]?.name // .name' "$1"; }
for gpufile in "$root"/models/gpus/*.json; do
  gpu=$(basename "$gpufile" .json)
  for profile in "${profiles[@]}"; do
    p=$(basename "$profile" .json)
    for k in $(kernels "$profile"); do
      tag="$gpu-$p-$k"
      if [ "$(jq -r 'has("kernels")' "$profile")" = true ]; then
        pick=(--kernel "$k")
        # gpa model reads one kernel: give it that kernel's entry alone.
        jq ".kernels[] | select(.name == \"$k\")" "$profile" >"$out/reports/$p-$k.profile.json"
        one="$out/reports/$p-$k.profile.json"
      else
        pick=()
        one=$profile
      fi
      run "model-$tag.txt" model --gpu "$gpufile" --power-model all "$one"
      run "model-$tag.json" model --gpu "$gpufile" --power-model all --format json "$one"
      run "model-$tag-sms3.txt" model --gpu "$gpufile" --active-sms 3 --core-clock 900 "$one"
      for objective in edp gips_per_w time; do
        run "model-$tag-$objective.json" model --gpu "$gpufile" --objective "$objective" --format json "$one"
      done
      for mechanism in grid paper; do
        run "model-$tag-$mechanism.json" model --gpu "$gpufile" --mechanism "$mechanism" --format json "$one"
      done
      run "sweep-$tag.txt" sweep --gpu "$gpufile" "${pick[@]}" "$profile"
      run "sweep-$tag.csv" sweep --gpu "$gpufile" "${pick[@]}" --format csv "$profile"
      run "sweep-$tag.json" sweep --gpu "$gpufile" "${pick[@]}" --format json "$profile"
      run "sweep-$tag-clocks.txt" sweep --gpu "$gpufile" "${pick[@]}" --clocks "$profile"
      run "sweep-$tag-clocks.json" sweep --gpu "$gpufile" "${pick[@]}" --clocks --format json "$profile"
    done
  done
  for src in "${sources[@]}"; do
    base=$(basename "$src" .cu)
    report="$out/reports/$base.json"
    for k in $(jq -r '.kernels[].name' "$report"); do
      tag="$gpu-$base-$k"
      run "sweep-$tag.csv" sweep --gpu "$gpufile" --kernel "$k" --format csv "$report"
      run "sweep-$tag.json" sweep --gpu "$gpufile" --kernel "$k" --format json "$report"
      run "sweep-$tag-clocks.txt" sweep --gpu "$gpufile" --kernel "$k" --clocks "$report"
    done
  done
done
echo "$(find "$out" -type f | wc -l) files in $out"
