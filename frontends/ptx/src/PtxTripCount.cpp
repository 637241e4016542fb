//===- PtxTripCount.cpp - Constant trip counts of nvcc-style loops --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// nvcc emits counted loops as
//     mov.u32 %r5, 0;                 // before the loop
//   $L__BB0_2:  ...
//     add.s32 %r5, %r5, 4;            // step (unroll factor if unrolled)
//     setp.lt.s32 %p2, %r5, 1024;     // bound: an immediate
//     @%p2 bra $L__BB0_2;             // back to the header
// clang (llc) instead exits when the test holds ("add %r12, %r12, -4;
// setp.eq %p1, %r12, 0; @%p1 bra $EXIT; bra.uni $HEADER"), which is the
// same loop with the condition negated; its latch either jumps back
// ("bra.uni $HEADER") or sits just above the header and falls into it.
// A counter may also grow geometrically ("shl %r4, %r22, 1; ...
// mov %r22, %r4" for `s *= 2`): counted test by test, as ScalarEvolution
// evaluates such loops exhaustively.
// The trip count is then exact, as ScalarEvolution finds it in the IR, so
// both front-ends weigh such loops alike. A loop whose test reads no
// stepped counter nvcc can see through (ccglib's zero-initialisation of
// its local accumulators over COMPLEX, a two-trip loop nvcc writes as
// "add %rd24, %rd322, 1; mov.u64 %rd322, 1; setp.lt.u64 %p1, %rd24, 2")
// is evaluated iteration by iteration from the values its registers enter
// with and immediates, as ScalarEvolution's exhaustive evaluation does (at
// most 100 iterations). Anything else (a parameter bound, a value read
// from memory or a thread index, wrap-around) stays unknown and gets the
// default.
//
//===----------------------------------------------------------------------===//
#include "PtxComparison.h"
#include "PtxLoopCounter.h"
#include "PtxRegisterValues.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/ptx/PtxAst.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace gpa::ptx {

