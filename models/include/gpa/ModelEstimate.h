//===- ModelEstimate.h - One power model's answer for a launch --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Total power with its breakdown (static / constant / dynamic and per
// component) and the provenance of every parameter used, or, when the GPU
// model lacks parameters, the list of what is missing and no number.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MODELESTIMATE_H
#define GPA_MODELESTIMATE_H

#include "gpa/PowerParameters.h"

#include <string>
#include <vector>

namespace gpa {

enum class PowerCategory { Static, Constant, Dynamic };
std::string_view powerCategoryKey(PowerCategory C);

struct PowerTerm {
  std::string Name;
  PowerCategory Category = PowerCategory::Dynamic;
  double PowerW = 0; // average over the launch
};

struct ModelEstimate {
  std::string Model;
  /// False when parameters are missing: then only MissingParameters is set.
  bool Available = false;
  std::vector<std::string> MissingParameters;
  double ExecTimeS = 0;
  double StaticW = 0, ConstantW = 0, DynamicW = 0;
  double TotalPowerW = 0;
  double EnergyJ = 0;
  std::vector<PowerTerm> Terms;
  std::vector<ParameterUse> Provenance;
  /// Assumptions the model made beyond its parameters.
  std::vector<std::string> Notes;

  /// Adds a term and its category total.
  void add(const std::string &Name, PowerCategory C, double PowerW);
  /// Sums the totals; EnergyJ = TotalPowerW x ExecTimeS.
  void finish();
};

} // namespace gpa

#endif
