//===- FlopCounts.h - FP operations as profilers count them -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Floating-point operations, FP32 and FP64, counted as Nsight Compute's
// roofline counts them: the FADD, FMUL and FFMA (DADD, DMUL, DFMA) thread
// instructions executed with their predicate on, an FMA counting 2
// (smsp__sass_thread_inst_executed_op_{fadd,fmul,ffma}_pred_on; the
// roofline's derived__..._ffma_pred_on_x2). Other FP instructions (MUFU,
// FMNMX, FSETP, FCHK, conversions) are no FLOPs. Not the fp/fp64 units:
// those count instructions issued, for timing and power.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FLOPCOUNTS_H
#define GPA_FLOPCOUNTS_H

namespace gpa {

struct FlopCounts {
  double Fp32 = 0;
  double Fp64 = 0;

  void addScaled(const FlopCounts &O, double W) {
    Fp32 += O.Fp32 * W;
    Fp64 += O.Fp64 * W;
  }
  bool operator==(const FlopCounts &O) const {
    return Fp32 == O.Fp32 && Fp64 == O.Fp64;
  }
};

} // namespace gpa

#endif // GPA_FLOPCOUNTS_H
