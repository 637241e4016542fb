//===- PtxLoopCounter.cpp - How a loop's counter steps --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// See PtxLoopCounter.h.
//
//===----------------------------------------------------------------------===//
#include "PtxLoopCounter.h"

#include <algorithm>

namespace gpa::ptx {

namespace {
bool writes(const PtxInstruction &I, const std::string &Reg) {
  return !I.Operands.empty() && I.Operands[0].isRegister() &&
         I.Operands[0].Name == Reg;
}

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

std::optional<LoopCounterStep>
loopCounterStep(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L,
                const std::string &X, CounterForms Forms) {
  std::optional<LoopCounterStep> Step;
  unsigned Writes = 0;
  for (unsigned B : L.Blocks)
    for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I) {
      const PtxInstruction &Ins = F.Body[I];
      if (!writes(Ins, X))
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
            if (writes(F.Body[J], Y)) {
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

} // namespace gpa::ptx
