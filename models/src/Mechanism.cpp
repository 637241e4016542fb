//===- Mechanism.cpp - How a launch is moved onto fewer SMs ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Mechanism.h"

#include "gpa/Timing.h"

#include <algorithm>

namespace gpa {

const char *mechanismName(Mechanism M) {
  switch (M) {
  case Mechanism::Sm:
    return "sm";
  case Mechanism::Grid:
    return "grid";
  case Mechanism::Paper:
    return "paper";
  }
  return "sm";
}

std::optional<Mechanism> parseMechanism(const std::string &Name) {
  for (Mechanism M : {Mechanism::Sm, Mechanism::Grid, Mechanism::Paper})
    if (Name == mechanismName(M))
      return M;
  return std::nullopt;
}

SmPartitionRule smPartitionRule(const GpuModel &Gpu) {
  unsigned Major = Gpu.SmVersion / 10;
  if (Major >= 9)
    return {8, 8};
  if (Major == 8)
    return {4, 2};
  if (Major == 7)
    return {2, 2};
  return {1, 1};
}

static unsigned usefulSms(const GpuModel &Gpu, std::uint64_t Blocks) {
  return static_cast<unsigned>(
      std::min<std::uint64_t>(Gpu.NumSms, std::max<std::uint64_t>(Blocks, 1)));
}

/// Blocks placed by the hardware scheduler over Sms SMs: as many resident
/// per SM as fit, the busiest SM's waves.
static LaunchShape placed(const Occupancy &Occ, std::uint64_t Blocks,
                          unsigned Sms, double WorkScale) {
  LaunchShape S;
  S.ActiveSms = std::max(Sms, 1u);
  S.Blocks = std::max<std::uint64_t>(Blocks, 1);
  std::uint64_t PerSm = (S.Blocks + S.ActiveSms - 1) / S.ActiveSms;
  S.ActiveBlocksPerSm = static_cast<double>(
      std::min<std::uint64_t>(std::max(Occ.MaxActiveBlocksPerSm, 1u), PerSm));
  S.Rep = wavesOnBusiestSm(S.Blocks, S.ActiveSms, S.ActiveBlocksPerSm);
  S.WorkScale = WorkScale;
  return S;
}

static LaunchShape paperShape(std::uint64_t Blocks, unsigned Sms) {
  LaunchShape S;
  S.ActiveSms = std::max(Sms, 1u);
  S.Blocks = S.ActiveSms;
  S.WorkScale =
      static_cast<double>(std::max<std::uint64_t>(Blocks, 1)) / S.ActiveSms;
  return S; // one resident block per SM, one wave
}

LaunchShape onSms(const GpuModel &Gpu, const Occupancy &Occ,
                  std::uint64_t Blocks, unsigned Sms) {
  unsigned All = usefulSms(Gpu, Blocks);
  return placed(Occ, Blocks, std::clamp(Sms, 1u, All), 1);
}

LaunchShape launchAsWritten(Mechanism M, const GpuModel &Gpu,
                            const Occupancy &Occ, std::uint64_t Blocks) {
  unsigned All = usefulSms(Gpu, Blocks);
  return M == Mechanism::Paper ? paperShape(Blocks, All)
                               : placed(Occ, Blocks, All, 1);
}

std::vector<LaunchShape> mechanismShapes(Mechanism M, const GpuModel &Gpu,
                                         const Occupancy &Occ,
                                         std::uint64_t Blocks) {
  Blocks = std::max<std::uint64_t>(Blocks, 1);
  unsigned All = usefulSms(Gpu, Blocks);
  std::vector<LaunchShape> Out;
  switch (M) {
  case Mechanism::Sm: {
    SmPartitionRule Rule = smPartitionRule(Gpu);
    for (unsigned S = Rule.MinSms; S < All; S += Rule.Granularity)
      Out.push_back(placed(Occ, Blocks, S, 1));
    Out.push_back(placed(Occ, Blocks, All, 1));
    break;
  }
  case Mechanism::Grid: {
    // G <= SMs: one block on each of G SMs; then whole multiples of the SMs
    // up to full residency; then the grid as written.
    auto Add = [&](std::uint64_t G) {
      Out.push_back(
          placed(Occ, G, usefulSms(Gpu, G), static_cast<double>(Blocks) / G));
    };
    for (std::uint64_t G = 1; G < Blocks && G <= Gpu.NumSms; ++G)
      Add(G);
    for (std::uint64_t K = 2;
         K <= Occ.MaxActiveBlocksPerSm && K * Gpu.NumSms < Blocks; ++K)
      Add(K * Gpu.NumSms);
    Add(Blocks);
    break;
  }
  case Mechanism::Paper:
    for (unsigned S = 1; S <= All; ++S)
      Out.push_back(paperShape(Blocks, S));
    break;
  }
  return Out;
}

} // namespace gpa
