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
#include "AccessFootprint.h"
#include "AccessPattern.h"
#include "BlockWeights.h"
#include "ConstantOffsets.h"
#include "GlobalVectors.h"
#include "InstructionClassifier.h"
#include "LoadStaging.h"
#include "SharedAddressArithmetic.h"
#include "SharedLoadMerging.h"
#include "StrengthReduction.h"

#include "gpa/BaseWorkingSet.h"
#include "gpa/ConstantCache.h"
#include "gpa/common/AssumptionNames.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace gpa {

void IrFunctionSummary::addScaled(const IrFunctionSummary &Callee, double W) {
  KernelCounts::addScaled(Callee, W);
  UnknownTripCountLoops += Callee.UnknownTripCountLoops;
  for (const AssumedLoop &L : Callee.AssumedLoops)
    if (std::none_of(AssumedLoops.begin(), AssumedLoops.end(),
                     [&](const AssumedLoop &Have) {
                       return Have.F == L.F && Have.Line == L.Line &&
                              Have.Column == L.Column;
                     }))
      AssumedLoops.push_back(L);
  for (const BranchDecision &B : Callee.Branches)
    if (std::none_of(
            Branches.begin(), Branches.end(), [&](const BranchDecision &Have) {
              return Have.Block == B.Block && Have.Successor == B.Successor;
            }))
      Branches.push_back(B);
  ConstantTripCountLoops += Callee.ConstantTripCountLoops;
  ClampedBlocks += Callee.ClampedBlocks;
  Reached.insert(Callee.Reached.begin(), Callee.Reached.end());
}

void KernelCounter::note(const Instruction &I, std::string Message) {
  if (Noted.insert(&I).second)
    Notes.push_back({&I, std::move(Message)});
}

const IrFunctionSummary &KernelCounter::summarize(Function &F) {
  auto It = Done.find(&F);
  if (It != Done.end())
    return It->second;
  IrFunctionSummary S;
  InProgress.insert(&F);
  countFunction(F, S);
  InProgress.erase(&F);
  return Done[&F] = std::move(S);
}

static void addUnits(IrFunctionSummary &S, const UnitCounts &Units, double W) {
  for (const UnitCount &UC : Units)
    S.Counts[index(UC.U)] += UC.N * W;
}

/// Global and local memory feed the timing model's memory instructions;
/// only global accesses are analysed for coalescing (local memory is
/// interleaved per thread by the hardware, so it is always coalesced).
namespace {
/// One side of a memory intrinsic the back-end expands inline (loads from
/// its source or stores to its destination), one piece at an offset.
struct CopySide {
  bool Load;
  std::uint64_t OffsetBytes;
};
} // namespace

