//===- PtxFindings.cpp - Findings of one PTX function ---------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The PTX counterparts of frontends/ir/Findings.cpp's rules. Registers are
// followed through their definitions (nvcc's PTX defines most once; a
// register defined several times counts every definition). Costs are the
// ones the counts use: transactions per warp from gpa/InstructionCosts.h,
// bank replays from gpa/SharedBankConflicts.h.
//
//===----------------------------------------------------------------------===//
#include "PtxFindings.h"

#include "gpa/FindingMessages.h"
#include "gpa/SharedBankConflicts.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace gpa::ptx {

namespace {

using DefMap = std::map<std::string, std::vector<std::size_t>>;

void addDefs(const PtxOperand &D, std::size_t K, DefMap &Defs) {
  if (D.K == PtxOperand::Kind::Register)
    Defs[D.Name].push_back(K);
  else if (D.K == PtxOperand::Kind::Vector || D.K == PtxOperand::Kind::Pair)
    for (const PtxOperand &E : D.Elems)
      addDefs(E, K, Defs);
}

DefMap definitions(const PtxFunction &F) {
  DefMap Defs;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (!I.Operands.empty() && I.Opcode != "st" && I.Opcode != "red" &&
        I.Opcode != "bra" && I.Opcode != "ret")
      addDefs(I.Operands[0], K, Defs);
  }
  return Defs;
}

const PtxOperand *addressOperand(const PtxInstruction &I) {
  for (const PtxOperand &Op : I.Operands)
    if (Op.K == PtxOperand::Kind::Address)
      return &Op;
  return nullptr;
}

bool isLoad(const PtxInstruction &I) {
  return I.Opcode == "ld" || I.Opcode == "ldu";
}

class Rules {
public:
  Rules(const PtxFunction &F, const PtxCfg &Cfg, const PtxFunctionFacts &Facts,
        const WeightOptions &Opts, PtxFunctionFindings &Out)
      : F(F), Cfg(Cfg), Facts(Facts), Opts(Opts), Out(Out),
        Defs(definitions(F)), BlockOf(F.Body.size(), 0) {
    for (unsigned B = 0; B < Cfg.Blocks.size(); ++B)
      for (std::size_t K = Cfg.Blocks[B].Begin; K < Cfg.Blocks[B].End; ++K)
        BlockOf[K] = B;
  }

  void run() {
    for (std::size_t K = 0; K < F.Body.size(); ++K) {
      if (!Cfg.Blocks.empty() && !Cfg.Blocks[BlockOf[K]].Reachable)
        continue;
      globalAccess(K);
      sharedAccess(K);
    }
    localArray();
    doublePrecision();
    aliasInLoops();
    divergentBranches();
  }

private:
  const PtxFunction &F;
  const PtxCfg &Cfg;
  const PtxFunctionFacts &Facts;
  const WeightOptions &Opts;
  PtxFunctionFindings &Out;
  DefMap Defs;
  std::vector<unsigned> BlockOf;

  /// The instruction's .loc; without a line, the nearest instruction of
  /// its block with one, before it, then after it (never line 0).
  const PtxInstruction *located(std::size_t K) const {
    if (F.Body[K].SourceLine)
      return &F.Body[K];
    if (Cfg.Blocks.empty())
      return nullptr;
    const PtxBlock &B = Cfg.Blocks[BlockOf[K]];
    for (std::size_t J = K; J-- > B.Begin;)
      if (F.Body[J].SourceLine)
        return &F.Body[J];
    for (std::size_t J = K + 1; J < B.End; ++J)
      if (F.Body[J].SourceLine)
        return &F.Body[J];
    return nullptr;
  }

  PtxFunctionFinding &add(const char *Rule, std::size_t K,
                          std::string Message) {
    PtxFunctionFinding Found;
    Found.Rule = Rule;
    Found.Message = std::move(Message);
    if (const PtxInstruction *L = located(K)) {
      Found.FileIndex = L->SourceFile;
      Found.Line = L->SourceLine;
      Found.Column = L->SourceColumn;
    }
    Out.Findings.push_back(std::move(Found));
    return Out.Findings.back();
  }

