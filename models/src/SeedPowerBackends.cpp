//===- SeedPowerBackends.cpp - Seeds 001 and 003 as power backends --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/SeedPowerBackends.h"

#include "gpa/ComponentPower.h"
#include "gpa/InstructionEnergy.h"
#include "gpa/InternedText.h"
#include "gpa/KernelActivity.h"
#include "gpa/Power.h"
#include "gpa/Thermal.h"

#include <cmath>

namespace gpa {

const PowerParameters *sourcedParams(const GpuModel &Gpu,
                                     std::string_view Backend) {
  auto It = Gpu.BackendParams.find(Backend);
  if (It == Gpu.BackendParams.end())
    return nullptr;
  auto *P = dynamic_cast<const SourcedBackendParams *>(It->second.get());
  return P ? &P->Values : nullptr;
}

/// IPP Eq. (19)-(20) chip temperature for the launch, in kelvin.
static double ippTemperatureK(const PowerInput &In, const GpuModel &Gpu) {
  const KernelProfile &P = In.Profile;
  double Mem = P.count(Unit::GlobalMem) + P.count(Unit::LocalMem);
  double Intensity = memAccessIntensity(Mem, P.totalInstructions() - Mem);
  Power Ipp = computePower(P, Gpu, In.Time);
  return maxTemperatureC(Gpu, Ipp.RuntimePowerW, Intensity) + 273.15;
}

ModelEstimate estimateSeedModel(std::string_view Name, const PowerInput &In,
                                const GpuModel &Gpu) {
  const PowerParameters *Params = sourcedParams(Gpu, Name);
  KernelActivity A =
      kernelActivity(In.Profile, Gpu, In.Time.ExecTimeS, In.Time.ActiveSms,
                     ippTemperatureK(In, Gpu));
  if (Name == InstructionEnergyModelName)
    return estimateInstructionEnergy(A, Params);
  return estimateComponentPower(A, Gpu.NumSms, Gpu.WarpSize, Params);
}

static std::shared_ptr<const PowerBackendParams>
parseSourced(JsonReader &R, const nlohmann::json &Section,
             const std::string &Path, const std::vector<std::string> &Known) {
  auto Out = std::make_shared<SourcedBackendParams>();
  parsePowerParameters(R, Section, Path, Known, Out->Values);
  if (!R.ok())
    return nullptr;
  Out->Source = "per-parameter sources in the model file";
  return Out;
}

/// Converts a seed model's answer to the interface's; missing parameters and
/// unmodelled clocks fail with the list.
static bool toBackendEstimate(const ModelEstimate &M, const PowerInput &In,
                              const GpuModel &Gpu, std::string_view Citation,
                              PowerEstimate &Out, std::string &Error) {
  if ((In.Clocks.CoreMhz &&
       std::fabs(*In.Clocks.CoreMhz - Gpu.ClockGhz * 1000) > 0.5) ||
      In.Clocks.MemMhz) {
    Error = "power backend '" + M.Model +
            "' models only the GPU model's own clock for '" + Gpu.Name + "'";
    return false;
  }
  if (!M.Available) {
    Error = "GPU model '" + Gpu.Name + "' lacks parameters for power " +
            "backend '" + M.Model + "':";
    for (const std::string &Missing : M.MissingParameters)
      Error += " " + Missing + ";";
    return false;
  }
  Out.Backend = internText(M.Model);
  std::string Provenance = std::string(Citation) + "; parameters:";
  for (const ParameterUse &U : M.Provenance)
    Provenance += " " + U.Name + " (" + U.Param.Kind + ")";
  Out.Provenance = internText(Provenance);
  Out.StaticPowerW = M.StaticW;
  Out.SmStaticPowerW = M.StaticW;
  Out.ConstantPowerW = M.ConstantW;
  Out.Components.clear();
  for (const PowerTerm &T : M.Terms)
    if (T.Category == PowerCategory::Dynamic) {
      Out.Components.push_back({internText(T.Name), T.PowerW});
      Out.DynamicPowerW += T.PowerW;
    }
  Out.TotalPowerW = M.TotalPowerW;
  Out.CoreMhz = Gpu.ClockGhz * 1000;
  return true;
}

std::string_view InstructionEnergyBackend::name() const {
  return InstructionEnergyModelName;
}

std::string_view InstructionEnergyBackend::citation() const {
  return "Xie et al., An Accurate Power Model for GPU Processors (seed 003), "
         "Eq. (5)-(7), Tables I-II";
}

std::shared_ptr<const PowerBackendParams>
InstructionEnergyBackend::parseParams(JsonReader &R,
                                      const nlohmann::json &Section,
                                      const std::string &Path) const {
  return parseSourced(R, Section, Path, instructionEnergyParameterNames());
}

bool InstructionEnergyBackend::estimate(const PowerInput &In,
                                        const GpuModel &Gpu, PowerEstimate &Out,
                                        std::string &Error) const {
  return toBackendEstimate(estimateSeedModel(name(), In, Gpu), In, Gpu,
                           citation(), Out, Error);
}

std::string_view ComponentPowerBackend::name() const {
  return ComponentPowerModelName;
}

std::string_view ComponentPowerBackend::citation() const {
  return "Lim et al., Power Modeling for GPU Architectures Using McPAT (seed "
         "001), Eq. (6)-(9), Tables VII, VIII, X, §4.2.4, §4.4, §5.2";
}

std::shared_ptr<const PowerBackendParams>
ComponentPowerBackend::parseParams(JsonReader &R, const nlohmann::json &Section,
                                   const std::string &Path) const {
  return parseSourced(R, Section, Path, componentPowerParameterNames());
}

bool ComponentPowerBackend::estimate(const PowerInput &In, const GpuModel &Gpu,
                                     PowerEstimate &Out,
                                     std::string &Error) const {
  return toBackendEstimate(estimateSeedModel(name(), In, Gpu), In, Gpu,
                           citation(), Out, Error);
}

} // namespace gpa
