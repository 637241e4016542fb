//===- PtxArgumentTripCounts.cpp - Trip counts from the kernel's arguments ===//
//
// SPDX-License-Identifier: Apache-2.0
//
// nvcc's counted loop over a parameter `for (i = 0; i < n; ++i)` is
//     ld.param.u32 %r3, [k_param_2]; ... mov.u32 %r6, 0;
//   $L__BB0_2: ... add.s32 %r6, %r6, 1; setp.lt.s32 %p2, %r6, %r3;
//     @%p2 bra $L__BB0_2;
// or, unrolled by U, a counter that starts at n - n % U and steps by -U to
// 0 (with a remainder loop whose counter starts at n % U):
//     and.b32 %r18, %r10, 3; sub.s32 %r16, %r10, %r18; ...
//     add.s32 %r16, %r16, -4; setp.ne.s32 %p3, %r16, 0; @%p3 bra $L__BB0_3;
// With the kernel's arguments given by position (launch file `arguments`),
// the counter's start and bound are evaluated (ld.param of a given
// argument, immediates, and integer arithmetic on registers written once
// outside the loop) and the loop's executions counted exactly; a loop
// whose start already fails its test (a remainder of 0, n < 1) runs 0
// times, as nvcc's guard before it says. The count is `given` when it is
// an argument's value, else `derived`, as in the IR front-end
// (frontends/ir/DerivedTripCounts.cpp). Anything read from the thread's
// indices, memory or an unknown argument leaves the loop to the default.
//
//===----------------------------------------------------------------------===//
#include "PtxComparison.h"
#include "PtxLoopCounter.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/KernelArguments.h"
#include "gpa/ptx/PtxAst.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace gpa::ptx {

namespace {
bool writes(const PtxInstruction &I, const std::string &Reg) {
  return !I.Operands.empty() && I.Operands[0].isRegister() &&
         I.Operands[0].Name == Reg;
}

/// Whether instruction At lies in L.
bool inLoop(std::size_t At, const PtxLoop &L, const PtxCfg &Cfg) {
  for (unsigned B : L.Blocks)
    if (Cfg.Blocks[B].Begin <= At && At < Cfg.Blocks[B].End)
      return true;
  return false;
}

/// Evaluates registers from the kernel's given arguments.
class ArgumentValues {
public:
  ArgumentValues(const PtxFunction &F, const gpa::BranchFacts &Facts)
      : F(F), Facts(Facts) {}

  /// The parameters read so far (for the label).
  std::set<unsigned> Read;

  /// The value of O read at instruction \p UseAt: its one write that can
  /// reach there (writes inside a loop that does not hold UseAt are that
  /// loop's own; so are \p Skip's, the loop whose counter starts there).
  std::optional<std::int64_t> value(const PtxOperand &O, std::size_t UseAt,
                                    const PtxLoop *Skip, const PtxCfg &Cfg,
                                    unsigned Depth = 0) {
    if (O.K == PtxOperand::Kind::Immediate && !O.IsFloat)
      return O.IntValue;
    if (!O.isRegister() || Depth > 16)
      return std::nullopt;
    std::optional<std::size_t> Def;
    for (std::size_t I = 0; I < F.Body.size(); ++I) {
      if (!writes(F.Body[I], O.Name))
        continue;
      if (Skip && inLoop(I, *Skip, Cfg))
        continue;
      bool Private = false;
      for (const PtxLoop &L : Cfg.Loops)
        Private |= inLoop(I, L, Cfg) && !inLoop(UseAt, L, Cfg);
      if (Private)
        continue;
      if (Def)
        return std::nullopt; // written twice
      Def = I;
    }
    if (!Def || !F.Body[*Def].Guard.empty())
      return std::nullopt;
    return evaluate(*Def, Cfg, Depth);
  }

private:
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

