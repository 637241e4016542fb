//===- PtxGivenTripCounts.cpp - Counts of loops the PTX does not count ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A loop whose trip count the PTX does not show (PtxTripCount.cpp) runs the
// count given for its kernel or its source line (--trip-count KERNEL=N,
// KERNEL:LINE=N, the launch file's trip_count and loops: gpa/TripCounts.h),
// else the default, as in the IR front-end. A count is the source loop's:
// nvcc unrolls a counted loop `for (j = 0; j < n; j++)` into a loop that
// steps its counter by U and a remainder loop that steps it by 1
//     add.s32 %r21, %r21, -4; setp.ne.s32 %p3, %r21, 0; @%p3 bra $L__BB0_3;
//     ... (the remainder's entry test, %r23 = n & 3)
//     add.s32 %r23, %r23, -1; setp.ne.s32 %p5, %r23, 0; @%p5 bra $L__BB0_6;
// so the source's N iterations are floor(N / U) of the first and N mod U of the
// second, not N of each. The pair is recognised by its counters' immediate
// steps (U x s and s) and by the remainder following the unrolled loop's
// exit; the line, where .loc gives one, must match.
//
//===----------------------------------------------------------------------===//
#include "PtxLoopCounter.h"
#include "gpa/common/LabelNumber.h"
#include "gpa/ptx/PtxCfg.h"

#include "gpa/KernelArguments.h"
#include "gpa/ptx/PtxAst.h"

#include <cstdlib>
#include <optional>
#include <set>

