//===- LaunchSites.h - Kernel launches read from host code ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Every `kernel<<<grid, block, smem, stream>>>` of a host module, lowered
// by clang to __cudaPushCallConfiguration(grid.xy, grid.z, block.xy,
// block.z, smem, stream) followed by the kernel's stub (or its inlined
// cudaLaunchKernel). Each dimension is a constant, a value ScalarEvolution
// folds to a constant (derived), a range known from dominating conditions
// (derived, with bounds), or unknown.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_LAUNCHSITES_H
#define GPA_FRONTENDS_IR_LAUNCHSITES_H

#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Module;
} // namespace llvm

namespace gpa {

/// One launch dimension and how it is known.
struct LaunchValue {
  bool Known = false;      // Value holds the value (or the range's maximum)
  std::uint64_t Value = 0; // what the prediction uses
  std::uint64_t Min = 0;   // == Value unless IsRange
  bool IsRange = false;
  std::string Source = "assumed"; // constant | derived | assumed
};

struct LaunchSite {
  const llvm::CallBase *Push = nullptr; // the __cudaPushCallConfiguration
  std::string Kernel;                   // mangled device name
  std::string File;                     // as in the debug info, never absolute
  unsigned Line = 0, Column = 0;
  LaunchValue Grid[3], Block[3], DynamicSharedBytes;

  /// Product of three dimensions, unknown when any is.
  static LaunchValue product(const LaunchValue (&D)[3]);
};

/// Every launch site of M whose kernel is registered in M, in IR order.
std::vector<LaunchSite> findLaunchSites(llvm::Module &M,
                                        llvm::FunctionAnalysisManager &FAM);

/// "120" / "65..4095" / "?".
std::string launchValueText(const LaunchValue &V);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_LAUNCHSITES_H
