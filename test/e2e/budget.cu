// -gpa-budget in the compiler: a kernel over budget is an error at its
// source line (the build fails), a warning with -gpa-budget-warn, silent
// when it holds. saxpy on the a100 model draws about 221 W (> 100 W).
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"schema": "gpa-budget/1", "budgets": [{"kernel": "*saxpy*", "max_total_power_w": 100}]}' > %t/tight.json
// RUN: echo '{"schema": "gpa-budget/1", "budgets": [{"kernel": "*saxpy*", "max_total_power_w": 400, "require_optimal_sms": false}]}' > %t/ok.json
// RUN: echo '{"schema": "gpa-budget/1", "budgets": [{"kernel": "*", "max_total_power_w": "low"}]}' > %t/bad.json
// RUN: not %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-budget=%t/tight.json -c %gpa_examples/cuda/saxpy.cu -o %t/a.o 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: saxpy.cu:5:1: error: GpuPowerAdvisor budget {{.*}}tight.json: {{.*}}saxpy.cu:5: saxpy(int, float, float const*, float*): max_total_power_w exceeded (budget '*saxpy*'): predicted {{[0-9.]+}}, limit 100, over by
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-budget=%t/tight.json -mllvm -gpa-budget-warn -c %gpa_examples/cuda/saxpy.cu -o %t/b.o 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: saxpy.cu:5:1: warning: GpuPowerAdvisor budget
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-budget=%t/ok.json -c %gpa_examples/cuda/saxpy.cu -o %t/c.o 2>&1 | count 0
// RUN: not %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-budget=%t/bad.json -c %gpa_examples/cuda/saxpy.cu -o %t/d.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: gpu-power-advisor: -gpa-budget: {{.*}}bad.json: $.budgets[0].max_total_power_w: expected a number in [0, 1e+300], got string