  /// UncoalescedAccess / UnanalysedAccess (Findings.cpp memoryRules).
  void globalAccess(std::size_t K) {
    unsigned Bytes = Facts.GlobalBytes[K];
    const AccessInfo &A = Facts.Patterns[K];
    if (!Bytes || (A.Pattern != AccessPattern::Strided &&
                   A.Pattern != AccessPattern::Unknown))
      return;
    const PtxInstruction &I = F.Body[K];
    bool Load = isLoad(I);
    const gpa::MemoryGeometry &G = Opts.Memory;
    double Ideal = gpa::transactionsPerWarp(std::int64_t(Bytes), Bytes, G);
    if (A.Pattern == AccessPattern::Unknown) {
      double Worst = gpa::unanalysableTransactionsPerWarp(Bytes, G);
      if (A.Why == UnknownAddress::Unanalysed) {
        // Precondition of UncoalescedAccess: an address the analysis can
        // follow. This one it cannot: say so, with the estimate it used.
        add("UnanalysedAccess", K,
            gpa::unanalysedAccessMessage(Load, Bytes, Worst, Ideal));
        return;
      }
      add("UncoalescedAccess", K,
          gpa::uncoalescedMessage(A.Why == UnknownAddress::Gather
                                      ? gpa::UncoalescedKind::Gather
                                      : gpa::UncoalescedKind::VariableStride,
                                  Load, Bytes, 0, Worst, Ideal,
                                  std::max(0.0, Worst - Ideal) *
                                      G.SectorBytes));
      return;
    }
    std::int64_t Stride = std::llabs(A.StrideBytes);
    // Precondition for a short stride: the bytes between neighbouring
    // threads are not read by the function's other accesses (p[tid].x and
    // p[tid].y share their sectors).
    if (Stride <= std::int64_t(G.SectorBytes) && neighboursRead(K, Stride))
      return;
    double Transactions = gpa::transactionsPerWarp(A.StrideBytes, Bytes, G);
    add("UncoalescedAccess", K,
        gpa::uncoalescedMessage(gpa::UncoalescedKind::Strided, Load, Bytes,
                                A.StrideBytes, Transactions, Ideal,
                                std::max(0.0, Transactions - Ideal) *
                                    G.SectorBytes));
  }

  /// Another global access at a constant offset below Stride from K's.
  bool neighboursRead(std::size_t K, std::int64_t Stride) const {
    const AddressFacts &Here = Facts.Addresses[K];
    if (!Here.HasAddress || Here.Group.empty())
      return false;
    for (std::size_t J = 0; J < F.Body.size(); ++J) {
      const AddressFacts &There = Facts.Addresses[J];
      if (J == K || !Facts.GlobalBytes[J] || !There.HasAddress ||
          There.Group != Here.Group)
        continue;
      std::int64_t Off = std::llabs(There.OffsetBytes - Here.OffsetBytes);
      if (Off > 0 && Off < Stride)
        return true;
    }
    return false;
  }

  /// SharedBankConflict (Findings.cpp memoryRules, activeLanes).
  void sharedAccess(std::size_t K) {
    unsigned Bytes = Facts.SharedBytes[K];
    const AccessInfo &A = Facts.SharedPatterns[K];
    if (!Bytes || A.Pattern != AccessPattern::Strided)
      return;
    gpa::WarpLanes Lanes;
    Lanes.ActiveX = activeLanes(K);
    std::uint64_t BlockX = Opts.Branches.BlockThreadsX;
    if (BlockX > 0 && BlockX < gpa::SharedBanks) {
      Lanes.RowThreads = unsigned(BlockX);
      Lanes.RowsKnown = A.StrideYKnown;
      Lanes.RowStrideBytes = A.StrideYKnown ? A.StrideYBytes : 0;
    }
    unsigned Ways = gpa::sharedBankConflictWays(A.StrideBytes, Bytes, Lanes);
    if (Ways <= 1)
      return;
    add("SharedBankConflict", K,
        gpa::sharedBankConflictMessage(Ways, isLoad(F.Body[K]), A.StrideBytes,
                                       Lanes.ActiveX, BlockX, "--block-size"));
  }

