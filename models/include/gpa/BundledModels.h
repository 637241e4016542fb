//===- BundledModels.h - GPU model files compiled in ---------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Generated at build time from models/gpus/*.json (cmake/EmbedModels.cmake).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_BUNDLEDMODELS_H
#define GPA_BUNDLEDMODELS_H

#include <string_view>
#include <vector>

namespace gpa {

struct BundledModelText {
  std::string_view Name;
  unsigned SmVersion;
  unsigned NumSms; // $.sm.num_sms.value
  std::string_view Json;
};

const std::vector<BundledModelText> &bundledModelTexts();

} // namespace gpa

#endif
