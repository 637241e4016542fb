; Host-side launch rewrite (-gpa-rewrite-grid). The device half
; (Inputs/launch-rewrite-device.ll, same source_filename) publishes its
; verdicts through -gpa-handoff-dir; the host half replaces the stub's
; cudaLaunchKernel with __gpa_launch_kernel for the grid-independent kernel
; only, and leaves perElement's launch alone with a remark.
; Written with `nocapture`, which opt-19 parses and opt-22 reads as
; captures(none), so the test runs with both LLVMs.
; REQUIRES: plugin
; RUN: rm -rf %t.dir
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-handoff-dir=%t.dir -disable-output %S/Inputs/launch-rewrite-device.ll
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-handoff-dir=%t.dir \
; RUN:   -pass-remarks=gpu-power-advisor -pass-remarks-missed=gpu-power-advisor -S %s -o %t.ll 2> %t.remarks
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
;
; Without the flag nothing changes.
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-handoff-dir=%t.dir -S %s -o - | FileCheck %s --check-prefix=OFF
;
; With sm mode the unproven kernel is routed too (the runtime restricts SMs).
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-rewrite-mode=sm -gpa-handoff-dir=%t.dir -S %s -o - | FileCheck %s --check-prefix=SM
;
; Without a device analysis (separate compiles, no handoff dir) nothing
; changes and the remark says why.
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-handoff-dir=%t.empty \
; RUN:   -pass-remarks-missed=gpu-power-advisor -S %s -o %t.none.ll 2> %t.none
; RUN: FileCheck %s --check-prefix=NONE < %t.none
; RUN: FileCheck %s --check-prefix=OFF < %t.none.ll
;
; A bad mode is a clean error.
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-rewrite-mode=fast -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADMODE

; The payload: the verdict and one kernel profile per device arch.
; IR: @gpa.kernel.name = {{.*}}c"_Z8stride1dPKfPfi\00"
; IR: @gpa.kernel.profile = {{.*}}c"{\0A  \22grid_independent\22: true,{{.*}}\22profiles\22: {\0A    \22sm_80\22: {{.*}}\22schema\22: \22gpa-launch-payload/1\22\0A}\0A\00"
; IR-LABEL: define void @_Z23__device_stub__stride1dPKfPfi(
; The grid verdict 13 = proven (1) | y and z must be 1 at launch (6 << 1):
; the kernel's one grid-stride loop covers x only (LaunchAbi.h).
; IR: call i32 @__gpa_launch_kernel(ptr @_Z23__device_stub__stride1dPKfPfi, i64 %gxy, i32 %gz, i64 %bxy, i32 %bz, ptr %args, i64 %shmem, ptr %stream, ptr @gpa.kernel.name, ptr @gpa.kernel.profile, i32 13, i32 0)
; IR-NOT: cudaLaunchKernel(ptr @_Z23__device_stub__stride1dPKfPfi
; IR-LABEL: define void @_Z25__device_stub__perElementPfi(
; IR: call i32 @cudaLaunchKernel(ptr @_Z25__device_stub__perElementPfi,

; REMARK: remark: stream.cu:20:3: launch of stride1d(float const*, float*, int) routed through libgpa_runtime: when the device model finds it bandwidth-bound, its grid may shrink to IPP's optimal SMs x resident blocks (grid-independent: every side effect is in a grid-stride loop
; REMARK: remark: stream.cu:21:3: launch of perElement(float*, int) left unchanged: grid not proven independent (C1 start: one thread per element (no grid-stride loop around {{.*}}): which elements are covered depends on the grid); -gpa-rewrite-mode=sm or auto restricts its SMs instead

; OFF-NOT: __gpa_launch_kernel

; SM: call i32 @__gpa_launch_kernel(ptr @_Z23__device_stub__stride1dPKfPfi, {{.*}}, i32 13, i32 1)
; SM: call i32 @__gpa_launch_kernel(ptr @_Z25__device_stub__perElementPfi, {{.*}}, i32 0, i32 1)

; NONE: remark: stream.cu:20:3: launch of stride1d(float const*, float*, int) left unchanged: no device analysis of stream.cu in this compilation

; BADMODE: error: gpu-power-advisor: -gpa-rewrite-mode must be grid, sm or auto, not 'fast'

source_filename = "stream.cu"
target triple = "x86_64-unknown-linux-gnu"

@name.stride1d = private constant [18 x i8] c"_Z8stride1dPKfPfi\00"
@name.perElement = private constant [18 x i8] c"_Z10perElementPfi\00"

define void @_Z23__device_stub__stride1dPKfPfi(ptr %x, ptr %y, i32 %n) {
  %gxy = load i64, ptr @cfg.grid
  %gz = load i32, ptr @cfg.gridz
  %bxy = load i64, ptr @cfg.block
  %bz = load i32, ptr @cfg.blockz
  %args = alloca [3 x ptr]
  %shmem = load i64, ptr @cfg.shmem
  %stream = load ptr, ptr @cfg.stream
  %r = call i32 @cudaLaunchKernel(ptr @_Z23__device_stub__stride1dPKfPfi, i64 %gxy, i32 %gz, i64 %bxy, i32 %bz, ptr %args, i64 %shmem, ptr %stream)
  ret void
}

define void @_Z25__device_stub__perElementPfi(ptr %y, i32 %n) {
  %gxy = load i64, ptr @cfg.grid
  %gz = load i32, ptr @cfg.gridz
  %bxy = load i64, ptr @cfg.block
  %bz = load i32, ptr @cfg.blockz
  %args = alloca [2 x ptr]
  %shmem = load i64, ptr @cfg.shmem
  %stream = load ptr, ptr @cfg.stream
  %r = call i32 @cudaLaunchKernel(ptr @_Z25__device_stub__perElementPfi, i64 %gxy, i32 %gz, i64 %bxy, i32 %bz, ptr %args, i64 %shmem, ptr %stream)
  ret void
}

define void @host(ptr %x, ptr %y, i32 %n) !dbg !5 {
  call void @_Z23__device_stub__stride1dPKfPfi(ptr %x, ptr %y, i32 %n), !dbg !8
  call void @_Z25__device_stub__perElementPfi(ptr %y, i32 %n), !dbg !9
  ret void
}

define internal void @__cuda_register_globals(ptr %handle) {
  %1 = call i32 @__cudaRegisterFunction(ptr %handle, ptr @_Z23__device_stub__stride1dPKfPfi, ptr @name.stride1d, ptr @name.stride1d, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %2 = call i32 @__cudaRegisterFunction(ptr %handle, ptr @_Z25__device_stub__perElementPfi, ptr @name.perElement, ptr @name.perElement, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

@cfg.grid = external global i64
@cfg.gridz = external global i32
@cfg.block = external global i64
@cfg.blockz = external global i32
@cfg.shmem = external global i64
@cfg.stream = external global ptr

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "stream.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "host", scope: !1, file: !1, line: 18, type: !6, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 20, column: 3, scope: !5)
!9 = !DILocation(line: 21, column: 3, scope: !5)
