//===- CounterProfiler.cpp - Measured utilisations from counters ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/CounterProfiler.h"

#include "gpa/CuptiMetrics.h"

#include <algorithm>

namespace gpa {

DvfsUtilisation measuredUtilisation(const KernelCounters &K,
                                    const DvfsPowerParams &Hw, unsigned NumSms,
                                    double CoreMhz, double PeakDramGbps) {
  DvfsUtilisation U{};
  // Eq. (7), summed over the SMs: sum AWarps x WarpSize / (sum ACycles x
  // UnitsPerSM).
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    if (Hw.LanesPerSm[C] > 0 && K.SmActiveCycles > 0)
      U[C] = K.ThreadInstructions[C] / (K.SmActiveCycles * Hw.LanesPerSm[C]);
  // Eq. (8): achieved / peak bandwidth of each level.
  auto Rate = [&](double Bytes, double PeakGbps) {
    return PeakGbps > 0 && K.ElapsedS > 0
               ? Bytes / K.ElapsedS / (PeakGbps * 1e9)
               : 0;
  };
  double CoreRatio = Hw.Core.RefMhz > 0 ? CoreMhz / Hw.Core.RefMhz : 1;
  U[static_cast<std::size_t>(DvfsComponent::L2)] =
      Rate(K.L2Bytes, Hw.L2PeakGbps * CoreRatio);
  U[static_cast<std::size_t>(DvfsComponent::Shared)] = Rate(
      K.SharedBytes, Hw.SharedBytesPerSmPerCycle * NumSms * CoreMhz * 1e-3);
  U[static_cast<std::size_t>(DvfsComponent::Dram)] =
      Rate(K.DramBytes, PeakDramGbps);
  for (double &X : U)
    X = std::clamp(X, 0.0, 1.5);
  return U;
}

std::unique_ptr<CounterProfiler> openCuptiProfiler(unsigned Device,
                                                   std::string &Error) {
  auto Source = openCuptiRangeSource(Device, cuptiUtilisationMetrics(), Error);
  return Source ? metricCounterProfiler(std::move(Source)) : nullptr;
}

} // namespace gpa