  bool isThreadIdxX(const PtxOperand &Op, unsigned Depth = 0) const {
    if (Op.K != PtxOperand::Kind::Register)
      return false;
    if (Op.Name == "%tid.x" || Op.Name == "%laneid")
      return true;
    auto It = Defs.find(Op.Name);
    if (Depth > 4 || It == Defs.end() || It->second.size() != 1)
      return false;
    const PtxInstruction &D = F.Body[It->second.front()];
    return (D.Opcode == "mov" || D.Opcode == "cvt") && D.Operands.size() > 1 &&
           isThreadIdxX(D.Operands[1], Depth + 1);
  }

  /// The lanes of a warp for which predicate P (its value Holds) lets the
  /// code run: `tx == C` one, `tx < C` C, `tx <= C` C + 1 (C below the
  /// warp size); 32 when the predicate is no such comparison.
  unsigned lanesWhere(const std::string &P, bool Holds) const {
    auto It = Defs.find(P);
    if (It == Defs.end() || It->second.size() != 1)
      return gpa::SharedBanks;
    const PtxInstruction &S = F.Body[It->second.front()];
    if (S.Opcode != "setp" || S.Modifiers.empty() || S.Operands.size() < 3 ||
        S.Operands[0].K != PtxOperand::Kind::Register)
      return gpa::SharedBanks;
    std::string Cmp = S.Modifiers.front();
    const PtxOperand *X = &S.Operands[1], *C = &S.Operands[2];
    bool Swapped = false;
    if (!isThreadIdxX(*X)) {
      std::swap(X, C);
      Swapped = true;
    }
    if (!isThreadIdxX(*X) || C->K != PtxOperand::Kind::Immediate ||
        C->IsFloat || C->IntValue < 0)
      return gpa::SharedBanks;
    // Normalise to "tx CMP K" where the code runs.
    static const std::map<std::string, std::string> Swap = {
        {".eq", ".eq"}, {".ne", ".ne"}, {".lt", ".gt"}, {".gt", ".lt"},
        {".le", ".ge"}, {".ge", ".le"}, {".lo", ".hi"}, {".hi", ".lo"},
        {".ls", ".hs"}, {".hs", ".ls"}};
    static const std::map<std::string, std::string> Invert = {
        {".eq", ".ne"}, {".ne", ".eq"}, {".lt", ".ge"}, {".ge", ".lt"},
        {".le", ".gt"}, {".gt", ".le"}, {".lo", ".hs"}, {".hs", ".lo"},
        {".ls", ".hi"}, {".hi", ".ls"}};
    if (!Swap.count(Cmp))
      return gpa::SharedBanks;
    if (Swapped)
      Cmp = Swap.at(Cmp);
    if (!Holds)
      Cmp = Invert.at(Cmp);
    std::uint64_t K = std::uint64_t(C->IntValue);
    if (Cmp == ".eq")
      return 1;
    if ((Cmp == ".lt" || Cmp == ".lo") && K < 32)
      return unsigned(std::max<std::uint64_t>(K, 1));
    if ((Cmp == ".le" || Cmp == ".ls") && K < 31)
      return unsigned(K + 1);
    return gpa::SharedBanks;
  }

  /// The lanes that run instruction K: its own predicate and the branches
  /// on threadIdx.x whose one side leads to it alone (an edge that
  /// dominates its block).
  unsigned activeLanes(std::size_t K) const {
    unsigned Lanes = gpa::SharedBanks;
    const PtxInstruction &I = F.Body[K];
    if (!I.Guard.empty())
      Lanes = std::min(Lanes, lanesWhere(I.Guard, !I.GuardNegated));
    if (Cfg.Blocks.empty() || Cfg.IDom.size() != Cfg.Blocks.size())
      return Lanes;
    unsigned Target = BlockOf[K];
    for (int D = Cfg.IDom[Target]; D >= 0; D = Cfg.IDom[unsigned(D)]) {
      const PtxBlock &B = Cfg.Blocks[unsigned(D)];
      if (B.End == B.Begin)
        continue;
      const PtxInstruction &Br = F.Body[B.End - 1];
      if (Br.Opcode != "bra" || Br.Guard.empty() || Br.Operands.empty() ||
          B.Succs.size() != 2)
        continue;
      auto Label = F.Labels.find(Br.Operands[0].Name);
      if (Label == F.Labels.end())
        continue;
      for (unsigned S : B.Succs) {
        if (Cfg.Blocks[S].Preds.size() != 1 || !Cfg.dominates(S, Target))
          continue;
        bool Taken = Cfg.Blocks[S].Begin == Label->second;
        Lanes = std::min(Lanes, lanesWhere(Br.Guard, Taken != Br.GuardNegated));
      }
    }
    return Lanes;
  }

