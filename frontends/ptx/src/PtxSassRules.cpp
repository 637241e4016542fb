//===- PtxSassRules.cpp - What ptxas fuses, drops or merges ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Def-use over register names (llc and nvcc PTX define most registers once;
// a loop-carried register has several definitions and never fuses), and a
// known-alignment analysis of shared addresses (the power of two that
// divides a register's value) for the LDS merging rule.
//
//===----------------------------------------------------------------------===//
#include "PtxSassRules.h"
#include "PtxImmediateDivisors.h"
#include "PtxSharedAddresses.h"

#include "gpa/InstructionCosts.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>

namespace gpa::ptx {

namespace {
constexpr std::uint64_t Unknown = 1;
constexpr std::uint64_t Top = std::uint64_t(1) << 40;

bool isTypeSuffix(std::string_view M, std::string_view Bits) {
  return M.size() == 4 && (M[1] == 's' || M[1] == 'u' || M[1] == 'b') &&
         M.substr(2) == Bits;
}

bool isInt64Add(const PtxInstruction &I) {
  if (I.Opcode != "add" && I.Opcode != "sub")
    return false;
  for (const std::string &M : I.Modifiers)
    if (isTypeSuffix(M, "64"))
      return true;
  return false;
}

std::uint64_t lowBit(std::int64_t V) {
  if (V == 0)
    return Top;
  std::uint64_t U = std::uint64_t(V);
  return std::min<std::uint64_t>(U & (~U + 1), Top);
}

struct DefUse {
  std::map<std::string, std::vector<std::size_t>> Defs;
  std::map<std::string, unsigned> Uses;
};

void countUses(const PtxOperand &Op, DefUse &D) {
  if (Op.isRegister() || (Op.K == PtxOperand::Kind::Address &&
                          !Op.Name.empty() && Op.Name[0] == '%'))
    ++D.Uses[Op.Name];
  for (const PtxOperand &E : Op.Elems)
    countUses(E, D);
}

/// Instructions whose first operand is not a destination.
bool writesFirstOperand(const PtxInstruction &I) {
  return I.Opcode != "st" && I.Opcode != "bra" && I.Opcode != "ret" &&
         I.Opcode != "exit" && I.Opcode != "bar" && I.Opcode != "barrier" &&
         I.Opcode != "red" && I.Opcode != "call" && I.Opcode != "membar" &&
         I.Opcode != "fence" && !I.Operands.empty();
}

DefUse defUse(const PtxFunction &F) {
  DefUse D;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    bool Writes = writesFirstOperand(I);
    for (std::size_t O = 0; O < I.Operands.size(); ++O) {
      if (O == 0 && Writes && I.Operands[0].isRegister()) {
        D.Defs[I.Operands[0].Name].push_back(K);
        continue;
      }
      countUses(I.Operands[O], D);
    }
    if (!I.Guard.empty())
      ++D.Uses[I.Guard];
  }
  return D;
}

const PtxInstruction *singleDef(const PtxFunction &F, const DefUse &D,
                                const std::string &Reg) {
  auto It = D.Defs.find(Reg);
  if (It == D.Defs.end() || It->second.size() != 1)
    return nullptr;
  return &F.Body[It->second.front()];
}

/// A kernel-parameter pointer (ld.param, possibly through cvta.to.global):
/// ptxas reads it from the constant bank.
bool isParameter(const PtxFunction &F, const DefUse &D, const PtxOperand &Op,
                 unsigned Depth = 0) {
  if (!Op.isRegister() || Depth > 2)
    return false;
  const PtxInstruction *Def = singleDef(F, D, Op.Name);
  if (!Def)
    return false;
  if (Def->Opcode == "ld" && Def->hasModifier(".param"))
    return true;
  return Def->Opcode == "cvta" && Def->Operands.size() >= 2 &&
         isParameter(F, D, Def->Operands[1], Depth + 1);
}

/// mul.wide + add.s64 -> one IMAD.WIDE per add (ptxas recomputes the
/// product for each); other 64-bit adds -> IADD3 pairs.
void fuseWideAdds(const PtxFunction &F, const DefUse &D,
                  std::vector<OpClassification> &Classes) {
  std::map<std::size_t, std::vector<std::pair<std::size_t, unsigned>>> Adds;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (!isInt64Add(I) || I.Operands.size() != 3)
      continue;
    Classes[K].Facts = OpFacts{OpFamily::IntAdd, OpType::S64};
    Classes[K].Units = expandOp(*Classes[K].Facts);
    if (I.Opcode != "add")
      continue;
    for (unsigned Side = 1; Side <= 2; ++Side) {
      const PtxOperand &Prod = I.Operands[Side];
      auto It = Prod.isRegister() ? D.Defs.find(Prod.Name) : D.Defs.end();
      if (It == D.Defs.end() || It->second.size() != 1)
        continue;
      const PtxInstruction &Mul = F.Body[It->second.front()];
      if (Mul.Opcode == "mul" && Mul.hasModifier(".wide") &&
          Mul.Operands.size() == 3) {
        Adds[It->second.front()].push_back({K, Side});
        break;
      }
    }
  }
  for (const auto &[MulK, Users] : Adds) {
    const PtxInstruction &Mul = F.Body[MulK];
    auto Uses = D.Uses.find(Mul.Operands[0].Name);
    if (Uses == D.Uses.end() || Uses->second != Users.size())
      continue; // the product is also used elsewhere: it stays a mul.wide
    bool ImmediateScale = Mul.Operands[2].K == PtxOperand::Kind::Immediate ||
                          Mul.Operands[1].K == PtxOperand::Kind::Immediate;
    Classes[MulK].Units.clear();
    for (const auto &[AddK, Side] : Users) {
      Classes[AddK].Units = wideMultiplyAdd(
          ImmediateScale, isParameter(F, D, F.Body[AddK].Operands[3 - Side]));
      Classes[AddK].Facts.reset(); // part of the IMAD.WIDE
    }
  }
}

