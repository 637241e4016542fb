//===- PowerEstimate.cpp - One power model's answer for a launch ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerEstimate.h"

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

void PowerEstimate::add(const std::string &Name, PowerCategory C,
                        double PowerW) {
  Terms.push_back({Name, C, PowerW});
  (C == PowerCategory::Static     ? StaticW
   : C == PowerCategory::Constant ? ConstantW
                                  : DynamicW) += PowerW;
}

void PowerEstimate::finish() {
  TotalPowerW = StaticW + ConstantW + DynamicW;
  EnergyJ = TotalPowerW * ExecTimeS;
}

} // namespace gpa
