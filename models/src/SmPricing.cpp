//===- SmPricing.cpp - Seed 004 footprints priced by a power backend ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/SmPricing.h"

#include "gpa/DvfsPowerBackend.h"
#include "gpa/Power.h"

#include <algorithm>

namespace gpa {

bool isUncoreTerm(std::string_view N) {
  // By length first (ComponentPowerW asks it of each component it makes).
  switch (N.size()) {
  case 2:
    return N == "l2";
  case 4:
    return N == "dram";
  case 9:
    return N == "local_mem";
  case 10:
    return N == "global_mem";
  case 17:
    return N == "memory_controller";
  default:
    return false;
  }
}

SmStaticModel smStaticModel(const GpuModel &Gpu, const PowerEstimate &Est,
                            bool WithProvenance) {
  SmStaticModel M;
  const PowerParameters *Fp = Gpu.SmFootprint ? &*Gpu.SmFootprint : nullptr;
  static const std::string StaticKey = "static_power_per_sm_w",
                           GatingKey = "power_gating";
  auto Find = [&](const std::string &Name) -> const PowerParameter * {
    if (!Fp)
      return nullptr;
    auto It = Fp->find(Name);
    return It == Fp->end() ? nullptr : &It->second;
  };
  if (const PowerParameter *S = Find(StaticKey)) {
    M.StaticPowerPerSmW = S->Value;
    if (WithProvenance)
      M.Provenance.push_back({"sm_footprint.static_power_per_sm_w", *S});
  } else {
    // IPP §6.4.2's per-SM share: the SMs' static power over the SMs.
    unsigned Sms = std::max(Gpu.NumSms, 1u);
    M.StaticPowerPerSmW = Est.SmStaticPowerW / Sms;
    if (WithProvenance)
      M.Provenance.push_back(
          {"static_power_per_sm_w",
           {M.StaticPowerPerSmW, "derived",
            std::string(Est.Backend) + " SM static power / " +
                std::to_string(Sms) +
                " SMs (no sm_footprint.static_power_per_sm_w in the GPU "
                "model)"}});
  }
  if (const PowerParameter *G = Find(GatingKey)) {
    M.PowerGating = G->Value != 0;
    if (WithProvenance)
      M.Provenance.push_back({"sm_footprint.power_gating", *G});
  } else if (WithProvenance) {
    M.Provenance.push_back(
        {"power_gating",
         {0, "assumed",
          "the GPU model does not say its SMs are power-gated "
          "(sm_footprint.power_gating): idle SMs draw static power"}});
  }
  return M;
}

SmFootprintConstants smFootprintConstants(const GpuModel &Gpu) {
  SmFootprintConstants K;
  SmStaticModel M = smStaticModel(Gpu, PowerEstimate(), false);
  K.HasStaticPowerPerSm =
      Gpu.SmFootprint && Gpu.SmFootprint->count("static_power_per_sm_w");
  K.StaticPowerPerSmW = M.StaticPowerPerSmW;
  K.PowerGating = M.PowerGating;
  K.IdleSmsPowered = idleSmsPowered(Gpu);
  return K;
}

SmStaticModel smStaticModel(const GpuModel &Gpu, const SmFootprintConstants &K,
                            const PowerEstimate &Est) {
  SmStaticModel M;
  // As smStaticModel above: the file's value, else IPP §6.4.2's share.
  M.StaticPowerPerSmW = K.HasStaticPowerPerSm
                            ? K.StaticPowerPerSmW
                            : Est.SmStaticPowerW / std::max(Gpu.NumSms, 1u);
  M.PowerGating = K.PowerGating;
  return M;
}

SmEnergy priceSmFootprints(const GpuModel &Gpu, unsigned ActiveSms,
                           std::uint64_t Blocks, double ResidentBlocksPerSm,
                           double Rep, double ExecTimeS,
                           const PowerEstimate &Est, const SmStaticModel &M) {
  SmEnergy E;
  double CoreDynW = 0;
  for (const ComponentPowerW &C : Est.Components)
    if (!C.Uncore)
      CoreDynW += C.PowerW;
  E.Power.CoreDynamicEnergyJ = CoreDynW * ExecTimeS;
  E.Power.StaticPowerPerSmW = M.StaticPowerPerSmW;
  E.Power.PowerGating = M.PowerGating;
  FootprintLaunch L;
  L.NumSms = std::max(ActiveSms, 1u);
  L.GpuSms = std::max(Gpu.NumSms, L.NumSms);
  L.ResidentBlocksPerSm = ResidentBlocksPerSm;
  L.Blocks = Blocks;
  L.WaveTimeS = Rep > 0 ? ExecTimeS / Rep : ExecTimeS;
  E.Sms = computeFootprints(L, E.Power);
  // Everything the SMs do not draw: constant power, memory-side dynamic
  // power and static power outside the SMs.
  E.UncoreW =
      std::max(0.0, Est.TotalPowerW - CoreDynW -
                        M.StaticPowerPerSmW * static_cast<double>(L.GpuSms));
  // The kernel lasts HK09's time; the footprints' max CF(c) equals it for
  // the scheduler's placement (Rep = busiest SM's blocks / resident slots).
  E.UncoreJ = E.UncoreW * ExecTimeS;
  E.EnergyJ = E.Sms.DynamicJ + E.Sms.StaticJ + E.UncoreJ;
  return E;
}

DvfsFrontier smClockFrontier(const GpuModel &Gpu, std::string_view Backend,
                             const SmEnergy &E) {
  if (Backend == "dvfs") {
    std::string Error;
    const DvfsPowerParams *P = dvfsParams(Gpu, Error);
    if (P && P->Core.ClocksMhz.size() > 1) {
      SmClockTable T;
      T.RefMhz = P->Core.RefMhz;
      T.ClocksMhz = P->Core.ClocksMhz;
      T.Voltage = P->Core.Voltage;
      T.Source = "power_backends.dvfs.core_domain (seed 002 normalised "
                 "voltage per core clock; " +
                 P->Source + ")";
      DvfsFrontier F = perSmDvfsFrontier(E.Sms, E.Power, E.UncoreW, T);
      F.Provenance.push_back(
          {"power_backends.dvfs.core_domain",
           {T.RefMhz, P->Calibrated ? "calibrated" : "assumed", T.Source}});
      return F;
    }
  }
  return perSmDvfsFrontier(E.Sms, E.Power, E.UncoreW,
                           Gpu.SmFootprint ? &*Gpu.SmFootprint : nullptr);
}

} // namespace gpa