  /// Whether Op's value depends on %tid.x (or %laneid) through the
  /// instructions that compute it (not through loads: Findings.cpp
  /// dependsOnTidX).
  bool dependsOnThreadIdx(const PtxOperand &Op, unsigned Depth = 0) const {
    if (Op.K != PtxOperand::Kind::Register)
      return false;
    if (Op.Name == "%tid.x" || Op.Name == "%laneid")
      return true;
    auto It = Defs.find(Op.Name);
    if (Depth > 12 || It == Defs.end())
      return false;
    for (std::size_t K : It->second) {
      const PtxInstruction &D = F.Body[K];
      if (isLoad(D) || D.Opcode == "call")
        continue;
      for (std::size_t J = 1; J < D.Operands.size(); ++J)
        if (dependsOnThreadIdx(D.Operands[J], Depth + 1))
          return true;
    }
    return false;
  }

  /// Why a branch on predicate P splits warps (Findings.cpp warpSplit):
  /// the setp that decides it, its cause, and whether it compares
  /// threadIdx.x itself with an immediate (a one-lane or tail guard).
  struct WarpSplit {
    std::size_t Setp = 0;
    std::string Cause;
    bool ComparesThreadIdx = false;
  };
  std::optional<WarpSplit> warpSplit(const std::string &P,
                                     unsigned Depth = 0) const {
    auto It = Defs.find(P);
    if (Depth > 6 || It == Defs.end() || It->second.size() != 1)
      return std::nullopt;
    std::size_t K = It->second.front();
    const PtxInstruction &S = F.Body[K];
    // not.pred, xor.pred with false (nvcc's "== 1" of a bit), and/or.pred.
    if (S.Opcode == "not" || S.Opcode == "xor" || S.Opcode == "and" ||
        S.Opcode == "or" || S.Opcode == "mov") {
      for (std::size_t J = 1; J < S.Operands.size(); ++J)
        if (S.Operands[J].K == PtxOperand::Kind::Register)
          if (auto Split = warpSplit(S.Operands[J].Name, Depth + 1))
            return Split;
      return std::nullopt;
    }
    if (S.Opcode != "setp" || S.Modifiers.empty() || S.Operands.size() < 3)
      return std::nullopt;
    for (unsigned I = 0; I < 2; ++I) {
      const PtxOperand &X = S.Operands[1 + I], &C = S.Operands[2 - I];
      bool Immediate = C.K == PtxOperand::Kind::Immediate && !C.IsFloat;
      if (isThreadIdxX(X) && Immediate && C.IntValue >= 0) {
        // The first lane on the other side: K, or K + 1 for > and <=.
        std::string Cmp = S.Modifiers.front();
        bool AfterK = I == 0 ? (Cmp == ".gt" || Cmp == ".hi" || Cmp == ".le" ||
                                Cmp == ".ls")
                             : (Cmp == ".lt" || Cmp == ".lo" || Cmp == ".ge" ||
                                Cmp == ".hs");
        std::uint64_t K0 = std::uint64_t(C.IntValue);
        if ((K0 + (AfterK ? 1 : 0)) % 32 == 0)
          return std::nullopt;
        return WarpSplit{
            K, gpa::warpSplitCause(gpa::WarpSplitKind::Compared, K0), true};
      }
      // threadIdx.x % d or & m below the warp size, anywhere in X's value.
      std::vector<const PtxOperand *> Work{&X};
      std::set<std::size_t> Seen;
      while (!Work.empty()) {
        const PtxOperand *V = Work.back();
        Work.pop_back();
        if (V->K != PtxOperand::Kind::Register)
          continue;
        auto D = Defs.find(V->Name);
        if (D == Defs.end() || D->second.size() != 1 ||
            !Seen.insert(D->second.front()).second || Seen.size() > 32)
          continue;
        const PtxInstruction &B = F.Body[D->second.front()];
        if (isLoad(B) || B.Opcode == "call" || B.Operands.size() < 2)
          continue;
        if (B.Operands.size() == 3 &&
            B.Operands[2].K == PtxOperand::Kind::Immediate &&
            !B.Operands[2].IsFloat && dependsOnThreadIdx(B.Operands[1])) {
          std::uint64_t M = std::uint64_t(B.Operands[2].IntValue);
          std::vector<std::string_view> Types = B.typeModifiers();
          if (!Types.empty() && Types.back().substr(2) == "32")
            M &= 0xffffffffu;
          if (B.Opcode == "rem" && M > 1 && 32 % M == 0)
            return WarpSplit{
                K, gpa::warpSplitCause(gpa::WarpSplitKind::Remainder, M),
                false};
          if (B.Opcode == "and" && (M & 31) != 0)
            return WarpSplit{
                K, gpa::warpSplitCause(gpa::WarpSplitKind::Mask, M), false};
        }
        for (std::size_t J = 1; J < B.Operands.size(); ++J)
          Work.push_back(&B.Operands[J]);
      }
    }
    return std::nullopt;
  }

