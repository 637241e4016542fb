//===- PtxCarriedTripCounts.cpp - Counters carried across a loop ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A producer loop of a multi-buffered pipeline (ccglib's GEMM,
// `for (k = 0, k_buf = 0; k < K_TILES; k++) { for (; k_buf < K_TILES &&
// k_buf < k + NBUFFER; k_buf++) { copy ... } ... }`) never resets its
// counter: k_buf starts once, before the enclosing loop, and each entry
// goes on from where the last one stopped. nvcc emits
//     mov.u64 %rd74, 0; ... mov.u64 %rd69, %rd74;
//   $L__BB1_1:                                    // the enclosing loop
//     add.s64 %rd13, %rd69, 2;                    // k + NBUFFER
//     setp.ge.u64 %p1, %rd74, %rd13; setp.gt.u64 %p2, %rd74, 255;
//     or.pred %p3, %p2, %p1; @%p3 bra $L__BB1_8;  // the zero-trip guard
//   $L__BB1_2: ...                                // the producer loop
//     add.s64 %rd74, %rd74, 1;
//     setp.lt.u64 %p7, %rd74, 256; setp.lt.u64 %p8, %rd74, %rd13;
//     and.pred %p9, %p7, %p8; @%p9 bra $L__BB1_2;
// Its executions differ per entry (NBUFFER on the first, 1 after, 0 at
// the end), but their sum over the enclosing loop is fixed: the counter
// takes each value from its start up to the constant bound once, unless
// the other bound (k + NBUFFER at the enclosing loop's last iteration)
// stops it below. The count per entry is that sum over the enclosing
// loop's trip count, `derived`, with the expression in the label. Only a
// loop behind a zero-trip guard (it may run 0 times an entry) whose
// counter no other code of the enclosing loop writes, with an immediate
// step up and every bound an immediate or an affine function of the
// enclosing loop's counter, is counted; anything else keeps the default.
//
//===----------------------------------------------------------------------===//
#include "PtxComparison.h"
#include "PtxLoopCounter.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/ptx/PtxAst.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

