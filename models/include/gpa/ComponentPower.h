//===- ComponentPower.h - Seed 001: McPAT-style component power -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Lim et al., "Power Modeling for GPU Architectures Using McPAT" (seed 001),
// for the GTX580 (Fermi). Total power is the sum of components (Eq. 6), the
// EXU and constant-cache terms scaled by Eq. (9)'s factors:
//   P = P_static(active SMs, T) + P_clock+texture
//       + alpha*P_fpu,dyn + gamma*P_alu,dyn + epsilon*P_const + P_others
// - dynamic: per-access energies x accesses / time (McPAT's method, §2.1):
//   fetch/decode/issue per warp instruction; register file per 128-bit read
//   and write (Table VIII, hp 1r/1w: 5.1 / 5.4 pJ); SP = ALU + FPU, SFU = six
//   MULs (Table V/X), each lane access costing peak power / clock (Table
//   VII); LSU; L1, shared, constant, texture, L2, memory controller and DRAM
//   per byte.
// - clock network and texture unit: 10% of TDP (§4.2.4: 24.4 W on the
//   GTX580), always on.
// - static: the measured idle power (27 W), the activation power drawn once
//   any SM is active (§4.4, 65 W), and the rest of the model's leakage
//   (100 W at 340 K, §4.4) shared by the active SMs: with one SM active at
//   340 K that is 27 + 65 + 8/16 = 92.5 W, Fig. 8's 92 W (the seed does not
//   say how its always-on 24.4 W clock constant adds to that point). All of it
//   grows with temperature as 2^((T - 340 K) / 30 K) (§5.1-5.2, Fig. 13:
//   twice at 370 K, the maximum operating temperature, where the
//   temperature is held); T comes from the IPP temperature model (Thermal.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COMPONENTPOWER_H
#define GPA_COMPONENTPOWER_H

#include "gpa/KernelActivity.h"
#include "gpa/ModelEstimate.h"

#include <string>
#include <vector>

namespace gpa {

/// Backend name: "mcpat-component".
extern const char *const ComponentPowerModelName;

/// Parameter names a GPU file's "component_power" section may carry.
const std::vector<std::string> &componentPowerParameterNames();

/// Leakage growth with temperature relative to the baseline (§5.2, Fig. 13):
/// 2^((TempK - BaselineK) / DoublingK).
double leakageTemperatureFactor(double TempK, double BaselineK,
                                double DoublingK);

/// The model for the launch on NumSms SMs (the GPU model's SM count). Params
/// may be null (the GPU file has no component_power section).
ModelEstimate estimateComponentPower(const KernelActivity &A, unsigned NumSms,
                                     unsigned WarpSize,
                                     const PowerParameters *Params);

} // namespace gpa

#endif
