//===- DvfsPowerBackend.h - Seed 002 as a power backend ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The `dvfs` backend: DvfsPowerModel behind the PowerBackend interface, with
// its parameters read from "power_backends": {"dvfs": {...}} of a GPU model
// file (format in docs/dvfs.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_DVFSPOWERBACKEND_H
#define GPA_DVFSPOWERBACKEND_H

#include "gpa/DvfsPowerModel.h"

namespace gpa {

class DvfsPowerBackend : public PowerBackend {
public:
  std::string_view name() const override { return "dvfs"; }
  std::string_view citation() const override;
  std::shared_ptr<const PowerBackendParams>
  parseParams(JsonReader &R, const nlohmann::json &Section,
              const std::string &Path) const override;
  bool estimate(const PowerInput &In, const GpuModel &Gpu, PowerEstimate &Out,
                std::string &Error) const override;
};

/// The dvfs parameters of Gpu, or nullptr with an error.
const DvfsPowerParams *dvfsParams(const GpuModel &Gpu, std::string &Error);

/// The clocks a request resolves to (the reference clocks when not given);
/// fails naming the table when a clock is not in it.
bool resolveDvfsClocks(const DvfsPowerParams &P, const ClockRequest &Clocks,
                       double &CoreMhz, double &MemMhz, std::string &Error);

/// Every parameter of P an estimate at CoreMhz/MemMhz uses, with its kind
/// and source (the section's unless parameter_sources says otherwise; the
/// domains' entries carry the normalised voltage at the clock).
std::vector<ParameterUse> dvfsParameterUses(const DvfsPowerParams &P,
                                            double CoreMhz, double MemMhz);

/// Writes P as the "dvfs" object of a model file (inverse of parseParams).
nlohmann::json dvfsParamsToJson(const DvfsPowerParams &P);

} // namespace gpa

#endif
