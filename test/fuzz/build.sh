#!/usr/bin/env bash
# Builds the libFuzzer targets (one per input kind) with clang 22:
#   test/fuzz/build.sh BUILD_DIR OUT_DIR
# BUILD_DIR is the project's CMake build (for the generated
# models/BundledModels.cpp); binaries go to OUT_DIR/fuzz_<kind>.
# Exits 77 (ctest: skipped) when clang 22 or its fuzzer runtime is missing.
# The project is built with g++; these objects are compiled separately with
# -fsanitize=fuzzer-no-link,address (FUZZ_SANITIZE adds more, e.g.
# FUZZ_SANITIZE=address,undefined).
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
out=$2
clang=${FUZZ_CLANG:-/usr/lib/llvm-22/bin/clang++}
sanitize=${FUZZ_SANITIZE:-address}
if [[ ! -x $clang ]] || ! ls "$(dirname "$clang")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz: $clang with libclang_rt.fuzzer not found; skipped"
  exit 77
fi
bundled=$build/models/BundledModels.cpp
[[ -f $bundled ]] || { echo "fuzz: $bundled missing (build the project first)"; exit 1; }
nlohmann=$(dirname "$(echo '#include <nlohmann/json.hpp>' | g++ -std=c++17 -x c++ -M - 2>/dev/null | tr ' ' '\n' | grep 'nlohmann/json.hpp' | head -1)")/..
mkdir -p "$out/obj"
cc=()
command -v ccache >/dev/null && cc=(ccache)
flags=(-std=c++17 -O1 -g -w -fno-omit-frame-pointer "-fsanitize=fuzzer-no-link,$sanitize"
       -I"$src/models/include" -I"$src/frontends/common/include" -I"$src/frontends/ptx/include" -I"$src/frontends/ptx/src"
       -I"$src/runtime/include" -I"$src/test/fuzz" -I"$nlohmann")
sources=("$src"/models/src/*.cpp "$bundled" "$src"/frontends/common/src/*.cpp "$src"/frontends/ptx/src/*.cpp
         "$src"/runtime/src/{DeviceModelCache,LaunchAdvisor,LaunchRuntime,PartitionCache,RuntimeConfig,NoCudaDeviceQuery,NoCudaPartitioner}.cpp)
# Compile what changed, two at a time (CI has two cores); everything when a
# header changed since the last build (ccache keeps that cheap).
stamp=$out/obj/stamp
headers_changed=1
if [[ -f $stamp ]] && [[ -z $(find "$src/models/include" "$src/frontends/common" "$src/frontends/ptx" "$src/runtime/include" \
      "$src/test/fuzz" -name '*.h' -newer "$stamp" | head -1) ]]; then
  headers_changed=0
fi
todo=()
for s in "${sources[@]}"; do
  o=$out/obj/$(basename "${s%.cpp}").o
  if ((headers_changed)) || [[ ! $o -nt $s ]]; then todo+=("$s"); fi
done
if ((${#todo[@]})); then
  printf '%s\n' "${todo[@]}" | xargs -P 2 -I{} sh -c \
    'o="$1/obj/$(basename "${2%.cpp}").o"; shift 2; "$@" -c "$0" -o "$o"' \
    {} "$out" "{}" "${cc[@]}" "$clang" "${flags[@]}"
fi
touch "$stamp"
objs=()
for s in "${sources[@]}"; do objs+=("$out/obj/$(basename "${s%.cpp}").o"); done
for kind in Ptx ProfileJson ModelJson BudgetJson ReportJson LaunchPayload LaunchFile; do
  name=$(echo "$kind" | sed -E 's/([a-z])([A-Z])/\1_\2/g' | tr 'A-Z' 'a-z')
  bin=$out/fuzz_$name
  if ((${#todo[@]})) || [[ ! $bin -nt $src/test/fuzz/Fuzz$kind.cpp ]]; then
    "${cc[@]}" "$clang" "${flags[@]}" "-fsanitize=fuzzer,$sanitize" \
      "$src/test/fuzz/Fuzz$kind.cpp" "${objs[@]}" -o "$bin"
  fi
done
echo "fuzz: targets in $out"
