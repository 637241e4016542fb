//===- AssumptionNames.h - The one list of assumption names -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Both front-ends name their assumptions from Assumptions.def, so the same
// choice has the same name whatever the input (block_size, not
// threads_per_block from PTX).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COMMON_ASSUMPTIONNAMES_H
#define GPA_COMMON_ASSUMPTIONNAMES_H

#include <string>

namespace gpa {

enum class AssumptionId {
#define GPA_ASSUMPTION(Id, Name, Meaning) Id,
#include "gpa/common/Assumptions.def"
};

/// The name reports show for \p Id ("block_size").
const char *assumptionName(AssumptionId Id);

/// What an assumption of KernelCounts::Assumed (per-thread instructions
/// resting on it) says, for both front-ends.
const char *countedAssumptionSource(const std::string &Name);

} // namespace gpa

#endif // GPA_COMMON_ASSUMPTIONNAMES_H
