//===- IdlePower.cpp - Idle power of the default power model --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/IdlePower.h"

#include "gpa/DvfsPowerBackend.h"
#include "gpa/DvfsPowerModel.h"
#include "gpa/SeedPowerBackends.h"

namespace gpa {

IdlePower defaultModelIdlePower(const GpuModel &Gpu) {
  IdlePower Out;
  Out.Model = Gpu.PowerBackendName;
  if (Gpu.PowerBackendName == "dvfs") {
    std::string Ignored;
    if (const DvfsPowerParams *P = dvfsParams(Gpu, Ignored)) {
      auto VCore = P->Core.at(P->Core.RefMhz);
      auto VMem = P->Mem.at(P->Mem.RefMhz);
      if (VCore && VMem) {
        // Seed 002 Eq. (5)-(6) with every utilisation zero: a0 v + a1 v^2 f
        // (core) + a2 v + a3 v^2 f (memory) at the reference clocks.
        Out.PowerW = dvfsPower(*P, P->Core.RefMhz, *VCore, P->Mem.RefMhz, *VMem,
                               DvfsUtilisation{})
                         .totalW();
        Out.Source = std::string("dvfs Eq. (5)-(6) at zero utilisation, ") +
                     (P->Calibrated ? "calibrated" : "estimated");
        return Out;
      }
    }
  }
  // The seed backends (instruction-energy, mcpat-component) carry their own
  // idle power (seed 003 Eq. 6; seed 001's idle term at 340 K).
  if (const PowerParameters *P = sourcedParams(Gpu, Gpu.PowerBackendName)) {
    auto It = P->find("idle_power_w");
    if (It != P->end()) {
      Out.PowerW = It->second.Value;
      Out.Source = "power_backends." + Gpu.PowerBackendName +
                   ".idle_power_w (" + It->second.Kind + ")";
      return Out;
    }
  }
  Out.PowerW = Gpu.IdlePowerW;
  Out.Source = "power.idle_power_w";
  return Out;
}

} // namespace gpa