/// div.rn.f32 / div.rn.f64 whose divisor is a kernel parameter: ptxas
/// copies it from the constant bank into registers for each division
/// (gpa/InstructionCosts.h OpFacts::DivisorIsParameter).
void copyParameterDivisors(const PtxFunction &F, const DefUse &D,
                           std::vector<OpClassification> &Classes) {
  if (!F.IsEntry)
    return;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (I.Opcode != "div" || !I.hasModifier(".rn") || I.Operands.size() != 3)
      continue;
    const PtxInstruction *Def = I.Operands[2].isRegister()
                                    ? singleDef(F, D, I.Operands[2].Name)
                                    : nullptr;
    if (!Def || Def->Opcode != "ld" || !Def->hasModifier(".param"))
      continue;
    std::optional<OpFacts> &Facts = Classes[K].Facts;
    if ((!I.hasModifier(".f64") && !I.hasModifier(".f32")) || !Facts)
      continue;
    Facts->DivisorIsParameter = true;
    Classes[K].Units = expandOp(*Facts);
  }
}

/// Whether \p Reg is used once, as the guard of a branch.
bool onlyGuardsABranch(const PtxFunction &F, const DefUse &D,
                       const std::string &Reg) {
  auto Uses = D.Uses.find(Reg);
  if (Uses == D.Uses.end() || Uses->second != 1)
    return false;
  for (const PtxInstruction &I : F.Body)
    if (I.Guard == Reg)
      return I.Opcode == "bra" && !I.GuardNegated;
  return false;
}