namespace gpa::ptx {

namespace {
/// One test "X C Bound" the loop goes on under.
struct StayTest {
  const PtxInstruction *Setp = nullptr;
  const PtxOperand *Bound = nullptr;
  Cmp Cont = Cmp::Unknown;
};

/// The setp defining predicate \p Pred in block \p B before \p At.
const PtxInstruction *definition(const PtxFunction &F, const PtxBlock &B,
                                 std::size_t At, const std::string &Pred) {
  for (std::size_t I = At; I-- > B.Begin;)
    if (writesRegister(F.Body[I], Pred))
      return &F.Body[I];
  return nullptr;
}
} // namespace

bool applyCarriedTripCount(const PtxFunction &F, PtxCfg &Cfg, PtxLoop &L) {
  if (L.Parent < 0)
    return false;
  const PtxLoop &P = Cfg.Loops[L.Parent];
  double ParentTrips = P.TripCount > 0 ? P.TripCount
                       : P.GivenTripCount > 0 && P.TripKind != "assumed"
                           ? P.GivenTripCount
                           : 0;
  if (ParentTrips < 1)
    return false;
  std::optional<LoopExitBranch> Exit = loopExitBranch(F, Cfg, L);
  if (!Exit)
    return false;
  const PtxInstruction &Br = F.Body[Exit->At];
  unsigned BrBlock = 0;
  for (unsigned B : L.Blocks)
    if (Cfg.Blocks[B].Begin <= Exit->At && Exit->At < Cfg.Blocks[B].End)
      BrBlock = B;
  const PtxBlock &BB = Cfg.Blocks[BrBlock];
  // The tests that must all hold for the loop to go on: one setp, or two
  // joined by and.pred (stay when true) / or.pred (leave when true).
  const PtxInstruction *G = definition(F, BB, Exit->At, Br.Guard);
  if (!G)
    return false;
  std::vector<const PtxInstruction *> Setps;
  bool Negate = !Exit->StayOnTrue;
  if (G->Opcode == "setp") {
    Setps.push_back(G);
  } else if ((G->Opcode == "and" && Exit->StayOnTrue) ||
             (G->Opcode == "or" && !Exit->StayOnTrue)) {
    if (G->Operands.size() != 3)
      return false;
    std::size_t GAt = std::size_t(G - F.Body.data());
    for (unsigned K = 1; K <= 2; ++K) {
      if (!G->Operands[K].isRegister())
        return false;
      const PtxInstruction *S = definition(F, BB, GAt, G->Operands[K].Name);
      if (!S || S->Opcode != "setp")
        return false;
      Setps.push_back(S);
    }
  } else {
    return false;
  }
  // The counter: a register every test compares, stepped once in L by an
  // immediate up.
  std::string Counter;
  std::optional<LoopCounterStep> Step;
  for (unsigned Side = 1; Side <= 2 && Counter.empty(); ++Side) {
    if (Setps[0]->Operands.size() != 3)
      return false;
    const PtxOperand &X = Setps[0]->Operands[Side];
    if (!X.isRegister())
      continue;
    Step = loopCounterStep(F, Cfg, L, X.Name);
    if (Step && Step->Add > 0 && Step->Factor == 0 &&
        Step->StepRegister.empty())
      Counter = X.Name;
  }
  if (Counter.empty())
    return false;
  // The tests see the stepped counter (the step comes first in the latch):
  // the body runs once for each value below the bounds.
  for (const PtxInstruction *S : Setps)
    if (!(BB.Begin <= Step->At && &F.Body[Step->At] < S))
      return false;
  std::vector<StayTest> Tests;
  for (const PtxInstruction *S : Setps) {
    if (S->Operands.size() != 3 || S->Guard.size())
      return false;
    Cmp C = comparison(*S);
    if (Negate)
      C = negated(C);
    StayTest T;
    T.Setp = S;
    if (S->Operands[1].isRegister() && S->Operands[1].Name == Counter) {
      T.Bound = &S->Operands[2];
      T.Cont = C;
    } else if (S->Operands[2].isRegister() && S->Operands[2].Name == Counter) {
      T.Bound = &S->Operands[1];
      T.Cont = swapped(C);
    } else {
      return false;
    }
    if (T.Cont != Cmp::Lt && T.Cont != Cmp::Le)
      return false;
    // 64-bit unsigned bounds are read as signed: both must be below 2^63.
    Tests.push_back(T);
  }
  // Carried: no code of P outside L writes the counter, and its value on
  // entry to P is a constant.
  for (unsigned B : P.Blocks) {
    if (L.contains(B))
      continue;
    for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I)
      if (writesRegister(F.Body[I], Counter))
        return false;
  }
  std::optional<std::int64_t> Start = valueOnEntry(F, Cfg, P, Counter);
  if (!Start || *Start < 0)
    return false;
  // A zero-trip guard before L: an edge of P into L's header from a
  // two-way branch whose other side is where L exits to. Without it each
  // entry would run the body at least once.
  bool Guarded = false;
  for (unsigned Pred : Cfg.Blocks[L.Header].Preds) {
    if (L.contains(Pred))
      continue;
    // Up through a preheader with one successor (nvcc's address set-up).
    for (unsigned Hops = 0; Hops < 4 && Cfg.Blocks[Pred].Succs.size() == 1 &&
                            Cfg.Blocks[Pred].Preds.size() == 1;
         ++Hops)
      Pred = Cfg.Blocks[Pred].Preds[0];
    if (Cfg.Blocks[Pred].Succs.size() != 2)
      continue;
    for (unsigned S : Cfg.Blocks[Pred].Succs)
      for (unsigned E : L.ExitTargets)
        Guarded |= S == E;
  }
  if (!Guarded)
    return false;
  // Each bound's value at P's last iteration: an immediate, or P's counter
  // R plus an immediate.
  std::optional<std::int64_t> Limit;
  std::string Expressions;
  for (const StayTest &T : Tests) {
    std::int64_t Last = 0;
    std::string Text;
    if (T.Bound->K == PtxOperand::Kind::Immediate && !T.Bound->IsFloat) {
      Last = T.Bound->IntValue;
      Text = std::to_string(Last);
    } else if (T.Bound->isRegister()) {
      // P's counter R itself, or "add Y, R, Imm" of it written once in P
      // (in P's header, or again in L's latch) from an R that L does not
      // write.
      std::string R = T.Bound->Name;
      std::int64_t Add = 0;
      std::optional<LoopCounterStep> RStep = loopCounterStep(F, Cfg, P, R);
      if (!RStep) {
        const PtxInstruction *Def = nullptr;
        unsigned Defs = 0;
        for (unsigned B : P.Blocks)
          for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I)
            if (writesRegister(F.Body[I], T.Bound->Name)) {
              ++Defs;
              Def = &F.Body[I];
            }
        if (Defs != 1 || Def->Opcode != "add" || !Def->Guard.empty() ||
            Def->Operands.size() != 3 || !Def->Operands[1].isRegister() ||
            Def->Operands[2].K != PtxOperand::Kind::Immediate)
          return false;
        R = Def->Operands[1].Name;
        Add = Def->Operands[2].IntValue;
        RStep = loopCounterStep(F, Cfg, P, R);
      }
      if (!RStep || RStep->Add <= 0 || RStep->Factor != 0 ||
          !RStep->StepRegister.empty())
        return false;
      // Where R steps: in L it is no bound of L's; in a block before L
      // (P's header, or one dominating L's header) L sees the stepped
      // value, R0 + (j + 1) x step at P's j-th iteration; after L, R0 + j x
      // step.
      unsigned StepBlock = P.Header;
      for (unsigned B : P.Blocks)
        if (Cfg.Blocks[B].Begin <= RStep->At && RStep->At < Cfg.Blocks[B].End)
          StepBlock = B;
      if (L.contains(StepBlock))
        return false;
      bool Before = Cfg.dominates(StepBlock, L.Header);
      std::optional<std::int64_t> R0 = valueOnEntry(F, Cfg, P, R);
      if (!R0)
        return false;
      Last = *R0 + (std::int64_t(ParentTrips) - 1 + Before) * RStep->Add + Add;
      Text = (R == T.Bound->Name
                  ? R
                  : T.Bound->Name + " = " + R + " + " + std::to_string(Add)) +
             " (" + R + " the enclosing loop's counter from " +
             std::to_string(*R0) + " by " + std::to_string(RStep->Add) +
             (Before ? ", stepped before this loop" : "") + ": " +
             std::to_string(Last) + " at its last iteration)";
    } else {
      return false;
    }
    if (Last < 0)
      return false;
    if (T.Cont == Cmp::Le)
      ++Last;
    Limit = Limit ? std::min(*Limit, Last) : Last;
    Expressions += std::string(Expressions.empty() ? "" : " and ") +
                   (T.Cont == Cmp::Le ? "<= " : "< ") + Text;
  }
  if (!Limit)
    return false;
  // Every value from Start below the limit, once.
  double Total = *Limit > *Start
                     ? std::ceil(double(*Limit - *Start) / double(Step->Add))
                     : 0;
  L.GivenTripCount = Total / ParentTrips;
  L.TripKind = "derived";
  L.TripSource = "the loop's counter " + Counter +
                 " carries across the enclosing loop (" +
                 shortNumber(ParentTrips) + " iterations): it starts at " +
                 std::to_string(*Start) + " before it, steps by " +
                 std::to_string(Step->Add) + " while " + Expressions + ": " +
                 shortNumber(Total) + " iterations in all, " +
                 shortNumber(L.GivenTripCount) + " per entry";
  return true;
}

} // namespace gpa::ptx