static void addMemory(IrFunctionSummary &S, const Instruction &I,
                      const Classification &C, double W, ScalarEvolution &SE,
                      const DataLayout &DL, const MemoryGeometry &G,
                      const LoopInfo *LI, const LoopTripCounts &Facts,
                      ScevTexts &Texts, bool AccessFacts,
                      const CopySide *Copy = nullptr) {
  bool Global = C.AddrSpace == AS_Global || C.GenericAsGlobal;
  if (C.AddrSpace == AS_Shared && W > 0) {
    unsigned Ways = sharedBankConflictWays(C.Pointer, C.Bytes, SE, G);
    S.SharedBankReplays += W * (Ways - 1);
    S.SharedBankConflictWays = std::max(S.SharedBankConflictWays, Ways);
  }
  if (C.AddrSpace == AS_Const && isa<LoadInst>(I) && W > 0) {
    // The constant cache serves one address per request.
    AccessPattern P = analyzeAccess(C.Pointer, C.Bytes, SE, G);
    ConstantAddress K =
        P.Kind == AccessKind::Broadcast ? ConstantAddress::Uniform
        : P.Kind == AccessKind::Coalesced || P.Kind == AccessKind::Strided
            ? ConstantAddress::Strided
            : ConstantAddress::Unknown;
    double Extra = W * double(constantCacheRequests(K, P.StrideBytes) - 1);
    S.Counts[index(Unit::ConstMem)] += Extra;
    S.ConstantReplays += Extra;
    if (K == ConstantAddress::Unknown)
      S.ConstantReplaysAssumed += Extra;
  }
  if (!Global && C.AddrSpace != AS_Local)
    return;
  S.Mem.Accesses += W;
  S.Mem.Bytes += W * double(C.Bytes);
  if (!Global) {
    S.Mem.Coalesced += W;
    S.Mem.Local += W;
    S.Mem.LocalBytes += W * double(C.Bytes);
    return;
  }
  AccessPattern P = analyzeAccess(C.Pointer, C.Bytes, SE, G);
  // An argument loop's body keeps only its counts and memory totals.
  if (W > 0 && AccessFacts) {
    GlobalAccessFact F =
        describeGlobalAccess(I, C.Pointer, C.Bytes, P, W, SE, DL, LI, &Texts);
    if (Copy) { // one piece of an expanded copy: a plain ld or st
      F.Store = !Copy->Load;
      F.ReadOnly = false;
      F.OffsetBytes += double(Copy->OffsetBytes);
    }
    // A run-time lane stride (src[i * n + j]) evaluated with the given
    // arguments places the access as a constant one would be (R2, R7).
    if (P.Kind == AccessKind::VariableStride)
      if (std::optional<double> Stride = laneStrideAt(
              Facts.Branches, [&](std::size_t, const ThreadPoint &At) {
                return accessOffsetAt(C.Pointer, SE, Facts, At);
              })) {
        F.LaneStrideBytes = std::fabs(*Stride);
        F.Shape = *Stride == 0 ? AccessShape::Broadcast
                  : F.LaneStrideBytes <= double(C.Bytes)
                      ? AccessShape::Coalesced
                      : AccessShape::Strided;
      }
    if (F.Shape == AccessShape::Gather && F.InLoop && F.IterationStrideKnown &&
        !F.Store)
      S.Assumed[assumptionName(AssumptionId::GatherLanesWalkOwnSectors)] += W;
    if (gatherStoreAssumedToMerge(F))
      S.Assumed[assumptionName(AssumptionId::GatherLanesWriteOwnSectors)] += W;
    // The launch's facts bound the grid's footprint (rule R4).
    if (std::optional<ByteRange> R =
            accessFootprint(C.Pointer, C.Bytes, SE, Facts))
      boundFootprint(F, *R);
    S.GlobalAccesses.push_back(std::move(F));
    S.OwnAccessPointers.push_back({S.GlobalAccesses.size() - 1, C.Pointer, &I});
  }
  if (P.DivisorRows)
    S.Assumed[assumptionName(AssumptionId::DivisorRowsSpanWarps)] += W;
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

void KernelCounter::countFunction(Function &F, IrFunctionSummary &S) {
  S.Reached.insert(&F);
  auto &BFI = FAM.getResult<BlockFrequencyAnalysis>(F);
  auto &BPI = FAM.getResult<BranchProbabilityAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  // This function's SCEV texts; a callee counted meanwhile has its own.
  ScevTexts Outer = std::move(Texts);
  Texts.clear();
  BlockWeights BW = computeBlockWeights(
      F, BFI, BPI, LI, SE, FAM.getResult<DominatorTreeAnalysis>(F), Trips);
  S.Branches.insert(S.Branches.end(), BW.Branches.begin(), BW.Branches.end());
  S.UnknownTripCountLoops += BW.UnknownTripCountLoops;
  S.AssumedLoops.insert(S.AssumedLoops.end(), BW.Assumed.begin(),
                        BW.Assumed.end());
  S.ConstantTripCountLoops += BW.ConstantTripCountLoops;
  S.ClampedBlocks += BW.ClampedBlocks;
  if (BW.ClampedBlocks && !F.empty() && !F.getEntryBlock().empty())
    note(F.getEntryBlock().front(),
         "loop nest too deep: " + std::to_string(BW.ClampedBlocks) +
             " block weight(s) clamped to 1e12 executions per thread");
  StrengthReduced LSR = strengthReduce(F, LI, SE);
  ConstantOffsets Offsets =
      foldConstantOffsets(F, LSR, SE, FAM.getResult<DominatorTreeAnalysis>(F));
  for (BasicBlock &BB : F)
    countBlock(BB, BW.weight(&BB), SE, LSR, Offsets, S, /*Notes=*/true);
  // R3: which thread re-reads each load's bytes through another group.
  std::vector<std::size_t> Own;
  for (const auto &Entry : S.OwnAccessPointers)
    Own.push_back(Entry.Index);
  findRereads(
      S.GlobalAccesses, Own, Trips.Branches,
      [&](std::size_t K, const ThreadPoint &P) {
        for (const auto &A : S.OwnAccessPointers)
          if (A.Index == K)
            return accessOffsetAt(A.Pointer, SE, Trips, P);
        return std::optional<double>();
      },
      [&](std::size_t K) {
        std::vector<const void *> Chain;
        for (const auto &A : S.OwnAccessPointers)
          if (A.Index == K)
            for (const Loop *L = LI.getLoopFor(A.Access->getParent()); L;
                 L = L->getParentLoop())
              Chain.push_back(L);
        return Chain;
      });
  // Loops bounded by an argument: their bodies once more, on their own.
  std::map<const Loop *, int> Index;
  for (const AssumedLoop &A : BW.Assumed) {
    // An unrolled pair's loops run a split of the source's count (div and
    // mod U); a launch site's argument would have to be split again.
    if (!A.L || A.F != &F || !(A.Iterations > 0) ||
        A.Part != AssumedLoop::Unrolled::No)
      continue;
    std::optional<unsigned> Arg = tripCountArgument(*A.L, SE);
    if (!Arg)
      continue;
    ArgumentLoop AL;
    AL.ArgNo = *Arg;
    AL.Line = A.Line;
    AL.TripCount = A.Iterations;
    for (const Loop *P = A.L->getParentLoop(); P && AL.Parent < 0;
         P = P->getParentLoop())
      if (auto It = Index.find(P); It != Index.end())
        AL.Parent = It->second;
    IrFunctionSummary Body;
    for (BasicBlock *BB : A.L->blocks())
      countBlock(*BB, BW.weight(BB), SE, LSR, Offsets, Body, /*Notes=*/false);
    AL.Counts = Body.Counts;
    AL.Flops = Body.Flops;
    AL.Mem = Body.Mem;
    Index[A.L] = int(S.ArgumentLoops.size());
    S.ArgumentLoops.push_back(AL);
  }
  Texts = std::move(Outer);
}

std::optional<unsigned> tripCountArgument(const Loop &L, ScalarEvolution &SE) {
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken))
    return std::nullopt;
  const SCEV *Trips = SE.getAddExpr(Taken, SE.getOne(Taken->getType()));
  while (auto *Cast = dyn_cast<SCEVCastExpr>(Trips))
    Trips = Cast->getOperand(0);
  if (auto *U = dyn_cast<SCEVUnknown>(Trips))
    if (auto *A = dyn_cast<Argument>(U->getValue()))
      if (A->getType()->isIntegerTy())
        return A->getArgNo();
  return std::nullopt;
}

