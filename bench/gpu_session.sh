#!/usr/bin/env bash
# The one GPU session (issue 29; docs/gpu-session.md).
#
#   bench/gpu_session.sh bundle [BUILD] [BUNDLE]   on the development machine:
#       gathers x86-64 binaries built here (gpa-session, gpa-measure, the
#       launch-rewrite checks), the kernels' PTX and the real-kernel spec
#       into BUNDLE (default build/gpu-session). Needs a full build.
#   bench/gpu_session.sh run [BUNDLE] [OUT]        on the GPU machine:
#       runs every stage in order of value, each under its own time limit,
#       and leaves OUT/gpu_session.tar.gz (raw CSV/JSON/logs) after each
#       stage, so a run cut short still returns what finished. Needs only the
#       NVIDIA driver (libcuda.so.1, libnvidia-ml.so.1). Under 8 minutes.
#   bench/gpu_session.sh dry-run [BUNDLE] [OUT]    the same run on the
#       stand-in driver of test/measure (CI; no GPU): quick sizes.
#   bench/gpu_session.sh bundle-sweeps|run-sweeps|dry-run-sweeps: the same
#       for the configuration sweeps of bench/gpu_session/make_sweeps.py
#       (default bundle build/gpu-sweeps-bundle, OUT/sweeps.tar.gz).
#
# It only queries and launches: it never changes the GPU's clocks, power
# limits, compute mode or any other setting.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:-}
shift || true

# Shared by run and run_sweeps. Both keep raw data in a folder of their own
# ($raw) and pack it into $out/ARCHIVE after each step, so a run cut short
# still returns what finished; $raw, $out and $t0 are the caller's locals.
pack() { # pack ARCHIVE: the whole raw folder, replaced atomically
  tar -C "$raw" -czf "$out/$1.part" . && mv "$out/$1.part" "$out/$1"
}
write_provenance() { # write_provenance QUICK EXTRA-LINES...
  {
    echo "started_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host=$(uname -srm)"
    echo "quick=${1:-no}"
    shift
    for line in "$@"; do echo "$line"; done
  } > "$raw/provenance.txt"
}
record_smi() { # record_smi QUICK as-found|at-end: what the card reports, never changed
  command -v nvidia-smi > /dev/null && [ -z "$1" ] || return 0
  if [ "$2" = as-found ]; then
    nvidia-smi -q > "$raw/nvidia-smi-q.txt" 2>&1
    nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,power.draw,power.limit,temperature.gpu,compute_mode,persistence_mode,mig.mode.current \
      --format=csv > "$raw/nvidia-smi-as-found.csv" 2>&1
  else
    nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.mem,power.draw,temperature.gpu \
      --format=csv > "$raw/nvidia-smi-at-end.csv" 2>&1
  fi
}

board_model() { # the bundled GPU file for the card nvidia-smi names (h100 without one)
  local name
  name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2> /dev/null | head -1)
  case "$name" in
    *H200*) echo h200 ;;
    *H100*NVL*) echo h100-nvl ;;
    *H100*PCIe*) echo h100-pcie ;;
    *A100*) echo a100 ;;
    *) echo h100 ;;
  esac
}

bundle() {
  local build=${1:-$here/build} out=${2:-$here/build/gpu-session}
  set -e
  mkdir -p "$out/kernels"
  cp "$build/measure/gpa-session" "$build/measure/gpa_session.ptx" \
     "$build/measure/gpa-measure" "$build/measure/gpa_pipe_overlap.ptx" "$out/"
  cp "$here/bench/gpu_session.sh" "$out/"
  # The L2 and store probes (make_l2_spec.py; docs/gpu-session.md).
  python3 "$here/bench/gpu_session/make_l2_spec.py" --out "$out/l2.json"
  # The real kernels: PTX made by bench/gpu_session/make_kernels.py.
  local kernels=${GPA_SESSION_KERNELS:-$build/gpu-session/kernels}
  if [ -d "$kernels" ] && [ "$(cd "$kernels" && pwd)" != "$(cd "$out/kernels" && pwd)" ]; then
    cp "$kernels/"* "$out/kernels/"
  fi
  # The launch rewrite through libgpa_runtime, grid and sm modes.
  local clang=/usr/lib/llvm-22/bin/clang++ cuda=${CUDA_PATH:-/usr/local/cuda}
  local plugin="$build/passes/GpuPowerAdvisor.so"
  [ -e "$plugin" ] || plugin=$(ls "$build"/passes/GpuPowerAdvisor*.so 2> /dev/null | head -1 || true)
  if [ -x "$clang" ] && [ -e "$plugin" ] && [ -d "$cuda" ]; then
    local src="$here/bench/gpu_session/rewrite_check.cu"
    for mode in grid sm; do
      local def=""
      [ $mode = sm ] && def=-DGPA_CHECK_SM
      "$clang" -x cuda --cuda-path="$cuda" --cuda-gpu-arch=sm_80 \
        --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version -O2 $def \
        -fpass-plugin="$plugin" -mllvm -gpa-rewrite-grid \
        -mllvm -gpa-rewrite-mode=$mode -Rpass=gpu-power-advisor \
        -c "$src" -o "$out/rewrite_check_$mode.o" 2> "$out/rewrite_check_$mode.remarks"
      "$clang" "$out/rewrite_check_$mode.o" "$build/runtime/libgpa_runtime.a" \
        "$build/models/libgpa_model.a" -o "$out/rewrite_check_$mode" \
        -L"$cuda/lib64" -lcudart_static -ldl -lrt -lpthread
      rm "$out/rewrite_check_$mode.o"
    done
  else
    echo "bundle: no clang 22, plugin or CUDA: the launch-rewrite checks are left out" >&2
  fi
  echo "bundle: $out ($(du -sh "$out" | cut -f1))"
}

