//===- Efficiency.cpp - GIPS, GIPS/W and energy ---------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Efficiency.h"

#include <cmath>

namespace gpa {

Efficiency computeEfficiency(const KernelProfile &P, const GpuModel &Gpu,
                             double ExecTimeS, double TotalPowerW,
                             double RuntimePowerW) {
  Efficiency E;
  double WarpsPerBlock =
      std::ceil(static_cast<double>(P.Launch.ThreadsPerBlock) / Gpu.WarpSize);
  E.WarpInstructions = P.totalInstructions() * WarpsPerBlock *
                       static_cast<double>(P.Launch.Blocks);
  if (ExecTimeS > 0) {
    E.Gips = E.WarpInstructions / ExecTimeS * 1e-9;
    E.ThreadGips = E.Gips * Gpu.WarpSize;
  }
  if (TotalPowerW > 0)
    E.GipsPerW = E.Gips / TotalPowerW; // Eq. (28)
  E.EnergyJ = TotalPowerW * ExecTimeS;
  E.RuntimeEnergyJ = RuntimePowerW * ExecTimeS;
  return E;
}

} // namespace gpa
