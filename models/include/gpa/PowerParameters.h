//===- PowerParameters.h - Named, sourced power parameters ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The parameters of the seed 001/003/004 power models as a GPU model file
// carries them: each a number with its kind (given by a paper's table,
// derived from given numbers, assumed, a constant, or calibrated against
// measurements) and a note naming its source. A model that needs a parameter
// the file lacks reports it missing; nothing is substituted silently.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWERPARAMETERS_H
#define GPA_POWERPARAMETERS_H

#include "gpa/JsonReader.h"

#include <map>
#include <string>
#include <vector>

namespace gpa {

struct PowerParameter {
  double Value = 0;
  /// given | derived | assumed | constant | calibrated
  std::string Kind;
  std::string Source;
};

/// One model's parameters by name (sorted, so reports are deterministic).
using PowerParameters = std::map<std::string, PowerParameter>;

/// A parameter a model used, for the provenance a report prints.
struct ParameterUse {
  std::string Name;
  PowerParameter Param;
};

/// Reads parameters out of a PowerParameters set, recording the names of
/// those the set lacks and the provenance of those it has.
class ParameterLookup {
public:
  ParameterLookup(const PowerParameters *Params, std::string Section)
      : Params(Params), Section(std::move(Section)) {}

  /// The value of Name, or 0 with "SECTION.NAME" added to missing().
  double get(const std::string &Name);
  bool has(const std::string &Name) const;

  const std::vector<std::string> &missing() const { return Missing; }
  const std::vector<ParameterUse> &used() const { return Used; }

private:
  const PowerParameters *Params;
  std::string Section;
  std::vector<std::string> Missing;
  std::vector<ParameterUse> Used;
};

/// Parses the object at Path: every member {"value": number, "kind":
/// given|derived|assumed|constant|calibrated, "source": "..."} whose name is
/// in Known (a misspelt name is an error naming the file and path).
void parsePowerParameters(JsonReader &R, const nlohmann::json &Section,
                          const std::string &Path,
                          const std::vector<std::string> &Known,
                          PowerParameters &Out);

} // namespace gpa

#endif