# run BUNDLE OUT QUICK
run() {
  local b=${1:-$here/build/gpu-session} out=${2:-${OUT:-/tmp/gpu-session-out}}
  local quick=${3:-}
  b=$(cd "$b" && pwd)
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  local raw=/tmp/gpa-session-raw.$$
  rm -rf "$raw"
  mkdir -p "$raw"
  local t0=$SECONDS
  stage() { # stage NAME LIMIT_S COMMAND...
    local name=$1 limit=$2
    shift 2
    echo "== $name (limit ${limit}s, at $((SECONDS - t0))s)" | tee -a "$raw/run.log"
    timeout --kill-after=5 "$limit" "$@" >> "$raw/$name.out" 2>&1
    local rc=$?
    echo "== $name rc=$rc at $((SECONDS - t0))s" | tee -a "$raw/run.log"
    tail -n 5 "$raw/$name.out"
    pack gpu_session.tar.gz
  }
  local q=() window=1.0 idle=3
  if [ -n "$quick" ]; then
    q=(--quick)
    window=0.02
    idle=0.1
  fi
  # The GPU file the calibration suite is sized and labelled by: the card's
  # own where one is bundled ($GPA_SESSION_GPU overrides).
  local gpu=${GPA_SESSION_GPU:-$(board_model)}
  write_provenance "$quick" "gpu_model=$gpu"
  record_smi "$quick" as-found
  local s="$b/gpa-session"
  # 1. Power and time against active SMs (and idle power, with and without a
  #    context): the measurement nobody has published for A100/H100.
  stage active_sms 260 "$s" --out "$raw" --stages idle,active-sms \
    --window-s "$window" --idle-s "$idle" "${q[@]}"
  # 2. Bandwidth against warps in flight.
  stage bandwidth 60 "$s" --out "$raw" --stages bandwidth "${q[@]}"
  # 2b. The L2 and store probes: short launches of the session's own
  #     kernels (about 25 s), in a folder of their own (their kernels.csv).
  if [ -e "$b/l2.json" ]; then
    mkdir -p "$raw/probes"
    stage probes 60 "$s" --out "$raw/probes" --stages kernels \
      --kernels "$b/l2.json" --kernels-dir "$b" --window-s "${window/1.0/0.3}" "${q[@]}"
  fi
  # 3. The pipe-overlap microbenchmarks (gpa-measure; times and power).
  # Clocks as found move under load (boost): record them, do not refuse.
  local m=(--readings 2 --min-seconds 0.5 --clock-tolerance-mhz 3000)
  [ -n "$quick" ] && m=(--readings 1 --min-seconds 0.01 --clock-tolerance-mhz 3000)
  stage pipe_overlap 45 "$b/gpa-measure" --ptx "$b/gpa_pipe_overlap.ptx" \
    -o "$raw/pipe_overlap.csv" "${m[@]}" --source "gpu_session.sh"
  # 4. The launch rewrite through libgpa_runtime (grid and sm modes).
  for mode in grid sm; do
    if [ -x "$b/rewrite_check_$mode" ]; then
      stage rewrite_$mode 30 env GPA_LOG=1 GPA_MIN_SAVING=0 GPA_MAX_SLOWDOWN=25 \
        "$b/rewrite_check_$mode"
    fi
  done
  # 5. The calibration suite at the clocks as found.
  stage calibration 110 "$b/gpa-measure" -o "$raw/calibration.csv" \
    --gpu "$gpu" "${m[@]}" --source "gpu_session.sh"
  # 6. Real kernels, each in its own process (a fault in one cannot poison
  #    the others' context).
  if [ -e "$b/kernels/kernels.json" ]; then
    local ids
    ids=$(python3 -c 'import json,sys; print("\n".join(k["id"] for k in json.load(open(sys.argv[1]))["kernels"]))' "$b/kernels/kernels.json")
    local kwindow=1.0
    [ -n "$quick" ] && kwindow=0.02
    for id in $ids; do
      stage "kernel_${id//\//_}" 15 "$s" --out "$raw" --stages kernels \
        --kernels "$b/kernels/kernels.json" --only "$id" --window-s "$kwindow" "${q[@]}"
    done
  fi
  record_smi "$quick" at-end
  echo "finished_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ) seconds=$((SECONDS - t0))" >> "$raw/provenance.txt"
  pack gpu_session.tar.gz
  cp "$raw/run.log" "$out/run.log"
  rm -rf "$raw"
  echo "gpu session: $((SECONDS - t0)) s; raw data in $out/gpu_session.tar.gz"
}

