//===- PtxLoopCounter.h - How a loop's counter steps ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The one write of a loop's counter inside the loop, as every trip-count
// rule reads it: "add/sub X, X, Step" (nvcc's counted loops), a geometric
// "shl X, X, K" / "mul.lo X, X, M", or "mov X, Y" of a Y computed once in
// the loop from X that way (llc's `s *= 2`, nvcc's rotated block-stride
// loops "add %r48, %r12, 1; ... mov %r12, %r48"). Shared by the constant
// (PtxTripCount.cpp), given (PtxGivenTripCounts.cpp), argument
// (PtxArgumentTripCounts.cpp) and per-thread (PtxThreadTripCounts.cpp)
// trip counts, with the exit branch and the count of a linear counter.
// Their labels print numbers with gpa/common/LabelNumber.h's shortNumber.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXLOOPCOUNTER_H
#define GPA_PTX_PTXLOOPCOUNTER_H

#include "PtxComparison.h"
#include "PtxInstructionQueries.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/common/LabelNumber.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gpa::ptx {

/// How a loop's counter X changes per iteration.
struct LoopCounterStep {
  /// X + Add (Factor == 0, StepRegister empty), or X * Factor.
  std::int64_t Add = 0;
  std::int64_t Factor = 0;
  /// "add X, X, %r" with a register step (e.g. %ntid.x): its name; Add is
  /// then 0 and the caller evaluates the register.
  std::string StepRegister;
  /// The instruction that writes X in the loop.
  std::size_t At = 0;
  /// X is written by "mov X, Y", Y = X op Step computed in the loop.
  bool ThroughCopy = false;
};

/// What loopCounterStep accepts besides "add/sub X, X, Imm".
struct CounterForms {
  bool Geometric = false;    ///< shl / mul.lo by an immediate
  bool ThroughCopy = false;  ///< mov X, Y with Y = X op Step
  bool RegisterStep = false; ///< add X, X, %reg
};

/// X's update in L when L writes X exactly once, unguarded, in one of the
/// forms \p Forms allows (an immediate step of 0 is none); nullopt else.
std::optional<LoopCounterStep>
loopCounterStep(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L,
                const std::string &X, CounterForms Forms = {});

/// Reg's value just before instruction \p At of block \p B: the last
/// write before it, "mov Reg, Imm" or "mov Reg, Other" (followed back),
/// searched up through blocks with one predecessor; nullopt otherwise.
std::optional<std::int64_t> valueBefore(const PtxFunction &F, const PtxCfg &Cfg,
                                        unsigned B, std::size_t At,
                                        const std::string &Reg,
                                        unsigned Depth = 0);

/// \p Reg's value on entry to loop \p P: the same value (valueBefore) on
/// every edge into P's header from outside; nullopt otherwise.
std::optional<std::int64_t> valueOnEntry(const PtxFunction &F,
                                         const PtxCfg &Cfg, const PtxLoop &P,
                                         const std::string &Reg);

/// The one conditional branch that closes or leaves a loop.
struct LoopExitBranch {
  std::size_t At = 0;      ///< the "@%p bra" in F.Body
  bool StayOnTrue = false; ///< the loop goes on when the guard holds
};

/// L's exit branch: nullopt when L has none or two ways out (not a counted
/// loop).
std::optional<LoopExitBranch>
loopExitBranch(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L);

/// Whether L's test at \p SetpAt sees the counter after its step at
/// \p StepAt in the same iteration: the step comes first in the test's
/// block, or its block dominates the test's (a step in the header, the
/// test in a latch after an `if` in the body).
bool testSeesStep(const PtxCfg &Cfg, const PtxLoop &L, std::size_t StepAt,
                  std::size_t SetpAt);

/// Smallest K >= 1 with !Cont(First + (K-1) * Step): the executions of a
/// body that tests Cont on First, First+Step, ... after each execution;
/// nullopt when the counter never fails the test (it would wrap around).
std::optional<double> executions(std::int64_t First, std::int64_t Step,
                                 std::int64_t Bound, Cmp Cont);

/// The width of \p Setp's comparison when it compares unsigned (".u32",
/// ".b32": 32; ".u64", ".b64": 64), 0 when signed.
unsigned unsignedBits(const PtxInstruction &Setp);

/// executions() for a test that compares unsigned at \p Bits (32 or 64;
/// 0: signed, executions() itself). nvcc states `i + 128 < 128` of a
/// 64-bit `i` as "setp.gt.u64 %p, %i, -129" (i above 2^64 - 129): the
/// values are compared as the hardware does, one execution when the first
/// already fails; nullopt when the counter would cross the unsigned wrap
/// before the test decides.
std::optional<double> executionsAt(std::int64_t First, std::int64_t Step,
                                   std::int64_t Bound, Cmp Cont, unsigned Bits);

} // namespace gpa::ptx

#endif // GPA_PTX_PTXLOOPCOUNTER_H