namespace {
bool isIntType(const PtxInstruction &I) {
  for (std::string_view T : I.typeModifiers())
    if (T.size() >= 3 && (T[1] == 's' || T[1] == 'u' || T[1] == 'b'))
      return true;
  return false;
}

bool writes(const PtxInstruction &I, const std::string &Reg) {
  return !I.Operands.empty() && I.Operands[0].isRegister() &&
         I.Operands[0].Name == Reg;
}

std::optional<std::int64_t> immediate(const PtxOperand &O) {
  if (O.K == PtxOperand::Kind::Immediate && !O.IsFloat)
    return O.IntValue;
  return std::nullopt;
}

/// An immediate, or a register the function writes once, unguarded, with
/// "mov R, Imm" (nvcc's "mov.u32 %r15, 0; ... mov.u32 %r42, %r15" before
/// an inner loop, as in CLBlast's GEMM): its value; nullopt otherwise.
std::optional<std::int64_t>
constantValue(const PtxFunction &F, const PtxOperand &O, unsigned Depth = 0) {
  if (std::optional<std::int64_t> V = immediate(O))
    return V;
  if (!O.isRegister() || Depth > 4)
    return std::nullopt;
  const PtxInstruction *Def = nullptr;
  for (const PtxInstruction &I : F.Body)
    if (writes(I, O.Name)) {
      if (Def)
        return std::nullopt;
      Def = &I;
    }
  if (!Def || Def->Opcode != "mov" || !Def->Guard.empty() ||
      Def->Operands.size() != 2)
    return std::nullopt;
  return constantValue(F, Def->Operands[1], Depth + 1);
}

/// As executions() for X, X*Factor, X*Factor^2, ... (Factor >= 2, X > 0):
/// counted one test at a time, as ScalarEvolution's exhaustive evaluation
/// of such loops does; nullopt past 64 iterations or 2^40 (a test that
/// never fails, e.g. "!= 100" of powers of two).
std::optional<double> geometricExecutions(std::int64_t First,
                                          std::int64_t Factor,
                                          std::int64_t Bound, Cmp Cont) {
  if (First <= 0 || Factor < 2)
    return std::nullopt;
  if (Cont == Cmp::Unknown)
    return std::nullopt;
  std::int64_t X = First;
  for (int K = 1; K <= 64; ++K) {
    if (!holds(X, Bound, Cont))
      return double(K);
    if (X > (std::int64_t(1) << 40))
      return std::nullopt;
    X *= Factor;
  }
  return std::nullopt;
}

/// The trip count of L, or 0 when it is not evident.
double tripCount(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L) {
  // The latch: a block of L ending in a conditional branch to the header.
  for (unsigned B : L.Blocks) {
    const PtxBlock &Block = Cfg.Blocks[B];
    if (Block.End == Block.Begin)
      continue;
    const PtxInstruction &Br = F.Body[Block.End - 1];
    if (Br.Opcode != "bra" || Br.Guard.empty() || Br.Operands.empty())
      continue;
    auto Target = F.Labels.find(Br.Operands[0].Name);
    if (Target == F.Labels.end())
      continue;
    // nvcc branches back to the header while the condition holds; clang
    // (llc) leaves the loop when it holds and falls through to a latch
    // that is only "bra.uni header".
    bool ExitsWhenTrue = false;
    if (Target->second != Cfg.Blocks[L.Header].Begin) {
      bool TargetInLoop = false;
      for (unsigned LB : L.Blocks)
        TargetInLoop |= Cfg.Blocks[LB].Begin == Target->second &&
                        Cfg.Blocks[LB].End > Cfg.Blocks[LB].Begin;
      std::size_t Next = Block.End;
      // llc also lays the latch out just above the header and falls into
      // it ("@%p15 bra $L__BB0_9; $L__BB0_4: // Loop Header").
      bool FallsToHeader = Next == Cfg.Blocks[L.Header].Begin;
      bool FallsToLatch =
          Next < F.Body.size() && F.Body[Next].Opcode == "bra" &&
          F.Body[Next].Guard.empty() && !F.Body[Next].Operands.empty() &&
          F.Labels.count(F.Body[Next].Operands[0].Name) &&
          F.Labels.at(F.Body[Next].Operands[0].Name) ==
              Cfg.Blocks[L.Header].Begin;
      if (TargetInLoop || !(FallsToLatch || FallsToHeader))
        continue;
      ExitsWhenTrue = true;
    }
    // setp %p, A, B defining the guard, in the latch.
    std::size_t SetpAt = Block.End;
    for (std::size_t I = Block.End - 1; I-- > Block.Begin;)
      if (writes(F.Body[I], Br.Guard)) {
        SetpAt = I;
        break;
      }
    if (SetpAt == Block.End || F.Body[SetpAt].Opcode != "setp" ||
        F.Body[SetpAt].Operands.size() < 3 || !isIntType(F.Body[SetpAt]))
      return 0;
    const PtxInstruction &Setp = F.Body[SetpAt];
    Cmp C = comparison(Setp);
    const PtxOperand *X = &Setp.Operands[1];
    std::optional<std::int64_t> Bound = immediate(Setp.Operands[2]);
    if (!Bound) {
      X = &Setp.Operands[2];
      Bound = immediate(Setp.Operands[1]);
      C = swapped(C);
    }
    if (!Bound || !X->isRegister())
      return 0;
    if (Br.GuardNegated != ExitsWhenTrue)
      C = negated(C);
    // llc may compare a truncated copy of a 64-bit counter
    // ("cvt.u32.u64 %r8, %rd13; setp.eq.b32 %p1, %r8, 4096"): follow it.
    std::string Counter = X->Name;
    {
      const PtxInstruction *OnlyWrite = nullptr;
      unsigned XWrites = 0;
      for (unsigned LB : L.Blocks)
        for (std::size_t I = Cfg.Blocks[LB].Begin; I < Cfg.Blocks[LB].End; ++I)
          if (writes(F.Body[I], X->Name)) {
            ++XWrites;
            OnlyWrite = &F.Body[I];
          }
      if (XWrites == 1 && OnlyWrite->Opcode == "cvt" &&
          OnlyWrite->Guard.empty() && OnlyWrite->Operands.size() == 2 &&
          OnlyWrite->Operands[1].isRegister())
        Counter = OnlyWrite->Operands[1].Name;
    }
    // Exactly one write of the counter in the loop: "add X, X, Step" (or
    // sub), or a geometric step "shl X, X, K" / "mul.lo X, X, M" — or
    // "mov X, Y" of a Y computed once in the loop from X that way (llc's
    // `for (s = 1; s < 16; s *= 2)`: "shl %r4, %r22, 1; ... mov %r22, %r4").
    CounterForms Forms;
    Forms.Geometric = Forms.ThroughCopy = true;
    std::optional<LoopCounterStep> Step =
        loopCounterStep(F, Cfg, L, Counter, Forms);
    if (!Step)
      return 0;
    std::size_t StepAt = Step->At;
    // Its value on entry: the last "mov X, Imm" (or of a register holding
    // one) before the header in a block that dominates it (nvcc puts it in
    // the preheader).
    std::optional<std::int64_t> Init;
    for (unsigned P : Cfg.Blocks[L.Header].Preds) {
      if (L.contains(P))
        continue;
      std::optional<std::int64_t> Here;
      for (std::size_t I = Cfg.Blocks[P].Begin; I < Cfg.Blocks[P].End; ++I)
        if (writes(F.Body[I], Counter))
          Here = F.Body[I].Opcode == "mov" && F.Body[I].Operands.size() == 2
                     ? constantValue(F, F.Body[I].Operands[1])
                     : std::nullopt;
      if (!Here) // "mov X, R" of an R written again later (nvcc's
                 // "mov.u64 %rd188, %rd190" of the producer's counter)
        Here = valueBefore(F, Cfg, P, Cfg.Blocks[P].End, Counter);
      if (!Here || (Init && *Init != *Here))
        return 0;
      Init = Here;
    }
    if (!Init)
      return 0;
    // The compare sees X after the step when the step comes first (in the
    // latch, or in a block before it), else the value the iteration
    // started with.
    bool AfterStep = testSeesStep(Cfg, L, StepAt, SetpAt);
    if (Step->Factor != 0) {
      std::int64_t First = AfterStep ? *Init * Step->Factor : *Init;
      return geometricExecutions(First, Step->Factor, *Bound, C).value_or(0);
    }
    std::int64_t First = AfterStep ? *Init + Step->Add : *Init;
    return executions(First, Step->Add, *Bound, C).value_or(0);
  }
  return 0;
}
/// Iterations of L evaluated one by one (ScalarEvolution's exhaustive
/// evaluation, MaxBruteForceIterations = 100): the registers L writes enter
/// with their values before it (valueOnEntry; unknown otherwise), the
/// others are evaluated from their writes; each iteration's path through L
/// runs and its branches are decided. 0 when a branch on the way is not
/// known, reads a thread index or an argument, or L runs past the limit.
double exhaustiveTripCount(const PtxFunction &F, const PtxCfg &Cfg,
                           const PtxLoop &L) {
  constexpr unsigned MaxIterations = 100, MaxBlocks = 64;
  static const gpa::BranchFacts NoFacts;
  const std::uint64_t Dims[3] = {1, 1, 1};
  RegisterValues V(F, Cfg, NoFacts, Dims);
  for (unsigned B : L.Blocks)
    for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I) {
      const PtxInstruction &Ins = F.Body[I];
      if (Ins.Operands.empty() || !Ins.Operands[0].isRegister() ||
          V.State.count(Ins.Operands[0].Name))
        continue;
      V.State[Ins.Operands[0].Name] = {
          valueOnEntry(F, Cfg, L, Ins.Operands[0].Name)};
    }
  for (unsigned Iteration = 1; Iteration <= MaxIterations; ++Iteration) {
    unsigned B = L.Header;
    for (unsigned Steps = 0;; ++Steps) {
      if (Steps == MaxBlocks)
        return 0;
      const PtxBlock &Blk = Cfg.Blocks[B];
      run(F, Blk, V);
      unsigned Next = 0;
      if (Blk.Succs.size() == 1) {
        Next = Blk.Succs[0];
      } else if (Blk.Succs.size() == 2) {
        const PtxInstruction &Br = F.Body[Blk.End - 1];
        if (Br.Opcode != "bra" || Br.Guard.empty())
          return 0;
        PtxOperand G;
        G.K = PtxOperand::Kind::Register;
        G.Name = Br.Guard;
        V.reset();
        std::optional<std::int64_t> P = V.value(G, Blk.End - 1, nullptr);
        if (!P || V.ReadingSpecials || V.ReadingArgs)
          return 0;
        Next = ((*P != 0) != Br.GuardNegated) ? Blk.Succs[0] : Blk.Succs[1];
      } else {
        return 0;
      }
      if (!L.contains(Next))
        return double(Iteration);
      if (Next == L.Header)
        break;
      B = Next;
    }
  }
  return 0;
}
} // namespace

void computeTripCounts(const PtxFunction &F, PtxCfg &Cfg) {
  for (PtxLoop &L : Cfg.Loops) {
    L.TripCount = tripCount(F, Cfg, L);
    if (L.TripCount == 0)
      L.TripCount = exhaustiveTripCount(F, Cfg, L);
  }
}

} // namespace gpa::ptx
