//===- HostLaunches.h - Launch sites for kernels nvcc compiled -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The nvcc route (PTX, objects and fatbinaries nvcc wrote, or `.cu` with
// --compiler nvcc) has device code but no launches. clang 22 compiles the
// host side of the .cu files to IR and the IR front-end reads its launch
// sites (frontends/ir/HostLaunchSites.h); they apply to nvcc's kernels by
// mangled name, labelled as the plugin labels them (constant, derived,
// assumed). A host side clang cannot compile degrades to a warning.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_HOSTLAUNCHES_H
#define GPA_TOOL_HOSTLAUNCHES_H

#include "gpa/AnalyzedKernel.h"
#include "gpa/LaunchFile.h"
#include "gpa/common/AssembleKernel.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpa::tool {

/// One launch read from host code (LaunchSite without LLVM's types).
struct HostLaunch {
  struct Value {
    bool Known = false, IsRange = false;
    std::uint64_t Value = 0, Min = 0;
    std::string Source = "assumed"; // constant | derived | assumed
  };
  std::string Where; // "a.cu:14:3", or "a.cu" without debug location
  Value Grid[3], Block[3], DynamicSharedBytes;
  std::vector<Value> Args;
};

/// Every launch of the host sources read, by the kernel's mangled name.
struct HostLaunches {
  std::map<std::string, std::vector<HostLaunch>> ByKernel;
  /// The kernels launchSitesOf found: the others' launches applied to no
  /// kernel of the inputs, which is said.
  mutable std::set<std::string> Applied;
  bool empty() const { return ByKernel.empty(); }
};

/// Reads the launch sites of \p Source's host side (clang 22 with
/// \p ClangArgs, device target \p Arch) into \p Out and returns how many
/// there are. Never fails: a host side clang cannot compile (nvcc-only
/// extensions) adds a warning naming why, and that file's launches stay
/// assumed.
std::size_t readHostLaunches(const std::string &Source, const std::string &Arch,
                             const std::vector<std::string> &ClangArgs,
                             HostLaunches &Out,
                             std::vector<std::string> &Warnings);

/// A warning per kernel \p H launches that no input had (a --host-source
/// that is not the inputs' source says so), by its demangled name.
std::vector<std::string> unappliedLaunches(const HostLaunches &H);

/// What one kernel's launch sites say, for assembleKernel and the branch
/// facts: the launch written (when every site writes the same one), its
/// constant arguments, and the `launch_sites` assumption listing them.
struct KernelLaunchSites {
  std::optional<WrittenLaunch> Written;
  std::map<unsigned, std::uint64_t> Arguments;
  Assumption Listed;
};

/// The sites of \p Mangled, or nothing when the host code read launches
/// it nowhere.
std::optional<KernelLaunchSites> launchSitesOf(const HostLaunches &H,
                                               const std::string &Mangled);

/// The launch-file entry \p Given (may be null) completed by the sites'
/// block, grid and arguments where it gives none: the facts that weigh the
/// kernel's bounds guards. \p Source names what the result rests on.
LaunchEntry withSiteFacts(const LaunchEntry *Given,
                          const KernelLaunchSites &Sites,
                          const std::string &GivenSource, std::string &Source);

} // namespace gpa::tool

#endif // GPA_TOOL_HOSTLAUNCHES_H
