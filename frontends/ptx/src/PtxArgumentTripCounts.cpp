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
// outside the loop: PtxRegisterValues.h, the per-thread rule's evaluator) and
// the loop's executions counted exactly; a loop whose start already fails its
// test (a remainder of 0, n < 1) runs 0 times, as nvcc's guard before it says.
// The count is `given` when it is an argument's value, else `derived`, as in
// the IR front-end (frontends/ir/DerivedTripCounts.cpp). Anything read from the
// thread's indices, memory or an unknown argument leaves the loop to the
// default.
//
//===----------------------------------------------------------------------===//
#include "PtxComparison.h"
#include "PtxLoopCounter.h"
#include "PtxRegisterValues.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/KernelArguments.h"
#include "gpa/ptx/PtxAst.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace gpa::ptx {

namespace {} // namespace

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
    if (writesRegister(F.Body[I], Br->Guard)) {
      Setp = &F.Body[I];
      SetpAt = I;
    }
  if (!Setp || Setp->Opcode != "setp" || Setp->Operands.size() != 3)
    return std::nullopt;
  Cmp C = comparison(*Setp);
  if (!StayOnTrue)
    C = negated(C);
  // The counter: the side written in the loop by "add X, X, Imm". Its
  // start and bound from the arguments only: a value read from the
  // thread's indices or the launch is the per-thread rule's.
  const std::uint64_t NoBlock[3] = {0, 0, 0};
  RegisterValues Values(F, Cfg, Facts, NoBlock);
  auto ArgumentsRead = [&] {
    std::set<unsigned> Read;
    for (unsigned K = 0; K < 64; ++K)
      if (Values.ReadingArgs >> K & 1)
        Read.insert(K);
    return Read;
  };
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
    std::optional<std::int64_t> Start = Values.value(X, Entry, &L);
    std::optional<std::int64_t> Bound =
        Values.value(Setp->Operands[3 - Side], Entry, &L);
    if (!Start || !Bound || !Values.ReadingArgs || Values.ReadingSpecials)
      return std::nullopt;
    bool AfterStep = testSeesStep(Cfg, L, StepAt, SetpAt);
    // nvcc's guard before the loop tests the source's condition on the
    // start (i < n; for the counted-down form, a count not 0): a start
    // that fails it skips the loop.
    if (!holds(*Start, *Bound, Cont)) {
      ArgumentTripCount Out;
      Out.Read = ArgumentsRead();
      return Out;
    }
    std::int64_t First = AfterStep ? *Start + *Step : *Start;
    double Count = executions(First, *Step, *Bound, Cont).value_or(-1);
    if (!(Count >= 1) || Count > 4294967295.0)
      return std::nullopt;
    ArgumentTripCount Out;
    Out.Count = Count;
    Out.Read = ArgumentsRead();
    return Out;
  }
  return std::nullopt;
}

} // namespace gpa::ptx
