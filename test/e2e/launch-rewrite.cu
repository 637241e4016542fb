// End to end: examples/launch-rewrite/stream.cu compiled by clang-22 (host
// and device in one invocation) with the plugin and -gpa-rewrite-grid, linked
// against libgpa_runtime and cudart. The launch goes through the runtime, and
// on a machine without a GPU the program prints exactly what the unmodified
// program prints (the CUDA error) and exits the same way.
// REQUIRES: plugin, cuda
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -c %gpa_examples/launch-rewrite/stream.cu -o %t.plain.o
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -Rpass=gpu-power-advisor \
// RUN:   -c %gpa_examples/launch-rewrite/stream.cu -o %t.rw.o 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// REMARK: stream.cu:22:3: remark: launch of scaleAdd(int, float, float const*, float*) routed through libgpa_runtime: when the device model finds it bandwidth-bound, its grid may shrink to IPP's optimal SMs x resident blocks (grid-independent: every side effect is in a grid-stride loop
// The stub itself, callable from other files, reports its own rewritten launch.
// REMARK: stream.cu:{{[0-9]+}}:{{[0-9]+}}: remark: launch of scaleAdd(int, float, float const*, float*) from other translation units routed through libgpa_runtime
//
// The host code calls the runtime hook instead of cudaLaunchKernel.
// RUN: llvm-nm %t.rw.o | FileCheck %s --check-prefix=NM
// NM: U __gpa_launch_kernel
// NM-NOT: U cudaLaunchKernel
// RUN: llvm-nm %t.plain.o | FileCheck %s --check-prefix=PLAIN
// PLAIN: U cudaLaunchKernel
//
// Both link; both runs print the same (no GPU here: the CUDA error).
// RUN: %clang %t.plain.o -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -lpthread
// RUN: %clang %t.rw.o %gpa_runtime_libs -o %t.rw -L%cuda_path/lib64 -lcudart_static -ldl -lrt -lpthread
// RUN: %t.plain > %t.plain.out; echo "exit=$?" >> %t.plain.out
// RUN: env GPA_LOG=1 %t.rw > %t.rw.out 2> %t.rw.log; echo "exit=$?" >> %t.rw.out
// RUN: diff %t.plain.out %t.rw.out
// RUN: FileCheck %s --check-prefix=LOG < %t.rw.log
// LOG: gpa: _Z8scaleAddifPKfPf: original grid (65536,1,1) block (256,1,1) -> grid (65536,1,1) on all SMs, objective energy, predicted saving 0.0%, slowdown 0.0%, energy saved 0.0%:
//
// GPA_DISABLE=1 also prints the same.
// RUN: env GPA_DISABLE=1 %t.rw > %t.off.out; echo "exit=$?" >> %t.off.out
// RUN: diff %t.plain.out %t.off.out
//
// -fgpu-rdc (registration happens at link time; stubs are matched by name).
// RUN: %clang -x cuda -fgpu-rdc --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -c %gpa_examples/launch-rewrite/stream.cu -o %t.rdc.o
// RUN: llvm-nm %t.rdc.o | FileCheck %s --check-prefix=NM
//
// A host-only compile has no device analysis: the launch stays, and says why.
// RUN: %clang -x cuda --cuda-host-only --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -Rpass-missed=gpu-power-advisor \
// RUN:   -c %gpa_examples/launch-rewrite/stream.cu -o %t.host.o 2> %t.host.remarks
// RUN: FileCheck %s --check-prefix=HOSTONLY < %t.host.remarks
// RUN: llvm-nm %t.host.o | FileCheck %s --check-prefix=PLAIN
// HOSTONLY: stream.cu:22:3: remark: launch of scaleAdd(int, float, float const*, float*) left unchanged: no device analysis of {{.*}}stream.cu in this compilation
//
// Device and host compiled by separate invocations share -gpa-handoff-dir.
// RUN: rm -rf %t.handoff
// RUN: %clang -x cuda --cuda-device-only --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-handoff-dir=%t.handoff -c %gpa_examples/launch-rewrite/stream.cu -o %t.dev.o
// RUN: %clang -x cuda --cuda-host-only --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -mllvm -gpa-handoff-dir=%t.handoff \
// RUN:   -c %gpa_examples/launch-rewrite/stream.cu -o %t.split.o
// RUN: llvm-nm %t.split.o | FileCheck %s --check-prefix=NM
//
// The host IR shows the rewrite: the stub and the inlined launch call the
// runtime hook with the kernel's name, its payload and the verdict.
// RUN: %clang -x cuda --cuda-host-only --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -mllvm -gpa-handoff-dir=%t.handoff \
// RUN:   -emit-llvm -S %gpa_examples/launch-rewrite/stream.cu -o %t.host.ll
// RUN: FileCheck %s --check-prefix=HOSTIR < %t.host.ll
// HOSTIR: @gpa.kernel.name = {{.*}}c"_Z8scaleAddifPKfPf\00"
// HOSTIR: call {{.*}}i32 @__gpa_launch_kernel(ptr {{.*}}@_Z23__device_stub__scaleAddifPKfPf, {{.*}}, ptr {{.*}}@gpa.kernel.name, ptr {{.*}}@gpa.kernel.profile, i32 13, i32 0)
// HOSTIR-NOT: call {{.*}}@cudaLaunchKernel(