/// The facts gpa/InstructionCosts.h predicateLogicInstructions decides on
/// for each unguarded not/and/or/xor.pred: an operand a setp computes for
/// it alone (each setp takes one combine), a result that only guards a
/// branch.
void foldPredicateLogic(const PtxFunction &F, const DefUse &D,
                        std::vector<OpClassification> &Classes) {
  using Op = PredicateLogicFacts::Op;
  std::set<std::size_t> Combined; // setps that already took a combine
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (!I.hasModifier(".pred") || !I.Guard.empty())
      continue;
    PredicateLogicFacts Facts{Op::Not};
    if (I.Opcode == "not" && I.Operands.size() == 2) {
      Classes[K].Units = {{Unit::Alu, predicateLogicInstructions(Facts)}};
      continue;
    }
    if ((I.Opcode != "and" && I.Opcode != "or" && I.Opcode != "xor") ||
        I.Operands.size() != 3)
      continue;
    Facts.Kind = I.Opcode == "and"  ? Op::And
                 : I.Opcode == "or" ? Op::Or
                                    : Op::Xor;
    for (unsigned Side = 1; Side <= 2 && !Facts.OperandIsSoleUseCompare;
         ++Side) {
      const PtxOperand &Operand = I.Operands[Side];
      auto Defs =
          Operand.isRegister() ? D.Defs.find(Operand.Name) : D.Defs.end();
      if (Defs == D.Defs.end() || Defs->second.size() != 1)
        continue;
      std::size_t SetpK = Defs->second.front();
      const PtxInstruction &Setp = F.Body[SetpK];
      auto Uses = D.Uses.find(Operand.Name);
      Facts.OperandIsSoleUseCompare =
          Setp.Opcode == "setp" && Setp.Operands.size() == 3 && SetpK <= K &&
          Uses != D.Uses.end() && Uses->second == 1 &&
          Combined.insert(SetpK).second;
    }
    Facts.OnlyFeedsBranch = I.Operands[0].isRegister() &&
                            onlyGuardsABranch(F, D, I.Operands[0].Name);
    Classes[K].Units = {{Unit::Alu, predicateLogicInstructions(Facts)}};
  }
}

/// The power of two known to divide each register (1 = nothing known).
std::map<std::string, std::uint64_t>
knownAlignment(const PtxFunction &F, const DefUse &D,
               const std::set<std::string> &StaticShared) {
  std::map<std::string, std::uint64_t> A;
  for (const auto &[Reg, Ks] : D.Defs)
    A[Reg] = Top;
  auto Of = [&](const PtxOperand &Op) -> std::uint64_t {
    if (Op.K == PtxOperand::Kind::Immediate && !Op.IsFloat)
      return lowBit(Op.IntValue);
    if (Op.K == PtxOperand::Kind::Symbol)
      return StaticShared.count(Op.Name) ? 16 : Unknown;
    if (Op.isRegister()) {
      auto It = A.find(Op.Name);
      return It == A.end() ? Unknown : It->second;
    }
    return Unknown;
  };
  auto Eval = [&](const PtxInstruction &I) -> std::uint64_t {
    const auto &O = I.Operands;
    if (I.Opcode == "mov" || I.Opcode == "cvta" || I.Opcode == "cvt")
      return O.size() >= 2 &&
                     (I.Opcode != "cvt" || I.typeModifiers().size() == 2)
                 ? Of(O[1])
                 : Unknown;
    if ((I.Opcode == "add" || I.Opcode == "sub") && O.size() == 3)
      return std::min(Of(O[1]), Of(O[2]));
    if (I.Opcode == "mul" && O.size() == 3 &&
        (I.hasModifier(".lo") || I.hasModifier(".wide")))
      return std::min(Of(O[1]) * Of(O[2]), Top);
    if (I.Opcode == "mad" && O.size() == 4 &&
        (I.hasModifier(".lo") || I.hasModifier(".wide")))
      return std::min(std::min(Of(O[1]) * Of(O[2]), Top), Of(O[3]));
    if (I.Opcode == "shl" && O.size() == 3 &&
        O[2].K == PtxOperand::Kind::Immediate && O[2].IntValue >= 0 &&
        O[2].IntValue < 40)
      return std::min(Of(O[1]) << O[2].IntValue, Top);
    return Unknown;
  };
  // Registers defined in loops: iterate the minimum to a fixed point.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Reg, Ks] : D.Defs) {
      std::uint64_t V = Top;
      for (std::size_t K : Ks)
        V = std::min(V, Eval(F.Body[K]));
      if (V < A[Reg]) {
        A[Reg] = V;
        Changed = true;
      }
    }
  }
  return A;
}

bool isScalarSharedLoad(const PtxInstruction &I, const OpClassification &C) {
  return I.Opcode == "ld" && C.Space == MemSpace::Shared &&
         !I.hasModifier(".v2") && !I.hasModifier(".v4") &&
         !I.hasModifier(".volatile") && I.Operands.size() == 2 &&
         I.Operands[1].K == PtxOperand::Kind::Address && I.Guard.empty();
}

