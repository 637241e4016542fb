//===- Headline.cpp - One plain-language line per kernel -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "gpa/Headline.h"

#include <cmath>
#include <cstdio>

namespace gpa {

const char *boundName(TimingCase Case) {
  switch (Case) {
  case TimingCase::MemoryBound:
    return "memory-bound";
  case TimingCase::ComputeBound:
    return "compute-bound";
  case TimingCase::NotEnoughWarps:
    return "latency-bound (too few warps to hide memory latency)";
  case TimingCase::Empty:
    break;
  }
  return "empty";
}

static std::string printed(const char *Format, double V) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof Buffer, Format, V);
  return Buffer;
}

std::string energyText(double EnergyJ) {
  if (!std::isfinite(EnergyJ))
    return "? J";
  double Abs = std::fabs(EnergyJ);
  const char *Unit = "J";
  double V = EnergyJ;
  if (Abs >= 1000) {
    V /= 1000;
    Unit = "kJ";
  } else if (Abs > 0 && Abs < 1e-3) {
    V *= 1e6;
    Unit = "uJ";
  } else if (Abs > 0 && Abs < 1) {
    V *= 1000;
    Unit = "mJ";
  }
  // Two significant digits, but never an exponent: 296 mJ, not 3e+02 mJ.
  return printed(std::fabs(V) >= 100 ? "%.0f" : "%.2g", V) + " " + Unit;
}

std::string kernelHeadline(const KernelAnalysis &A) {
  const Advice &Adv = A.Adv;
  std::string Out = std::string(boundName(A.Requested.Time.Case)) + ": ";
  if (!Adv.Rec.Change) {
    // "launch as written is best: no configuration ..." -> "launch as
    // written is best (no configuration ...)".
    std::string Reason = Adv.Rec.Reason;
    const std::string Prefix = "launch as written is best: ";
    if (Reason.rfind(Prefix, 0) == 0)
      Reason =
          "launch as written is best (" + Reason.substr(Prefix.size()) + ")";
    return Out + Reason;
  }
  std::string Where = std::to_string(Adv.RecommendedActiveSms) + " of " +
                      std::to_string(A.MaxUsefulSms) + " SMs";
  if (Adv.RecommendedBlocks != A.Profile.Launch.Blocks)
    Where = "a grid of " + std::to_string(Adv.RecommendedBlocks) + " blocks (" +
            Where + ")";
  double Slowdown = Adv.Rec.SlowdownPct;
  if (std::fabs(Slowdown) < 0.5)
    Out += "runs as fast on " + Where;
  else if (Slowdown > 0)
    Out += "runs " + printed("%.1f", Slowdown) + "% slower on " + Where;
  else
    Out += "runs " + printed("%.1f", -Slowdown) + "% faster on " + Where;
  // The decision's saving against the launch as written, and that
  // launch's energy: the same two numbers the remarks and reports give.
  double SavedPct = Adv.Savings.RuntimeIdlePct;
  double SavedPer1000J = SavedPct / 100 * A.Requested.Eff.EnergyJ * 1000;
  return Out + "; saves " + printed("%.1f", SavedPct) + "% energy (about " +
         energyText(SavedPer1000J) + " per 1000 launches)";
}

} // namespace gpa
