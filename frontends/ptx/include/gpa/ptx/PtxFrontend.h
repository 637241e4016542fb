//===- PtxFrontend.h - Kernel profiles from PTX text ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The entry point of the PTX front-end: parses a module (nvcc -ptx or
// cuobjdump -ptx output) and turns every .entry kernel into a
// gpa::KernelProfile with per-thread dynamic counts estimated from block
// weights, device-function calls folded in, and the assumptions made
// recorded as warnings. See docs/ptx-frontend.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXFRONTEND_H
#define GPA_PTX_PTXFRONTEND_H

#include "gpa/BranchFacts.h"
#include "gpa/GpuModel.h"
#include "gpa/InstructionCosts.h"
#include "gpa/KernelProfile.h"
#include "gpa/TripCounts.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpa::ptx {

struct PtxOptions {
  /// Block size when a kernel has neither .reqntid nor .maxntid.
  std::uint64_t DefaultThreadsPerBlock = 256;
  std::uint64_t Blocks = 1;
  /// Added to every kernel's static shared memory (launch-time bytes).
  std::uint64_t DynamicSharedBytes = 0;
  /// Iterations assumed per loop entry (nested loops multiply).
  double DefaultTripCount = 16;
  /// Deepest chain of device-function calls that is folded.
  unsigned MaxCallDepth = 32;
  /// Sector and warp size of the GPU the profile is for.
  gpa::MemoryGeometry Memory;
  /// When set, called with the module's sm version (0 when it names none)
  /// once its .target is read, if it has a kernel body, before anything is
  /// counted: a caller that picks the GPU from the target gives its
  /// geometry here (nullopt keeps Memory), so the module is parsed once.
  std::function<std::optional<gpa::MemoryGeometry>(unsigned SmVersion)>
      MemoryForTarget;
  /// Called like MemoryForTarget, in its place when set: the GPU whose
  /// sector and warp size the counts use and whose FP64/FP32 issue cycles
  /// the DoublePrecisionInFloatKernel finding states (unset: the finding
  /// leaves the ratio out).
  std::function<std::optional<gpa::GpuModel>(unsigned SmVersion)> GpuForTarget;
  /// Launch facts that decide each function's branches (gpa/BranchFacts.h):
  /// called with a kernel's name for its own body; device functions use
  /// the facts of the empty name. Unset: none known.
  std::function<gpa::BranchFacts(const std::string &Kernel)> BranchFactsFor;
  /// Trip counts per kernel and source line (gpa/TripCounts.h), called as
  /// BranchFactsFor. Unset: DefaultTripCount for every loop the PTX does
  /// not count.
  std::function<gpa::LoopTripCounts(const std::string &Kernel)> TripCountsFor;
};

/// Weighted (dynamic, per thread) global-memory accesses by address pattern.
struct PtxAccessStats {
  double Coalesced = 0, Broadcast = 0, Strided = 0, Unknown = 0;
};

/// A branch weighed by a choice (gpa/BranchFacts.h): every bounds guard,
/// and every other branch taken with a probability that is not 0 or 1.
struct PtxBranchNote {
  std::string Function;
  unsigned PtxLine = 0, SourceLine = 0; ///< SourceLine 0: no .loc
  bool ThreadGuard = false;
  /// A guard's P(in bounds), else P(the branch is taken).
  double Probability = 0.5;
  std::string Source, Kind;
};

/// A loop the PTX does not count, run with a given or default trip count
/// (PtxGivenTripCounts.cpp).
struct PtxLoopNote {
  std::string Function;
  unsigned PtxLine = 0, SourceLine = 0; ///< its header; SourceLine 0: no .loc
  double TripCount = 0;
  std::string Source, Kind;
};

/// A finding of docs/findings.md at the .loc of its instruction (nvcc
/// -lineinfo): the same rule ids and wording as the IR front-end's.
struct PtxFinding {
  std::string Rule, Message;
  std::string File; ///< the .file name; empty: the PTX has no .loc there
  unsigned Line = 0, Column = 0;
};

struct PtxKernelResult {
  gpa::KernelProfile Profile;
  unsigned PtxLine = 0;    ///< line of the kernel name in the PTX
  std::string SourceFile;  ///< from the first .loc, when present
  unsigned SourceLine = 0; ///< 0 when the PTX has no .loc
  unsigned NumBlocks = 0, NumLoops = 0;
  std::size_t StaticInstructions = 0; ///< in the kernel body only
  PtxAccessStats GlobalAccesses;
  /// Assumptions and notes (unknown opcodes, generic addresses, ...).
  std::vector<std::string> Warnings;
  /// The kernel's and its callees' branches weighed by a choice.
  std::vector<PtxBranchNote> Branches;
  /// The kernel's and its callees' loops run with a chosen trip count.
  std::vector<PtxLoopNote> Loops;
  /// What the PTX declares about the launch (the profile's launch holds
  /// them or the defaults): .reqntid (unknown when absent), .maxntid (0
  /// when absent), the declared virtual registers, an unsized .shared array.
  gpa::BlockDims ReqNtid;
  std::uint64_t MaxNtid = 0;
  std::uint64_t DeclaredRegisters = 0;
  bool DynamicShared = false;
  /// The kernel's and its callees' findings, sorted by location and rule,
  /// one per rule and position. LocalMemoryArray is the PTX's view: the
  /// caller that runs ptxas drops it when ptxas keeps the array in
  /// registers (a 0-byte stack frame).
  std::vector<PtxFinding> Findings;
  /// The profile as it is when ptxas keeps the private arrays in registers
  /// (no local-memory instructions); set when the PTX has local accesses.
  /// The caller that runs ptxas uses it on a 0-byte stack frame, as the IR
  /// front-end does.
  std::optional<gpa::KernelProfile> LocalInRegisters;
  /// Constant-cache requests added to const_mem per thread for
  /// lane-dependent addresses, and of those the ones for addresses not
  /// known (gpa/common/KernelCounts.h).
  double ConstantReplays = 0, ConstantReplaysAssumed = 0;
  /// Assumptions the counts rest on -> dynamic per-thread instructions
  /// (gpa/common/KernelCounts.h Assumed; the IR route's names).
  std::map<std::string, double> Assumed;
};

struct PtxModuleResult {
  std::string Version;    ///< ".version" (e.g. "9.0")
  std::string Target;     ///< "sm_80"
  unsigned SmVersion = 0; ///< 80 for sm_80 / sm_80a; 0 when absent
  unsigned AddressSize = 64;
  std::vector<PtxKernelResult> Kernels; ///< in file order
  std::vector<std::string> Warnings;    ///< module-level notes
};

/// Parses Text (named FileName in messages) and builds one profile per
/// .entry. Returns false with Error = "FILE:LINE:COL: expected ..." on
/// malformed input. Never throws.
bool parsePtxModule(std::string_view Text, const std::string &FileName,
                    const PtxOptions &Opts, PtxModuleResult &Out,
                    std::string &Error);

/// Reads Path and calls parsePtxModule.
bool parsePtxFile(const std::string &Path, const PtxOptions &Opts,
                  PtxModuleResult &Out, std::string &Error);

} // namespace gpa::ptx

#endif
