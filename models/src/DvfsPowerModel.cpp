//===- DvfsPowerModel.cpp - Seed 002's DVFS-aware power model -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Guerreiro et al., IEEE TPDS 2019 (seed 002), Eq. (3)-(11).
//
//===----------------------------------------------------------------------===//
#include "gpa/DvfsPowerModel.h"

#include <algorithm>
#include <cmath>

namespace gpa {

std::string_view dvfsComponentKey(std::size_t C) {
  static constexpr std::array<std::string_view, NumDvfsComponents> Keys = {
      "fp32_add", "fp32_mul", "fp32_fma", "int", "fp64_add", "fp64_mul",
      "fp64_fma", "sfu",      "cf",       "l2",  "shared",   "dram"};
  return Keys[C];
}

std::optional<std::size_t> VoltageTable::indexOf(double Mhz) const {
  for (std::size_t I = 0; I < ClocksMhz.size(); ++I)
    if (std::fabs(ClocksMhz[I] - Mhz) <= 0.5)
      return I;
  return std::nullopt;
}

std::optional<double> VoltageTable::at(double Mhz) const {
  if (auto I = indexOf(Mhz))
    return Voltage[*I];
  return std::nullopt;
}

double DvfsPower::totalW() const {
  double Sum = CoreStaticW + MemStaticW + CoreConstantW + MemConstantW;
  for (double W : ComponentW)
    Sum += W;
  return Sum;
}

DvfsPower dvfsPower(const DvfsPowerParams &P, double CoreMhz, double VCore,
                    double MemMhz, double VMem, const DvfsUtilisation &U) {
  DvfsPower Out;
  // Eq. (5): P_core = a0 v + v^2 f (a1 + sum gamma_i U_i).
  double CoreV2F = VCore * VCore * CoreMhz;
  Out.CoreStaticW = P.CoreStaticW * VCore;
  Out.CoreConstantW = P.CoreConstantWPerMhz * CoreV2F;
  for (std::size_t C = 0; C < NumCoreDvfsComponents; ++C)
    Out.ComponentW[C] = P.DynamicWPerMhz[C] * CoreV2F * U[C];
  // Eq. (6): P_mem = a2 v + v^2 f (a3 + gamma_mem U_mem).
  double MemV2F = VMem * VMem * MemMhz;
  std::size_t Dram = static_cast<std::size_t>(DvfsComponent::Dram);
  Out.MemStaticW = P.MemStaticW * VMem;
  Out.MemConstantW = P.MemConstantWPerMhz * MemV2F;
  Out.ComponentW[Dram] = P.DynamicWPerMhz[Dram] * MemV2F * U[Dram];
  return Out;
}

double scaleMeasuredPower(double MeasuredAtRefW, double ModelAtRefW,
                          double ModelAtTargetW) {
  // Eq. (10): P^(f2) = P_GPU(f2) / P_GPU(f1) x P_meas(f1).
  return ModelAtRefW > 0 ? ModelAtTargetW / ModelAtRefW * MeasuredAtRefW : 0;
}

DvfsPowerParams portDvfsParams(const DvfsPowerParams &Base, double IdleBaseW,
                               double IdleTargetW, double SmRatio,
                               double MemoryRatio) {
  DvfsPowerParams Out = Base;
  // Eq. (11): a_i(target) = a_i(base) x P_idle(target) / P_idle(base).
  double Idle = IdleBaseW > 0 ? IdleTargetW / IdleBaseW : 0;
  Out.CoreStaticW *= Idle;
  Out.MemStaticW *= Idle;
  Out.CoreConstantWPerMhz *= Idle;
  Out.MemConstantWPerMhz *= Idle;
  // §4.6: each component's coefficient scales with the resource it models.
  for (std::size_t C = 0; C < NumDvfsComponents; ++C) {
    bool Memory = C == static_cast<std::size_t>(DvfsComponent::L2) ||
                  C == static_cast<std::size_t>(DvfsComponent::Dram);
    Out.DynamicWPerMhz[C] *= Memory ? MemoryRatio : SmRatio;
  }
  Out.L2PeakGbps *= MemoryRatio;
  Out.Calibrated = false;
  return Out;
}

/// Which seed-002 component each of the product's units feeds. The static
/// classification does not split FP32/FP64 into ADD/MUL/FMA, so all FP32
/// work is counted as FMA and all FP64 as FP64 FMA (assumed; calibrating on
/// the product's own measurement format absorbs the bias). FP16 and tensor
/// instructions have no seed-002 component and are counted as FP32 FMA
/// (assumed). ALU work is integer-pipe work; branches, barriers and other
/// control instructions are CF. Shuffles are not INT: CUPTI, whose counters
/// define the calibrated utilisations, counts them in their own class
/// (inst_inter_thread_communication, apart from inst_integer; the product's
/// CUPTI path reads INT as op_integer), and seed 002 has no component for
/// them, so the fit's constant term carries them (docs/dvfs.md).
static std::optional<DvfsComponent> pipeOf(Unit U) {
  switch (U) {
  case Unit::Int:
  case Unit::Alu:
    return DvfsComponent::Int;
  case Unit::Fp:
  case Unit::Fp16:
  case Unit::Tensor:
    return DvfsComponent::Fp32Fma;
  case Unit::Fp64:
    return DvfsComponent::Fp64Fma;
  case Unit::Sfu:
    return DvfsComponent::Sfu;
  case Unit::Sync:
  case Unit::Other:
    return DvfsComponent::Cf;
  default:
    return std::nullopt; // memory levels: Eq. (8)
  }
}

DvfsUtilisation dvfsUtilisation(const PowerInput &In, const GpuModel &Gpu,
                                const DvfsPowerParams &P, double CoreMhz,
                                double PeakDramGbps) {
  DvfsUtilisation U{};
  const Timing &T = In.Time;
  if (!(T.ExecCycles > 0) || !(T.ExecTimeS > 0))
    return U;
  const KernelProfile &K = In.Profile;
  // Seed 002's utilisations are the chip's (its counters sum over every SM,
  // as measuredUtilisation's do): a grid on a few SMs leaves the others'
  // lanes idle, so the warps are spread over all of them.
  double Sms = std::max(Gpu.NumSms, 1u);
  double WarpsPerSm =
      std::ceil(static_cast<double>(K.Launch.ThreadsPerBlock) / Gpu.WarpSize) *
      static_cast<double>(K.Launch.Blocks) / Sms;
  // Eq. (7): U_x = AWarps_x x WarpSize / (ACycles x UnitsPerSM_x).
  for (const UnitInfo &Info : allUnits()) {
    auto Pipe = pipeOf(Info.Id);
    if (!Pipe)
      continue;
    std::size_t C = static_cast<std::size_t>(*Pipe);
    if (P.LanesPerSm[C] > 0)
      U[C] += K.count(Info.Id) * WarpsPerSm * Gpu.WarpSize /
              (T.ExecCycles * P.LanesPerSm[C]);
  }
  // Eq. (8): U_y = achieved / peak bandwidth. Every DRAM byte also passes
  // L2; without a cache-level analysis L2 traffic is taken as the DRAM
  // traffic (a lower bound).
  auto Rate = [&](double Bytes, double PeakGbps) {
    return PeakGbps > 0 ? Bytes / T.ExecTimeS / (PeakGbps * 1e9) : 0;
  };
  double L2Bytes = In.Bytes.L2Bytes.value_or(In.Bytes.DramBytes);
  double CoreRatio = P.Core.RefMhz > 0 ? CoreMhz / P.Core.RefMhz : 1;
  U[static_cast<std::size_t>(DvfsComponent::L2)] =
      Rate(L2Bytes, P.L2PeakGbps * CoreRatio);
  double SharedPeakGbps = P.SharedBytesPerSmPerCycle * Sms * CoreMhz * 1e-3;
  U[static_cast<std::size_t>(DvfsComponent::Shared)] =
      Rate(In.Bytes.SharedBytes, SharedPeakGbps);
  U[static_cast<std::size_t>(DvfsComponent::Dram)] =
      Rate(In.Bytes.DramBytes, PeakDramGbps);
  for (double &X : U)
    X = std::clamp(X, 0.0, 1.0);
  return U;
}

} // namespace gpa
