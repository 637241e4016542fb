// LLVM's opt-viewer renders the optimisation records of a full compile:
// every argument YAML would read as a boolean or number is quoted (issue 11;
// unquoted `yes` made opt-viewer fail with "expected str instance, bool
// found").
// REQUIRES: plugin, cuda, opt-viewer
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu && cd %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -fsave-optimization-record -c -o k.o k.cu
// The full compile's device records go to the same file name as the host's
// (clang overwrites them), so the device records come from their own compile.
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin --cuda-device-only \
// RUN:   -foptimization-record-file=k-device.opt.yaml -c -o k-device.o k.cu
// RUN: cat *.opt.yaml | FileCheck %s --check-prefix=YAML
// YAML-DAG: BandwidthBound: 'true'
// YAML-DAG: Name: LaunchSitePowerProfile
// YAML-DAG: GridSource: constant
// RUN: %python %view_opt_records -j 1 -o html . > log.txt 2>&1
// RUN: FileCheck %s --check-prefix=VIEW --input-file=html/k.cu.html
// VIEW: KernelPowerProfile
// VIEW: LaunchSitePowerProfile

__global__ void copy(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
}

void run(const float *In, float *Out) { copy<<<4096, 256>>>(In, Out, 1 << 20); }
