//===- PtxBranchHeuristics.cpp - Static branch probabilities -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The probability that a conditional branch is taken, from the comparison
// that sets its predicate, with the integer rules LLVM's
// BranchProbabilityInfo applies to the IR the PTX was made from, so the
// PTX front-end weighs an `if` as the IR front-end (BlockFrequencyInfo)
// does. Read from `opt -passes='print<branch-prob>'` of LLVM 22
// (test/ptx/PtxBranchHeuristicsTest.cpp lists the cases):
//   x == 0, x == -1 (and a pointer == null): 37.5%; != : 62.5%;
//   signed x < 0, x <= 0 (x < 1):            37.5%;
//   signed x >= 0 (x > -1), x > 0 (x >= 1):  62.5%;
// anything else (two registers, other constants, unsigned order, floats,
// a truth value "and x, 1" tested against 0, which the IR branches on as
// an i1): 50%.
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxCfg.h"

#include "gpa/ptx/PtxAst.h"

#include <optional>

namespace gpa::ptx {

namespace {
constexpr double Unlikely = 12.0 / 32; // BPI's integer heuristic, 37.5%
constexpr double Likely = 20.0 / 32;   // 62.5%

/// The last write of Reg before instruction At in [Begin, At), else the only
/// write of Reg in F (llc defines each predicate once).
const PtxInstruction *definition(const PtxFunction &F, std::size_t Begin,
                                 std::size_t At, const std::string &Reg) {
  auto Writes = [&](const PtxInstruction &I) {
    return !I.Operands.empty() && I.Operands[0].isRegister() &&
           I.Operands[0].Name == Reg;
  };
  for (std::size_t I = At; I-- > Begin;)
    if (Writes(F.Body[I]))
      return &F.Body[I];
  const PtxInstruction *Only = nullptr;
  for (const PtxInstruction &I : F.Body)
    if (Writes(I)) {
      if (Only)
        return nullptr;
      Only = &I;
    }
  return Only;
}

std::optional<std::int64_t> immediate(const PtxOperand &O) {
  if (O.K == PtxOperand::Kind::Immediate && !O.IsFloat)
    return O.IntValue;
  return std::nullopt;
}

/// P(predicate true) for "setp.<cmp>.<type> %p, A, Imm" under the rules
/// above; nullopt when no rule applies (50%).
std::optional<double> setpProbability(const PtxFunction &F, std::size_t Begin,
                                      std::size_t At,
                                      const PtxInstruction &Setp) {
  if (Setp.Operands.size() != 3)
    return std::nullopt;
  std::string Cmp, Type;
  for (const std::string &M : Setp.Modifiers) {
    if (M == ".eq" || M == ".ne" || M == ".lt" || M == ".le" || M == ".gt" ||
        M == ".ge")
      Cmp = M;
    else if (M.size() >= 3 &&
             (M[1] == 's' || M[1] == 'u' || M[1] == 'b' || M[1] == 'f'))
      Type = M;
  }
  if (Cmp.empty() || Type.empty() || Type[1] == 'f')
    return std::nullopt;
  const PtxOperand *X = &Setp.Operands[1];
  std::optional<std::int64_t> V = immediate(Setp.Operands[2]);
  if (!V) {
    X = &Setp.Operands[2];
    V = immediate(Setp.Operands[1]);
    if (Cmp == ".lt")
      Cmp = ".gt";
    else if (Cmp == ".gt")
      Cmp = ".lt";
    else if (Cmp == ".le")
      Cmp = ".ge";
    else if (Cmp == ".ge")
      Cmp = ".le";
  }
  if (!V || !X->isRegister())
    return std::nullopt;
  // A bool loaded from memory and tested: an i1 branch in the IR.
  if (const PtxInstruction *D = definition(F, Begin, At, X->Name))
    if (D->Opcode == "and" && D->Operands.size() == 3)
      if (auto Mask = immediate(D->Operands[2]); Mask && *Mask == 1)
        return std::nullopt;
  if (Cmp == ".eq" || Cmp == ".ne") {
    if (*V != 0 && *V != -1)
      return std::nullopt;
    return Cmp == ".eq" ? Unlikely : Likely;
  }
  if (Type[1] != 's')
    return std::nullopt;
  // x < 0, x <= -1 | x <= 0, x < 1: unlikely; the negations likely.
  if ((Cmp == ".lt" && (*V == 0 || *V == 1)) ||
      (Cmp == ".le" && (*V == -1 || *V == 0)))
    return Unlikely;
  if ((Cmp == ".ge" && (*V == 0 || *V == 1)) ||
      (Cmp == ".gt" && (*V == -1 || *V == 0)))
    return Likely;
  return std::nullopt;
}

/// P(Pred true) at instruction At of a block starting at Begin.
std::optional<double> predicateProbability(const PtxFunction &F,
                                           std::size_t Begin, std::size_t At,
                                           const std::string &Pred,
                                           unsigned Depth = 0) {
  const PtxInstruction *D = definition(F, Begin, At, Pred);
  if (!D || !D->Guard.empty() || Depth > 4)
    return std::nullopt;
  if (D->Opcode == "not" && D->Operands.size() == 2 &&
      D->Operands[1].isRegister()) {
    std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
    auto P = predicateProbability(F, DAt < At && DAt >= Begin ? Begin : 0, DAt,
                                  D->Operands[1].Name, Depth + 1);
    if (P)
      return 1 - *P;
    return std::nullopt;
  }
  if (D->Opcode == "setp") {
    std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
    return setpProbability(F, DAt < At && DAt >= Begin ? Begin : 0, DAt, *D);
  }
  return std::nullopt;
}
} // namespace

void computeBranchProbabilities(const PtxFunction &F, PtxCfg &Cfg) {
  for (PtxBlock &B : Cfg.Blocks) {
    B.OnlyJumps = B.End == B.Begin ||
                  (B.End == B.Begin + 1 && F.Body[B.Begin].Opcode == "bra" &&
                   F.Body[B.Begin].Guard.empty());
    if (B.End == B.Begin || B.Succs.size() != 2)
      continue;
    const PtxInstruction &Br = F.Body[B.End - 1];
    if (Br.Opcode != "bra" || Br.Guard.empty())
      continue;
    if (auto P = predicateProbability(F, B.Begin, B.End - 1, Br.Guard))
      B.TakenProbability = Br.GuardNegated ? 1 - *P : *P;
  }
}

} // namespace gpa::ptx
