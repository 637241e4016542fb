//===- AssembleKernel.h - A counted kernel, analysed ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The last mile every front-end shares once a kernel is counted: the GPU
// choice, the launch (given facts, compiled resources, declared bounds,
// defaults, each labelled), spill traffic, gpa::analyzeKernel and the
// finiteness check.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COMMON_ASSEMBLEKERNEL_H
#define GPA_COMMON_ASSEMBLEKERNEL_H

#include "gpa/common/AnalysisRequest.h"

#include "gpa/Analysis.h"
#include "gpa/AnalyzedKernel.h"
#include "gpa/BlockDims.h"
#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"
#include "gpa/KernelResources.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace gpa {

struct LaunchEntry;

/// Loads O.Gpu, or the bundled model closest to \p SmVersion (sm_80 when
/// the input names none), once per process: later calls with the same name
/// copy the loaded model. Error names the option.
bool chooseGpu(const AnalysisRequest &O, std::optional<unsigned> SmVersion,
               GpuModel &Gpu, Assumption &Chosen, std::string &Error);

/// What the code itself says about its launch, read by the front-end.
struct DeclaredLaunch {
  /// A required block shape (nvvm.reqntid, .reqntid) and its label.
  std::optional<BlockDims> Required;
  std::string RequiredFrom;
  /// A bound on the block's threads (__launch_bounds__, .maxntid).
  std::optional<std::uint64_t> Max;
  std::string MaxFrom;      // "__launch_bounds__ (nvvm.maxntid)"
  std::string MaxBoundName; // "__launch_bounds__", in errors
  /// A cap on the default register estimate (the PTX's declared virtual
  /// registers, when fewer than the default) and what it is.
  std::optional<std::uint64_t> RegisterCap;
  std::string RegisterCapFrom;
  std::uint64_t StaticSharedBytes = 0;
  bool HasDynamicShared = false; // extern __shared__ T x[];
};

/// What ptxas produced for a kernel, or why it is not known.
struct CompiledResources {
  const KernelResources *R = nullptr;
  std::string From;   // "ptxas -v on the module's PTX, sm_80"
  std::string WhyNot; // when R is null
};

/// The launch the host code writes for the kernel, read where the device
/// code carries none (the nvcc route: clang reads the host side of the .cu
/// for the kernels of nvcc's PTX). Each value is labelled as the launch
/// site knows it: `constant` (written as one) or `derived` (folded).
struct WrittenLaunch {
  std::string From; // "the launch at a.cu:14:3"
  std::optional<BlockDims> Block;
  std::string BlockKind;
  std::optional<BlockDims> Grid;
  std::string GridKind;
  /// A grid known only as a range [first, second]: priced at one full wave
  /// within it (docs/models.md "Unknown grids"), `assumed`.
  std::optional<std::pair<std::uint64_t, std::uint64_t>> GridRange;
  /// Why neither is known ("the launch at a.cu:9:3 passes a grid not known
  /// at compile time"), said with the default grid.
  std::string GridUnknown;
  std::optional<std::uint64_t> DynamicSharedBytes;
  std::string SharedKind;
};

/// One counted kernel, ready for the last mile.
struct KernelDraft {
  /// Name and counts set (KernelCounts::fillProfile); the launch is filled
  /// here.
  KernelProfile Profile;
  DeclaredLaunch Declared;
  /// The user's launch-file entry for this kernel, if any.
  const LaunchEntry *Given = nullptr;
  /// The host code's launch of it; the launch file's values win.
  std::optional<WrittenLaunch> Written;
  CompiledResources Compiled;
  /// The front-end's assumptions listed before the launch's, and those of
  /// its counts (trip counts, branches) listed after.
  AssumptionList Before, After;
  bool GridIndependent = false;
};

struct AssembledKernel {
  KernelAnalysis Analysis;
  AssumptionList Assumed;
  /// What spilled, for the RegisterSpill finding; empty when nothing did.
  std::string Spills;
};

enum class AssemblyStatus {
  Ok,
  BadOption,  // an option cannot hold for this GPU: stop (Error)
  NotAnalysed // this kernel only (Error says why; a warning)
};

/// Fills the launch of \p Draft's profile (values given in the launch file
/// win and are `given`; then the host code's written launch, labelled as
/// it is known; registers and static shared memory ptxas produced
/// win over the estimates and are `derived`), adds spill traffic and
/// analyses the kernel on \p Gpu.
AssemblyStatus assembleKernel(KernelDraft &&Draft, const GpuModel &Gpu,
                              const AnalysisRequest &O, AssembledKernel &Out,
                              std::string &Error);

/// The assumption that private-array accesses were not counted as local
/// memory because \p CompiledBy (ptxas -v, a cubin) reports a 0-byte stack
/// frame: ptxas keeps the arrays in registers. Both front-ends list it.
Assumption localInRegistersAssumption(double LocalMemPerThread,
                                      const std::string &CompiledBy);

/// The constant-cache requests added to const_mem because lanes of a warp
/// read different addresses (\p Replays per thread, \p Assumed of them for
/// addresses not known: every lane its own); derived, or assumed when any
/// is. Both front-ends list it.
Assumption constantReplaysAssumption(double Replays, double Assumed);

/// The counts and every model output the report shows are finite: huge
/// counts (deep loop nests times deep call chains) can still overflow.
bool finiteAnalysis(const KernelAnalysis &A);

} // namespace gpa

#endif // GPA_COMMON_ASSEMBLEKERNEL_H
