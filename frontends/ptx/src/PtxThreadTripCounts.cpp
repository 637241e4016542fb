//===- PtxThreadTripCounts.cpp - Loops whose counter starts per thread ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A block-stride loop `for (j = tx; j < 144; j += 128)` (a tile staged into
// shared memory) starts at a thread index and steps by the block's size, so
// its trip count differs per thread: ceil((144 - tx) / 128), 2 for tx < 16
// and 1 above. nvcc emits it as
//     max.s32 %r24, %r1, 16; add.s32 %r25, %r24, 127; sub.s32 %r6, %r25, %r1;
//     shr.u32 %r26, %r6, 7; add.s32 %r27, %r26, 1; and.b32 %r7, %r27, 3;
//     setp.eq.s32 %p3, %r7, 0; ... up to three peeled bodies, each followed
//     by "setp.eq %r7, k" and a "mov %r49, tx + k * 128" ...
//   $L__BB0_7: setp.lt.u32 %p6, %r6, 384; @%p6 bra $EXIT;
//     add.s32 %r51, %r49, -512;
//   $L__BB0_9: .pragma "nounroll"; four bodies ...
//     add.s32 %r51, %r51, 512; setp.lt.s32 %p7, %r51, -368; @%p7 bra $L__BB0_9;
// With the block's shape known (a launch fact), each thread of the block is
// followed from the enclosing loop's header (or the kernel's entry) to the
// loop's header: integer registers are evaluated from the thread's
// indices, the block's size, the kernel's given arguments and immediates
// (as PtxArgumentTripCounts.cpp does for arguments), branches on them are
// decided, and the loop's counter and bound are read on arrival. The loop
// runs the mean, over the threads that reach it, of its executions; each
// two-way branch on the way is taken with the share of the threads reaching
// it that take it (so nvcc's peeled bodies run T mod 4 and the unrolled loop
// floor(T / 4) on average, T the source loop's count). Both are `derived`,
// labelled with the launch. A loop that reads the block's index or the
// grid's size (a grid-stride loop, `i += blockDim.x * gridDim.x`) is
// followed in every block, or in 16384 / blockDim blocks evenly spread over
// a larger grid (said in the label), as the IR front-end averages it
// (frontends/ir/DerivedTripCounts.cpp). A loop or a branch that reads
// memory, an unknown argument, or a block or grid shape not given keeps
// the default.
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
#include <cstdio>
#include <map>
#include <set>

