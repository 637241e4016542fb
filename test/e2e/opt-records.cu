// Optimisation records of a full CUDA compile (docs/plugin.md): with
// -fsave-optimization-record alone, clang 22 gives the host and the device
// job one record file and the host job's overwrites the device's, so the
// kernel's records are lost; the documented recipe (-Xarch_device
// -foptimization-record-file=...) keeps the device records in their own
// file, next to the host's.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t/plain %t/recipe && cp %s %t/k.cu
// RUN: cd %t/plain && %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -fsave-optimization-record -c -o k.o %t/k.cu
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=k.opt.yaml
// PLAIN: Name: LaunchSitePowerProfile
// PLAIN-NOT: Name: KernelPowerProfile
// RUN: cd %t/recipe && %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -fsave-optimization-record \
// RUN:   -Xarch_device -foptimization-record-file=k.device.opt.yaml -c -o k.o %t/k.cu
// RUN: FileCheck %s --check-prefix=DEVICE --input-file=k.device.opt.yaml
// DEVICE: Name: KernelPowerProfile
// The strided load In[I * 32] is at line 28, column 12 of this file.
// RUN: FileCheck %s --check-prefix=FINDING --input-file=k.device.opt.yaml
// FINDING: Name: UncoalescedAccess
// FINDING-NEXT: DebugLoc: { File: k.cu, Line: 28, Column: 12 }
// RUN: FileCheck %s --check-prefix=HOST --input-file=k.opt.yaml
// HOST: Name: LaunchSitePowerProfile

__global__ void strided(const float *In, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[I * 32];
}

void run(const float *In, float *Out) { strided<<<4096, 256>>>(In, Out); }