namespace gpa::ptx {

namespace {
/// The conditional branches of L that close it (back to the header) or
/// leave it.
std::vector<std::size_t> controlBranches(const PtxFunction &F,
                                         const PtxCfg &Cfg, const PtxLoop &L) {
  std::vector<std::size_t> Out;
  for (unsigned B : L.Blocks) {
    const PtxBlock &Blk = Cfg.Blocks[B];
    if (Blk.End == Blk.Begin || F.Body[Blk.End - 1].Opcode != "bra" ||
        F.Body[Blk.End - 1].Guard.empty())
      continue;
    for (unsigned S : Blk.Succs)
      if (S == L.Header || !L.contains(S)) {
        Out.push_back(Blk.End - 1);
        break;
      }
  }
  return Out;
}

/// The source line of L: its closing branch's .loc (nvcc's `for` line),
/// else its header's first; 0 without .loc.
unsigned loopLine(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L) {
  for (std::size_t At : controlBranches(F, Cfg, L))
    if (F.Body[At].SourceLine)
      return F.Body[At].SourceLine;
  const PtxBlock &H = Cfg.Blocks[L.Header];
  for (std::size_t I = H.Begin; I < H.End; ++I)
    if (F.Body[I].SourceLine)
      return F.Body[I].SourceLine;
  return 0;
}

/// |Step| of the counter L's only control branch tests, when the loop
/// writes it once with "add/sub C, C, Imm"; nullopt otherwise.
std::optional<std::int64_t> counterStep(const PtxFunction &F, const PtxCfg &Cfg,
                                        const PtxLoop &L) {
  std::vector<std::size_t> Control = controlBranches(F, Cfg, L);
  if (Control.size() != 1)
    return std::nullopt;
  const PtxInstruction &Br = F.Body[Control[0]];
  const PtxInstruction *Setp = nullptr;
  for (std::size_t I = Control[0]; I-- > 0 && !Setp;)
    if (writesRegister(F.Body[I], Br.Guard))
      Setp = &F.Body[I];
  if (!Setp || Setp->Opcode != "setp" || Setp->Operands.size() != 3)
    return std::nullopt;
  std::optional<std::int64_t> Found;
  for (unsigned Side = 1; Side <= 2; ++Side) {
    const PtxOperand &X = Setp->Operands[Side];
    if (!X.isRegister())
      continue;
    std::optional<LoopCounterStep> Step = loopCounterStep(F, Cfg, L, X.Name);
    if (Step && Step->Add > -(std::int64_t(1) << 40) &&
        Step->Add < (std::int64_t(1) << 40)) {
      if (Found)
        return std::nullopt; // two counters: not nvcc's shape
      Found = std::llabs(Step->Add);
    }
  }
  return Found;
}

/// Does the remainder's header R follow M's exits within a few blocks
/// outside M (nvcc: the exit block tests n & (U - 1) and falls into it)?
bool follows(const PtxCfg &Cfg, const PtxLoop &M, unsigned R) {
  std::vector<unsigned> Work(M.ExitTargets.begin(), M.ExitTargets.end());
  std::set<unsigned> Seen;
  for (unsigned Steps = 0; Steps < 4 && !Work.empty(); ++Steps) {
    std::vector<unsigned> Next;
    for (unsigned B : Work) {
      if (B == R)
        return true;
      if (!Seen.insert(B).second || M.contains(B))
        continue;
      for (unsigned S : Cfg.Blocks[B].Succs)
        Next.push_back(S);
    }
    Work = std::move(Next);
  }
  return false;
}

} // namespace

void applyGivenTripCounts(const PtxFunction &F, PtxCfg &Cfg,
                          const gpa::LoopTripCounts &Trips) {
  std::vector<unsigned> Lines(Cfg.Loops.size());
  std::vector<std::optional<std::int64_t>> Steps(Cfg.Loops.size());
  for (unsigned I = 0; I < Cfg.Loops.size(); ++I) {
    Lines[I] = loopLine(F, Cfg, Cfg.Loops[I]);
    Steps[I] = counterStep(F, Cfg, Cfg.Loops[I]);
  }
  // Loops whose counter starts per thread, counted over the block's threads
  // (PtxThreadTripCounts.cpp) unless their line has a count of its own.
  std::vector<bool> Derived(Cfg.Loops.size(), false);
  for (unsigned I = 0; I < Cfg.Loops.size(); ++I) {
    PtxLoop &L = Cfg.Loops[I];
    if (L.TripCount > 0 || (Lines[I] && Trips.ByLine.count(Lines[I])))
      continue;
    Derived[I] = applyThreadTripCount(F, Cfg, L, Trips.Branches);
    if (Derived[I])
      L.SourceLine = Lines[I];
  }
  // Tests on the thread's index alone, where no loop's rule decided them.
  applyThreadIndexTests(F, Cfg, Trips.Branches);
  // The remainder each unrolled loop has, if any.
  std::vector<int> Remainder(Cfg.Loops.size(), -1);
  std::vector<bool> IsRemainder(Cfg.Loops.size(), false);
  for (unsigned M = 0; M < Cfg.Loops.size(); ++M)
    for (unsigned R = 0; R < Cfg.Loops.size(); ++R) {
      const PtxLoop &LM = Cfg.Loops[M], &LR = Cfg.Loops[R];
      if (M == R || LM.TripCount > 0 || LR.TripCount > 0 || Derived[M] ||
          Derived[R] || !Steps[M] || !Steps[R] || *Steps[M] <= *Steps[R] ||
          *Steps[M] % *Steps[R] ||
          *Steps[M] / *Steps[R] > 64 || // an unroll factor, not a stride
          LM.Parent != LR.Parent || IsRemainder[R] || Remainder[M] >= 0 ||
          (Lines[M] && Lines[R] && Lines[M] != Lines[R]) ||
          !follows(Cfg, LM, LR.Header))
        continue;
      Remainder[M] = int(R);
      IsRemainder[R] = true;
      Cfg.Loops[M].Remainder = int(R);
    }
  // Counts from the kernel's arguments, where no count is given for the
  // loop's line (PtxArgumentTripCounts.cpp).
  for (unsigned I = 0; I < Cfg.Loops.size(); ++I) {
    PtxLoop &L = Cfg.Loops[I];
    if (L.TripCount > 0 || Derived[I] ||
        (Lines[I] && Trips.ByLine.count(Lines[I])))
      continue;
    std::optional<ArgumentTripCount> A =
        argumentTripCount(F, Cfg, L, Trips.Branches);
    if (!A)
      continue;
    Derived[I] = true;
    L.SourceLine = Lines[I];
    L.GivenTripCount = A->Count;
    std::string With;
    bool Given = A->Read.size() == 1;
    for (unsigned K : A->Read) {
      std::uint64_t V = Trips.Branches.Arguments.at(K);
      With += (With.empty() ? "" : ", ") +
              gpa::parameterLabel(Trips.Branches, K) + " = " +
              std::to_string(V);
      Given = Given && double(V) == A->Count;
    }
    L.TripKind = Given ? "given" : "derived";
    L.TripSource = Trips.Branches.ArgumentsSource + ": " + With +
                   (Given ? ""
                          : ": the loop's counter and bound evaluated, " +
                                exactNumber(A->Count) + " iterations");
  }
  // Counters carried across the enclosing loop (PtxCarriedTripCounts.cpp),
  // after the other rules, so that the enclosing loop's count is known.
  for (unsigned I = 0; I < Cfg.Loops.size(); ++I) {
    PtxLoop &L = Cfg.Loops[I];
    if (L.TripCount > 0 || Derived[I] || IsRemainder[I] || Remainder[I] >= 0 ||
        (Lines[I] && Trips.ByLine.count(Lines[I])))
      continue;
    Derived[I] = applyCarriedTripCount(F, Cfg, L) ||
                 applyFollowedCarriedTripCount(F, Cfg, L, Trips.Branches);
  }
  for (unsigned I = 0; I < Cfg.Loops.size(); ++I) {
    PtxLoop &L = Cfg.Loops[I];
    L.SourceLine = Lines[I];
    if (L.TripCount > 0 || IsRemainder[I] || Derived[I])
      continue;
    const gpa::TripChoice &C = Trips.forLine(Lines[I]);
    L.GivenTripCount = C.Count;
    L.TripKind = C.Kind;
    L.TripSource = C.Source;
    if (Remainder[I] < 0 || Derived[Remainder[I]])
      continue;
    // The source's count split between nvcc's two loops.
    PtxLoop &R = Cfg.Loops[Remainder[I]];
    double U = double(*Steps[I] / *Steps[Remainder[I]]);
    L.GivenTripCount = double(C.Count / unsigned(U));
    L.TripSource = C.Source + ": " + exactNumber(C.Count) + " iterations div " +
                   exactNumber(U) + " (the loop nvcc unrolled " +
                   exactNumber(U) + " times)";
    L.UnrollFactor = unsigned(U);
    L.SourceTripCount = C.Count;
    R.SourceLine = Lines[Remainder[I]];
    R.GivenTripCount = double(C.Count % unsigned(U));
    R.TripKind = C.Kind;
    R.TripSource = C.Source + ": " + exactNumber(C.Count) + " iterations mod " +
                   exactNumber(U) + " (nvcc's remainder loop)";
  }
}

namespace {
/// B past blocks with one successor (at most a few): does it reach To?
bool leadsTo(const PtxCfg &Cfg, unsigned B, unsigned To) {
  for (int Steps = 0; Steps < 4; ++Steps) {
    if (B == To)
      return true;
    if (Cfg.Blocks[B].Succs.size() != 1)
      return false;
    B = Cfg.Blocks[B].Succs[0];
  }
  return B == To;
}

/// Sets B's two-way branch to go to Into with probability P.
void decide(PtxBlock &B, unsigned Into, double P, const PtxLoop &M) {
  B.TakenProbability = B.Succs[0] == Into ? P : 1 - P;
  B.ProbabilityKind = "given";
  B.ProbabilitySource = "the count given for the unrolled loop (" +
                        exactNumber(M.SourceTripCount) +
                        " iterations, unrolled " + exactNumber(M.UnrollFactor) +
                        " times)";
  B.CountDecided = true;
}

/// The first block with two successors reached from B through blocks with
/// one (at most a few), outside M; -1 if none.
int nextTest(const PtxCfg &Cfg, const PtxLoop &M, unsigned B) {
  for (int Steps = 0; Steps < 4; ++Steps) {
    if (M.contains(B))
      return -1;
    if (Cfg.Blocks[B].Succs.size() == 2)
      return int(B);
    if (Cfg.Blocks[B].Succs.size() != 1)
      return -1;
    B = Cfg.Blocks[B].Succs[0];
  }
  return -1;
}
} // namespace

void decideUnrolledPairTests(PtxCfg &Cfg) {
  for (const PtxLoop &M : Cfg.Loops) {
    if (M.Remainder < 0 || M.UnrollFactor < 2 || M.SourceTripCount < 0)
      continue;
    const PtxLoop &R = Cfg.Loops[M.Remainder];
    auto N = static_cast<std::uint64_t>(M.SourceTripCount);
    std::uint64_t U = M.UnrollFactor;
    auto IsExitOf = [&](const PtxLoop &L, unsigned B) {
      for (unsigned T : L.ExitTargets)
        if (leadsTo(Cfg, T, B) || leadsTo(Cfg, B, T))
          return true;
      return false;
    };
    // The unrolled loop's entry test: the branch before it whose other
    // side goes to the remainder (clang) or past the unrolled loop (nvcc).
    int Cand = -1;
    unsigned Outside = 0;
    for (unsigned P : Cfg.Blocks[M.Header].Preds)
      if (!M.contains(P)) {
        Cand = int(P);
        ++Outside;
      }
    unsigned Into = M.Header;
    for (int Steps = 0; Outside == 1 && Cand >= 0 && Steps < 4; ++Steps) {
      PtxBlock &C = Cfg.Blocks[Cand];
      if (C.Succs.size() == 2) {
        unsigned Other = C.Succs[0] == Into ? C.Succs[1] : C.Succs[0];
        if ((C.Succs[0] == Into || C.Succs[1] == Into) &&
            (leadsTo(Cfg, Other, R.Header) || IsExitOf(M, Other)))
          decide(C, Into, N / U > 0 ? 1 : 0, M);
        break;
      }
      if (C.Succs.size() != 1 || C.Preds.size() != 1)
        break;
      Into = unsigned(Cand);
      Cand = int(C.Preds[0]);
    }
    // The remainder's entry test after the unrolled loop's exit.
    for (unsigned T : M.ExitTargets) {
      int Test = nextTest(Cfg, M, T);
      if (Test < 0)
        continue;
      PtxBlock &C = Cfg.Blocks[Test];
      for (unsigned I = 0; I < 2; ++I)
        if (leadsTo(Cfg, C.Succs[I], R.Header) && IsExitOf(R, C.Succs[1 - I]))
          decide(C, C.Succs[I], N % U > 0 ? 1 : 0, M);
    }
  }
}

} // namespace gpa::ptx
