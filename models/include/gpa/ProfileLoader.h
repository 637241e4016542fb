//===- ProfileLoader.h - Kernel profiles from JSON --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Reads kernel profiles (models/schema/kernel-profile.schema.json): a single
// profile object, or {"kernels": [profile, ...]}.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PROFILELOADER_H
#define GPA_PROFILELOADER_H

#include "gpa/KernelProfile.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpa {

/// Largest per-thread count accepted: far above any real kernel, small
/// enough that every product in the model stays finite.
constexpr double MaxCountPerThread = 1e15;
constexpr double MaxLaunchValue = 4294967295.0; // 2^32 - 1

bool parseKernelProfiles(const nlohmann::json &Document,
                         const std::string &File,
                         std::vector<KernelProfile> &Out, std::string &Error);

bool loadKernelProfiles(const std::string &Path,
                        std::vector<KernelProfile> &Out, std::string &Error);

/// The memory facts a front-end reported beyond the counts (load rounds,
/// barrier load rounds, read-only loads per thread, shared-memory bank
/// conflicts) for the report's `memory_facts`; an empty object when there
/// are none (docs/models.md "Load rounds from the code").
nlohmann::json memoryFactsJson(const KernelProfile &P);

/// The profile in the input format (the inverse of parseKernelProfiles).
nlohmann::json kernelProfileToJson(const KernelProfile &Profile);

} // namespace gpa

#endif
