//===- FactCoverage.h - Facts matching no kernel of a module --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR front-end's side of gpa/UnmatchedFacts.h: launch-file entries and
// -gpa-trip-count rules whose kernel pattern matches no kernel of the
// module become warnings
// (the plugin diagnoses them, gpa prints them).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_FACTCOVERAGE_H
#define GPA_FRONTENDS_IR_FACTCOVERAGE_H

#include <string>
#include <vector>

namespace llvm {
class Function;
}

namespace gpa {

struct LaunchFile;
struct TripCountRule;

void appendUnmatchedFacts(const std::vector<llvm::Function *> &Kernels,
                          const LaunchFile &Facts,
                          const std::string &LaunchFileName,
                          const std::vector<TripCountRule> &TripRules,
                          std::vector<std::string> &Warnings);

} // namespace gpa

#endif
