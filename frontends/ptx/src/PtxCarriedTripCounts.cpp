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
#include "PtxRegisterValues.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/ptx/PtxAst.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>
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

/// L's stay tests: the one exit branch's setp, or two joined by and.pred
/// (stay when true) / or.pred (leave when true), each "counter < bound" or
/// "<=", the counter stepped once in L by an immediate up before the tests
/// in their block.
struct StayShape {
  std::string Counter;
  LoopCounterStep Step;
  std::vector<StayTest> Tests;
};

std::optional<StayShape> stayShape(const PtxFunction &F, const PtxCfg &Cfg,
                                   const PtxLoop &L) {
  std::optional<LoopExitBranch> Exit = loopExitBranch(F, Cfg, L);
  if (!Exit)
    return std::nullopt;
  const PtxInstruction &Br = F.Body[Exit->At];
  unsigned BrBlock = 0;
  for (unsigned B : L.Blocks)
    if (Cfg.Blocks[B].Begin <= Exit->At && Exit->At < Cfg.Blocks[B].End)
      BrBlock = B;
  const PtxBlock &BB = Cfg.Blocks[BrBlock];
  const PtxInstruction *G = definition(F, BB, Exit->At, Br.Guard);
  if (!G)
    return std::nullopt;
  std::vector<const PtxInstruction *> Setps;
  bool Negate = !Exit->StayOnTrue;
  if (G->Opcode == "setp") {
    Setps.push_back(G);
  } else if ((G->Opcode == "and" && Exit->StayOnTrue) ||
             (G->Opcode == "or" && !Exit->StayOnTrue)) {
    if (G->Operands.size() != 3)
      return std::nullopt;
    std::size_t GAt = std::size_t(G - F.Body.data());
    for (unsigned K = 1; K <= 2; ++K) {
      if (!G->Operands[K].isRegister())
        return std::nullopt;
      const PtxInstruction *S = definition(F, BB, GAt, G->Operands[K].Name);
      if (!S || S->Opcode != "setp")
        return std::nullopt;
      Setps.push_back(S);
    }
  } else {
    return std::nullopt;
  }
  // The counter: a register every test compares, stepped once in L by an
  // immediate up.
  StayShape Out;
  std::optional<LoopCounterStep> Step;
  for (unsigned Side = 1; Side <= 2 && Out.Counter.empty(); ++Side) {
    if (Setps[0]->Operands.size() != 3)
      return std::nullopt;
    const PtxOperand &X = Setps[0]->Operands[Side];
    if (!X.isRegister())
      continue;
    Step = loopCounterStep(F, Cfg, L, X.Name);
    if (Step && Step->Add > 0 && Step->Factor == 0 &&
        Step->StepRegister.empty())
      Out.Counter = X.Name;
  }
  if (Out.Counter.empty())
    return std::nullopt;
  Out.Step = *Step;
  // The tests see the stepped counter (the step comes first in the latch):
  // the body runs once for each value below the bounds.
  for (const PtxInstruction *S : Setps)
    if (!(BB.Begin <= Step->At && &F.Body[Step->At] < S))
      return std::nullopt;
  for (const PtxInstruction *S : Setps) {
    if (S->Operands.size() != 3 || S->Guard.size())
      return std::nullopt;
    Cmp C = comparison(*S);
    if (Negate)
      C = negated(C);
    StayTest T;
    T.Setp = S;
    if (S->Operands[1].isRegister() && S->Operands[1].Name == Out.Counter) {
      T.Bound = &S->Operands[2];
      T.Cont = C;
    } else if (S->Operands[2].isRegister() &&
               S->Operands[2].Name == Out.Counter) {
      T.Bound = &S->Operands[1];
      T.Cont = swapped(C);
    } else {
      return std::nullopt;
    }
    if (T.Cont != Cmp::Lt && T.Cont != Cmp::Le)
      return std::nullopt;
    // 64-bit unsigned bounds are read as signed: both must be below 2^63.
    Out.Tests.push_back(T);
  }
  return Out;
}
/// L's trips where they are counted or given, else 0 (an assumed count
/// cannot carry a counter's value across iterations).
double knownTrips(const PtxLoop &L) {
  return L.TripCount > 0                                   ? L.TripCount
         : L.GivenTripCount > 0 && L.TripKind != "assumed" ? L.GivenTripCount
                                                           : 0;
}
} // namespace