  /// Whether every path from block X to the function's exit passes Y.
  bool postDominates(unsigned Y, unsigned X) const {
    std::vector<unsigned> Work{X};
    std::vector<bool> Seen(Cfg.Blocks.size(), false);
    while (!Work.empty()) {
      unsigned B = Work.back();
      Work.pop_back();
      if (B == Y || Seen[B])
        continue;
      Seen[B] = true;
      if (Cfg.Blocks[B].Succs.empty())
        return false;
      for (unsigned S : Cfg.Blocks[B].Succs)
        Work.push_back(S);
    }
    return true;
  }

  /// Where a branch's side leads once it has done nothing: past blocks of
  /// only jumps and conversions (cvt: the values the join takes), as
  /// Findings.cpp hasEmptySide; not moves, which select each side's values.
  unsigned pastEmptyBlocks(unsigned S) const {
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      const PtxBlock &B = Cfg.Blocks[S];
      if (B.Succs.size() != 1)
        return S;
      for (std::size_t K = B.Begin; K < B.End; ++K) {
        const PtxInstruction &I = F.Body[K];
        bool Jump = I.Opcode == "bra" && I.Guard.empty();
        if (!Jump && I.Opcode != "cvt")
          return S;
      }
      S = B.Succs.front();
    }
    return S;
  }

  /// DivergentBranch (Findings.cpp branchRule): a branch whose predicate
  /// splits warps. Precondition for a comparison of threadIdx.x with an
  /// immediate: both sides do work; a one-lane or tail guard with an empty
  /// side idles lanes of one warp, nothing runs one after the other.
  void divergentBranches() {
    for (unsigned B = 0; B < Cfg.Blocks.size(); ++B) {
      const PtxBlock &Block = Cfg.Blocks[B];
      if (!Block.Reachable || Block.End == Block.Begin ||
          Block.Succs.size() != 2)
        continue;
      std::size_t K = Block.End - 1;
      const PtxInstruction &Br = F.Body[K];
      if (Br.Opcode != "bra" || Br.Guard.empty())
        continue;
      std::optional<WarpSplit> Split = warpSplit(Br.Guard);
      if (!Split)
        continue;
      unsigned A = pastEmptyBlocks(Block.Succs[0]),
               C = pastEmptyBlocks(Block.Succs[1]);
      bool EmptySide = A == C || postDominates(A, C) || postDominates(C, A);
      if (EmptySide && Split->ComparesThreadIdx)
        continue;
      // At the branch's .loc: nvcc computes a predicate once for an
      // else-if chain (srad's tx == BLOCK_SIZE - 1), at its first use.
      std::size_t At = F.Body[K].SourceLine || !F.Body[Split->Setp].SourceLine
                           ? K
                           : Split->Setp;
      add("DivergentBranch", At,
          gpa::divergentBranchMessage(Split->Cause, EmptySide));
    }
  }

  /// Whether Reg is the local depot's address plus a constant (mov/cvta of
  /// __local_depot, %SP, %SPL; add of an immediate).
  bool depotOffset(const std::string &Reg, unsigned Depth) const {
    auto It = Defs.find(Reg);
    if (Depth > 8 || It == Defs.end())
      return false;
    for (std::size_t K : It->second) {
      const PtxInstruction &D = F.Body[K];
      if (D.Operands.size() < 2)
        return false;
      const PtxOperand &Src = D.Operands[1];
      if (D.Opcode == "mov" || D.Opcode == "cvta") {
        if (Src.K == PtxOperand::Kind::Symbol)
          continue;
        if (Src.K == PtxOperand::Kind::Register &&
            depotOffset(Src.Name, Depth + 1))
          continue;
        return false;
      }
      if ((D.Opcode == "add" || D.Opcode == "sub") && D.Operands.size() == 3) {
        const PtxOperand &Other = D.Operands[2];
        if (Src.K == PtxOperand::Kind::Register &&
            Other.K == PtxOperand::Kind::Immediate &&
            depotOffset(Src.Name, Depth + 1))
          continue;
        if (D.Opcode == "add" && Other.K == PtxOperand::Kind::Register &&
            Src.K == PtxOperand::Kind::Immediate &&
            depotOffset(Other.Name, Depth + 1))
          continue;
      }
      return false;
    }
    return true;
  }

  /// LocalMemoryArray (Findings.cpp localArrayRule): the first ld.local or
  /// st.local whose address is the depot plus a run-time offset. Whether
  /// ptxas keeps the array in registers is checked by the caller that ran
  /// ptxas (tool/Analyze.cpp).
  void localArray() {
    std::uint64_t DepotBytes = 0;
    for (const PtxVariable &V : F.Variables)
      if (V.Space == ".local")
        DepotBytes += V.SizeBytes;
    if (!DepotBytes)
      return;
    for (std::size_t K = 0; K < F.Body.size(); ++K) {
      const PtxInstruction &I = F.Body[K];
      if ((!isLoad(I) && I.Opcode != "st") ||
          Facts.Classes[K].Space != MemSpace::Local)
        continue;
      const PtxOperand *Addr = addressOperand(I);
      if (!Addr || Addr->Name.empty() || Addr->Name[0] != '%' ||
          depotOffset(Addr->Name, 0))
        continue;
      add("LocalMemoryArray", K,
          gpa::localMemoryArrayMessage(DepotBytes, isLoad(I)));
      return;
    }
  }

  /// DoublePrecisionInFloatKernel (Findings.cpp fp64Rule): each f64
  /// instruction with a double immediate (0d...) starts a group, as does
  /// one computed from a float converted to double (cvt.f64.f32) that no
  /// group explains; f64 instructions computed from a group's results join
  /// it.
  void doublePrecision() {
    for (std::size_t K = 0; K < F.Body.size(); ++K) {
      const PtxInstruction &I = F.Body[K];
      bool Access = isLoad(I) || I.Opcode == "st";
      MemSpace Space = Facts.Classes[K].Space;
      if (Access && Space != MemSpace::Param && Space != MemSpace::None) {
        std::vector<std::string_view> Types = I.typeModifiers();
        if (!Types.empty()) {
          Out.FloatData |= Types.back() == ".f32";
          Out.DoubleData |= Types.back() == ".f64";
        }
      }
    }
    struct Group {
      std::size_t Cause;
      std::string Why;
      std::vector<std::size_t> Members;
    };
    std::vector<Group> Groups;
    std::map<std::string, std::size_t> GroupOfReg;
    for (std::size_t K = 0; K < F.Body.size(); ++K) {
      const PtxInstruction &I = F.Body[K];
      if (!isDoubleArithmetic(I))
        continue;
      std::optional<std::size_t> From;
      std::string Literal, Converted;
      for (std::size_t Op = 1; Op < I.Operands.size(); ++Op) {
        const PtxOperand &O = I.Operands[Op];
        if (O.K == PtxOperand::Kind::Register) {
          if (auto It = GroupOfReg.find(O.Name);
              It != GroupOfReg.end() && !From)
            From = It->second;
          if (convertedFromFloat(O.Name))
            Converted = "a float converted to double";
        } else if (O.K == PtxOperand::Kind::Immediate && O.IsFloat &&
                   Literal.empty()) {
          Literal = gpa::doubleLiteralCause(O.FloatValue);
        }
      }
      const std::string &Dest = I.Operands[0].Name;
      if (!Literal.empty() || (!From && !Converted.empty())) {
        GroupOfReg[Dest] = Groups.size();
        Groups.push_back({K, Literal.empty() ? Converted : Literal, {K}});
      } else if (From) {
        GroupOfReg[Dest] = *From;
        Groups[*From].Members.push_back(K);
      }
    }
    // One finding per source position: nvcc's .loc columns name the
    // statement, so the literals of one expression share a finding.
    std::map<std::tuple<unsigned, unsigned, unsigned>, std::size_t> AtPosition;
    std::vector<std::set<std::string>> Listed; // per fp64 finding
    const std::size_t Base = Out.Findings.size();
    for (const Group &G : Groups) {
      const PtxInstruction *L = located(G.Cause);
      auto Key =
          L ? std::make_tuple(L->SourceFile, L->SourceLine, L->SourceColumn)
            : std::make_tuple(0u, 0u, unsigned(G.Cause));
      auto [It, New] = AtPosition.try_emplace(Key, Out.Findings.size());
      if (New) {
        add("DoublePrecisionInFloatKernel", G.Cause, "");
        Listed.emplace_back();
      }
      PtxFunctionFinding &Found = Out.Findings[It->second];
      std::set<std::string> &Seen = Listed[It->second - Base];
      // A literal is the cause to change; the floats of its statement are
      // converted because of it (the IR route's remark for such a
      // conversion is one cause told twice).
      const std::string Converted = "a float converted to double";
      if (Found.Fp64Cause == Converted && G.Why != Converted)
        Found.Fp64Cause.clear();
      if (Found.Fp64Cause.find(G.Why) == std::string::npos &&
          (G.Why != Converted || Found.Fp64Cause.empty()))
        Found.Fp64Cause += (Found.Fp64Cause.empty() ? "" : ", ") + G.Why;
      for (std::size_t M : G.Members) {
        std::string Item = F.Body[M].spelling();
        if (const PtxInstruction *ML = located(M))
          Item += " at " + std::to_string(ML->SourceLine) + ":" +
                  std::to_string(ML->SourceColumn);
        if (Seen.insert(Item).second)
          Found.Fp64List += (Found.Fp64List.empty() ? "" : ", ") + Item;
      }
      Found.Fp64Count = Seen.size();
    }
  }

  /// The innermost loop holding block B (-1: none).
  int innermostLoop(unsigned B) const {
    int Best = -1;
    for (std::size_t L = 0; L < Cfg.Loops.size(); ++L)
      if (Cfg.Loops[L].contains(B) &&
          (Best < 0 || Cfg.Loops[L].Blocks.size() <
                           Cfg.Loops[unsigned(Best)].Blocks.size()))
        Best = int(L);
    return Best;
  }

  /// AliasKeepsAccessInLoop (Findings.cpp loopRules). The PTX carries no
  /// alias facts, so the rule asks what would have let NVVM's LICM move
  /// the access out had nothing aliased it: a global access (ld.global or
  /// st.global, not .volatile, not a read-only .nc load) whose address does
  /// not change in its innermost loop and that runs on every iteration
  /// (its block dominates every back edge and exit), in a loop without a
  /// barrier (there other threads write the value between iterations) or call,
  /// and another
  /// global access in the loop at an address in no known relation to it
  /// (another base, or a moving address: a same-base constant offset is
  /// one NVVM tells apart). A store kept by a read-only load is not kept by
  /// it.
  void aliasInLoops() {
    for (std::size_t L = 0; L < Cfg.Loops.size(); ++L) {
      const PtxLoop &Loop = Cfg.Loops[L];
      std::vector<std::size_t> Accesses;
      bool Barrier = false;
      std::vector<unsigned> Latches; // and exiting blocks
      for (unsigned B : Loop.Blocks) {
        const PtxBlock &Block = Cfg.Blocks[B];
        // Back edges and exits: an access that dominates them all runs on
        // every iteration (LICM's guaranteed execution).
        for (unsigned S : Block.Succs)
          if (S == Loop.Header || !Loop.contains(S)) {
            Latches.push_back(B);
            break;
          }
        for (std::size_t K = Block.Begin; K < Block.End; ++K) {
          const PtxInstruction &I = F.Body[K];
          // A call may write memory __restrict__ does not speak of.
          Barrier |=
              I.Opcode == "bar" || I.Opcode == "barrier" || I.Opcode == "call";
          if ((isLoad(I) || I.Opcode == "st" || I.Opcode == "atom" ||
               I.Opcode == "red") &&
              Facts.Classes[K].Space == MemSpace::Global)
            Accesses.push_back(K);
        }
      }
      if (Barrier || Latches.empty())
        continue;
      for (std::size_t X : Accesses) {
        const PtxInstruction &I = F.Body[X];
        const AddressFacts &A = Facts.Addresses[X];
        unsigned B = BlockOf[X];
        if ((!isLoad(I) && I.Opcode != "st") || I.hasModifier(".volatile") ||
            I.hasModifier(".nc") || innermostLoop(B) != int(L) ||
            !A.HasAddress || !A.InLoop || !A.StrideKnown ||
            A.IterationStrideBytes != 0 ||
            !std::all_of(Latches.begin(), Latches.end(),
                         [&](unsigned T) { return Cfg.dominates(B, T); }))
          continue;
        for (std::size_t Y : Accesses) {
          const PtxInstruction &J = F.Body[Y];
          const AddressFacts &Other = Facts.Addresses[Y];
          if (Y == X || (isLoad(I) && isLoad(J)) ||
              (isLoad(J) && J.hasModifier(".nc")) ||
              (Other.HasAddress && Other.Group == A.Group))
            continue;
          const PtxInstruction *Where = located(Y);
          add("AliasKeepsAccessInLoop", X,
              gpa::aliasKeepsAccessMessage(isLoad(I), isLoad(J),
                                           Where ? Where->SourceLine : 0));
          break;
        }
      }
    }
  }

  /// An f64 instruction that computes (not a move, conversion, load,
  /// comparison or select: the IR rule's BinaryOperator/FPMathOperator).
  static bool isDoubleArithmetic(const PtxInstruction &I) {
    static const std::set<std::string> NotArithmetic = {
        "mov",  "cvt",  "ld",   "ldu", "st",    "setp", "set", "selp",
        "slct", "shfl", "atom", "red", "testp", "cvta", "mov", "prmt"};
    if (I.Operands.empty() || I.Operands[0].K != PtxOperand::Kind::Register ||
        NotArithmetic.count(I.Opcode))
      return false;
    std::vector<std::string_view> Types = I.typeModifiers();
    return !Types.empty() && Types.front() == ".f64";
  }

  bool convertedFromFloat(const std::string &Reg) const {
    auto It = Defs.find(Reg);
    if (It == Defs.end())
      return false;
    for (std::size_t K : It->second) {
      const PtxInstruction &D = F.Body[K];
      std::vector<std::string_view> Types = D.typeModifiers();
      if (D.Opcode == "cvt" && Types.size() == 2 && Types[0] == ".f64" &&
          Types[1] == ".f32")
        return true;
    }
    return false;
  }
};

} // namespace

PtxFunctionFindings findFunctionFindings(const PtxFunction &F,
                                         const PtxCfg &Cfg,
                                         const PtxFunctionFacts &Facts,
                                         const WeightOptions &Opts) {
  PtxFunctionFindings Out;
  Rules(F, Cfg, Facts, Opts, Out).run();
  return Out;
}

} // namespace gpa::ptx