void KernelCounter::addCopyAccesses(IrFunctionSummary &S, const CallBase &CB,
                                    double W, ScalarEvolution &SE,
                                    const DataLayout &DL, const LoopInfo *LI,
                                    bool Notes) {
  // The global side of an expanded copy is one ld/st.global per piece,
  // each a memory access with its facts (coalescing, levels), as the PTX
  // route reads them; the units are memTransfer's.
  std::vector<CopyPiece> Pieces = expandedCopyPieces(CB);
  if (Pieces.empty())
    return;
  auto *MT = dyn_cast<MemTransferInst>(&CB);
  for (bool Load : {true, false}) {
    if (Load && !MT)
      continue;
    const Value *Ptr = Load ? MT->getRawSource() : CB.getArgOperand(0);
    Classification C;
    C.Kind = InstKind::Memory;
    C.AddrSpace = resolveAddressSpace(Ptr);
    C.GenericAsGlobal = C.AddrSpace == AS_Generic;
    C.Pointer = Ptr;
    if (C.AddrSpace != AS_Global && !C.GenericAsGlobal)
      continue;
    for (const CopyPiece &P : Pieces) {
      C.Bytes = P.Bytes;
      CopySide Side{Load, P.OffsetBytes};
      addMemory(S, CB, C, W, SE, DL, Geometry, LI, Trips, Texts,
                /*AccessFacts=*/Notes, &Side);
    }
  }
}

