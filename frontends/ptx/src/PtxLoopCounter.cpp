//===- PtxLoopCounter.cpp - How a loop's counter steps --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// See PtxLoopCounter.h.
//
//===----------------------------------------------------------------------===//
#include "PtxLoopCounter.h"

#include <algorithm>
#include <cmath>

namespace gpa::ptx {

namespace {
/// The update of Counter that Ins computes ("add/sub D, Counter, Step",
/// "shl.b32 D, Counter, Imm", "mul.lo D, Counter, Imm"), if it is one.
std::optional<LoopCounterStep> updateOf(const PtxInstruction &Ins,
                                        const std::string &Counter,
                                        CounterForms Forms) {
  if (!Ins.Guard.empty() || Ins.Operands.size() != 3 ||
      !Ins.Operands[1].isRegister() || Ins.Operands[1].Name != Counter)
    return std::nullopt;
  const PtxOperand &S = Ins.Operands[2];
  LoopCounterStep U;
  if (Forms.RegisterStep && Ins.Opcode == "add" && S.isRegister() &&
      S.Name != Counter) {
    U.StepRegister = S.Name;
    return U;
  }
  if (S.K != PtxOperand::Kind::Immediate || S.IsFloat || S.IntValue == 0)
    return std::nullopt;
  std::int64_t V = S.IntValue;
  if (Ins.Opcode == "add")
    U.Add = V;
  else if (Ins.Opcode == "sub")
    U.Add = -V;
  else if (Forms.Geometric && Ins.Opcode == "shl" && V > 0 && V < 31)
    U.Factor = std::int64_t(1) << V;
  else if (Forms.Geometric && Ins.Opcode == "mul" && V > 1 &&
           std::find(Ins.Modifiers.begin(), Ins.Modifiers.end(), ".lo") !=
               Ins.Modifiers.end())
    U.Factor = V;
  else
    return std::nullopt;
  return U;
}
} // namespace

std::optional<std::int64_t> valueBefore(const PtxFunction &F, const PtxCfg &Cfg,
                                        unsigned B, std::size_t At,
                                        const std::string &Reg,
                                        unsigned Depth) {
  for (unsigned Hops = 0; Hops < 8 && Depth < 8; ++Hops) {
    const PtxBlock &Blk = Cfg.Blocks[B];
    for (std::size_t I = At; I-- > Blk.Begin;) {
      const PtxInstruction &Ins = F.Body[I];
      if (!writesRegister(Ins, Reg))
        continue;
      if (Ins.Opcode != "mov" || !Ins.Guard.empty() || Ins.Operands.size() != 2)
        return std::nullopt;
      const PtxOperand &S = Ins.Operands[1];
      if (S.K == PtxOperand::Kind::Immediate && !S.IsFloat)
        return S.IntValue;
      if (!S.isRegister())
        return std::nullopt;
      return valueBefore(F, Cfg, B, I, S.Name, Depth + 1);
    }
    if (Blk.Preds.size() != 1)
      return std::nullopt;
    B = Blk.Preds[0];
    At = Cfg.Blocks[B].End;
  }
  return std::nullopt;
}

std::optional<std::int64_t> valueOnEntry(const PtxFunction &F,
                                         const PtxCfg &Cfg, const PtxLoop &P,
                                         const std::string &Reg) {
  std::optional<std::int64_t> Out;
  for (unsigned Pred : Cfg.Blocks[P.Header].Preds) {
    if (P.contains(Pred))
      continue;
    std::optional<std::int64_t> V =
        valueBefore(F, Cfg, Pred, Cfg.Blocks[Pred].End, Reg);
    if (!V || (Out && *Out != *V))
      return std::nullopt;
    Out = V;
  }
  return Out;
}

std::optional<LoopCounterStep>
loopCounterStep(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L,
                const std::string &X, CounterForms Forms) {
  std::optional<LoopCounterStep> Step;
  unsigned Writes = 0;
  for (unsigned B : L.Blocks)
    for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I) {
      const PtxInstruction &Ins = F.Body[I];
      if (!writesRegister(Ins, X))
        continue;
      ++Writes;
      Step = updateOf(Ins, X, Forms);
      if (!Step && Forms.ThroughCopy && Ins.Opcode == "mov" &&
          Ins.Guard.empty() && Ins.Operands.size() == 2 &&
          Ins.Operands[1].isRegister()) {
        const std::string &Y = Ins.Operands[1].Name;
        const PtxInstruction *YDef = nullptr;
        unsigned YWrites = 0;
        for (unsigned YB : L.Blocks)
          for (std::size_t J = Cfg.Blocks[YB].Begin; J < Cfg.Blocks[YB].End;
               ++J)
            if (writesRegister(F.Body[J], Y)) {
              ++YWrites;
              YDef = &F.Body[J];
            }
        if (YWrites == 1) {
          Step = updateOf(*YDef, X, Forms);
          if (Step)
            Step->ThroughCopy = true;
        }
      }
      if (Step)
        Step->At = I;
    }
  if (Writes != 1)
    return std::nullopt;
  return Step;
}

