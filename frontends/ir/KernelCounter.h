//===- KernelCounter.h - Dynamic per-thread counts of a kernel -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Summarises each function once: classified instructions weighted by block
// executions, with device-function calls folded in bottom-up (a callee's
// summary scaled by the call's weight). Recursion, indirect calls and call
// chains deeper than MaxCallDepth are bounded: the call counts as one "other"
// instruction, an assumption and a remark (the PTX front-end's rule).
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_KERNELCOUNTER_H
#define GPA_FRONTENDS_IR_KERNELCOUNTER_H

#include "AccessFacts.h"
#include "BlockWeights.h"
#include "ConstantOffsets.h"
#include "StrengthReduction.h"

#include "gpa/InstructionCosts.h"
#include "gpa/LoadRounds.h"
#include "gpa/MemoryLevels.h"
#include "gpa/Units.h"
#include "gpa/common/KernelCounts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class CallBase;
class DataLayout;
class LoopInfo;
class Instruction;
class Loop;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// A loop of a kernel whose trip count is one of the kernel's integer
/// arguments (`for (i = 0; i < n; ++i)`): what its body costs per thread at
/// the count used, so that a launch passing a constant n rescales it
/// (LaunchSiteAdvisor). Block executions are products of their loops'
/// scales (BlockWeights.cpp), so the counts are linear in each loop's count.
struct ArgumentLoop {
  unsigned ArgNo = 0;
  unsigned Line = 0;
  double TripCount = 0; // the count the body counts were made with
  int Parent = -1;      // the enclosing ArgumentLoop, -1 for none
  PerUnit Counts{};     // the body's (nested loops included) per thread
  FlopCounts Flops;     // the body's FLOPs per thread
  MemoryCounts Mem;
};

/// One function's counts (the shared accumulator, gpa/common/KernelCounts.h)
/// and what only the IR front-end knows about them.
struct IrFunctionSummary : KernelCounts {
  unsigned UnknownTripCountLoops = 0;
  /// Those loops (this function's and its callees'), each once.
  std::vector<AssumedLoop> AssumedLoops;
  /// Branches weighed by a choice, this function's and its callees'.
  std::vector<BranchDecision> Branches;
  /// This function's loops bounded by one of its arguments (not callees').
  std::vector<ArgumentLoop> ArgumentLoops;
  unsigned ConstantTripCountLoops = 0;
  /// Blocks whose weight hit MaxBlockWeight (BlockWeights.h).
  unsigned ClampedBlocks = 0;
  /// This function's own global accesses (not callees'): index into
  /// GlobalAccesses, address and the access (its loops), for R3's reread
  /// search.
  struct OwnAccess {
    std::size_t Index;
    const llvm::Value *Pointer;
    const llvm::Instruction *Access;
  };
  std::vector<OwnAccess> OwnAccessPointers;
  /// Functions reachable through direct calls, this one included.
  llvm::SmallPtrSet<const llvm::Function *, 8> Reached;
  void addScaled(const IrFunctionSummary &Callee, double W);
};

/// Something the estimate could not see through, for a remark.
struct CounterNote {
  const llvm::Instruction *At;
  std::string Message;
};

/// The argument whose value is L's trip count (`i < n` from 0 by 1, n an
/// integer argument, possibly extended), or none.
std::optional<unsigned> tripCountArgument(const llvm::Loop &L,
                                          llvm::ScalarEvolution &SE);

class KernelCounter {
public:
  /// Longest chain of folded calls (the PTX front-end's default,
  /// PtxOptions::MaxCallDepth); also keeps the fold's recursion off the
  /// stack limit for generated chains of thousands of functions.
  static constexpr unsigned MaxCallDepth = 32;

  KernelCounter(llvm::FunctionAnalysisManager &FAM, LoopTripCounts Trips,
                MemoryGeometry Geometry = {})
      : FAM(FAM), Trips(std::move(Trips)), Geometry(Geometry) {}
  KernelCounter(llvm::FunctionAnalysisManager &FAM, unsigned DefaultTripCount,
                MemoryGeometry Geometry = {})
      : KernelCounter(FAM,
                      LoopTripCounts{{DefaultTripCount, "", "assumed"}, {}},
                      Geometry) {}

  /// The summary of \p F per call, computed on first use.
  const IrFunctionSummary &summarize(llvm::Function &F);

  const std::vector<CounterNote> &notes() const { return Notes; }

private:
  void countFunction(llvm::Function &F, IrFunctionSummary &S);
  /// Adds one block's instructions at weight W to S (Notes: record what the
  /// estimate cannot see through and describe each global access; an
  /// argument loop's body needs only its counts).
  void countBlock(llvm::BasicBlock &BB, double W, llvm::ScalarEvolution &SE,
                  const StrengthReduced &LSR, const ConstantOffsets &Offsets,
                  IrFunctionSummary &S, bool Notes);
  /// The global accesses of a copy the back-end expands inline
  /// (expandedCopyPieces): one per piece and side.
  void addCopyAccesses(IrFunctionSummary &S, const llvm::CallBase &CB, double W,
                       llvm::ScalarEvolution &SE, const llvm::DataLayout &DL,
                       const llvm::LoopInfo *LI, bool Notes);
  void note(const llvm::Instruction &I, std::string Message);

  llvm::FunctionAnalysisManager &FAM;
  LoopTripCounts Trips;
  MemoryGeometry Geometry; // the chosen GPU's sector and warp size
  std::map<const llvm::Function *, IrFunctionSummary> Done;
  llvm::SmallPtrSet<const llvm::Function *, 8> InProgress;
  llvm::SmallPtrSet<const llvm::Instruction *, 8> Noted;
  std::vector<CounterNote> Notes;
  /// The SCEV texts of the function being counted (AccessFacts.h).
  ScevTexts Texts;
};

} // namespace gpa

#endif // GPA_FRONTENDS_IR_KERNELCOUNTER_H
