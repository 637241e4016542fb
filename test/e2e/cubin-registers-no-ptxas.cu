// In a full compile the plugin runs no ptxas of its own: the registers come
// from the cubin clang's ptxas job made (passes/DeferredKernels.h), and they
// are the registers that ptxas reports for the same PTX. A ptxas that logs
// each run stands first where the plugin looks ($CUDA_PATH/bin, findPtxas);
// clang's own job runs the toolkit's (--cuda-path). A device-only compile
// does run it. fatbinary --compress-all (zstd) changes nothing.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t/cuda/bin
// RUN: printf '#!/bin/sh\necho "ptxas $*" >> %t/ptxas.log\nexec %cuda_path/bin/ptxas "$@"\n' > %t/cuda/bin/ptxas
// RUN: chmod +x %t/cuda/bin/ptxas
// RUN: env GPA_PTXAS=on CUDA_PATH=%t/cuda %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -fpass-plugin=%gpa_plugin -mllvm -gpa-report=%t/full.%arch.json -c -o %t/k.o %s
// RUN: not cat %t/ptxas.log
// RUN: env GPA_PTXAS=on CUDA_PATH=%t/cuda %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -fpass-plugin=%gpa_plugin -mllvm -gpa-report=%t/zstd.%arch.json -Xcuda-fatbinary --compress-all -c -o %t/kz.o %s
// RUN: not cat %t/ptxas.log

// What ptxas reports for the PTX clang compiles, with clang's ptxas options.
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 --cuda-device-only -S -o %t/k.ptx %s
// RUN: %cuda_path/bin/ptxas -v -O2 --gpu-name sm_80 -o /dev/null %t/k.ptx 2> %t/k.ptxas
// RUN: %python %inputs/passes/report_registers.py %t/full.sm_80.json > %t/full.table
// RUN: %python %inputs/passes/compare_ptxas.py %t/k.ptxas %t/full.table | FileCheck %s --check-prefix=SAME
// RUN: %python %inputs/passes/report_registers.py %t/full.sm_80.json --labels | FileCheck %s --check-prefix=LABEL
// RUN: %python %inputs/passes/report_registers.py %t/zstd.sm_80.json > %t/zstd.table
// RUN: diff %t/full.table %t/zstd.table
// SAME: _Z7scatterPfPKii registers ptxas={{[0-9]+}} report=same
// SAME-NEXT: _Z7stencilPKfPfi registers ptxas={{[0-9]+}} report=same
// LABEL: _Z7stencilPKfPfi kind=derived source=the cubin of this compilation, sm_80
// LABEL-NEXT: _Z7scatterPfPKii kind=derived source=the cubin of this compilation, sm_80

// A device-only compile has no cubin to read: the plugin runs ptxas.
// RUN: env GPA_PTXAS=on CUDA_PATH=%t/cuda %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 --cuda-device-only -fpass-plugin=%gpa_plugin -mllvm -gpa-report=%t/dev.%arch.json -S -o %t/d.s %s
// RUN: FileCheck %s --check-prefix=LOG < %t/ptxas.log
// LOG: ptxas -v --gpu-name sm_80

// Without libzstd (GPA_ZSTD=off) a compressed cubin cannot be read: with
// --compress-all the device compilation keeps ptxas.
// RUN: rm %t/ptxas.log
// RUN: env GPA_PTXAS=on GPA_ZSTD=off CUDA_PATH=%t/cuda %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -fpass-plugin=%gpa_plugin -mllvm -gpa-report=%t/nozstd.%arch.json -Xcuda-fatbinary --compress-all -c -o %t/kn.o %s
// RUN: FileCheck %s --check-prefix=LOG < %t/ptxas.log
// RUN: %python %inputs/passes/report_registers.py %t/nozstd.sm_80.json --labels | FileCheck %s --check-prefix=NOZSTD
// NOZSTD: _Z7stencilPKfPfi kind=derived source=ptxas -v on the module's PTX from LLVM's NVPTX back-end (clang's code, not nvcc's), sm_80

__global__ void stencil(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I > 0 && I < N - 1)
    Out[I] = 0.25f * In[I - 1] + 0.5f * In[I] + 0.25f * In[I + 1];
}

__global__ void scatter(float *Out, const int *Index, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[Index[I]] += 1.0f;
}

void launch(const float *In, float *Out, int N) {
  stencil<<<(N + 255) / 256, 256>>>(In, Out, N);
}
