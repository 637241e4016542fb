//===- ModelEstimate.cpp - One power model's answer for a launch ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ModelEstimate.h"

namespace gpa {

std::string_view powerCategoryKey(PowerCategory C) {
  switch (C) {
  case PowerCategory::Static:
    return "static";
  case PowerCategory::Constant:
    return "constant";
  case PowerCategory::Dynamic:
    return "dynamic";
  }
  return "dynamic";
}

void ModelEstimate::add(const std::string &Name, PowerCategory C,
                        double PowerW) {
  Terms.push_back({Name, C, PowerW});
  (C == PowerCategory::Static     ? StaticW
   : C == PowerCategory::Constant ? ConstantW
                                  : DynamicW) += PowerW;
}

void ModelEstimate::finish() {
  TotalPowerW = StaticW + ConstantW + DynamicW;
  EnergyJ = TotalPowerW * ExecTimeS;
}

} // namespace gpa
