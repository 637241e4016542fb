; A corrupt device handoff never gets a launch routed (issue 16 §4): the
; host validates each kernel's payload (what libgpa_runtime will parse)
; before rewriting, and otherwise leaves the launch as written with a remark
; saying why. Before the fix the launch was routed with "<discarded>"
; embedded as its profile.
; Written with `nocapture`, which opt-19 parses and opt-22 reads as
; captures(none), so the test runs with both LLVMs.
; REQUIRES: plugin
; RUN: rm -rf %t.dir && mkdir -p %t.dir
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-handoff-dir=%t.dir -disable-output %S/Inputs/launch-rewrite-device.ll
;
; 0. The handoff file stores each profile as an object (schema
;    models/schema/gpa-handoff.schema.json), not JSON text in a string.
; RUN: %python %S/../cli/Inputs/validate_schema.py %gpa_models/schema/gpa-handoff.schema.json %t.dir/*.sm_80.json | FileCheck %s --check-prefix=SCHEMA
; SCHEMA: schema gpa-handoff.schema.json: 1 valid, 0 invalid
;
; 1. A profile stored as JSON text in a string (the old form) is refused.
; RUN: %python %S/Inputs/set-handoff-profiles.py %t.dir --text
; RUN: not %python %S/../cli/Inputs/validate_schema.py %gpa_models/schema/gpa-handoff.schema.json %t.dir/*.sm_80.json | FileCheck %s --check-prefix=SCHEMABAD
; SCHEMABAD: schema gpa-handoff.schema.json: 0 valid, 1 invalid
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-handoff-dir=%t.dir \
; RUN:   -pass-remarks-missed=gpu-power-advisor -S %S/host-launch-rewrite.ll -o %t.ll 2> %t.remarks
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: FileCheck %s --check-prefix=BADPROFILE < %t.remarks
; IR-NOT: __gpa_launch_kernel
; IR-NOT: discarded
; IR: call i32 @cudaLaunchKernel(ptr @_Z23__device_stub__stride1dPKfPfi,
; BADPROFILE: remark: stream.cu:20:3: launch of stride1d(float const*, float*, int) left unchanged: its device analysis handoff is invalid (the sm_80 profile of _Z8stride1dPKfPfi is not one valid kernel profile: profile: expected a kernel-profile/1 object, not JSON text in a string
;
; 2. Valid JSON that is no kernel profile.
; RUN: rm -rf %t.dir && mkdir -p %t.dir
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-handoff-dir=%t.dir -disable-output %S/Inputs/launch-rewrite-device.ll
; RUN: %python %S/Inputs/set-handoff-profiles.py %t.dir '{"name": "k"}'
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-handoff-dir=%t.dir \
; RUN:   -pass-remarks-missed=gpu-power-advisor -S %S/host-launch-rewrite.ll -o %t.2.ll 2> %t.2.remarks
; RUN: FileCheck %s --check-prefix=IR < %t.2.ll
; RUN: FileCheck %s --check-prefix=NOTPROFILE < %t.2.remarks
; NOTPROFILE: remark: stream.cu:20:3: launch of stride1d(float const*, float*, int) left unchanged: its device analysis handoff is invalid (the sm_80 profile of _Z8stride1dPKfPfi is not one valid kernel profile
;
; 3. A truncated file: no analysis, and the remark names the file.
; RUN: truncate -s 100 %t.dir/*.sm_80.json
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -gpa-handoff-dir=%t.dir \
; RUN:   -pass-remarks-missed=gpu-power-advisor -S %S/host-launch-rewrite.ll -o %t.3.ll 2> %t.3.remarks
; RUN: FileCheck %s --check-prefix=IR < %t.3.ll
; RUN: FileCheck %s --check-prefix=TRUNCATED < %t.3.remarks
; TRUNCATED: remark: stream.cu:20:3: launch of stride1d(float const*, float*, int) left unchanged: no device analysis of stream.cu in this compilation {{.*}}; ignored invalid handoff file stream.cu.{{[0-9a-f]+}}.sm_80.json: {{.*}}invalid JSON
