// The optimisation level is stated (issue 28): device code built at -O0
// (clang marks every function optnone) gives one warning per module, an
// `optimization: O0` assumption per kernel in the report, and budget
// messages that say they were predicted from unoptimised code. -O2: none.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"schema": "gpa-budget/1", "budgets": [{"kernel": "*", "max_total_power_w": 1}]}' > %t/tight.json
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O0 \
// RUN:   -fpass-plugin=%gpa_plugin --cuda-device-only -mllvm -gpa-report=%t/o0.json \
// RUN:   -mllvm -gpa-budget=%t/tight.json -mllvm -gpa-budget-warn -c -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O0
// O0-COUNT-1: warning: gpu-power-advisor: the device code was built without optimisation (-O0: optnone, unpromoted allocas); every count, time, power and budget describes unoptimised code; compile with -O2
// O0-NOT: built without optimisation
// O0: warning: GpuPowerAdvisor budget {{.*}}max_total_power_w exceeded {{.*}} (predicted from unoptimised code, optimization: O0; build with -O2 for the figures of a release)
// RUN: %python -c "import json; [print(k['name'], k['assumptions']['optimization']['value'], k['assumptions']['optimization']['kind']) for k in json.load(open('%t/o0.json'))['kernels']]" \
// RUN:   | FileCheck %s --check-prefix=REPORT
// REPORT: _Z5scalePfif O0 derived
// REPORT: _Z4copyPKfPf O0 derived
// `gpa check` on that report says it too.
// RUN: not %gpa check --budget %t/tight.json %t/o0.json | FileCheck %s --check-prefix=CHECKCMD
// CHECKCMD: max_total_power_w exceeded {{.*}} (predicted from unoptimised code, optimization: O0; build with -O2 for the figures of a release)
// The plugin's warnings follow -Werror like any warning; the documented
// -Wno-error=backend-plugin (which the CMake functions add) keeps the build
// going.
// RUN: not %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O0 -Werror \
// RUN:   -fpass-plugin=%gpa_plugin --cuda-device-only -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: gpu-power-advisor: the device code was built without optimisation
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O0 -Werror -Wno-error=backend-plugin \
// RUN:   -fpass-plugin=%gpa_plugin --cuda-device-only -c -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOERROR
// NOERROR: warning: gpu-power-advisor: the device code was built without optimisation
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin --cuda-device-only -mllvm -gpa-report=%t/o2.json -c -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O2 --allow-empty
// O2-NOT: without optimisation
// RUN: %python -c "import json; print(any('optimization' in k['assumptions'] for k in json.load(open('%t/o2.json'))['kernels']))" \
// RUN:   | FileCheck %s --check-prefix=O2REPORT
// O2REPORT: False

__global__ void scale(float *X, int N, float A) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= A;
}

__global__ void copy(const float *In, float *Out) {
  Out[threadIdx.x] = In[threadIdx.x];
}
