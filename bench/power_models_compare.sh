#!/usr/bin/env bash
# Compares every power model on the bundled examples (docs/models.md, "All
# models side by side"): examples/profiles/*.json directly, examples/cuda/*.cu
# through `gpa analyze --gpu a100` (ptxas 13 has no Fermi target; its report's launch and per-thread counts become a
# profile). Prints one row per example x GPU x model: total power (W) and
# energy (J), or "missing" when the GPU model lacks that model's parameters.
# Usage: bench/power_models_compare.sh [BUILD_DIR] [GPU...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
gpus=("$@")
[ ${#gpus[@]} -gt 0 ] || gpus=(gtx580 tesla-c2050 gtx280 v100)
gpa="$build/tool/gpa"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

profiles=(examples/profiles/*.json)
for cu in examples/cuda/*.cu; do
  name=$(basename "$cu" .cu)
  if "$gpa" analyze --gpu a100 --format json "$cu" > "$tmp/$name.report.json" 2>/dev/null; then
    python3 - "$tmp/$name.report.json" "$tmp/$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ks = []
for k in r.get("kernels", []):
    pt = dict(k["counts_per_thread"])
    ks.append({"name": k["name"], "launch": {x: k["launch"][x] for x in
              ("threads_per_block", "blocks", "registers_per_thread", "shared_bytes_per_block")},
              "per_thread": pt})
json.dump(ks[0] if len(ks) == 1 else {"kernels": ks}, open(sys.argv[2], "w"))
PY
    profiles+=("$tmp/$name.json")
  else
    echo "# $cu: gpa analyze failed (no clang-22 CUDA?), skipped" >&2
  fi
done

printf "%-20s %-24s %-12s %-19s %10s %12s\n" example kernel gpu model total_w energy_j
for p in "${profiles[@]}"; do
  ex=$(basename "$p" .json)
  for g in "${gpus[@]}"; do
    "$gpa" model --gpu "$g" --power-model all --format json "$p" |
      python3 -c '
import json, sys
ex, g = sys.argv[1], sys.argv[2]
for k in json.load(sys.stdin)["kernels"]:
    for m in k["power_models"]:
        if m["available"]:
            print("%-20s %-24s %-12s %-19s %10.2f %12.4g" % (ex, k["name"][:24], g, m["model"], m["total_power_w"], m["energy_j"]))
        else:
            print("%-20s %-24s %-12s %-19s %10s %12s" % (ex, k["name"][:24], g, m["model"], "missing", "-"))
' "$ex" "$g"
  done
done
