//===- LaunchAbi.h - The launch rewrite's runtime contract ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The contract between the plugin's launch rewrite (passes/
// HostLaunchRewriter.cpp), which emits calls, and libgpa_runtime
// (runtime/src/LaunchHook.cpp, LaunchRuntime.cpp), which receives them: the
// hook's name and extra parameters, the mode numbers and the embedded
// payload's schema. Header-only, no dependencies; both sides include it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_LAUNCHABI_H
#define GPA_RUNTIME_LAUNCHABI_H

#include <string>
#include <tuple>
#include <type_traits>

namespace gpa::launch_abi {

/// Called instead of cudaLaunchKernel (gpa_runtime.h declares it); returns
/// what cudaLaunchKernel returns.
constexpr const char *HookName = "__gpa_launch_kernel";

/// The hook's parameters after cudaLaunchKernel's six, in order: the
/// kernel's mangled name, the payload (JSON text, below), the grid verdict
/// (gridVerdictNumber) and the RewriteMode number.
using HookExtraParams = std::tuple<const char *, const char *, int, int>;

/// The hook's full C type for a cudaLaunchKernel-like signature
/// Result(LaunchParams...).
template <typename Result, typename... LaunchParams> struct HookSignature {
  template <typename... Extra>
  static Result (*with(std::tuple<Extra...> *))(LaunchParams..., Extra...);
  using Type = std::remove_pointer_t<decltype(with(
      static_cast<HookExtraParams *>(nullptr)))>;
};

/// The grid verdict as the hook receives it: 0 when the grid is not proven
/// independent; else bit 0 set, and bit 1 + d (d = 0, 1, 2 for x, y, z)
/// when the proof holds only for launches with gridDim.d = blockDim.d = 1
/// (no grid-stride loop covers d; the runtime checks it). 1 alone, what
/// earlier plugins emit, is proven with no requirement. Bit 4: SM
/// restriction is refused (the kernel's blocks may wait for each other;
/// frontends/ir/BlockWaiting.h), so the runtime never restricts its SMs.
inline int gridVerdictNumber(bool Independent, unsigned UnitDims,
                             bool SmRefused = false) {
  return int((Independent ? 1u | ((UnitDims & 7u) << 1) : 0u) |
             (SmRefused ? 16u : 0u));
}
inline bool gridVerdictIndependent(int Number) { return Number & 1; }
inline bool gridVerdictSmRefused(int Number) { return Number & 16; }
inline unsigned gridVerdictUnitDims(int Number) {
  return (unsigned(Number) >> 1) & 7u;
}

/// -gpa-rewrite-mode, passed as its number: grid (shrink grid-independent
/// grids), sm (restrict SMs, grid unchanged), auto (grid where proven safe,
/// else sm). Unknown numbers mean Grid.
enum class RewriteMode : int { Grid = 0, Sm = 1, Auto = 2 };

inline bool parseRewriteMode(const std::string &Name, RewriteMode &Out) {
  if (Name == "grid")
    Out = RewriteMode::Grid;
  else if (Name == "sm")
    Out = RewriteMode::Sm;
  else if (Name == "auto")
    Out = RewriteMode::Auto;
  else
    return false;
  return true;
}

inline RewriteMode rewriteModeFromNumber(int Number) {
  return Number == int(RewriteMode::Sm)     ? RewriteMode::Sm
         : Number == int(RewriteMode::Auto) ? RewriteMode::Auto
                                            : RewriteMode::Grid;
}

/// The payload: a JSON object
///   {"schema": "gpa-launch-payload/1", "grid_independent": bool,
///    "reason": text, "profiles": {"sm_XX": kernel profile, ...}}
/// (not gpa-launch/1, the launch facts a user writes: another format).
/// one profile per device arch the kernel was compiled for.
constexpr const char *PayloadSchema = "gpa-launch-payload/1";
constexpr const char *PayloadSchemaKey = "schema";
constexpr const char *PayloadGridIndependentKey = "grid_independent";
constexpr const char *PayloadReasonKey = "reason";
constexpr const char *PayloadProfilesKey = "profiles";

} // namespace gpa::launch_abi

#endif // GPA_RUNTIME_LAUNCHABI_H
