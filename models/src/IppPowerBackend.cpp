//===- IppPowerBackend.cpp - IPP as a power backend -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/IppPowerBackend.h"

#include "gpa/JsonReader.h"
#include "gpa/Power.h"

#include <cmath>

namespace gpa {

std::string_view IppPowerBackend::citation() const {
  return "Hong & Kim, An Integrated GPU Power and Performance Model, ISCA "
         "2010, Eq. (5)-(16)";
}

std::shared_ptr<const PowerBackendParams>
IppPowerBackend::parseParams(JsonReader &R, const nlohmann::json &,
                             const std::string &Path) const {
  R.fail(Path, "no entry: the ipp backend's parameters are the \"power\" "
               "section");
  return nullptr;
}

static bool isModelClock(std::optional<double> Mhz, double ModelMhz) {
  return !Mhz || std::fabs(*Mhz - ModelMhz) <= 0.5;
}

bool IppPowerBackend::estimate(const PowerInput &In, const GpuModel &Gpu,
                               PowerEstimate &Out, std::string &Error) const {
  if (!isModelClock(In.Clocks.CoreMhz, Gpu.ClockGhz * 1000) ||
      In.Clocks.MemMhz) {
    Error =
        "power backend 'ipp' models only the GPU model's own clock (" +
        std::to_string(static_cast<long>(std::lround(Gpu.ClockGhz * 1000))) +
        " MHz core) for '" + Gpu.Name +
        "'; use a backend with a clock table (dvfs) for other clocks";
    return false;
  }
  Power P = computePower(In.Profile, Gpu, In.Time);
  Out.Backend = "ipp";
  Out.Provenance = std::string(citation()) + "; parameters: GPU model '" +
                   Gpu.Name + "' power section" +
                   (Gpu.Calibrated ? "" : " (uncalibrated estimates)");
  Out.StaticPowerW = P.IdlePowerW;
  // IPP §6.4.2's power gating takes the idle power with the SMs.
  Out.SmStaticPowerW = P.IdlePowerW;
  Out.ConstantPowerW = P.ComponentW[ConstSmComponent];
  for (std::size_t C = 0; C < ConstSmComponent; ++C) {
    if (!powerComponentReported(C))
      continue;
    Out.Components.push_back(
        {std::string(powerComponentKey(C)), P.ComponentW[C]});
    Out.DynamicPowerW += P.ComponentW[C];
  }
  Out.TotalPowerW = P.TotalPowerW;
  Out.CoreMhz = Gpu.ClockGhz * 1000;
  return true;
}

} // namespace gpa
