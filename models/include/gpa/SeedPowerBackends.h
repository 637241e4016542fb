//===- SeedPowerBackends.h - Seeds 001, 003 as power backends ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The instruction-energy (seed 003, InstructionEnergy.h) and mcpat-component
// (seed 001, ComponentPower.h) models behind the PowerBackend interface. Their
// parameters sit under "power_backends" in a GPU model file, each a
// {"value", "kind", "source"} object (PowerParameters.h). A missing parameter
// fails the estimate with the list of what is missing.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SEEDPOWERBACKENDS_H
#define GPA_SEEDPOWERBACKENDS_H

#include "gpa/ModelEstimate.h"
#include "gpa/PowerBackend.h"

namespace gpa {

/// A backend's named, sourced parameters as read from a model file.
struct SourcedBackendParams : PowerBackendParams {
  PowerParameters Values;
};

/// The sourced parameters Gpu carries for Backend, or null.
const PowerParameters *sourcedParams(const GpuModel &Gpu,
                                     std::string_view Backend);

/// Seed 003 or 001 for In, with the leakage temperature of IPP's Eq. (19)
/// (Thermal.h) for seed 001; Name is one of the two backends' names.
ModelEstimate estimateSeedModel(std::string_view Name, const PowerInput &In,
                                const GpuModel &Gpu);

class InstructionEnergyBackend : public PowerBackend {
public:
  std::string_view name() const override;
  std::string_view citation() const override;
  std::shared_ptr<const PowerBackendParams>
  parseParams(JsonReader &R, const nlohmann::json &Section,
              const std::string &Path) const override;
  bool estimate(const PowerInput &In, const GpuModel &Gpu, PowerEstimate &Out,
                std::string &Error) const override;
};

class ComponentPowerBackend : public PowerBackend {
public:
  std::string_view name() const override;
  std::string_view citation() const override;
  std::shared_ptr<const PowerBackendParams>
  parseParams(JsonReader &R, const nlohmann::json &Section,
              const std::string &Path) const override;
  bool estimate(const PowerInput &In, const GpuModel &Gpu, PowerEstimate &Out,
                std::string &Error) const override;
};

} // namespace gpa

#endif