bool applyCarriedTripCount(const PtxFunction &F, PtxCfg &Cfg, PtxLoop &L) {
  if (L.Parent < 0)
    return false;
  const PtxLoop &P = Cfg.Loops[L.Parent];
  double ParentTrips = knownTrips(P);
  if (ParentTrips < 1)
    return false;
  std::optional<StayShape> Shape = stayShape(F, Cfg, L);
  if (!Shape)
    return false;
  const std::string &Counter = Shape->Counter;
  const LoopCounterStep *Step = &Shape->Step;
  const std::vector<StayTest> &Tests = Shape->Tests;
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

namespace {
/// Iterations of the enclosing loop followed, and blocks per iteration.
constexpr double MaxFollowedIterations = 65536;
constexpr unsigned MaxIterationBlocks = 1024;

/// Whether \p Reg's value may come from a special register (%tid, %ntid,
/// %ctaid, %nctaid) through any of the writes of the registers it is
/// computed from: such a test differs per thread and is the thread rules'.
bool readsSpecial(const PtxFunction &F, const std::string &Reg,
                  std::set<std::string> &Seen) {
  if (Reg.rfind("%tid", 0) == 0 || Reg.rfind("%ntid", 0) == 0 ||
      Reg.rfind("%ctaid", 0) == 0 || Reg.rfind("%nctaid", 0) == 0)
    return true;
  if (!Seen.insert(Reg).second)
    return false;
  for (const PtxInstruction &I : F.Body)
    if (writesRegister(I, Reg))
      for (std::size_t K = 1; K < I.Operands.size(); ++K)
        if (I.Operands[K].isRegister() &&
            readsSpecial(F, I.Operands[K].Name, Seen))
          return true;
  return false;
}

std::string divisionText(std::int64_t U) {
  if (U <= 1)
    return "T";
  if ((U & (U - 1)) == 0) {
    int Shift = 0;
    while ((std::int64_t(1) << Shift) < U)
      ++Shift;
    return "T >> " + std::to_string(Shift);
  }
  return "T / " + std::to_string(U);
}
} // namespace

bool applyFollowedCarriedTripCount(const PtxFunction &F, PtxCfg &Cfg,
                                   PtxLoop &L, const gpa::BranchFacts &Facts) {
  if (L.Parent < 0)
    return false;
  const PtxLoop &P = Cfg.Loops[L.Parent];
  double ParentTrips = knownTrips(P);
  if (ParentTrips < 1 || ParentTrips > MaxFollowedIterations ||
      ParentTrips != std::floor(ParentTrips))
    return false;
  std::optional<StayShape> Shape = stayShape(F, Cfg, L);
  if (!Shape)
    return false;
  const std::string &X = Shape->Counter;
  const std::int64_t StepL = Shape->Step.Add;
  for (const StayTest &T : Shape->Tests)
    if (T.Bound->isRegister())
      for (unsigned B : L.Blocks)
        for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I)
          if (writesRegister(F.Body[I], T.Bound->Name))
            return false; // a bound L moves
  // The blocks of P on the way to L: they lead to L's header without
  // passing P's.
  std::set<unsigned> Before = {L.Header};
  for (std::vector<unsigned> Work = {L.Header}; !Work.empty();) {
    unsigned B = Work.back();
    Work.pop_back();
    if (B == P.Header)
      continue;
    for (unsigned Pred : Cfg.Blocks[B].Preds)
      if (P.contains(Pred) && !L.contains(Pred) && Before.insert(Pred).second)
        Work.push_back(Pred);
  }
  // The source loop's counter C: X itself, or the register nvcc's peeled
  // remainder starts X from ("mov X, C" / "add X, C, k" on the way to L),
  // which P sets from X once after L ("mov C, X"). X is written outside L
  // only on the way to L.
  std::string C = X;
  std::int64_t PeelStep = 0; // the smallest k of "add X, C, k"
  for (unsigned B : P.Blocks) {
    if (L.contains(B))
      continue;
    for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I) {
      const PtxInstruction &Ins = F.Body[I];
      if (!writesRegister(Ins, X))
        continue;
      bool Copy = Ins.Opcode == "mov" && Ins.Operands.size() == 2;
      bool Offset = Ins.Opcode == "add" && Ins.Operands.size() == 3 &&
                    Ins.Operands[2].K == PtxOperand::Kind::Immediate &&
                    !Ins.Operands[2].IsFloat && Ins.Operands[2].IntValue > 0;
      if (!Before.count(B) || !Ins.Guard.empty() || !(Copy || Offset) ||
          !Ins.Operands[1].isRegister() || Ins.Operands[1].Name == X ||
          (C != X && Ins.Operands[1].Name != C))
        return false;
      C = Ins.Operands[1].Name;
      if (Offset && (PeelStep == 0 || Ins.Operands[2].IntValue < PeelStep))
        PeelStep = Ins.Operands[2].IntValue;
    }
  }
  if (C != X) {
    // C's one write in P: "mov C, X" after L, on every iteration (its
    // block dominates P's latches).
    unsigned Writes = 0;
    for (unsigned B : P.Blocks)
      for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I) {
        const PtxInstruction &Ins = F.Body[I];
        if (!writesRegister(Ins, C))
          continue;
        ++Writes;
        if (Ins.Opcode != "mov" || !Ins.Guard.empty() ||
            Ins.Operands.size() != 2 || !Ins.Operands[1].isRegister() ||
            Ins.Operands[1].Name != X || L.contains(B) || Before.count(B))
          return false;
        for (unsigned Latch : P.Blocks)
          for (unsigned S : Cfg.Blocks[Latch].Succs)
            if (S == P.Header && !Cfg.dominates(B, Latch))
              return false;
      }
    if (Writes != 1)
      return false;
  }
  std::optional<std::int64_t> Start = valueOnEntry(F, Cfg, P, C);
  if (!Start || (C != X && valueOnEntry(F, Cfg, P, X) != Start))
    return false;
  // P's counters ("add R, R, Imm" once in P, from a constant): their value
  // at each iteration's start.
  struct Counter {
    std::string Name;
    std::int64_t First = 0, Step = 0;
  };
  std::vector<Counter> Counters;
  std::set<std::string> Candidates;
  for (unsigned B : P.Blocks)
    for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I) {
      const PtxInstruction &Ins = F.Body[I];
      if (Ins.Opcode == "add" && Ins.Operands.size() == 3 &&
          Ins.Operands[0].isRegister() && Ins.Operands[1].isRegister() &&
          Ins.Operands[0].Name == Ins.Operands[1].Name &&
          Ins.Operands[0].Name != X && Ins.Operands[0].Name != C)
        Candidates.insert(Ins.Operands[0].Name);
    }
  for (const std::string &R : Candidates) {
    std::optional<LoopCounterStep> S = loopCounterStep(F, Cfg, P, R);
    if (!S || S->Factor != 0 || !S->StepRegister.empty() || S->ThroughCopy)
      continue;
    if (std::optional<std::int64_t> R0 = valueOnEntry(F, Cfg, P, R))
      Counters.push_back({R, *R0, S->Add});
  }
  // Each iteration of P followed from its header to L (or past it), with
  // the counter's carried value: L's executions when entered, and the
  // share taking each branch on the way that reads no thread index.
  std::uint64_t Dims[3] = {std::max<std::uint64_t>(Facts.BlockThreadsX, 1),
                           std::max<std::uint64_t>(Facts.BlockThreadsY, 1),
                           std::max<std::uint64_t>(Facts.BlockThreadsZ, 1)};
  RegisterValues V(F, Cfg, Facts, Dims);
  std::map<unsigned, std::pair<std::uint64_t, std::uint64_t>> Branches;
  std::map<unsigned, bool> ReadsThread;
  std::int64_t Value = *Start;
  double Executions = 0, Entries = 0;
  std::size_t HeaderAt = Cfg.Blocks[L.Header].Begin;
  auto N = std::int64_t(ParentTrips);
  for (std::int64_t J = 0; J < N; ++J) {
    V.State.clear();
    V.Budget = 1u << 20;
    V.State[C] = {Value};
    V.State[X] = {Value};
    for (const Counter &R : Counters)
      V.State[R.Name] = {R.First + J * R.Step};
    bool Reached = false;
    std::vector<std::pair<unsigned, bool>> Path;
    if (!follow(F, Cfg, V, P.Header, L.Header, &P, Reached, Path,
                MaxIterationBlocks))
      return false;
    for (const auto &[B, Taken] : Path) {
      ++Branches[B].first;
      Branches[B].second += Taken;
    }
    auto XAt = V.State.find(X);
    if (XAt == V.State.end() || !XAt->second.Value)
      return false;
    std::int64_t Last = *XAt->second.Value;
    if (Reached) {
      // L's executions from X's value on entry, tested after each step.
      std::optional<double> Runs;
      for (const StayTest &T : Shape->Tests) {
        V.reset();
        std::optional<std::int64_t> Bound = V.value(*T.Bound, HeaderAt, &L);
        if (!Bound)
          return false;
        std::optional<double> K = executionsAt(Last + StepL, StepL, *Bound,
                                               T.Cont, unsignedBits(*T.Setp));
        if (!K)
          return false;
        Runs = Runs ? std::min(*Runs, *K) : *K;
      }
      Executions += *Runs;
      Entries += 1;
      Last += std::int64_t(*Runs) * StepL;
    }
    if (Last < Value)
      return false;
    Value = Last;
  }
  for (const auto &[B, Counts] : Branches) {
    const PtxInstruction &Br = F.Body[Cfg.Blocks[B].End - 1];
    std::set<std::string> Seen;
    if (readsSpecial(F, Br.Guard, Seen))
      continue;
    PtxBlock &Blk = Cfg.Blocks[B];
    if (Blk.ThreadTakenProbability >= 0)
      continue;
    Blk.ThreadTakenProbability = double(Counts.second) / double(Counts.first);
    Blk.ThreadProbabilitySource =
        "the enclosing loop's " + shortNumber(ParentTrips) +
        " iterations followed with the counter " + C +
        " carried across them: taken in " + std::to_string(Counts.second) +
        " of the " + std::to_string(Counts.first) + " reaching it";
  }
  std::string Bounds;
  for (const StayTest &T : Shape->Tests) {
    std::string Text = T.Bound->isRegister()
                           ? T.Bound->Name
                           : std::to_string(T.Bound->IntValue);
    // "Y = R + Imm" where P writes the bound once that way (k + NBUFFER).
    const PtxInstruction *Def = nullptr;
    unsigned Defs = 0;
    if (T.Bound->isRegister())
      for (unsigned B : P.Blocks)
        for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I)
          if (writesRegister(F.Body[I], T.Bound->Name)) {
            ++Defs;
            Def = &F.Body[I];
          }
    if (Defs == 1 && Def->Opcode == "add" && Def->Operands.size() == 3 &&
        Def->Operands[1].isRegister() &&
        Def->Operands[2].K == PtxOperand::Kind::Immediate &&
        !Def->Operands[2].IsFloat)
      Text += " = " + Def->Operands[1].Name + " + " +
              std::to_string(Def->Operands[2].IntValue);
    Bounds += std::string(Bounds.empty() ? "" : " and ") +
              (T.Cont == Cmp::Le ? "<= " : "< ") + Text;
  }
  std::int64_t Unroll =
      PeelStep > 0 && StepL % PeelStep == 0 ? StepL / PeelStep : 1;
  L.GivenTripCount = Entries > 0 ? Executions / Entries : 0;
  L.TripKind = "derived";
  std::string Shape2 =
      C == X ? "the loop's counter " + X
             : "the loop (nvcc's unrolled " + std::to_string(Unroll) +
                   " times, its counter " + X + " started past a peeled " +
                   "remainder of T mod " + std::to_string(Unroll) + " at " + C +
                   " + k) runs " + divisionText(Unroll) +
                   " per entry, T the source loop's iterations there; its " +
                   "counter " + C;
  L.TripSource = Shape2 + " carries across the enclosing loop (" +
                 shortNumber(ParentTrips) + " iterations, followed): it " +
                 "starts at " + std::to_string(*Start) + " before it, " +
                 "steps by " + std::to_string(StepL) + " while " + Bounds +
                 ": " + shortNumber(Executions) + " iterations in all, " +
                 shortNumber(Entries) + " entries, " +
                 shortNumber(L.GivenTripCount) + " per entry";
  return true;
}

} // namespace gpa::ptx
