; Host launch rewrite of launches that are invokes (issue 16 §2) and of a
; stub reached through a function pointer (issue 16 §4). At -O2 a launch
; inside `try`, or with a live RAII local (a std::vector) in scope, is an
; invoke of cudaLaunchKernel in the caller (the stub inlined). The rewrite
; keeps it an invoke with the same normal and unwind destinations; the
; module must still verify. Before the fix the invoke became a call, its
; block lost its terminator and opt crashed.
; Written with `nocapture`, which opt-19 parses and opt-22 reads as
; captures(none), so the test runs with both LLVMs.
; REQUIRES: plugin
; RUN: rm -rf %t.dir
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-handoff-dir=%t.dir -disable-output %S/Inputs/launch-rewrite-device.ll
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-handoff-dir=%t.dir \
; RUN:   -pass-remarks=gpu-power-advisor -pass-remarks-missed=gpu-power-advisor -S %s -o %t.ll 2> %t.remarks
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; Also at -O2 after the plugin (the pipeline that crashed in clang).
; RUN: %opt %loadgpa -passes='gpu-power-advisor,default<O2>' -gpa-rewrite-grid -gpa-handoff-dir=%t.dir -S %s -o %t.o2.ll
; RUN: %opt -passes=verify -disable-output %t.o2.ll
; RUN: FileCheck %s --check-prefix=O2 < %t.o2.ll

; The stub keeps its own (rewritten) launch: the function pointer reaches it.
; IR-LABEL: define void @_Z23__device_stub__stride1dPKfPfi(
; IR: call i32 @__gpa_launch_kernel(ptr @_Z23__device_stub__stride1dPKfPfi,
; IR-LABEL: define i32 @inTry(
; IR: invoke i32 @__gpa_launch_kernel(ptr @_Z23__device_stub__stride1dPKfPfi, {{.*}}, ptr @gpa.kernel.name, ptr @gpa.kernel.profile, i32 13, i32 0)
; IR-NEXT: to label %launched unwind label %catch
; IR-NOT: cudaLaunchKernel
; IR-LABEL: define void @withVector(
; IR: %r = invoke i32 @__gpa_launch_kernel(ptr @_Z23__device_stub__stride1dPKfPfi,
; IR-NEXT: to label %cont unwind label %cleanup
; IR: cont:
; IR-NEXT: call void @use(i32 %r)

; REMARK-DAG: remark: stream.cu:31:5: launch of stride1d(float const*, float*, int) routed through libgpa_runtime
; REMARK-DAG: remark: stream.cu:41:3: launch of stride1d(float const*, float*, int) routed through libgpa_runtime
; REMARK-DAG: remark: stream.cu:12:1: launch of stride1d(float const*, float*, int) through a function pointer routed through libgpa_runtime

; O2: invoke {{.*}}i32 @__gpa_launch_kernel(
; O2-NOT: cudaLaunchKernel

source_filename = "stream.cu"
target triple = "x86_64-unknown-linux-gnu"

@name.stride1d = private constant [18 x i8] c"_Z8stride1dPKfPfi\00"
; A kernel table, as thrust/cub-style launchers take kernels by pointer.
@table = global [1 x ptr] [ptr @_Z23__device_stub__stride1dPKfPfi]

define void @_Z23__device_stub__stride1dPKfPfi(ptr %x, ptr %y, i32 %n) !dbg !10 {
  %args = alloca [3 x ptr]
  %r = call i32 @cudaLaunchKernel(ptr @_Z23__device_stub__stride1dPKfPfi, i64 1, i32 1, i64 256, i32 1, ptr %args, i64 0, ptr null), !dbg !11
  ret void
}

; try { launch } catch (...) { return 1; }  (the stub inlined)
define i32 @inTry(ptr %x, ptr %y, i32 %n) personality ptr @__gxx_personality_v0 !dbg !5 {
entry:
  %args = alloca [3 x ptr]
  %r = invoke i32 @cudaLaunchKernel(ptr @_Z23__device_stub__stride1dPKfPfi, i64 1, i32 1, i64 256, i32 1, ptr %args, i64 0, ptr null)
          to label %launched unwind label %catch, !dbg !8
launched:
  ret i32 0
catch:
  %lp = landingpad { ptr, i32 } catch ptr null
  ret i32 1
}

; std::vector<int> v(n); launch; (v's destructor runs on unwind)
define void @withVector(ptr %x, ptr %y, i32 %n) personality ptr @__gxx_personality_v0 !dbg !12 {
entry:
  %v = call ptr @_Znwm(i64 64)
  %args = alloca [3 x ptr]
  %r = invoke i32 @cudaLaunchKernel(ptr @_Z23__device_stub__stride1dPKfPfi, i64 1, i32 1, i64 256, i32 1, ptr %args, i64 0, ptr null)
          to label %cont unwind label %cleanup, !dbg !9
cont:
  call void @use(i32 %r)
  call void @_ZdlPv(ptr %v)
  ret void
cleanup:
  %lp = landingpad { ptr, i32 } cleanup
  call void @_ZdlPv(ptr %v)
  resume { ptr, i32 } %lp
}

; launcher(k, ...) { k<<<...>>>(...) } with k from the table.
define void @viaPointer(i32 %j, ptr %x, ptr %y, i32 %n) {
  %slot = getelementptr [1 x ptr], ptr @table, i32 0, i32 %j
  %k = load ptr, ptr %slot
  call void %k(ptr %x, ptr %y, i32 %n)
  ret void
}

define internal void @__cuda_register_globals(ptr %handle) {
  %1 = call i32 @__cudaRegisterFunction(ptr %handle, ptr @_Z23__device_stub__stride1dPKfPfi, ptr @name.stride1d, ptr @name.stride1d, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare i32 @__gxx_personality_v0(...)
declare ptr @_Znwm(i64)
declare void @_ZdlPv(ptr)
declare void @use(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "stream.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "inTry", scope: !1, file: !1, line: 28, type: !6, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 31, column: 5, scope: !5)
!9 = !DILocation(line: 41, column: 3, scope: !12)
!10 = distinct !DISubprogram(name: "stub", scope: !1, file: !1, line: 12, type: !6, unit: !0)
!11 = !DILocation(line: 12, column: 1, scope: !10)
!12 = distinct !DISubprogram(name: "withVector", scope: !1, file: !1, line: 38, type: !6, unit: !0)
