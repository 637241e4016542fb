#!/usr/bin/env bash
# Runs libFuzzer targets built by build.sh on the seed corpus of their kind:
#   test/fuzz/run.sh OUT_DIR SECONDS [KIND...]
# KIND: ptx profile_json model_json budget_json report_json launch_payload
# launch_file
# (default: all). New inputs go to a scratch corpus; crashes are written to
# OUT_DIR/crashes/KIND/ and fail the run. Exits 77 when a target is missing.
# FUZZ_SEED (default 1) fixes libFuzzer's random sequence, so a short run
# executes a prefix of the sequence a longer run with the same seed checks,
# and a CI failure reproduces here; FUZZ_SEED=0 picks a new seed each run.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
secs=$2
shift 2
kinds=("$@")
((${#kinds[@]})) || kinds=(ptx profile_json model_json budget_json report_json launch_payload launch_file)
seeds() {
  case $1 in
  ptx) echo "$src"/test/cli/Inputs/analyze/*.ptx ;;
  profile_json) echo "$src"/examples/profiles/*.json "$src"/test/cli/Inputs/two-kernels.json ;;
  model_json) echo "$src"/models/gpus/*.json ;;
  budget_json) echo "$src"/test/cli/Inputs/budget-*.json ;;
  report_json | launch_payload) echo "$src"/test/fuzz/seeds/$1/* ;;
  launch_file) echo "$src"/test/passes/Inputs/launch*.json ;;
  esac
}
status=0
for kind in "${kinds[@]}"; do
  bin=$out/fuzz_$kind
  [[ -x $bin ]] || { echo "fuzz: $bin not built; skipped"; exit 77; }
  corpus=$(mktemp -d)
  cp $(seeds "$kind") "$corpus"/
  mkdir -p "$out/crashes/$kind"
  if "$bin" -seed="${FUZZ_SEED:-1}" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
       -max_len=65536 -print_final_stats=1 \
       -artifact_prefix="$out/crashes/$kind/" "$corpus" \
       > "$out/$kind.log" 2>&1; then
    echo "fuzz $kind: $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$out/$kind.log" | grep -o '[0-9]*$') runs in ${secs} s, no crash"
  else
    echo "fuzz $kind: FAILED, see $out/$kind.log and $out/crashes/$kind/"
    tail -30 "$out/$kind.log"
    status=1
  fi
  rm -rf "$corpus"
done
exit $status