namespace gpa::ptx {

namespace {
constexpr std::uint64_t MaxThreads = 4096; ///< threads of a block
/// Threads followed over the grid for a loop that reads the block's index.
constexpr std::uint64_t MaxGridThreads = 16384;
constexpr unsigned MaxPathBlocks = 64;
/// Instructions executed over all threads followed for one loop (a long
/// unrolled path times a large block keeps the default instead).
constexpr std::uint64_t MaxFollowedInstructions = 4000000;

/// The counter of L, its bound and how its closing test reads them.
struct CounterShape {
  std::string Start; ///< the register holding the counter on entry
  LoopCounterStep Step;
  PtxOperand Bound;
  Cmp Cont = Cmp::Unknown;   ///< the loop goes on while Counter Cont Bound
  bool AfterStep = false;    ///< the test sees the stepped counter
  unsigned UnsignedBits = 0; ///< the test compares unsigned (32, 64; 0: no)
};

std::optional<CounterShape> counterShape(const PtxFunction &F,
                                         const PtxCfg &Cfg, const PtxLoop &L) {
  std::optional<LoopExitBranch> Exit = loopExitBranch(F, Cfg, L);
  if (!Exit)
    return std::nullopt;
  std::size_t BrAt = Exit->At;
  bool StayOnTrue = Exit->StayOnTrue;
  const PtxInstruction *Br = &F.Body[BrAt];
  unsigned BrBlock = 0;
  for (unsigned B : L.Blocks)
    if (Cfg.Blocks[B].Begin <= BrAt && BrAt < Cfg.Blocks[B].End)
      BrBlock = B;
  std::size_t SetpAt = BrAt;
  for (std::size_t I = BrAt; I-- > Cfg.Blocks[BrBlock].Begin;)
    if (writesRegister(F.Body[I], Br->Guard)) {
      SetpAt = I;
      break;
    }
  const PtxInstruction &Setp = F.Body[SetpAt];
  if (SetpAt == BrAt || Setp.Opcode != "setp" || Setp.Operands.size() != 3)
    return std::nullopt;
  Cmp C = comparison(Setp);
  if (!StayOnTrue)
    C = negated(C);
  CounterForms Forms;
  Forms.ThroughCopy = Forms.RegisterStep = true;
  auto WrittenIn = [&](const PtxOperand &O) {
    if (!O.isRegister())
      return false;
    for (unsigned B : L.Blocks)
      for (std::size_t I = Cfg.Blocks[B].Begin; I < Cfg.Blocks[B].End; ++I)
        if (writesRegister(F.Body[I], O.Name))
          return true;
    return false;
  };
  for (unsigned Side = 1; Side <= 2; ++Side) {
    const PtxOperand &X = Setp.Operands[Side];
    if (!X.isRegister())
      continue;
    std::optional<LoopCounterStep> Step =
        loopCounterStep(F, Cfg, L, X.Name, Forms);
    if (!Step || WrittenIn(Setp.Operands[3 - Side]))
      continue;
    if (!Step->StepRegister.empty()) {
      PtxOperand S;
      S.K = PtxOperand::Kind::Register;
      S.Name = Step->StepRegister;
      if (WrittenIn(S))
        continue;
    }
    CounterShape Out;
    Out.Step = *Step;
    Out.Bound = Setp.Operands[3 - Side];
    Out.Cont = Side == 1 ? C : swapped(C);
    Out.UnsignedBits = unsignedBits(Setp);
    const PtxBlock &H = Cfg.Blocks[L.Header];
    bool CopyAfterTest = Cfg.Blocks[BrBlock].Begin <= SetpAt &&
                         SetpAt < Step->At && Step->At < BrAt;
    if (Step->ThroughCopy && CopyAfterTest) {
      // "add Y, X, Step; setp X; mov X, Y" closing the loop (nvcc's copy
      // loops of ccglib's copy_async): the test reads the iteration's own
      // value, and X on entry is the first.
      Out.Start = X.Name;
    } else if (Step->ThroughCopy) {
      // "mov X, Y" at the top of the header, Y = X + Step later: X is the
      // iteration's own value, Y's value on entry the first.
      if (Step->At < H.Begin || Step->At >= H.End ||
          (SetpAt >= H.Begin && SetpAt < Step->At))
        continue;
      Out.Start = F.Body[Step->At].Operands[1].Name;
    } else {
      Out.Start = X.Name;
      Out.AfterStep = testSeesStep(Cfg, L, Step->At, SetpAt);
    }
    return Out;
  }
  return std::nullopt;
}

/// A thread index register's values, for the label ("%tid.x: 0 to 127").
std::string specialsLabel(const std::set<std::string> &Specials,
                          const std::uint64_t Dims[3],
                          const std::uint64_t Grid[3]) {
  std::string Out;
  for (const std::string &S : Specials) {
    unsigned D = S.back() - 'x';
    bool OfGrid = S.find("ctaid") != std::string::npos;
    std::uint64_t N = OfGrid ? Grid[D] : Dims[D];
    bool Index = S.rfind("%tid", 0) == 0 || S.rfind("%ctaid", 0) == 0;
    Out +=
        (Out.empty() ? "" : ", ") + S +
        (Index ? ": 0 to " + std::to_string(N - 1) : " = " + std::to_string(N));
  }
  return Out;
}
} // namespace

void run(const PtxFunction &F, const PtxBlock &Blk, RegisterValues &V) {
  for (std::size_t I = Blk.Begin; I < Blk.End; ++I) {
    const PtxInstruction &Ins = F.Body[I];
    if (Ins.Opcode == "bra" || Ins.Operands.empty() ||
        !Ins.Operands[0].isRegister())
      continue;
    bool Runs = true;
    if (!Ins.Guard.empty()) {
      PtxOperand G;
      G.K = PtxOperand::Kind::Register;
      G.Name = Ins.Guard;
      V.reset();
      std::optional<std::int64_t> P = V.value(G, I, nullptr);
      if (!P) {
        V.State[Ins.Operands[0].Name] = {};
        continue;
      }
      Runs = (*P != 0) != Ins.GuardNegated;
    }
    if (Runs) {
      std::uint64_t GuardSpecials = V.ReadingSpecials,
                    GuardArgs = V.ReadingArgs;
      if (Ins.Guard.empty())
        GuardSpecials = GuardArgs = 0;
      V.reset();
      std::optional<std::int64_t> Val = V.evaluate(I);
      V.State[Ins.Operands[0].Name] = {Val, V.ReadingSpecials | GuardSpecials,
                                       V.ReadingArgs | GuardArgs};
    }
  }
}

bool follow(const PtxFunction &F, const PtxCfg &Cfg, RegisterValues &V,
            unsigned From, unsigned To, const PtxLoop *Region, bool &Reached,
            std::vector<std::pair<unsigned, bool>> &Path, unsigned MaxBlocks) {
  Reached = false;
  unsigned B = From;
  std::set<unsigned> Seen;
  // The blocks that lead to To without passing From: a thread elsewhere
  // has skipped the loop.
  std::set<unsigned> Leads = {To};
  for (std::vector<unsigned> Work = {To}; !Work.empty();) {
    unsigned X = Work.back();
    Work.pop_back();
    if (X == From)
      continue;
    for (unsigned P : Cfg.Blocks[X].Preds)
      if ((!Region || Region->contains(P)) && Leads.insert(P).second)
        Work.push_back(P);
  }
  for (unsigned Steps = 0; Steps < MaxBlocks; ++Steps) {
    if (B == To) {
      Reached = true;
      return true;
    }
    if (!Leads.count(B))
      return true; // past the loop: does not reach To
    if (Region && !Region->contains(B))
      return true; // left the enclosing loop: does not reach To
    if (!Seen.insert(B).second)
      return false;
    const PtxLoop *Before = nullptr;
    for (const PtxLoop &L : Cfg.Loops)
      if (L.Header == B && B != From && &L != Region)
        Before = &L;
    if (Before) {
      // Another loop on the way (ccglib's copy of A before that of B): it
      // must not hold To and must have one way out; what it writes is
      // unknown after it, and the thread goes on there.
      if (Before->contains(To) || Before->ExitTargets.size() != 1)
        return false;
      for (unsigned LB : Before->Blocks)
        for (std::size_t I = Cfg.Blocks[LB].Begin; I < Cfg.Blocks[LB].End; ++I)
          if (!F.Body[I].Operands.empty() && F.Body[I].Operands[0].isRegister())
            V.State[F.Body[I].Operands[0].Name] = {};
      B = Before->ExitTargets[0];
      continue;
    }
    const PtxBlock &Blk = Cfg.Blocks[B];
    if (V.Budget < Blk.End - Blk.Begin)
      return false;
    V.Budget -= Blk.End - Blk.Begin;
    run(F, Blk, V);
    if (Blk.Succs.empty())
      return true; // ret / exit
    if (Blk.Succs.size() == 1) {
      B = Blk.Succs[0];
      continue;
    }
    const PtxInstruction &Br = F.Body[Blk.End - 1];
    PtxOperand G;
    G.K = PtxOperand::Kind::Register;
    G.Name = Br.Guard;
    V.reset();
    std::optional<std::int64_t> P = V.value(G, Blk.End - 1, nullptr);
    if (Br.Opcode != "bra" || Br.Guard.empty())
      return false;
    if (!P) {
      // An if-then on a value not known here (a bounds test on the
      // enclosing loop's iteration, as in the convolution's staging): the
      // then part, blocks with one successor that rejoin the other side,
      // is run, and what it writes is kept where it agrees with the skip.
      bool Joined = false;
      for (unsigned Side = 0; Side < 2 && !Joined; ++Side) {
        unsigned Join = Blk.Succs[1 - Side];
        std::vector<unsigned> Then;
        for (unsigned X = Blk.Succs[Side], K = 0; K < 8; ++K) {
          if (X == Join) {
            Joined = !Then.empty();
            break;
          }
          if (X == To || Cfg.Blocks[X].Succs.size() != 1)
            break;
          Then.push_back(X);
          X = Cfg.Blocks[X].Succs[0];
        }
        if (!Joined)
          continue;
        auto Skip = V.State;
        for (unsigned X : Then) {
          const PtxBlock &TB = Cfg.Blocks[X];
          if (V.Budget < TB.End - TB.Begin)
            return false;
          V.Budget -= TB.End - TB.Begin;
          run(F, TB, V);
        }
        for (auto &[Reg, W] : V.State) {
          auto It = Skip.find(Reg);
          if (It == Skip.end() || It->second.Value != W.Value)
            W = {};
          else {
            W.Specials |= It->second.Specials;
            W.Args |= It->second.Args;
          }
        }
        B = Join;
      }
      if (!Joined)
        return false;
      continue;
    }
    V.use();
    bool Taken = (*P != 0) != Br.GuardNegated;
    Path.push_back({B, Taken});
    B = Taken ? Blk.Succs[0] : Blk.Succs[1];
  }
  return false;
}

bool applyThreadTripCount(const PtxFunction &F, PtxCfg &Cfg, PtxLoop &L,
                          const gpa::BranchFacts &Facts) {
  if (!F.IsEntry || Facts.BlockThreadsX == 0)
    return false;
  std::uint64_t Dims[3] = {Facts.BlockThreadsX, Facts.BlockThreadsY,
                           Facts.BlockThreadsZ};
  std::optional<CounterShape> Shape = counterShape(F, Cfg, L);
  if (!Shape)
    return false;
  // A dimension not given is only a problem when the loop reads it.
  bool Known[3] = {true, Dims[1] != 0, Dims[2] != 0};
  for (unsigned D = 1; D < 3; ++D)
    Dims[D] = std::max<std::uint64_t>(Dims[D], 1);
  std::uint64_t Threads = Dims[0] * Dims[1] * Dims[2];
  if (Threads == 0 || Threads > MaxThreads)
    return false;
  unsigned From = L.Parent >= 0 ? Cfg.Loops[L.Parent].Header : 0;
  const PtxLoop *Region = L.Parent >= 0 ? &Cfg.Loops[L.Parent] : nullptr;
  RegisterValues V(F, Cfg, Facts, Dims);
  V.Budget = MaxFollowedInstructions;
  std::uint64_t Grid[3] = {Facts.GridBlocksX, Facts.GridBlocksY,
                           Facts.GridBlocksZ};
  if (!Grid[0] && Facts.GridThreadsX && Facts.GridThreadsX % Dims[0] == 0)
    Grid[0] = Facts.GridThreadsX / Dims[0];
  for (unsigned D = 0; D < 3; ++D)
    V.Grid[D] = Grid[D];
  std::map<unsigned, std::pair<std::uint64_t, std::uint64_t>> Branches;
  double Sum = 0;
  std::uint64_t Entered = 0;
  bool Countable = true;
  std::int64_t MinStart = 0, MaxStart = 0;
  std::set<std::int64_t> Steps, Bounds;
  std::size_t Entry = Cfg.Blocks[L.Header].Begin;
  // The block 0 first; a loop that reads the block's index or the grid's
  // size (a grid-stride loop) is then followed in blocks evenly spread over
  // the grid.
  std::uint64_t GridBlocks = 1, Sampled = 1;
  for (unsigned Pass = 0; Pass < 2; ++Pass) {
    bool ReadsGrid = false;
    for (const std::string &S : V.Specials)
      ReadsGrid |= S.find("ctaid") != std::string::npos;
    if (Pass == 1 && !ReadsGrid)
      break;
    if (Pass == 1) {
      for (unsigned D = 0; D < 3; ++D) {
        bool Read = V.Specials.count(std::string("%ctaid.") + char('x' + D)) ||
                    V.Specials.count(std::string("%nctaid.") + char('x' + D));
        if (Read && !Grid[D])
          return false; // a grid dimension not given
        GridBlocks *= std::max<std::uint64_t>(Grid[D], 1);
      }
      Sampled = std::min<std::uint64_t>(
          GridBlocks, std::max<std::uint64_t>(1, MaxGridThreads / Threads));
      Branches.clear();
      Sum = 0;
      Entered = 0;
      Countable = true;
      Steps.clear();
      Bounds.clear();
    }
    for (std::uint64_t K = 0; K < Sampled; ++K) {
      std::uint64_t Block = Pass == 0 ? 0 : K * GridBlocks / Sampled;
      std::uint64_t GX = std::max<std::uint64_t>(Grid[0], 1),
                    GY = std::max<std::uint64_t>(Grid[1], 1);
      V.Cta[0] = Block % GX;
      V.Cta[1] = (Block / GX) % GY;
      V.Cta[2] = Block / (GX * GY);
      for (std::uint64_t T = 0; T < Threads; ++T) {
        V.Tid[0] = T % Dims[0];
        V.Tid[1] = (T / Dims[0]) % Dims[1];
        V.Tid[2] = T / (Dims[0] * Dims[1]);
        V.State.clear();
        bool Reached = false;
        std::vector<std::pair<unsigned, bool>> Path;
        if (!follow(F, Cfg, V, From, L.Header, Region, Reached, Path,
                    MaxPathBlocks))
          return false;
        for (const auto &[B, Taken] : Path) {
          ++Branches[B].first;
          Branches[B].second += Taken;
        }
        if (!Reached)
          continue;
        PtxOperand Start;
        Start.K = PtxOperand::Kind::Register;
        Start.Name = Shape->Start;
        V.reset();
        std::optional<std::int64_t> C0 = V.value(Start, Entry, &L);
        std::optional<std::int64_t> Bound = V.value(Shape->Bound, Entry, &L);
        std::optional<std::int64_t> Step = Shape->Step.Add;
        if (!Shape->Step.StepRegister.empty()) {
          PtxOperand S;
          S.K = PtxOperand::Kind::Register;
          S.Name = Shape->Step.StepRegister;
          Step = V.value(S, Entry, &L);
        }
        V.use();
        if (!C0 || !Bound || !Step || *Step == 0) {
          Countable = false;
          continue;
        }
        std::int64_t First = Shape->AfterStep ? *C0 + *Step : *C0;
        std::optional<double> N = executionsAt(
            First, *Step, *Bound, Shape->Cont, Shape->UnsignedBits);
        if (!N || *N > 4294967295.0) {
          Countable = false;
          continue;
        }
        MinStart = Entered ? std::min(MinStart, *C0) : *C0;
        MaxStart = Entered ? std::max(MaxStart, *C0) : *C0;
        Steps.insert(*Step);
        Bounds.insert(*Bound);
        ++Entered;
        Sum += *N;
      }
    }
  }
  // The branches on the way, decided by the threads that reach them
  // (launch and argument facts decide them whether or not the loop is
  // counted here).
  std::string Launch =
      "blockDim = (" + std::to_string(Dims[0]) + ", " +
      (Known[1] ? std::to_string(Dims[1]) : "?") + ", " +
      (Known[2] ? std::to_string(Dims[2]) : "?") + ")" +
      (Facts.LaunchSource.empty() ? "" : " (" + Facts.LaunchSource + ")");
  std::string With;
  for (unsigned K : V.Args)
    With += ", " + gpa::parameterLabel(Facts, K) + " = " +
            std::to_string(Facts.Arguments.at(K));
  bool AllDimsKnown = true;
  for (const std::string &S : V.Specials)
    AllDimsKnown = AllDimsKnown && (S.find("ctaid") != std::string::npos ||
                                    Known[S.back() - 'x']);
  for (const auto &[B, Counts] : Branches) {
    PtxBlock &Blk = Cfg.Blocks[B];
    if (!AllDimsKnown || Blk.Succs.size() != 2)
      continue;
    Blk.ThreadTakenProbability = double(Counts.second) / double(Counts.first);
    Blk.ThreadProbabilitySource =
        Launch + With + ": " + std::to_string(Counts.second) + " of the " +
        std::to_string(Counts.first) + " threads reaching it take it";
  }
  if (!Countable)
    return false;
  bool ReadsThread = false;
  for (const std::string &S : V.Specials) {
    ReadsThread |= S.rfind("%tid", 0) == 0;
    if (S.find("ctaid") == std::string::npos && !Known[S.back() - 'x'])
      return false; // a block dimension not given
  }
  if (!ReadsThread)
    return false; // the same for every thread: not this rule's
  L.GivenTripCount = Entered ? Sum / double(Entered) : 0;
  L.TripKind = "derived";
  auto Set = [](const std::set<std::int64_t> &S) {
    return S.size() == 1 ? std::to_string(*S.begin())
                         : std::to_string(*S.begin()) + " to " +
                               std::to_string(*S.rbegin());
  };
  static const char *const Names[] = {"<", "<=", ">", ">=", "!=", "==", "?"};
  std::string Blocks = Sampled > 1 ? " (" + std::to_string(Sampled) + " of " +
                                         std::to_string(GridBlocks) +
                                         " blocks, evenly spread)"
                                   : "";
  if (Entered == 0) {
    L.TripSource = Launch + With + ": the loop's counter starts per thread (" +
                   specialsLabel(V.Specials, Dims, Grid) + "): none of the " +
                   std::to_string(Threads * Sampled) + " threads" + Blocks +
                   " enters it, 0 iterations";
    return true;
  }
  L.TripSource = Launch + With + ": the loop's counter starts per thread (" +
                 specialsLabel(V.Specials, Dims, Grid) + "; on entry " +
                 (MinStart == MaxStart ? std::to_string(MinStart)
                                       : std::to_string(MinStart) + " to " +
                                             std::to_string(MaxStart)) +
                 "), steps by " + Set(Steps) + " while " +
                 Names[int(Shape->Cont)] + " " + Set(Bounds) +
                 (Shape->UnsignedBits && *Bounds.begin() < 0
                      ? " (compared unsigned, " +
                            std::to_string(Shape->UnsignedBits) + "-bit)"
                      : "") +
                 ": mean over the " + std::to_string(Entered) + " of " +
                 std::to_string(Threads * Sampled) + " threads entering" +
                 Blocks + ", " + shortNumber(L.GivenTripCount) + " iterations";
  return true;
}

void applyThreadIndexTests(const PtxFunction &F, PtxCfg &Cfg,
                           const gpa::BranchFacts &Facts) {
  if (!F.IsEntry || Facts.BlockThreadsX == 0)
    return;
  std::uint64_t Dims[3] = {Facts.BlockThreadsX,
                           std::max<std::uint64_t>(Facts.BlockThreadsY, 1),
                           std::max<std::uint64_t>(Facts.BlockThreadsZ, 1)};
  bool Known[3] = {true, Facts.BlockThreadsY != 0, Facts.BlockThreadsZ != 0};
  std::uint64_t Threads = Dims[0] * Dims[1] * Dims[2];
  if (Threads > MaxThreads)
    return;
  RegisterValues V(F, Cfg, Facts, Dims);
  std::string Launch =
      "blockDim = (" + std::to_string(Dims[0]) + ", " +
      (Known[1] ? std::to_string(Dims[1]) : "?") + ", " +
      (Known[2] ? std::to_string(Dims[2]) : "?") + ")" +
      (Facts.LaunchSource.empty() ? "" : " (" + Facts.LaunchSource + ")");
  for (PtxBlock &Blk : Cfg.Blocks) {
    if (Blk.Succs.size() != 2 || Blk.End == Blk.Begin ||
        Blk.ThreadTakenProbability >= 0 || !Blk.Reachable)
      continue;
    const PtxInstruction &Br = F.Body[Blk.End - 1];
    if (Br.Opcode != "bra" || Br.Guard.empty())
      continue;
    PtxOperand G;
    G.K = PtxOperand::Kind::Register;
    G.Name = Br.Guard;
    std::uint64_t Taken = 0;
    bool Known3 = true, ReadsThread = false;
    std::set<std::string> Read;
    for (std::uint64_t T = 0; T < Threads && Known3; ++T) {
      V.Tid[0] = T % Dims[0];
      V.Tid[1] = (T / Dims[0]) % Dims[1];
      V.Tid[2] = T / (Dims[0] * Dims[1]);
      V.State.clear();
      V.reset();
      std::optional<std::int64_t> P = V.value(G, Blk.End - 1, nullptr);
      // Only the thread's index, the block's size, given arguments and
      // immediates: a test on the block's index or the grid is not this
      // rule's (the bounds rule's).
      if (!P || (V.ReadingSpecials >> 6) != 0) {
        Known3 = false;
        break;
      }
      for (unsigned D = 0; D < 3; ++D)
        if (V.ReadingSpecials >> D & 1) {
          ReadsThread = true;
          Known3 = Known3 && Known[D];
        }
      if ((*P != 0) != Br.GuardNegated)
        ++Taken;
    }
    if (!Known3 || !ReadsThread)
      continue;
    Blk.ThreadTakenProbability = double(Taken) / double(Threads);
    Blk.ThreadProbabilitySource = Launch +
                                  ": the test reads the thread's index only; " +
                                  std::to_string(Taken) + " of the " +
                                  std::to_string(Threads) + " threads take it";
  }
}

void decideThreadTests(PtxCfg &Cfg) {
  for (PtxBlock &B : Cfg.Blocks) {
    // A bounds guard keeps the bounds rule's decision (BranchFacts.h).
    if (B.ThreadTakenProbability < 0 || B.CountDecided || B.ThreadGuard)
      continue;
    B.TakenProbability = B.ThreadTakenProbability;
    B.ProbabilityKind = "derived";
    B.ProbabilitySource = B.ThreadProbabilitySource;
    B.CountDecided = true;
  }
}

} // namespace gpa::ptx