# The configuration sweeps (docs/gpu-session.md, "Configuration sweeps").
# bundle-sweeps BUILD SWEEPS BUNDLE: gpa-session, this script and the sweep
# specs and modules bench/gpu_session/make_sweeps.py wrote under SWEEPS.
bundle_sweeps() {
  local build=${1:-$here/build} sweeps=${2:-$here/build/gpu-session-sweeps}
  local out=${3:-$here/build/gpu-sweeps-bundle}
  set -e
  rm -rf "$out"
  mkdir -p "$out"
  cp "$build/measure/gpa-session" "$here/bench/gpu_session.sh" "$out/"
  cp -r "$sweeps/sweeps" "$out/"
  echo "bundle-sweeps: $out ($(du -sh "$out" | cut -f1))"
}

# run_sweeps BUNDLE OUT QUICK: every configuration of every set in
# sweeps/order.txt, each in its own gpa-session process (a fault cannot
# poison the next configuration's context), packed into OUT/sweeps.tar.gz
# after each set. New configurations stop starting once GPA_SWEEP_BUDGET_S
# (default 280) seconds have passed; the rest are listed as skipped.
run_sweeps() {
  local b=${1:-$here/build/gpu-sweeps-bundle} out=${2:-${OUT:-/tmp/gpu-sweeps-out}}
  local quick=${3:-}
  b=$(cd "$b" && pwd)
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  local raw=/tmp/gpa-sweeps-raw.$$
  rm -rf "$raw"
  mkdir -p "$raw"
  local t0=$SECONDS budget=${GPA_SWEEP_BUDGET_S:-280} window=0.6 limit=20
  [ -n "$quick" ] && window=0.02
  write_provenance "$quick" "window_s=$window budget_s=$budget" \
    "bundle_sets=$(tr '\n' ' ' < "$b/sweeps/order.txt")"
  # The specs travel with the data: each row's configuration and launch.
  mkdir -p "$raw/specs"
  cp "$b/sweeps/"*.json "$raw/specs/"
  record_smi "$quick" as-found
  pack sweeps.tar.gz
  local set id n skipped=0
  while read -r set; do
    [ -n "$set" ] || continue
    n=0
    echo "== $set (at $((SECONDS - t0))s)" | tee -a "$raw/run.log"
    while read -r id; do
      [ -n "$id" ] || continue
      if [ $((SECONDS - t0)) -ge "$budget" ]; then
        echo "skipped $id: budget of ${budget}s spent" >> "$raw/run.log"
        skipped=$((skipped + 1))
        continue
      fi
      timeout --kill-after=5 "$limit" "$b/gpa-session" --out "$raw" \
        --stages kernels --kernels "$b/sweeps/$set.json" --only "$id" \
        --window-s "$window" < /dev/null >> "$raw/$set.out" 2>&1
      local rc=$?
      [ $rc -ne 0 ] && echo "$id rc=$rc" >> "$raw/run.log"
      n=$((n + 1))
    done < "$b/sweeps/$set.ids"
    echo "== $set: $n run, at $((SECONDS - t0))s" | tee -a "$raw/run.log"
    pack sweeps.tar.gz
  done < "$b/sweeps/order.txt"
  record_smi "$quick" at-end
  echo "finished_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ) seconds=$((SECONDS - t0)) skipped=$skipped" >> "$raw/provenance.txt"
  pack sweeps.tar.gz
  cp "$raw/run.log" "$out/sweeps-run.log"
  rm -rf "$raw"
  echo "gpu sweeps: $((SECONDS - t0)) s, $skipped skipped; raw data in $out/sweeps.tar.gz"
}

case "$cmd" in
  bundle) bundle "$@" ;;
  run) run "${1:-}" "${2:-}" ;;
  bundle-sweeps) bundle_sweeps "$@" ;;
  run-sweeps) run_sweeps "${1:-}" "${2:-}" ;;
  dry-run-sweeps)
    fake=${GPA_FAKE_DRIVER_DIR:-$here/build/test/measure/fakedriver}
    LD_LIBRARY_PATH="$fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" run_sweeps "${1:-}" "${2:-}" quick
    ;;
  dry-run)
    # The stand-in libcuda.so.1 and libnvidia-ml.so.1 of test/measure.
    fake=${GPA_FAKE_DRIVER_DIR:-$here/build/test/measure/fakedriver}
    LD_LIBRARY_PATH="$fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" run "${1:-}" "${2:-}" quick
    ;;
  *)
    echo "usage: bench/gpu_session.sh bundle [BUILD] [BUNDLE] | run [BUNDLE] [OUT] | dry-run [BUNDLE] [OUT]" >&2
    echo "       bench/gpu_session.sh bundle-sweeps [BUILD] [SWEEPS] [BUNDLE] | run-sweeps [BUNDLE] [OUT] | dry-run-sweeps [BUNDLE] [OUT]" >&2
    exit 2
    ;;
esac
