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

#include "gpa/InstructionCosts.h"
#include "gpa/MemoryLevels.h"
#include "gpa/Units.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {
class Instruction;
} // namespace llvm

namespace gpa {

/// Timing-memory (global/local) access statistics, dynamic per thread.
struct MemoryStats {
  double Accesses = 0;
  double Bytes = 0; // sum of bytes per access
  double Coalesced = 0, Broadcast = 0, Uncoalesced = 0;
  double UncoalescedTransactions = 0; // sum of transactions per warp
  void addScaled(const MemoryStats &O, double W);
};

struct FunctionSummary {
  PerUnit Counts{};
  MemoryStats Mem;
  /// One fact per static global access (callees' scaled by the call).
  std::vector<GlobalAccessFact> GlobalAccesses;
  /// Named assumptions -> dynamic per-thread instructions they affect.
  std::map<std::string, double> Assumed;
  unsigned UnknownTripCountLoops = 0;
  unsigned ConstantTripCountLoops = 0;
  /// Blocks whose weight hit MaxBlockWeight (BlockWeights.h).
  unsigned ClampedBlocks = 0;
  /// Functions reachable through direct calls, this one included.
  llvm::SmallPtrSet<const llvm::Function *, 8> Reached;
  void addScaled(const FunctionSummary &Callee, double W);
};

/// Something the estimate could not see through, for a remark.
struct CounterNote {
  const llvm::Instruction *At;
  std::string Message;
};

class KernelCounter {
public:
  /// Longest chain of folded calls (the PTX front-end's default,
  /// PtxOptions::MaxCallDepth); also keeps the fold's recursion off the
  /// stack limit for generated chains of thousands of functions.
  static constexpr unsigned MaxCallDepth = 32;

  KernelCounter(llvm::FunctionAnalysisManager &FAM, unsigned DefaultTripCount,
                MemoryGeometry Geometry = {})
      : FAM(FAM), DefaultTripCount(DefaultTripCount), Geometry(Geometry) {}

  /// The summary of \p F per call, computed on first use.
  const FunctionSummary &summarize(llvm::Function &F);

  const std::vector<CounterNote> &notes() const { return Notes; }

private:
  void countFunction(llvm::Function &F, FunctionSummary &S);
  void note(const llvm::Instruction &I, std::string Message);

  llvm::FunctionAnalysisManager &FAM;
  unsigned DefaultTripCount;
  MemoryGeometry Geometry; // the chosen GPU's sector and warp size
  std::map<const llvm::Function *, FunctionSummary> Done;
  llvm::SmallPtrSet<const llvm::Function *, 8> InProgress;
  llvm::SmallPtrSet<const llvm::Instruction *, 8> Noted;
  std::vector<CounterNote> Notes;
};

} // namespace gpa

#endif // GPA_FRONTENDS_IR_KERNELCOUNTER_H
