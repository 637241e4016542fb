//===- InstructionEnergy.h - Seed 003: per-instruction energy ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Xie et al., "An Accurate Power Model for GPU Processors" (seed 003), Eq.
// (5)-(7):
//   E_app = P_idle x Time_exe + sum_j E_instr(j) x warp instructions(j)
//                             + sum_i E_byte(i) x bytes(i)
// with nJ per warp instruction from Table I and nJ per byte from Table II
// (Tesla C2050). The model is linear in every unknown (P_idle, each E_instr,
// each E_byte), so a calibration can fit it by least squares over
// instructionEnergyTerms().
//
// The product counts PTX-level units, not SASS: PTX -> SASS is not one to one
// (an fma may stay FFMA, a sin becomes RRO + MUFU, an integer mad may become
// IMAD or ISCADD). nativeMix() states which Table I rows each unit is priced
// as, with equal weights over the common forms; docs/models.md lists it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_INSTRUCTIONENERGY_H
#define GPA_INSTRUCTIONENERGY_H

#include "gpa/KernelActivity.h"
#include "gpa/ModelEstimate.h"

#include <string>
#include <utility>
#include <vector>

namespace gpa {

/// Backend name: "instruction-energy".
extern const char *const InstructionEnergyModelName;

/// Parameter names a GPU file's "instruction_energy" section may carry.
const std::vector<std::string> &instructionEnergyParameterNames();

/// One Table I row (a parameter name) and its share of a product unit.
struct NativeShare {
  const char *Param;
  double Weight;
};

/// The Table I rows a warp instruction of unit U is priced as. Empty for
/// memory units (priced per byte, as the seed's load benchmarks measure),
/// for "other" (branches: no Table I row, 0 nJ, noted) and for units with no
/// Fermi native instruction (tensor, shuffle, async copies) or no Table I row
/// (atomics): those make the estimate unavailable when they occur.
const std::vector<NativeShare> &nativeMix(Unit U);

/// The nJ per byte parameter for a memory level.
const char *bytesParameter(MemoryLevel L);

/// E_app (J) = sum over (parameter, coefficient) of coefficient x value:
/// P_idle's coefficient is the time, an instruction energy's is warp
/// instructions x share x 1e-9, a byte energy's is bytes x 1e-9. Units with
/// no price are left out (see nativeMix()).
std::vector<std::pair<std::string, double>>
instructionEnergyTerms(const KernelActivity &A);

/// Eq. (5)-(7) for the launch; Params may be null (the GPU file has no
/// instruction_energy section).
ModelEstimate estimateInstructionEnergy(const KernelActivity &A,
                                        const PowerParameters *Params);

} // namespace gpa

#endif
