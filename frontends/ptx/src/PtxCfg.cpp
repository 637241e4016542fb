//===- PtxCfg.cpp - Basic blocks, dominators and natural loops -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Blocks start at labels and after control transfers. Dominators use the
// Cooper-Harvey-Kennedy iteration over reverse post-order. A retreating
// edge (target not later in RPO) whose target dominates its source is a
// back edge of a natural loop; any other retreating edge makes the graph
// irreducible and is dropped from loop finding and weighting (warned).
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxCfg.h"

#include <algorithm>
#include <map>

namespace gpa::ptx {

bool PtxLoop::contains(unsigned B) const {
  return std::binary_search(Blocks.begin(), Blocks.end(), B);
}

bool PtxCfg::dominates(unsigned A, unsigned B) const {
  if (B >= IDom.size() || !Blocks[B].Reachable)
    return false;
  int Cur = static_cast<int>(B);
  while (Cur >= 0) {
    if (static_cast<unsigned>(Cur) == A)
      return true;
    Cur = IDom[Cur];
  }
  return false;
}

const PtxLoop *PtxCfg::innermostLoop(unsigned Block) const {
  const PtxLoop *Innermost = nullptr;
  for (const PtxLoop &L : Loops)
    if (L.contains(Block) &&
        (!Innermost || L.Blocks.size() < Innermost->Blocks.size()))
      Innermost = &L;
  return Innermost;
}

static bool endsBlock(const PtxInstruction &I) {
  return I.Opcode == "bra" || I.Opcode == "brx" || I.Opcode == "ret" ||
         I.Opcode == "exit";
}

static void addEdge(PtxCfg &Cfg, unsigned From, unsigned To) {
  std::vector<unsigned> &S = Cfg.Blocks[From].Succs;
  if (std::find(S.begin(), S.end(), To) != S.end())
    return;
  S.push_back(To);
  Cfg.Blocks[To].Preds.push_back(From);
}

static bool splitBlocks(const PtxFunction &F, const std::string &File,
                        PtxCfg &Cfg, PtxError &Error) {
  const std::size_t N = F.Body.size();
  // Leader[N] only when a label points past the last instruction: that
  // label opens an empty final block.
  std::vector<bool> Leader(N + 1, false);
  Leader[0] = N > 0;
  for (const auto &L : F.Labels)
    Leader[L.second] = true;
  for (std::size_t I = 0; I + 1 < N; ++I)
    if (endsBlock(F.Body[I]))
      Leader[I + 1] = true;
  std::vector<unsigned> BlockAt(N + 1, 0);
  for (std::size_t I = 0; I <= N; ++I) {
    if (Leader[I]) {
      PtxBlock B;
      B.Begin = I;
      Cfg.Blocks.push_back(B);
    }
    BlockAt[I] =
        Cfg.Blocks.empty() ? 0 : static_cast<unsigned>(Cfg.Blocks.size() - 1);
  }
  if (Cfg.Blocks.empty())
    Cfg.Blocks.push_back(PtxBlock());
  for (std::size_t B = 0; B < Cfg.Blocks.size(); ++B)
    Cfg.Blocks[B].End = B + 1 < Cfg.Blocks.size() ? Cfg.Blocks[B + 1].Begin : N;

  for (unsigned B = 0; B < Cfg.Blocks.size(); ++B) {
    const PtxBlock &Blk = Cfg.Blocks[B];
    bool HasNext = B + 1 < Cfg.Blocks.size();
    if (Blk.End == Blk.Begin) {
      if (HasNext)
        addEdge(Cfg, B, B + 1);
      continue;
    }
    const PtxInstruction &Last = F.Body[Blk.End - 1];
    bool Guarded = !Last.Guard.empty();
    if (Last.Opcode == "bra") {
      const PtxOperand *Target =
          Last.Operands.empty() ? nullptr : &Last.Operands[0];
      if (!Target || Target->K != PtxOperand::Kind::Symbol) {
        Error = PtxError{File, Last.Line, Last.Col,
                         "expected a label operand for 'bra'"};
        return false;
      }
      auto It = F.Labels.find(Target->Name);
      if (It == F.Labels.end()) {
        Error = PtxError{File, Target->Line, Target->Col,
                         "expected a label defined in '" + F.Name +
                             "', found '" + Target->Name + "'"};
        return false;
      }
      addEdge(Cfg, B, BlockAt[It->second]);
      if (Guarded && HasNext)
        addEdge(Cfg, B, B + 1);
    } else if (Last.Opcode == "ret" || Last.Opcode == "exit") {
      if (Guarded && HasNext)
        addEdge(Cfg, B, B + 1);
    } else if (Last.Opcode == "brx") {
      // Jump tables (.branchtargets) are not modelled: fall through.
      Cfg.Warnings.push_back("line " + std::to_string(Last.Line) +
                             ": brx.idx targets not modelled; assumed to "
                             "fall through");
      if (HasNext)
        addEdge(Cfg, B, B + 1);
    } else if (HasNext) {
      addEdge(Cfg, B, B + 1);
    }
  }
  return true;
}

// Iterative DFS (no recursion: functions can have thousands of blocks).
static void computeRpo(PtxCfg &Cfg) {
  std::vector<unsigned> Post;
  std::vector<std::pair<unsigned, unsigned>> Stack{{0u, 0u}};
  Cfg.Blocks[0].Reachable = true;
  while (!Stack.empty()) {
    auto &[B, NextSucc] = Stack.back();
    if (NextSucc < Cfg.Blocks[B].Succs.size()) {
      unsigned S = Cfg.Blocks[B].Succs[NextSucc++];
      if (!Cfg.Blocks[S].Reachable) {
        Cfg.Blocks[S].Reachable = true;
        Stack.push_back({S, 0u});
      }
    } else {
      Post.push_back(B);
      Stack.pop_back();
    }
  }
  Cfg.Rpo.assign(Post.rbegin(), Post.rend());
}

static void computeDominators(PtxCfg &Cfg) {
  std::vector<int> Order(Cfg.Blocks.size(), -1);
  for (unsigned I = 0; I < Cfg.Rpo.size(); ++I)
    Order[Cfg.Rpo[I]] = static_cast<int>(I);
  Cfg.IDom.assign(Cfg.Blocks.size(), -1);
  Cfg.IDom[0] = 0;
  auto Intersect = [&](int A, int B) {
    while (A != B) {
      while (Order[A] > Order[B])
        A = Cfg.IDom[A];
      while (Order[B] > Order[A])
        B = Cfg.IDom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 1; I < Cfg.Rpo.size(); ++I) {
      unsigned B = Cfg.Rpo[I];
      int New = -1;
      for (unsigned P : Cfg.Blocks[B].Preds)
        if (Cfg.Blocks[P].Reachable && Cfg.IDom[P] != -1)
          New = New == -1 ? static_cast<int>(P) : Intersect(P, New);
      if (New != -1 && Cfg.IDom[B] != New) {
        Cfg.IDom[B] = New;
        Changed = true;
      }
    }
  }
  Cfg.IDom[0] = -1;
}

static void findLoops(PtxCfg &Cfg) {
  std::vector<int> Order(Cfg.Blocks.size(), -1);
  for (unsigned I = 0; I < Cfg.Rpo.size(); ++I)
    Order[Cfg.Rpo[I]] = static_cast<int>(I);
  std::map<unsigned, std::vector<unsigned>> Latches; // header -> latches
  for (unsigned B : Cfg.Rpo)
    for (unsigned S : Cfg.Blocks[B].Succs) {
      if (Order[S] > Order[B])
        continue; // forward edge
      if (Cfg.dominates(S, B))
        Latches[S].push_back(B);
      else
        Cfg.IrreducibleEdges.push_back({B, S});
    }
  if (!Cfg.IrreducibleEdges.empty())
    Cfg.Warnings.push_back(
        "irreducible control flow: " +
        std::to_string(Cfg.IrreducibleEdges.size()) +
        " edge(s) entering a cycle without a dominating header are ignored; "
        "that cycle is weighted as straight-line code");
  for (const auto &[Header, Ls] : Latches) {
    PtxLoop L;
    L.Header = Header;
    std::vector<bool> In(Cfg.Blocks.size(), false);
    In[Header] = true;
    std::vector<unsigned> Work(Ls.begin(), Ls.end());
    while (!Work.empty()) {
      unsigned B = Work.back();
      Work.pop_back();
      if (In[B])
        continue;
      In[B] = true;
      for (unsigned P : Cfg.Blocks[B].Preds)
        if (Cfg.Blocks[P].Reachable && !In[P])
          Work.push_back(P);
    }
    for (unsigned B = 0; B < In.size(); ++B)
      if (In[B])
        L.Blocks.push_back(B);
    for (unsigned B : L.Blocks)
      for (unsigned S : Cfg.Blocks[B].Succs)
        if (!In[S] && std::find(L.ExitTargets.begin(), L.ExitTargets.end(),
                                S) == L.ExitTargets.end())
          L.ExitTargets.push_back(S);
    Cfg.Loops.push_back(std::move(L));
  }
  // Parent: the smallest other loop containing this loop's header.
  for (unsigned I = 0; I < Cfg.Loops.size(); ++I) {
    std::size_t Best = SIZE_MAX;
    for (unsigned J = 0; J < Cfg.Loops.size(); ++J)
      if (I != J && Cfg.Loops[J].contains(Cfg.Loops[I].Header) &&
          Cfg.Loops[J].Blocks.size() > Cfg.Loops[I].Blocks.size() &&
          Cfg.Loops[J].Blocks.size() < Best) {
        Best = Cfg.Loops[J].Blocks.size();
        Cfg.Loops[I].Parent = static_cast<int>(J);
      }
  }
  for (PtxBlock &B : Cfg.Blocks)
    B.LoopDepth = 0;
  for (const PtxLoop &L : Cfg.Loops)
    for (unsigned B : L.Blocks)
      ++Cfg.Blocks[B].LoopDepth;
}

bool buildCfg(const PtxFunction &F, const std::string &File, PtxCfg &Out,
              PtxError &Error) {
  Out = PtxCfg();
  if (!splitBlocks(F, File, Out, Error))
    return false;
  if (Out.Blocks.empty())
    Out.Blocks.push_back(PtxBlock());
  computeRpo(Out);
  computeDominators(Out);
  findLoops(Out);
  return true;
}

} // namespace gpa::ptx
