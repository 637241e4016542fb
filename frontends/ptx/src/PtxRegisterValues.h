//===- PtxRegisterValues.h - Integer registers evaluated --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The one evaluator of PTX integer registers the trip-count rules share:
// the register's one write that reaches a use (writes inside a loop that
// does not hold the use are that loop's own), evaluated from the kernel's
// given arguments (ld.param), immediates, the thread's indices and the
// launch's sizes, and integer arithmetic, wrapped to the instruction's
// width. Used by the argument rule (PtxArgumentTripCounts.cpp), the
// per-thread rule (PtxThreadTripCounts.cpp, which also follows paths with
// it: run, follow), the followed carried rule (PtxCarriedTripCounts.cpp)
// and the iteration-by-iteration count (PtxTripCount.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXREGISTERVALUES_H
#define GPA_PTX_PTXREGISTERVALUES_H

#include "PtxComparison.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/BranchFacts.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpa::ptx {

/// Register values for one thread of the block: its indices, the block's
/// size, the given arguments and immediates, and the values written on the
/// path followed so far (State). The per-thread rule follows threads with
/// it; the argument rule reads a loop's start and bound with it, and takes
/// them only when no special register was read (ReadingSpecials).
class RegisterValues {
public:
  RegisterValues(const PtxFunction &F, const PtxCfg &Cfg,
                 const gpa::BranchFacts &Facts, const std::uint64_t Dims[3])
      : F(F), Cfg(Cfg), Facts(Facts) {
    for (unsigned D = 0; D < 3; ++D)
      this->Dims[D] = Dims[D];
    BlockOf.assign(F.Body.size(), ~0u);
    for (unsigned B = 0; B < Cfg.Blocks.size(); ++B)
      for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I)
        BlockOf[I] = B;
    for (std::size_t I = 0; I < F.Body.size(); ++I)
      if (!F.Body[I].Operands.empty() && F.Body[I].Operands[0].isRegister())
        Defs[F.Body[I].Operands[0].Name].push_back(I);
  }

  std::uint64_t Tid[3] = {0, 0, 0};
  /// The block's index (blockIdx) and the grid's size (gridDim; 0:
  /// unknown).
  std::uint64_t Cta[3] = {0, 0, 0};
  std::uint64_t Grid[3] = {0, 0, 0};
  /// A value written on the path (nullopt: not known) and what it was
  /// computed from (Reading's bits).
  struct Written {
    std::optional<std::int64_t> Value;
    std::uint64_t Specials = 0, Args = 0;
  };
  std::map<std::string, Written> State;
  /// What the values evaluated since the last reset were computed from:
  /// special registers (bit 3 x kind + dimension; kinds %tid, %ntid,
  /// %ctaid, %nctaid) and argument positions (below 64).
  std::uint64_t ReadingSpecials = 0, ReadingArgs = 0;
  /// Instructions a caller following a thread may still execute
  /// (PtxThreadTripCounts.cpp sets and spends it).
  std::uint64_t Budget = 0;
  /// What the counted quantities (branch tests, the counter) read, for the
  /// rule's conditions and label (use()).
  std::set<std::string> Specials;
  std::set<unsigned> Args;

  /// Records what the values evaluated since the last reset read.
  void use() {
    static const char *const Kinds[] = {"%tid.", "%ntid.", "%ctaid.",
                                        "%nctaid."};
    for (unsigned Bit = 0; Bit < 12; ++Bit)
      if (ReadingSpecials >> Bit & 1)
        Specials.insert(Kinds[Bit / 3] + std::string(1, char('x' + Bit % 3)));
    for (unsigned K = 0; K < 64; ++K)
      if (ReadingArgs >> K & 1)
        Args.insert(K);
  }
  void reset() { ReadingSpecials = ReadingArgs = 0; }

  std::optional<std::int64_t> value(const PtxOperand &O, std::size_t UseAt,
                                    const PtxLoop *Skip, unsigned Depth = 0) {
    if (O.K == PtxOperand::Kind::Immediate && !O.IsFloat)
      return O.IntValue;
    if (!O.isRegister() || Depth > 24)
      return std::nullopt;
    if (auto S = State.find(O.Name); S != State.end()) {
      ReadingSpecials |= S->second.Specials;
      ReadingArgs |= S->second.Args;
      return S->second.Value;
    }
    if (std::optional<std::int64_t> V = special(O.Name))
      return V;
    auto D = Defs.find(O.Name);
    if (D == Defs.end())
      return std::nullopt;
    std::optional<std::size_t> Def;
    for (std::size_t I : D->second) {
      if (Skip && inLoop(I, *Skip))
        continue;
      bool Private = false;
      for (const PtxLoop &L : Cfg.Loops)
        Private |= inLoop(I, L) && !inLoop(UseAt, L);
      if (Private)
        continue;
      if (Def)
        return std::nullopt; // written twice
      Def = I;
    }
    if (!Def || !F.Body[*Def].Guard.empty())
      return std::nullopt;
    return evaluate(*Def, Depth);
  }

  /// The value instruction At computes (State first for its operands).
  std::optional<std::int64_t> evaluate(std::size_t At, unsigned Depth = 0) {
    const PtxInstruction &I = F.Body[At];
    const std::string &Op = I.Opcode;
    if (Op == "ld" && I.Operands.size() == 2 && I.hasModifier(".param") &&
        I.Operands[1].K == PtxOperand::Kind::Address &&
        I.Operands[1].IntValue == 0) {
      for (std::size_t K = 0; K < F.Params.size(); ++K)
        if (F.IsEntry && F.Params[K].Name == I.Operands[1].Name) {
          auto It = Facts.Arguments.find(unsigned(K));
          if (It == Facts.Arguments.end())
            return std::nullopt;
          if (K >= 64)
            return std::nullopt;
          ReadingArgs |= std::uint64_t(1) << K;
          return wrap(I, std::int64_t(It->second));
        }
      return std::nullopt;
    }
    if (Op == "setp") {
      if (I.Operands.size() != 3 || !I.Operands[0].isRegister())
        return std::nullopt;
      std::optional<std::int64_t> A =
          value(I.Operands[1], At, nullptr, Depth + 1);
      std::optional<std::int64_t> B =
          value(I.Operands[2], At, nullptr, Depth + 1);
      Cmp C = comparison(I);
      if (!A || !B || C == Cmp::Unknown)
        return std::nullopt;
      std::int64_t X = *A, Y = *B;
      if (I.hasModifier(".u32") || I.hasModifier(".b32")) {
        X = std::int64_t(std::uint32_t(X));
        Y = std::int64_t(std::uint32_t(Y));
      } else if (I.hasModifier(".s32")) {
        X = std::int64_t(std::int32_t(std::uint32_t(X)));
        Y = std::int64_t(std::int32_t(std::uint32_t(Y)));
      } else if (I.hasModifier(".u64") || I.hasModifier(".b64")) {
        if (C != Cmp::Eq && C != Cmp::Ne && (X < 0) != (Y < 0))
          return std::nullopt; // beyond what signed 64-bit compares
      }
      return holds(X, Y, C) ? 1 : 0;
    }
    std::vector<std::int64_t> In;
    for (std::size_t K = 1; K < I.Operands.size(); ++K) {
      std::optional<std::int64_t> V =
          value(I.Operands[K], At, nullptr, Depth + 1);
      if (!V)
        return std::nullopt;
      In.push_back(*V);
    }
    auto Two = [&](auto Fn) -> std::optional<std::int64_t> {
      if (In.size() != 2)
        return std::nullopt;
      return wrap(I, Fn(In[0], In[1]));
    };
    if ((Op == "mov" || Op == "cvt") && In.size() == 1)
      return wrap(I, In[0]);
    if (Op == "neg" && In.size() == 1)
      return wrap(I, -In[0]);
    if (Op == "not" && In.size() == 1)
      return I.hasModifier(".pred") ? std::optional(std::int64_t(!In[0]))
                                    : wrap(I, ~In[0]);
    if (Op == "add")
      return Two([](std::int64_t A, std::int64_t B) { return A + B; });
    if (Op == "sub")
      return Two([](std::int64_t A, std::int64_t B) { return A - B; });
    if (Op == "and")
      return Two([](std::int64_t A, std::int64_t B) { return A & B; });
    if (Op == "or")
      return Two([](std::int64_t A, std::int64_t B) { return A | B; });
    if (Op == "xor")
      return Two([](std::int64_t A, std::int64_t B) { return A ^ B; });
    if (Op == "min")
      return Two([](std::int64_t A, std::int64_t B) { return std::min(A, B); });
    if (Op == "max")
      return Two([](std::int64_t A, std::int64_t B) { return std::max(A, B); });
    if (Op == "mul" && I.hasModifier(".lo"))
      return Two([](std::int64_t A, std::int64_t B) { return A * B; });
    if (Op == "mul" && I.hasModifier(".wide") && In.size() == 2) {
      // nvcc's division by a constant: "mul.wide.u32 %rd, %r, -858993459"
      // is by 0xCCCCCCCD.
      if (I.hasModifier(".u32"))
        return std::int64_t(std::uint64_t(std::uint32_t(In[0])) *
                            std::uint64_t(std::uint32_t(In[1])));
      return std::int64_t(std::int32_t(std::uint32_t(In[0]))) *
             std::int64_t(std::int32_t(std::uint32_t(In[1])));
    }
    if (Op == "mad" && I.hasModifier(".lo") && In.size() == 3)
      return wrap(I, In[0] * In[1] + In[2]);
    bool Bits64 =
        I.hasModifier(".u64") || I.hasModifier(".b64") || I.hasModifier(".s64");
    if ((Op == "shl" || Op == "shr") && In.size() == 2 && In[1] >= 0 &&
        In[1] < (Bits64 ? 64 : 32)) {
      if (Op == "shl")
        return wrap(I, std::int64_t(std::uint64_t(In[0]) << In[1]));
      if (Bits64)
        return I.hasModifier(".s64")
                   ? In[0] >> In[1]
                   : std::int64_t(std::uint64_t(In[0]) >> In[1]);
      bool Unsigned = I.hasModifier(".u32") || I.hasModifier(".b32");
      return wrap(I, Unsigned ? std::int64_t(std::uint32_t(In[0]) >> In[1])
                              : In[0] >> In[1]);
    }
    if (Op == "div" && In.size() == 2 && In[1] != 0)
      return wrap(I, In[0] / In[1]);
    if (Op == "rem" && In.size() == 2 && In[1] != 0)
      return wrap(I, In[0] % In[1]);
    if (Op == "selp" && In.size() == 3)
      return In[2] ? In[0] : In[1];
    return std::nullopt;
  }

  bool inLoop(std::size_t At, const PtxLoop &L) const {
    return At < BlockOf.size() && BlockOf[At] != ~0u && L.contains(BlockOf[At]);
  }

