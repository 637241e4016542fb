#!/bin/sh
# GpuPowerAdvisor in any CI: analyse the CUDA sources into one report, check
# it against the power budget and, when a baseline report exists (the main
# branch's), against that. Exit status: 0 pass, 1 budget or regression
# exceeded, 2 bad input. Settings (environment, with defaults):
#   GPA=gpa  SOURCES='src/*.cu'  BUDGET=power-budget.json  GPU=a100
#   BUILD_DIR=build (its compile_commands.json gives -I/-D, when present)
#   BASELINE=baseline/gpa-report.json  MAX_REGRESSION=5 (percent)
#   REPORTS=reports
#   DOCS_URL= (where GpuPowerAdvisor's README.md and docs/ are browsable:
#   the SARIF's rule help links; empty: no links)
# reports/gpa.sarif holds the budget results and the findings in one log.
set -eu
GPA=${GPA:-gpa}
SOURCES=${SOURCES:-src/*.cu}
BUDGET=${BUDGET:-power-budget.json}
GPU=${GPU:-a100}
BUILD_DIR=${BUILD_DIR:-build}
BASELINE=${BASELINE:-baseline/gpa-report.json}
MAX_REGRESSION=${MAX_REGRESSION:-5}
REPORTS=${REPORTS:-reports}
DOCS_URL=${DOCS_URL:-}

mkdir -p "$REPORTS"
set -- --gpu "$GPU" --format json -o "$REPORTS/gpa-report.json"
if [ -f "$BUILD_DIR/compile_commands.json" ]; then
  set -- "$@" -p "$BUILD_DIR"
fi
# shellcheck disable=SC2086 # SOURCES is a glob
"$GPA" analyze "$@" $SOURCES

status=0
"$GPA" check --budget "$BUDGET" "$REPORTS/gpa-report.json" || status=$?
"$GPA" check --budget "$BUDGET" --format junit "$REPORTS/gpa-report.json" \
  > "$REPORTS/gpa-junit.xml" || true
"$GPA" check --budget "$BUDGET" --format sarif \
  ${DOCS_URL:+--docs-url "$DOCS_URL"} "$REPORTS/gpa-report.json" \
  > "$REPORTS/gpa.sarif" || true
if [ -f "$BASELINE" ]; then
  "$GPA" check --baseline "$BASELINE" --max-regression "$MAX_REGRESSION" \
    "$REPORTS/gpa-report.json" || { s=$?; [ "$status" -ne 0 ] || status=$s; }
fi
exit "$status"