std::optional<LoopExitBranch>
loopExitBranch(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L) {
  std::optional<LoopExitBranch> Out;
  for (unsigned B : L.Blocks) {
    const PtxBlock &Blk = Cfg.Blocks[B];
    if (Blk.End == Blk.Begin)
      continue;
    const PtxInstruction &I = F.Body[Blk.End - 1];
    bool Leaves = false;
    for (unsigned S : Blk.Succs)
      Leaves |= S == L.Header || !L.contains(S);
    if (I.Opcode != "bra" || I.Guard.empty() || !Leaves)
      continue;
    if (Out || Blk.Succs.empty())
      return std::nullopt; // two ways out: not a counted loop
    // The CFG adds a branch's target edge first (PtxCfg.cpp), so Succs[0]
    // is where the branch goes when its guard holds (or fails, negated).
    Out =
        LoopExitBranch{Blk.End - 1, L.contains(Blk.Succs[0]) != I.GuardNegated};
  }
  return Out;
}

bool testSeesStep(const PtxCfg &Cfg, const PtxLoop &L, std::size_t StepAt,
                  std::size_t SetpAt) {
  std::optional<unsigned> StepBlock, TestBlock;
  for (unsigned B : L.Blocks) {
    if (Cfg.Blocks[B].Begin <= StepAt && StepAt < Cfg.Blocks[B].End)
      StepBlock = B;
    if (Cfg.Blocks[B].Begin <= SetpAt && SetpAt < Cfg.Blocks[B].End)
      TestBlock = B;
  }
  if (!StepBlock || !TestBlock)
    return false;
  if (*StepBlock == *TestBlock)
    return StepAt < SetpAt;
  return Cfg.dominates(*StepBlock, *TestBlock);
}

std::optional<double> executions(std::int64_t First, std::int64_t Step,
                                 std::int64_t Bound, Cmp Cont) {
  if (Step == 0)
    return std::nullopt;
  double F = double(First), S = double(Step), B = double(Bound);
  auto Count = [](double K) { return std::max(1.0, K); };
  switch (Cont) {
  case Cmp::Lt: // continue while X < B
    return S > 0 ? std::optional(Count(std::ceil((B - F) / S) + 1))
                 : std::nullopt;
  case Cmp::Le:
    return S > 0 ? std::optional(Count(std::floor((B - F) / S) + 2))
                 : std::nullopt;
  case Cmp::Gt:
    return S < 0 ? std::optional(Count(std::ceil((F - B) / -S) + 1))
                 : std::nullopt;
  case Cmp::Ge:
    return S < 0 ? std::optional(Count(std::floor((F - B) / -S) + 2))
                 : std::nullopt;
  case Cmp::Ne: {
    double K = (B - F) / S; // X == B after K more steps
    if (K < 0 || K != std::floor(K))
      return std::nullopt; // would wrap around
    return Count(K + 1);
  }
  default:
    return std::nullopt;
  }
}

unsigned unsignedBits(const PtxInstruction &Setp) {
  for (const std::string &M : Setp.Modifiers) {
    if (M == ".u32" || M == ".b32")
      return 32;
    if (M == ".u64" || M == ".b64")
      return 64;
  }
  return 0;
}

std::optional<double> executionsAt(std::int64_t First, std::int64_t Step,
                                   std::int64_t Bound, Cmp Cont,
                                   unsigned Bits) {
  if (Bits == 32) {
    // Both in [0, 2^32): the signed order is the unsigned one.
    First = std::int64_t(std::uint32_t(First));
    Bound = std::int64_t(std::uint32_t(Bound));
    if ((Cont == Cmp::Le && Bound == 0xffffffffLL) ||
        (Cont == Cmp::Ge && Bound == 0))
      return std::nullopt; // always holds: the counter wraps
    return executions(First, Step, Bound, Cont);
  }
  if (Bits == 64 && (First < 0) != (Bound < 0)) {
    // One of them at or above 2^63 as unsigned: the signed order is
    // reversed. A first value that fails the test runs the body once;
    // otherwise the counter would have to cross 2^63 or wrap.
    std::uint64_t X = std::uint64_t(First), B = std::uint64_t(Bound);
    bool Holds = Cont == Cmp::Lt   ? X < B
                 : Cont == Cmp::Le ? X <= B
                 : Cont == Cmp::Gt ? X > B
                 : Cont == Cmp::Ge ? X >= B
                 : Cont == Cmp::Ne ? X != B
                                   : false;
    if (Cont == Cmp::Unknown || Cont == Cmp::Eq)
      return std::nullopt;
    return Holds ? std::nullopt : std::optional<double>(1.0);
  }
  return executions(First, Step, Bound, Cont);
}

} // namespace gpa::ptx
