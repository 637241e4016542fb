#!/usr/bin/env bash
# Differential checking of the grid-independence proof (issue 25 §2):
# generated kernels, the plugin's verdicts, execution at several grids on
# the host. See bench/gridgen/README.md.
#   bench/gridgen.sh [--plugin build/passes/GpuPowerAdvisor.so] [--seed S]
#                    [--count N] [--time-budget SECONDS] [--out DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
plugin="${GPA_PLUGIN:-$here/../build/passes/GpuPowerAdvisor.so}"
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --plugin) plugin="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
exec python3 "$here/gridgen/check.py" --plugin "$plugin" "${args[@]}"
