//===- PtxFunctionSummary.cpp - Weighted counts of one function ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Every instruction contributes its classification times the weight of its
// block. Predicated instructions count fully: a warp issues them whether
// or not the predicate is true for its lanes (HK09 counts per warp).
//
//===----------------------------------------------------------------------===//
#include "PtxFunctionSummary.h"
#include "PtxLoadRounds.h"
#include "PtxSassRules.h"

#include "gpa/common/AssumptionNames.h"
#include "gpa/ptx/PtxAccessFacts.h"
#include "gpa/ptx/PtxCoalescing.h"
#include "gpa/ptx/PtxFootprint.h"
#include "gpa/ptx/PtxOpcodeTable.h"

#include "gpa/BaseWorkingSet.h"
#include "gpa/ConstantCache.h"
#include "gpa/SharedBankConflicts.h"

#include <algorithm>
#include <cmath>

namespace gpa::ptx {

std::uint64_t registerEstimate(const PtxFunction &F) {
  std::uint64_t Sum = 0;
  for (const PtxRegDecl &R : F.Registers) {
    if (R.Type == ".pred")
      continue;
    std::uint64_t Slots = (ptxTypeBytes(R.Type) + 3) / 4;
    std::uint64_t N = R.Count * R.VectorWidth * Slots;
    Sum = N > UINT64_MAX - Sum ? UINT64_MAX : Sum + N;
  }
  return Sum;
}

static void collectSymbols(const PtxOperand &Op, std::set<std::string> &Out) {
  if ((Op.K == PtxOperand::Kind::Symbol || Op.K == PtxOperand::Kind::Address) &&
      !Op.Name.empty() && Op.Name[0] != '%')
    Out.insert(Op.Name);
  for (const PtxOperand &E : Op.Elems)
    collectSymbols(E, Out);
}

static const PtxOperand *calleeOperand(const PtxInstruction &I) {
  for (const PtxOperand &Op : I.Operands)
    if (Op.K == PtxOperand::Kind::Symbol || Op.K == PtxOperand::Kind::Register)
      return &Op;
  return nullptr;
}

static gpa::AccessShape shapeOf(AccessPattern P) {
  switch (P) {
  case AccessPattern::Coalesced:
    return gpa::AccessShape::Coalesced;
  case AccessPattern::Broadcast:
    return gpa::AccessShape::Broadcast;
  case AccessPattern::Strided:
    return gpa::AccessShape::Strided;
  case AccessPattern::Unknown:
  case AccessPattern::None:
    break;
  }
  return gpa::AccessShape::Gather;
}

/// The fact the IR front-end reports for the same access (AccessFacts.cpp):
/// atomics and reductions count as stores.
static gpa::GlobalAccessFact accessFact(const PtxInstruction &I,
                                        const AccessInfo &A,
                                        const AddressFacts &Addr,
                                        unsigned Bytes, double W) {
  gpa::GlobalAccessFact F;
  F.Shape = shapeOf(A.Pattern);
  F.Bytes = Bytes;
  bool Affine = A.Pattern == AccessPattern::Coalesced ||
                A.Pattern == AccessPattern::Strided;
  F.LaneStrideBytes =
      Affine ? double(A.StrideBytes < 0 ? -A.StrideBytes : A.StrideBytes)
             : double(Bytes);
  // Rows and slices of the block, oriented so the lane stride is positive
  // (AccessFacts.cpp does the same).
  std::int64_t Orient = A.StrideBytes < 0 ? -1 : 1;
  F.ThreadStrideYKnown = A.StrideYKnown;
  F.ThreadStrideYBytes = double(Orient * A.StrideYBytes);
  F.ThreadStrideZKnown = A.StrideZKnown;
  F.ThreadStrideZBytes = double(Orient * A.StrideZBytes);
  F.PerThread = W;
  F.Store = I.Opcode != "ld" && I.Opcode != "ldu";
  F.ReadOnly = I.Opcode == "ldu" || (!F.Store && I.hasModifier(".nc"));
  F.Base = Addr.Base;
  F.Group = Addr.Group;
  F.OffsetBytes = double(Addr.OffsetBytes);
  // A global array: all of it, from its start.
  F.WorkingSetBytes = double(Addr.WorkingSetBytes);
  F.WorkingSetStartKnown = Addr.WorkingSetBytes > 0;
  // One address for every thread: its bytes are the footprint (rule R4; the
  // IR front-end's AccessFootprint.cpp finds the same).
  if (Addr.ConstantAddress && Addr.HasAddress && Bytes > 0)
    gpa::boundFootprint(F, {double(Addr.OffsetBytes), double(Bytes)});
  F.InLoop = Addr.InLoop;
  F.IterationStrideKnown = Addr.StrideKnown;
  F.IterationStrideBytes = double(Addr.IterationStrideBytes);
  return F;
}

bool summarizeFunction(const PtxFunction &F, const std::string &File,
                       const std::vector<PtxVariable> &Globals,
                       const WeightOptions &Opts, PtxFunctionSummary &Out,
                       PtxError &Error) {
  Out = PtxFunctionSummary();
  PtxCfg Cfg;
  if (!buildCfg(F, File, Cfg, Error))
    return false;
  computeTripCounts(F, Cfg);
  if (Opts.Trips)
    applyGivenTripCounts(F, Cfg, *Opts.Trips);
  computeBranchProbabilities(F, Cfg, Opts.Branches);
  decideUnrolledPairTests(Cfg);
  decideThreadTests(Cfg);
  computeBlockWeights(Cfg, Opts);
  for (const PtxLoop &L : Cfg.Loops)
    if (L.TripCount <= 0 && L.GivenTripCount >= 0 &&
        Cfg.Blocks[L.Header].Reachable)
      Out.Loops.push_back({F.Name, F.Body[Cfg.Blocks[L.Header].Begin].Line,
                           L.SourceLine, L.GivenTripCount, L.TripSource,
                           L.TripKind});
  for (const PtxBlock &B : Cfg.Blocks) {
    if (B.ProbabilityKind.empty() || B.LoopGuard || !B.Reachable)
      continue;
    double Taken = B.TakenProbability;
    bool Certain = Taken < 1e-3 || Taken > 1 - 1e-3;
    if (!B.ThreadGuard && !B.IndexTest && Certain)
      continue;
    const PtxInstruction &Br = F.Body[B.End - 1];
    Out.Branches.push_back({F.Name, Br.Line, Br.SourceLine, B.ThreadGuard,
                            B.ThreadGuard ? B.GuardInBounds : Taken,
                            B.ProbabilitySource, B.ProbabilityKind});
  }
  Out.NumBlocks = static_cast<unsigned>(Cfg.Blocks.size());
  Out.NumLoops = static_cast<unsigned>(Cfg.Loops.size());
  Out.Registers = registerEstimate(F);
  Out.Warnings = Cfg.Warnings;

  std::vector<OpClassification> Classes;
  std::vector<unsigned> Bytes, SharedBytes, ConstBytes;
  Classes.reserve(F.Body.size());
  for (const PtxInstruction &I : F.Body) {
    Classes.push_back(classifyInstruction(I));
    const OpClassification &C = Classes.back();
    bool Global = C.Space == MemSpace::Global || C.Space == MemSpace::Generic;
    Bytes.push_back(Global ? C.AccessBytes : 0);
    bool Shared =
        C.Space == MemSpace::Shared && (I.Opcode == "ld" || I.Opcode == "st");
    SharedBytes.push_back(Shared ? C.AccessBytes : 0);
    bool Const =
        I.Opcode == "ld" &&
        std::any_of(C.Units.begin(), C.Units.end(), [](const UnitCount &U) {
          return U.U == gpa::Unit::ConstMem;
        });
    ConstBytes.push_back(Const ? C.AccessBytes : 0);
  }
  std::set<std::string> Shared;
  for (const PtxVariable &V : Globals)
    if (V.Space == ".shared" && !V.Extern)
      Shared.insert(V.Name);
  for (const PtxVariable &V : F.Variables)
    if (V.Space == ".shared" && !V.Extern)
      Shared.insert(V.Name);
  applySassRules(F, Cfg, Shared, Classes);
  std::vector<AccessInfo> Patterns = analyzeAccessPatterns(F, Bytes);
  std::vector<unsigned> LaneBytes = coalesceNarrowAccesses(Patterns, Bytes);
  std::vector<AccessInfo> SharedPatterns =
      analyzeAccessPatterns(F, SharedBytes);
  std::vector<AccessInfo> ConstPatterns = analyzeAccessPatterns(F, ConstBytes);
  std::vector<AddressFacts> Addresses = analyzeAddressFacts(F, Globals, Cfg);
  std::vector<std::vector<gpa::BlockLoad>> Loads = blockLoads(F, Cfg, Classes);
  Out.Findings = findFunctionFindings(
      F, Cfg,
      PtxFunctionFacts{Classes, Bytes, SharedBytes, Patterns, SharedPatterns,
                       Addresses},
      Opts);
  for (std::size_t B = 0; B < Cfg.Blocks.size(); ++B)
    Out.Own.Rounds.add(gpa::roundsOfBlock(Loads[B]), Cfg.Blocks[B].Weight);

  std::map<std::string, double> CallWeights;
  // This function's global accesses: index into Own.GlobalAccesses and the
  // instruction (R3's reread search after the loop).
  std::vector<std::pair<std::size_t, std::size_t>> OwnAccesses;
  for (const PtxBlock &B : Cfg.Blocks) {
    for (std::size_t K = B.Begin; K < B.End; ++K) {
      const PtxInstruction &I = F.Body[K];
      const OpClassification &C = Classes[K];
      double W = B.Weight;
      for (const PtxOperand &Op : I.Operands)
        collectSymbols(Op, Out.Symbols);
      // llc ends loops with "@%p bra EXIT; bra.uni HEADER"; ptxas inverts
      // the first branch and drops the second, so it executes nothing.
      bool FoldedBranch = I.Opcode == "bra" && I.Guard.empty() && K > 0 &&
                          F.Body[K - 1].Opcode == "bra" &&
                          !F.Body[K - 1].Guard.empty();
      if (!FoldedBranch) {
        for (const UnitCount &U : C.Units)
          Out.Own.Counts[gpa::index(U.U)] += U.N * W;
        Out.Own.Flops.addScaled(flopsOf(I, C), W);
      }
      if (!C.Known)
        ++Out.UnknownOpcodes[I.Opcode];
      bool TimingMem = false;
      for (const UnitCount &U : C.Units)
        TimingMem |= U.U == gpa::Unit::GlobalMem || U.U == gpa::Unit::LocalMem;
      if (TimingMem) {
        Out.Own.Mem.Accesses += W;
        Out.Own.Mem.Bytes += W * (Bytes[K] ? LaneBytes[K] : C.AccessBytes);
      }
      if (C.GenericAddress)
        ++Out.GenericAccesses;
      if (ConstBytes[K] != 0 && W > 0 && !FoldedBranch) {
        // The constant cache serves one address per request.
        const AccessInfo &A = ConstPatterns[K];
        gpa::ConstantAddress Kind = A.Pattern == AccessPattern::Broadcast
                                        ? gpa::ConstantAddress::Uniform
                                    : A.Pattern == AccessPattern::Coalesced ||
                                            A.Pattern == AccessPattern::Strided
                                        ? gpa::ConstantAddress::Strided
                                        : gpa::ConstantAddress::Unknown;
        double Extra =
            W * double(gpa::constantCacheRequests(Kind, A.StrideBytes) - 1);
        Out.Own.Counts[gpa::index(gpa::Unit::ConstMem)] += Extra;
        Out.Own.ConstantReplays += Extra;
        if (Kind == gpa::ConstantAddress::Unknown)
          Out.Own.ConstantReplaysAssumed += Extra;
      }
      if (SharedBytes[K] != 0 && W > 0 &&
          (SharedPatterns[K].Pattern == AccessPattern::Strided ||
           SharedPatterns[K].Pattern == AccessPattern::Coalesced)) {
        unsigned Ways = gpa::sharedBankConflictWays(
            SharedPatterns[K].StrideBytes, SharedBytes[K]);
        Out.Own.SharedBankReplays += W * (Ways - 1);
        Out.Own.SharedBankConflictWays =
            std::max(Out.Own.SharedBankConflictWays, Ways);
      }
      if (Bytes[K] != 0 && TimingMem) {
        const AccessInfo &A = Patterns[K];
        if (W > 0) {
          gpa::GlobalAccessFact Fact =
              accessFact(I, A, Addresses[K], LaneBytes[K], W);
          // A run-time lane stride evaluated with the given arguments
          // places the access as a constant one would be (R2, R7).
          if (A.Pattern == AccessPattern::Unknown && Fact.Base != "unknown")
            if (std::optional<double> Stride = gpa::laneStrideAt(
                    Opts.Branches,
                    [&](std::size_t, const gpa::ThreadPoint &At) {
                      return ptxAccessOffsetAt(F, I, Fact.Base, Opts.Branches,
                                               At, &Cfg);
                    })) {
              Fact.LaneStrideBytes = std::fabs(*Stride);
              Fact.Shape = *Stride == 0 ? gpa::AccessShape::Broadcast
                           : Fact.LaneStrideBytes <= Fact.Bytes
                               ? gpa::AccessShape::Coalesced
                               : gpa::AccessShape::Strided;
            }
          if (Fact.Shape == gpa::AccessShape::Gather && Fact.InLoop &&
              Fact.IterationStrideKnown && !Fact.Store)
            Out.Own.Assumed[gpa::assumptionName(
                gpa::AssumptionId::GatherLanesWalkOwnSectors)] += W;
          if (gpa::gatherStoreAssumedToMerge(Fact))
            Out.Own.Assumed[gpa::assumptionName(
                gpa::AssumptionId::GatherLanesWriteOwnSectors)] += W;
          OwnAccesses.push_back({Out.Own.GlobalAccesses.size(), K});
          // The launch's facts bound the grid's footprint (rule R4), as
          // the IR front-end's AccessFootprint.cpp.
          if (std::optional<gpa::ByteRange> Span = ptxAccessFootprint(
                  F, I, Addresses[K].Base, Bytes[K], Opts.Branches))
            gpa::boundFootprint(Fact, *Span);
          Out.Own.GlobalAccesses.push_back(std::move(Fact));
        }
        if (A.DivisorRows && W > 0)
          Out.Own.Assumed[gpa::assumptionName(
              gpa::AssumptionId::DivisorRowsSpanWarps)] += W * A.DivisorRows;
        switch (A.Pattern) {
        case AccessPattern::Coalesced:
          Out.Own.Mem.Coalesced += W;
          break;
        case AccessPattern::Broadcast:
          Out.Own.Mem.Broadcast += W;
          ++Out.BroadcastAccesses;
          break;
        case AccessPattern::Strided:
          Out.Own.Mem.Strided += W;
          Out.Own.Mem.Uncoalesced += W;
          Out.Own.Mem.UncoalescedTransactions +=
              W *
              gpa::transactionsPerWarp(A.StrideBytes, Bytes[K], Opts.Memory);
          break;
        case AccessPattern::Unknown:
        case AccessPattern::None:
          // The shared policy for addresses that cannot be analysed.
          Out.Own.Mem.Unknown += W;
          Out.Own.Mem.Uncoalesced += W;
          Out.Own.Mem.UncoalescedTransactions +=
              W * gpa::unanalysableTransactionsPerWarp(Bytes[K], Opts.Memory);
          ++Out.UnknownPatterns;
          break;
        }
      }
      if (I.Opcode == "call") {
        const PtxOperand *Callee = calleeOperand(I);
        if (Callee && Callee->K == PtxOperand::Kind::Symbol)
          CallWeights[Callee->Name] += W;
        else
          Out.Warnings.push_back("line " + std::to_string(I.Line) +
                                 ": indirect call not folded");
      }
    }
  }
  Out.Calls.assign(CallWeights.begin(), CallWeights.end());
  std::vector<std::size_t> Own;
  std::map<std::size_t, std::size_t> InstructionOf;
  for (const auto &[Index, K] : OwnAccesses) {
    Own.push_back(Index);
    InstructionOf[Index] = K;
  }
  std::vector<unsigned> BlockOf(F.Body.size(), ~0u);
  for (unsigned B = 0; B < Cfg.Blocks.size(); ++B)
    for (std::size_t K = Cfg.Blocks[B].Begin;
         K < Cfg.Blocks[B].End && K < F.Body.size(); ++K)
      BlockOf[K] = B;
  gpa::findRereads(
      Out.Own.GlobalAccesses, Own, Opts.Branches,
      [&](std::size_t Index, const gpa::ThreadPoint &At) {
        return ptxAccessOffsetAt(F, F.Body[InstructionOf.at(Index)],
                                 Out.Own.GlobalAccesses[Index].Base,
                                 Opts.Branches, At, &Cfg);
      },
      [&](std::size_t Index) {
        // The loops around the access, innermost (fewest blocks) first.
        std::vector<const PtxLoop *> Around;
        unsigned B = BlockOf[InstructionOf.at(Index)];
        for (const PtxLoop &L : Cfg.Loops)
          if (L.contains(B))
            Around.push_back(&L);
        std::stable_sort(Around.begin(), Around.end(),
                         [](const PtxLoop *X, const PtxLoop *Y) {
                           return X->Blocks.size() < Y->Blocks.size();
                         });
        return std::vector<const void *>(Around.begin(), Around.end());
      });
  return true;
}

} // namespace gpa::ptx