/// Ends a run of mergeable shared loads: anything that may write shared
/// memory or order it.
bool endsSharedRun(const PtxInstruction &I, const OpClassification &C) {
  return (C.Space == MemSpace::Shared && I.Opcode != "ld") ||
         I.Opcode == "bar" || I.Opcode == "barrier" || I.Opcode == "atom" ||
         I.Opcode == "red" || I.Opcode == "call" || I.Opcode == "membar" ||
         I.Opcode == "fence" || C.GenericAddress;
}

void mergeSharedLoads(const PtxFunction &F, const PtxCfg &Cfg,
                      const std::map<std::string, std::uint64_t> &Align,
                      const std::set<std::string> &StaticShared,
                      std::vector<OpClassification> &Classes) {
  auto Flush = [&](std::map<std::pair<std::string, unsigned>,
                            std::vector<std::size_t>> &Groups) {
    for (const auto &[Key, Ks] : Groups) {
      if (Ks.size() < 2)
        continue;
      std::uint64_t BaseAlign = Unknown;
      if (StaticShared.count(Key.first))
        BaseAlign = 16;
      else if (auto It = Align.find(Key.first); It != Align.end())
        BaseAlign = It->second;
      std::vector<std::int64_t> Offsets;
      for (std::size_t K : Ks)
        Offsets.push_back(F.Body[K].Operands[1].IntValue);
      double Lds = sharedLoadInstructions(Offsets, Key.second, BaseAlign);
      for (std::size_t K : Ks)
        Classes[K].Units = {{Unit::SharedMem, Lds / double(Ks.size())}};
    }
    Groups.clear();
  };
  for (const PtxBlock &B : Cfg.Blocks) {
    std::map<std::pair<std::string, unsigned>, std::vector<std::size_t>> Groups;
    for (std::size_t K = B.Begin; K < B.End; ++K) {
      const PtxInstruction &I = F.Body[K];
      const OpClassification &C = Classes[K];
      if (isScalarSharedLoad(I, C)) {
        Groups[{I.Operands[1].Name, C.AccessBytes}].push_back(K);
        continue;
      }
      if (endsSharedRun(I, C))
        Flush(Groups);
      // A redefined base register starts a new group.
      if (writesFirstOperand(I) && I.Operands[0].isRegister()) {
        for (auto It = Groups.begin(); It != Groups.end();) {
          if (It->first.first == I.Operands[0].Name) {
            std::map<std::pair<std::string, unsigned>, std::vector<std::size_t>>
                One{*It};
            Flush(One);
            It = Groups.erase(It);
          } else {
            ++It;
          }
        }
      }
    }
    Flush(Groups);
  }
}
bool isApproxSinCosF32(const PtxInstruction &I) {
  return (I.Opcode == "sin" || I.Opcode == "cos") && I.hasModifier(".approx") &&
         I.hasModifier(".f32") && I.Operands.size() == 2 &&
         I.Operands[1].isRegister();
}

/// sin.approx and cos.approx of one register in one block share ptxas's
/// range reduction (gpa/InstructionCosts.h sinCosSharingReduction): the
/// second of the pair is its MUFU alone.
void shareSinCosReduction(const PtxFunction &F, const PtxCfg &Cfg,
                          std::vector<OpClassification> &Classes) {
  for (const PtxBlock &B : Cfg.Blocks) {
    std::map<std::string, std::string> Reduced; // operand -> sin or cos
    for (std::size_t K = B.Begin; K < B.End; ++K) {
      const PtxInstruction &I = F.Body[K];
      if (isApproxSinCosF32(I)) {
        auto It = Reduced.find(I.Operands[1].Name);
        if (It != Reduced.end() && It->second != I.Opcode) {
          Classes[K].Units = sinCosSharingReduction();
          Classes[K].Facts.reset(); // the MUFU alone: no FMUL.RZ, no FLOP
        } else
          Reduced.emplace(I.Operands[1].Name, I.Opcode);
      }
      if (writesFirstOperand(I) && I.Operands[0].isRegister())
        Reduced.erase(I.Operands[0].Name);
    }
  }
}

