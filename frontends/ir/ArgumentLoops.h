//===- ArgumentLoops.h - Loops bounded by a kernel argument -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A kernel loop `for (i = 0; i < n; ++i)` with n a kernel argument runs an
// assumed count in the device compilation. A launch site that passes a
// constant n (host code, full compile) fixes it: the device side hands the
// loop's body counts to the host (DeviceHandoff), which rescales them for
// that launch (LaunchSiteAdvisor), labelled `derived`.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PASSES_ARGUMENTLOOPS_H
#define GPA_PASSES_ARGUMENTLOOPS_H

#include "KernelCounter.h"

#include "gpa/KernelProfile.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpa {

/// The handoff's object for a kernel's argument loops (null when none).
/// Params: the kernel's parameter count, checked against the launch.
nlohmann::json argumentLoopsToJson(const std::vector<ArgumentLoop> &Loops,
                                   unsigned Params);
/// Reads argumentLoopsToJson's object (null: none); false (and nothing)
/// when malformed.
bool argumentLoopsFromJson(const nlohmann::json &Doc,
                           std::vector<ArgumentLoop> &Loops, unsigned &Params);

/// One argument loop's count at a launch.
struct LaunchedLoop {
  unsigned Line = 0, ArgNo = 0;
  std::uint64_t TripCount = 0;
};

/// Rescales P's counts for a launch whose integer arguments are Args (an
/// unknown one: nullopt): each loop bounded by a known argument runs that
/// many iterations. Block executions are products of their loops' scales,
/// so each loop's own blocks (its body without its argument-loop children)
/// scale by the product of its and its ancestors' factors. Returns the loops
/// rescaled.
std::vector<LaunchedLoop>
rescaleArgumentLoops(KernelProfile &P, const std::vector<ArgumentLoop> &Loops,
                     const std::vector<std::optional<std::uint64_t>> &Args);

} // namespace gpa

#endif // GPA_PASSES_ARGUMENTLOOPS_H
