//===- IppPowerBackend.cpp - IPP as a power backend -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/IppPowerBackend.h"

#include "gpa/InternedText.h"
#include "gpa/JsonReader.h"
#include "gpa/Power.h"

#include <cmath>
#include <optional>

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

/// The estimate from IPP's power P (In.Ipp, or computed when the caller has
/// none).
static void fillEstimate(const Power &P, const GpuModel &Gpu,
                         std::string_view Citation, PowerEstimate &Out) {
  Out.Backend = "ipp";
  // The same text for every evaluation on one model: built once per model.
  thread_local std::string ProvenanceOf;
  thread_local std::string_view Provenance;
  thread_local bool CalibratedOf = false;
  if (Provenance.empty() || ProvenanceOf != Gpu.Name ||
      CalibratedOf != Gpu.Calibrated) {
    Provenance =
        internText(std::string(Citation) + "; parameters: GPU model '" +
                   Gpu.Name + "' power section" +
                   (Gpu.Calibrated ? "" : " (uncalibrated estimates)"));
    ProvenanceOf = Gpu.Name;
    CalibratedOf = Gpu.Calibrated;
  }
  Out.Provenance = Provenance;
  Out.StaticPowerW = P.IdlePowerW;
  // IPP §6.4.2's power gating takes the idle power with the SMs.
  Out.SmStaticPowerW = P.IdlePowerW;
  Out.ConstantPowerW = P.ComponentW[ConstSmComponent];
  // The reported components and their keys are the same for every
  // estimate: listed once, in component order, and classified once.
  static const std::vector<std::size_t> Reported = [] {
    std::vector<std::size_t> R;
    for (std::size_t C = 0; C < ConstSmComponent; ++C)
      if (powerComponentReported(C))
        R.push_back(C);
    return R;
  }();
  static const std::vector<ComponentPowerW> Listed = [] {
    std::vector<ComponentPowerW> L;
    for (std::size_t C : Reported)
      L.emplace_back(powerComponentKey(C), 0.0);
    return L;
  }();
  writeListedComponents(
      Listed, [&](std::size_t I) { return P.ComponentW[Reported[I]]; }, Out);
  Out.TotalPowerW = P.TotalPowerW;
  Out.CoreMhz = Gpu.ClockGhz * 1000;
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
  if (In.Ipp)
    fillEstimate(*In.Ipp, Gpu, citation(), Out);
  else
    fillEstimate(computePower(In.Profile, Gpu, In.Time), Gpu, citation(), Out);
  return true;
}

} // namespace gpa
