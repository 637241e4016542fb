//===- RuntimeConfig.h - Environment switches of the runtime -- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// GPA_DISABLE=1 restores every original launch; GPA_LOG=1 prints each
// decision to stderr; GPA_MODEL=FILE replaces the bundled model choice.
// The decision's policy (models/include/gpa/Decision.h): GPA_OBJECTIVE
// (energy|edp|gips_per_w|time), GPA_MAX_SLOWDOWN and GPA_MIN_SAVING
// (percent), GPA_MAX_POWER_W (watts, time objective). An invalid value keeps
// the default and is named in Warnings (printed with GPA_LOG).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_RUNTIMECONFIG_H
#define GPA_RUNTIME_RUNTIMECONFIG_H

#include "gpa/Decision.h"

#include <functional>
#include <string>
#include <vector>

namespace gpa::runtime {

struct RuntimeConfig {
  bool Disabled = false;
  bool Log = false;
  std::string ModelFile;
  DecisionPolicy Policy;
  std::vector<std::string> Warnings;
};

using EnvLookup = std::function<const char *(const char *)>;

/// Reads the switches through Lookup (std::getenv in production). A switch
/// is on for any value but empty, "0", "false", "off" and "no".
RuntimeConfig readRuntimeConfig(const EnvLookup &Lookup);

} // namespace gpa::runtime

#endif