bool isFloatArith(const PtxInstruction &I) {
  return (I.Opcode == "fma" || I.Opcode == "mad" || I.Opcode == "mul" ||
          I.Opcode == "add" || I.Opcode == "sub") &&
         (I.hasModifier(".f32") || I.hasModifier(".f64"));
}

/// neg.f32 / neg.f64 read only as a source of float fma/mul/add/sub: ptxas
/// folds the negation into the reader's operand (`FFMA R17, -R8, R9, R17`
/// in PolyBench GRAMSCHM's a -= q * r): free.
void foldFloatNegations(const PtxFunction &F, const DefUse &D,
                        std::vector<OpClassification> &Classes) {
  std::map<std::string, std::vector<std::size_t>> Readers;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    for (std::size_t O = writesFirstOperand(I) ? 1 : 0; O < I.Operands.size();
         ++O)
      if (I.Operands[O].isRegister())
        Readers[I.Operands[O].Name].push_back(K);
  }
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (I.Opcode != "neg" || !I.Guard.empty() || I.Operands.size() != 2 ||
        !I.Operands[0].isRegister() ||
        !(I.hasModifier(".f32") || I.hasModifier(".f64")))
      continue;
    const std::string &Reg = I.Operands[0].Name;
    auto Uses = D.Uses.find(Reg);
    const std::vector<std::size_t> &Rs = Readers[Reg];
    if (!singleDef(F, D, Reg) || Uses == D.Uses.end() || Rs.empty() ||
        Uses->second != Rs.size())
      continue;
    if (std::all_of(Rs.begin(), Rs.end(),
                    [&](std::size_t R) { return isFloatArith(F.Body[R]); }))
      Classes[K].Units.clear();
  }
}
/// cvt.sat.f32.f32 of an f32 fma/mul/add/sub result read nowhere else:
/// ptxas saturates in that instruction (FFMA.SAT), so the clamp is free
/// (libdevice's expf: `fma.rn.f32 %r22, ...; cvt.sat.f32.f32 %r23, %r22`;
/// gpuFLOPBench's glu measures 17 FLOPs per thread, none an FADD.SAT).
void foldSaturations(const PtxFunction &F, const DefUse &D,
                     std::vector<OpClassification> &Classes) {
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    std::vector<std::string_view> T = I.typeModifiers();
    if (I.Opcode != "cvt" || !I.hasModifier(".sat") || T.size() != 2 ||
        T[0] != ".f32" || T[1] != ".f32" || I.Operands.size() != 2 ||
        !I.Operands[1].isRegister() || I.hasModifier(".rni") ||
        I.hasModifier(".rzi") || I.hasModifier(".rmi") || I.hasModifier(".rpi"))
      continue;
    const std::string &Src = I.Operands[1].Name;
    const PtxInstruction *Def = singleDef(F, D, Src);
    auto Uses = D.Uses.find(Src);
    if (Def && isFloatArith(*Def) && Def->hasModifier(".f32") &&
        Def->Guard.empty() && Uses != D.Uses.end() && Uses->second == 1)
      Classes[K].Units.clear();
  }
}
} // namespace

void applySassRules(const PtxFunction &F, const PtxCfg &Cfg,
                    const std::set<std::string> &StaticShared,
                    std::vector<OpClassification> &Classes) {
  DefUse D = defUse(F);
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (F.IsEntry && I.Opcode == "ld" && I.hasModifier(".param") &&
        !readsParamThroughRegister(I))
      Classes[K].Units = {{Unit::Alu, ParameterReadInstructions}};
    else if (I.Opcode == "cvta" && I.hasModifier(".to") &&
             I.hasModifier(".global"))
      Classes[K].Units = {{Unit::Alu, GlobalAddressConversionInstructions}};
  }
  fuseWideAdds(F, D, Classes);
  narrowSharedAddressAdds(F, Classes);
  foldFloatNegations(F, D, Classes);
  foldSaturations(F, D, Classes);
  copyParameterDivisors(F, D, Classes);
  foldImmediateDivisors(F, Classes);
  foldPredicateLogic(F, D, Classes);
  shareSinCosReduction(F, Cfg, Classes);
  mergeSharedLoads(F, Cfg, knownAlignment(F, D, StaticShared), StaticShared,
                   Classes);
}

} // namespace gpa::ptx