private:
  std::optional<std::int64_t> special(const std::string &Name) {
    static const char *const Axes = "xyz";
    for (unsigned D = 0; D < 3; ++D) {
      std::string Axis = std::string(".") + Axes[D];
      if (Name == "%tid" + Axis) {
        ReadingSpecials |= 1u << D;
        return std::int64_t(Tid[D]);
      }
      if (Name == "%ntid" + Axis) {
        ReadingSpecials |= 1u << (3 + D);
        return std::int64_t(Dims[D]);
      }
      if (Name == "%ctaid" + Axis) {
        ReadingSpecials |= 1u << (6 + D);
        return std::int64_t(Cta[D]);
      }
      if (Name == "%nctaid" + Axis) {
        ReadingSpecials |= 1u << (9 + D);
        return Grid[D] ? std::optional(std::int64_t(Grid[D])) : std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// Wraps V to the instruction's integer width (32-bit: signed unless .u).
  static std::optional<std::int64_t> wrap(const PtxInstruction &I,
                                          std::int64_t V) {
    bool Bits32 = false, Unsigned = false;
    for (const std::string &M : I.Modifiers) {
      Bits32 |= M == ".s32" || M == ".u32" || M == ".b32";
      Unsigned |= M == ".u32";
    }
    if (!Bits32)
      return V;
    return Unsigned ? std::int64_t(std::uint32_t(V))
                    : std::int64_t(std::int32_t(std::uint32_t(V)));
  }

  const PtxFunction &F;
  const PtxCfg &Cfg;
  const gpa::BranchFacts &Facts;
  std::uint64_t Dims[3] = {1, 1, 1};
  std::vector<unsigned> BlockOf;
  std::map<std::string, std::vector<std::size_t>> Defs;
};

/// Runs Blk's integer instructions for one thread (V.State)
/// (PtxThreadTripCounts.cpp).
void run(const PtxFunction &F, const PtxBlock &Blk, RegisterValues &V);

/// One thread followed from \p From to \p To within \p Region (null: the
/// function), at most \p MaxBlocks blocks: false when it cannot be (a
/// branch not known, another loop on the way); Reached says whether it got
/// there, Path the two-way branches it passed (block, took Succs[0])
/// (PtxThreadTripCounts.cpp; the carried rule follows the enclosing loop's
/// iterations with it, PtxCarriedTripCounts.cpp).
bool follow(const PtxFunction &F, const PtxCfg &Cfg, RegisterValues &V,
            unsigned From, unsigned To, const PtxLoop *Region, bool &Reached,
            std::vector<std::pair<unsigned, bool>> &Path, unsigned MaxBlocks);

} // namespace gpa::ptx

#endif // GPA_PTX_PTXREGISTERVALUES_H