void KernelCounter::countBlock(BasicBlock &BB, double W, ScalarEvolution &SE,
                               const StrengthReduced &LSR,
                               const ConstantOffsets &Offsets,
                               IrFunctionSummary &S, bool Notes) {
  const DataLayout &DL = BB.getModule()->getDataLayout();
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(*BB.getParent());
  // Accesses the back-end's LoadStoreVectorizer joins: the first of each
  // vector its width, the others 0.
  DenseMap<const Instruction *, unsigned> Vectors =
      vectorisedGlobalAccesses(BB, SE);
  auto MergedLoads = mergedSharedLoads(BB, SE, &Vectors);
  S.Rounds.add(roundsOfBlock(blockLoads(BB, DL, &Vectors)), W);
  for (Instruction &I : BB) {
    Classification C = classifyInstruction(I, DL);
    if (auto It = MergedLoads.find(&I); It != MergedLoads.end())
      C.Units = {{Unit::SharedMem, It->second}};
    // One vector access for the vector's members: its first carries the
    // vector's bytes (coalescing, bank conflicts), the others are part of
    // it (a global one's units too; a shared one's LDS share is above).
    if (auto It = Vectors.find(&I); It != Vectors.end()) {
      if (It->second == 0) {
        if (C.AddrSpace != AS_Shared)
          C.Units.clear();
        C.Kind = InstKind::Plain;
      } else {
        C.Bytes *= It->second;
      }
    }
    if (LSR.SharedIncrements.count(&I))
      C.Units.clear();
    else if (LSR.PointerIncrements.count(&I))
      C.Units = {{Unit::Int, integerAddInstructions(64)}};
    else if (LSR.IndexIncrements.count(&I))
      C.Units.push_back({Unit::Int, 1}); // the 32-bit index's add
    else if (LSR.DeadIndexMath.count(&I))
      C.Units.clear();
    else if (LSR.OffsetCounters.count(&I))
      C.Units = {{Unit::Int, integerAddInstructions(64)}};
    else if (LSR.DuplicateIncrements.count(&I))
      C.Units.clear();
    else if (Offsets.FoldedAddresses.count(&I) ||
             Offsets.UnusedBases.count(&I) || Offsets.DeadIndexMath.count(&I))
      C.Units.clear();
    else if (auto It = Offsets.RebuiltIndices.find(&I);
             It != Offsets.RebuiltIndices.end() && It->second > 0)
      C.Units.push_back({Unit::Int, It->second});
    if (std::optional<OpFacts> Add = sharedAddressAddFacts(
            I,
            LSR.OffsetCounters.count(&I)      ? LoweredAdd::OffsetCounter
            : LSR.PointerIncrements.count(&I) ? LoweredAdd::PointerIncrement
                                              : LoweredAdd::Plain,
            C.Units)) {
      C.Units.clear();
      for (const UnitCount &U : expandOp(*Add))
        C.Units.push_back(U);
    }
    addUnits(S, C.Units, W);
    S.Flops.addScaled(C.Flops, W);
    if (C.GenericAsGlobal)
      S.Assumed["generic_as_global"] += W;
    switch (C.Kind) {
    case InstKind::Plain:
      if (auto *CB = dyn_cast<CallBase>(&I))
        addCopyAccesses(S, *CB, W, SE, DL, &LI, Notes);
      break;
    case InstKind::Memory:
      addMemory(S, I, C, W, SE, DL, Geometry, &LI, Trips, Texts,
                /*AccessFacts=*/Notes);
      break;
    case InstKind::Unknown:
      S.Assumed[C.Assumption] += W;
      if (Notes)
        note(I, C.Note);
      break;
    case InstKind::DirectCall: {
      Function *Callee = const_cast<Function *>(C.Callee);
      if (InProgress.count(Callee)) {
        S.Assumed["recursive_call"] += W;
        if (Notes)
          note(I, "recursive call to " + Callee->getName().str() +
                      " not expanded; counted as one 'other' instruction");
        break;
      }
      if (InProgress.size() >= MaxCallDepth) {
        S.Assumed["call_depth_limit"] += W;
        if (Notes)
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

} // namespace gpa
