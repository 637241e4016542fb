//===- IppPowerBackend.h - IPP as a power backend ---------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The `ipp` backend: computePower (Hong & Kim, ISCA 2010, Eq. 5-16) behind
// the PowerBackend interface. Its parameters are the model file's "power"
// section; it models one clock, the model's own.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IPPPOWERBACKEND_H
#define GPA_IPPPOWERBACKEND_H

#include "gpa/PowerBackend.h"

namespace gpa {

class IppPowerBackend : public PowerBackend {
public:
  std::string_view name() const override { return "ipp"; }
  std::string_view citation() const override;
  std::shared_ptr<const PowerBackendParams>
  parseParams(JsonReader &R, const nlohmann::json &Section,
              const std::string &Path) const override;
  bool estimate(const PowerInput &In, const GpuModel &Gpu, PowerEstimate &Out,
                std::string &Error) const override;
};

} // namespace gpa

#endif
