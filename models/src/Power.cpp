//===- Power.cpp - IPP power model ----------------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Power.h"

#include <algorithm>
#include <cmath>

namespace gpa {

std::string_view powerComponentKey(std::size_t C) {
  if (C < NumUnits)
    return allUnits()[C].Key;
  switch (C) {
  case RegisterFileComponent:
    return "register_file";
  case FdsComponent:
    return "fds";
  default:
    return "const_sm";
  }
}

bool powerComponentReported(std::size_t C) {
  return C >= NumUnits || allUnits()[C].HasPower;
}

double piecewiseLinearRate(double AccessRate) {
  if (!(AccessRate > 0))
    return 0;
  return piecewiseLinearOfLog(std::log(AccessRate));
}

double activeSmScale(const GpuModel &Gpu, double ActiveSms) {
  double Alpha = (10 - Gpu.ActiveSmBeta) / Gpu.NumSms; // Eq. (14)
  return std::log10(Alpha * ActiveSms + Gpu.ActiveSmBeta);
}

bool idleSmsPowered(const GpuModel &Gpu) {
  if (!Gpu.SmFootprint)
    return false;
  static const std::string Key = "power_gating";
  auto It = Gpu.SmFootprint->find(Key);
  return It != Gpu.SmFootprint->end() && It->second.Value == 0 &&
         It->second.Kind != "assumed";
}

static const UnitPower &componentPower(const GpuModel &Gpu, std::size_t C) {
  if (C < NumUnits)
    return Gpu.Power[C];
  return C == RegisterFileComponent ? Gpu.RegisterFile : Gpu.Fds;
}

PowerProfileConstants powerProfileConstants(const KernelProfile &P,
                                            const GpuModel &Gpu) {
  PowerProfileConstants K;
  PerComponent Accesses{};
  for (std::size_t U = 0; U < NumUnits; ++U)
    Accesses[U] = P.PerThread[U];
  Accesses[RegisterFileComponent] = P.registerFileAccesses();
  Accesses[FdsComponent] = P.totalInstructions();
  for (std::size_t C = 0; C < ConstSmComponent; ++C) {
    const UnitPower &UP = componentPower(Gpu, C);
    K.AccessCycles[C] = Accesses[C] * UP.PeakCyclesPerAccess;
    K.MaxPowerW[C] = UP.MaxPowerW;
    K.PiecewiseLinear[C] = UP.PiecewiseLinear;
    if (UP.PiecewiseLinear && K.AccessCycles[C] > 0) {
      K.LnAccessCycles[C] = std::log(K.AccessCycles[C]);
      K.AnyPiecewiseLinear = true;
    }
    if (K.AccessCycles[C] != 0)
      K.Accessed[K.NumAccessed++] = static_cast<std::uint8_t>(C);
  }
  K.WarpsPerBlock =
      std::ceil(static_cast<double>(P.Launch.ThreadsPerBlock) / Gpu.WarpSize);
  return K;
}

/// Eq. (7)-(16) with every access rate multiplied by RateScale (1: IPP as
/// written) and the active-SM factor ActiveSmScale.
static void fillPower(const GpuModel &Gpu, const Timing &T,
                      const PowerProfileConstants &K, double RateScale,
                      double ActiveSmScale, Power &Out) {
  // Eq. (27): DAC_per_th x Warps_per_SM / (Predicted_Exec_Cycles / 4), with
  // 4 generalised to the unit's cycles per access at peak rate.
  double PerAccessCycle =
      T.ExecCycles > 0 ? Out.WarpsPerSm * RateScale / T.ExecCycles : 0;
  // Levelled timing: only the DRAM share of global accesses reaches DRAM
  // (docs/models.md "Memory levels"); HK09 sends all of them.
  const std::size_t Global = index(Unit::GlobalMem);
  double GlobalShare = T.Levelled ? T.Levels.Dram : 1;
  // IPP §3.4 from ln(rate): one logarithm per configuration (and one for a
  // levelled DRAM share); a rate clamped to 1 has ln >= 0, which the
  // conversion clamps to 1 as well.
  double LnScale =
      K.AnyPiecewiseLinear && PerAccessCycle > 0 ? std::log(PerAccessCycle) : 0;
  double LnGlobalShare =
      K.PiecewiseLinear[Global] && GlobalShare > 0 && GlobalShare != 1
          ? std::log(GlobalShare)
          : 0;

  // Each component's share of Runtime_power: SM components scale by
  // Num_SMs (Eq. 15), all by the active-SM factor (Eq. 16).
  auto Share = [&](std::size_t C, double RpW) {
    double PerChip = isOffChipComponent(C) ? RpW : Gpu.NumSms * RpW;
    return PerChip * ActiveSmScale;
  };
  // A component without accesses has rate 0 and no runtime power: its
  // share is Share(C, 0), 0 x ActiveSmScale on and off the chip.
  Out.AccessRate.fill(0);
  Out.EffectiveRate.fill(0);
  Out.ComponentW.fill(0.0 * ActiveSmScale);
  double OnChipW = 0, MemoryW = 0;
  for (std::size_t I = 0; I < K.NumAccessed; ++I) {
    std::size_t C = K.Accessed[I];
    double Rate = K.AccessCycles[C] * PerAccessCycle;
    double Ln = K.LnAccessCycles[C] + LnScale;
    if (C == Global) {
      Rate *= GlobalShare;
      Ln += LnGlobalShare;
    }
    double AccessRate = std::clamp(Rate, 0.0, 1.0);
    Out.AccessRate[C] = AccessRate;
    double Effective = AccessRate;
    if (K.PiecewiseLinear[C])
      Effective = AccessRate > 0 ? piecewiseLinearOfLog(Ln) : 0;
    Out.EffectiveRate[C] = Effective;
    double RpW = K.MaxPowerW[C] * Effective; // Eq. (9)
    if (isOffChipComponent(C))
      MemoryW += RpW; // Eq. (13)
    else
      OnChipW += RpW;
    Out.ComponentW[C] = Share(C, RpW);
  }
  Out.MemoryW = MemoryW;
  // RP_Const_SM has no access rate (Eq. 7), but only an SM that runs
  // something draws it.
  bool Runs = T.ExecCycles > 0;
  double ConstSmW = Runs ? Gpu.ConstSmPowerW : 0;
  Out.AccessRate[ConstSmComponent] = Out.EffectiveRate[ConstSmComponent] = 0;
  Out.ComponentW[ConstSmComponent] = Share(ConstSmComponent, ConstSmW);
  Out.SmComponentsW = OnChipW + ConstSmW;      // Eq. (7)
  Out.MaxSmW = Gpu.NumSms * Out.SmComponentsW; // Eq. (15)
  Out.ActiveSmScale = ActiveSmScale;
  Out.RuntimePowerW = (Out.MaxSmW + Out.MemoryW) * Out.ActiveSmScale; // (16)
}

Power computePower(const KernelProfile &P, const GpuModel &Gpu,
                   const Timing &T) {
  return computePower(P, Gpu, T, idleSmsPowered(Gpu));
}

Power computePower(const KernelProfile &P, const GpuModel &Gpu, const Timing &T,
                   bool IdleSmsPowered) {
  Power Out;
  computePower(P, Gpu, T, IdleSmsPowered, powerProfileConstants(P, Gpu), Out);
  return Out;
}

void computePower(const KernelProfile &P, const GpuModel &Gpu, const Timing &T,
                  bool IdleSmsPowered, const PowerProfileConstants &K,
                  Power &Out) {
  // Eq. (12): all warps one SM runs over the kernel.
  Out.WarpsPerSm = K.WarpsPerBlock * static_cast<double>(P.Launch.Blocks) /
                   std::max(T.ActiveSms, 1u);
  fillPower(Gpu, T, K, 1, activeSmScale(Gpu, T.ActiveSms), Out);
  Out.IppRuntimePowerW = Out.RuntimePowerW;
  Out.IdleSmsPowered = IdleSmsPowered;
  if (Out.IdleSmsPowered) {
    // Unused SMs still draw Const_SM, so every one of the Num_SMs counts it,
    // and the log-shaped active-SM factor (what gating saves) is 1. The work
    // is the same on fewer SMs: its rates are the chip's, the busy SMs' rate
    // spread over all Num_SMs. IPP fitted the rate-to-power conversion with
    // all SMs busy; applied per busy SM it would price the same accesses
    // lower on fewer SMs (docs/models.md "Idle SMs that are not
    // power-gated").
    double Spread = static_cast<double>(std::max(T.ActiveSms, 1u)) /
                    std::max(Gpu.NumSms, 1u);
    fillPower(Gpu, T, K, Spread, 1, Out);
  }
  Out.IdlePowerW = Gpu.IdlePowerW;
  Out.TotalPowerW = Out.RuntimePowerW + Out.IdlePowerW; // Eq. (5)
}

} // namespace gpa
