//===- RuntimeConfig.h - Environment switches of the runtime -- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// GPA_DISABLE=1 restores every original launch; GPA_LOG=1 prints each
// decision to stderr; GPA_MODEL=FILE replaces the bundled model choice.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_RUNTIMECONFIG_H
#define GPA_RUNTIME_RUNTIMECONFIG_H

#include <functional>
#include <string>

namespace gpa::runtime {

struct RuntimeConfig {
  bool Disabled = false;
  bool Log = false;
  std::string ModelFile;
};

using EnvLookup = std::function<const char *(const char *)>;

/// Reads the switches through Lookup (std::getenv in production). A switch
/// is on for any value but empty, "0", "false", "off" and "no".
RuntimeConfig readRuntimeConfig(const EnvLookup &Lookup);

} // namespace gpa::runtime

#endif