  std::optional<std::int64_t> evaluate(std::size_t At, const PtxCfg &Cfg,
                                       unsigned Depth) {
    const PtxInstruction &I = F.Body[At];
    const std::string &Op = I.Opcode;
    if (Op == "ld" && I.Operands.size() == 2 &&
        std::find(I.Modifiers.begin(), I.Modifiers.end(), ".param") !=
            I.Modifiers.end() &&
        I.Operands[1].K == PtxOperand::Kind::Address &&
        I.Operands[1].IntValue == 0) {
      for (std::size_t K = 0; K < F.Params.size(); ++K)
        if (F.IsEntry && F.Params[K].Name == I.Operands[1].Name) {
          auto It = Facts.Arguments.find(unsigned(K));
          if (It == Facts.Arguments.end())
            return std::nullopt;
          Read.insert(unsigned(K));
          return wrap(I, std::int64_t(It->second));
        }
      return std::nullopt;
    }
    std::vector<std::int64_t> In;
    for (std::size_t K = 1; K < I.Operands.size(); ++K) {
      std::optional<std::int64_t> V =
          value(I.Operands[K], At, nullptr, Cfg, Depth + 1);
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
      return wrap(I, ~In[0]);
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
    if (Op == "mul" && std::find(I.Modifiers.begin(), I.Modifiers.end(),
                                 ".lo") != I.Modifiers.end())
      return Two([](std::int64_t A, std::int64_t B) { return A * B; });
    if ((Op == "shl" || Op == "shr") && In.size() == 2 && In[1] >= 0 &&
        In[1] < 32) {
      if (Op == "shl")
        return wrap(I, In[0] << In[1]);
      bool Unsigned = std::find(I.Modifiers.begin(), I.Modifiers.end(),
                                ".u32") != I.Modifiers.end() ||
                      std::find(I.Modifiers.begin(), I.Modifiers.end(),
                                ".b32") != I.Modifiers.end();
      return wrap(I, Unsigned ? std::int64_t(std::uint32_t(In[0]) >> In[1])
                              : In[0] >> In[1]);
    }
    if (Op == "div" && In.size() == 2 && In[1] != 0)
      return wrap(I, In[0] / In[1]);
    return std::nullopt;
  }

  const PtxFunction &F;
  const gpa::BranchFacts &Facts;
};

} // namespace

std::optional<ArgumentTripCount>
argumentTripCount(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L,
                  const gpa::BranchFacts &Facts) {
  if (Facts.Arguments.empty() || !F.IsEntry)
    return std::nullopt;
  std::optional<LoopExitBranch> Exit = loopExitBranch(F, Cfg, L);
  if (!Exit)
    return std::nullopt;
  std::size_t BrAt = Exit->At;
  bool StayOnTrue = Exit->StayOnTrue;
  const PtxInstruction *Br = &F.Body[BrAt];
  const PtxInstruction *Setp = nullptr;
  std::size_t SetpAt = 0;
  for (std::size_t I = BrAt; I-- > 0 && !Setp;)
    if (writes(F.Body[I], Br->Guard)) {
      Setp = &F.Body[I];
      SetpAt = I;
    }
  if (!Setp || Setp->Opcode != "setp" || Setp->Operands.size() != 3)
    return std::nullopt;
  Cmp C = comparison(*Setp);
  if (!StayOnTrue)
    C = negated(C);
  // The counter: the side written in the loop by "add X, X, Imm".
  ArgumentValues Values(F, Facts);
  for (unsigned Side = 1; Side <= 2; ++Side) {
    const PtxOperand &X = Setp->Operands[Side];
    if (!X.isRegister())
      continue;
    std::optional<LoopCounterStep> Counter = loopCounterStep(F, Cfg, L, X.Name);
    if (!Counter)
      continue;
    std::optional<std::int64_t> Step = Counter->Add;
    std::size_t StepAt = Counter->At;
    Cmp Cont = Side == 1 ? C : swapped(C);
    std::size_t Entry = Cfg.Blocks[L.Header].Begin;
    std::optional<std::int64_t> Start = Values.value(X, Entry, &L, Cfg);
    std::optional<std::int64_t> Bound =
        Values.value(Setp->Operands[3 - Side], Entry, &L, Cfg);
    if (!Start || !Bound || Values.Read.empty())
      return std::nullopt;
    bool AfterStep = testSeesStep(Cfg, L, StepAt, SetpAt);
    // nvcc's guard before the loop tests the source's condition on the
    // start (i < n; for the counted-down form, a count not 0): a start
    // that fails it skips the loop.
    if (!holds(*Start, *Bound, Cont)) {
      ArgumentTripCount Out;
      Out.Read = Values.Read;
      return Out;
    }
    std::int64_t First = AfterStep ? *Start + *Step : *Start;
    double Count = executions(First, *Step, *Bound, Cont).value_or(-1);
    if (!(Count >= 1) || Count > 4294967295.0)
      return std::nullopt;
    ArgumentTripCount Out;
    Out.Count = Count;
    Out.Read = Values.Read;
    return Out;
  }
  return std::nullopt;
}

} // namespace gpa::ptx
