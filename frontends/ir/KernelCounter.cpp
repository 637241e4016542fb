//===- KernelCounter.cpp - Dynamic per-thread counts of a kernel ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Counts are per thread and per call: HK09 assumes the threads of a warp run
// in lockstep, so a warp executes the same dynamic instruction count.
//
//===----------------------------------------------------------------------===//

#include "KernelCounter.h"
#include "AccessFacts.h"
#include "AccessPattern.h"
#include "BlockWeights.h"
#include "InstructionClassifier.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

void MemoryStats::addScaled(const MemoryStats &O, double W) {
  Accesses += O.Accesses * W;
  Bytes += O.Bytes * W;
  Coalesced += O.Coalesced * W;
  Broadcast += O.Broadcast * W;
  Uncoalesced += O.Uncoalesced * W;
  UncoalescedTransactions += O.UncoalescedTransactions * W;
}

void FunctionSummary::addScaled(const FunctionSummary &Callee, double W) {
  for (std::size_t U = 0; U < NumUnits; ++U)
    Counts[U] += Callee.Counts[U] * W;
  Mem.addScaled(Callee.Mem, W);
  for (GlobalAccessFact F : Callee.GlobalAccesses) {
    F.PerThread *= W;
    GlobalAccesses.push_back(std::move(F));
  }
  for (const auto &[Name, N] : Callee.Assumed)
    Assumed[Name] += N * W;
  UnknownTripCountLoops += Callee.UnknownTripCountLoops;
  ConstantTripCountLoops += Callee.ConstantTripCountLoops;
  ClampedBlocks += Callee.ClampedBlocks;
  Reached.insert(Callee.Reached.begin(), Callee.Reached.end());
}

void KernelCounter::note(const Instruction &I, std::string Message) {
  if (Noted.insert(&I).second)
    Notes.push_back({&I, std::move(Message)});
}

const FunctionSummary &KernelCounter::summarize(Function &F) {
  auto It = Done.find(&F);
  if (It != Done.end())
    return It->second;
  FunctionSummary S;
  InProgress.insert(&F);
  countFunction(F, S);
  InProgress.erase(&F);
  return Done[&F] = std::move(S);
}

static void addUnits(FunctionSummary &S, const UnitCounts &Units, double W) {
  for (const UnitCount &UC : Units)
    S.Counts[index(UC.U)] += UC.N * W;
}

/// Global and local memory feed the timing model's memory instructions;
/// only global accesses are analysed for coalescing (local memory is
/// interleaved per thread by the hardware, so it is always coalesced).
static void addMemory(FunctionSummary &S, const Instruction &I,
                      const Classification &C, double W, ScalarEvolution &SE,
                      const DataLayout &DL, const MemoryGeometry &G) {
  bool Global = C.AddrSpace == AS_Global || C.GenericAsGlobal;
  if (!Global && C.AddrSpace != AS_Local)
    return;
  S.Mem.Accesses += W;
  S.Mem.Bytes += W * double(C.Bytes);
  if (!Global) {
    S.Mem.Coalesced += W;
    return;
  }
  AccessPattern P = analyzeAccess(C.Pointer, C.Bytes, SE, G);
  if (W > 0)
    S.GlobalAccesses.push_back(
        describeGlobalAccess(I, C.Pointer, C.Bytes, P, W, SE, DL));
  if (P.Kind == AccessKind::Broadcast)
    S.Mem.Broadcast += W;
  else if (P.Kind == AccessKind::Coalesced)
    S.Mem.Coalesced += W;
  else {
    S.Mem.Uncoalesced += W;
    S.Mem.UncoalescedTransactions += W * P.TransactionsPerWarp;
    S.Assumed[std::string("uncoalesced_") + accessKindName(P.Kind)] += W;
  }
}

void KernelCounter::countFunction(Function &F, FunctionSummary &S) {
  S.Reached.insert(&F);
  auto &BFI = FAM.getResult<BlockFrequencyAnalysis>(F);
  auto &BPI = FAM.getResult<BranchProbabilityAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  BlockWeights BW = computeBlockWeights(F, BFI, BPI, LI, SE, DefaultTripCount);
  S.UnknownTripCountLoops += BW.UnknownTripCountLoops;
  S.ConstantTripCountLoops += BW.ConstantTripCountLoops;
  S.ClampedBlocks += BW.ClampedBlocks;
  if (BW.ClampedBlocks && !F.empty() && !F.getEntryBlock().empty())
    note(F.getEntryBlock().front(),
         "loop nest too deep: " + std::to_string(BW.ClampedBlocks) +
             " block weight(s) clamped to 1e12 executions per thread");
  const DataLayout &DL = F.getParent()->getDataLayout();

  for (BasicBlock &BB : F) {
    double W = BW.weight(&BB);
    for (Instruction &I : BB) {
      Classification C = classifyInstruction(I, DL);
      addUnits(S, C.Units, W);
      if (C.GenericAsGlobal)
        S.Assumed["generic_as_global"] += W;
      switch (C.Kind) {
      case InstKind::Plain:
        break;
      case InstKind::Memory:
        addMemory(S, I, C, W, SE, DL, Geometry);
        break;
      case InstKind::Unknown:
        S.Assumed[C.Assumption] += W;
        note(I, C.Note);
        break;
      case InstKind::DirectCall: {
        Function *Callee = const_cast<Function *>(C.Callee);
        if (InProgress.count(Callee)) {
          S.Assumed["recursive_call"] += W;
          note(I, "recursive call to " + Callee->getName().str() +
                      " not expanded; counted as one 'other' instruction");
          break;
        }
        if (InProgress.size() >= MaxCallDepth) {
          S.Assumed["call_depth_limit"] += W;
          note(I, "call to " + Callee->getName().str() +
                      " not expanded: call chain deeper than " +
                      std::to_string(MaxCallDepth) +
                      " functions; counted as one 'other' instruction");
          break;
        }
        S.addScaled(summarize(*Callee), W);
        break;
      }
      }
    }
  }
}

} // namespace gpa
