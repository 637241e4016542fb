//===- PtxAccessFacts.cpp - Memory-level facts of PTX accesses ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A register defined once has the linear form of its definition (mov, cvt,
// add, sub, mul/shl by a constant, mad with a constant factor); any other
// register is an atom of its own. ld.param of a kernel parameter is the
// atom "argN" (N its position, as the IR front-end names arguments); a
// variable's address is "@name". A register defined several times (a loop's
// pointer, i += 4) takes the base its non-self-referencing definitions
// agree on. For an access's group and offset, a register a loop walks (one
// definition before the loop, one adding a constant once per iteration) is
// its value on entry plus the step times the loop's iteration, so the
// NVPTX back-end's two forms of one row walk (a 32-bit index through
// mul.wide, a 64-bit pointer advanced per iteration) share a group.
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxAccessFacts.h"

#include <map>
#include <optional>
#include <set>

namespace gpa::ptx {

namespace {
struct Form {
  std::map<std::string, std::int64_t> Terms; ///< atom -> coefficient
  std::int64_t Const = 0;

  static Form atom(const std::string &Name) {
    Form F;
    F.Terms[Name] = 1;
    return F;
  }
  static Form constant(std::int64_t C) {
    Form F;
    F.Const = C;
    return F;
  }
  bool isConstant() const { return Terms.empty(); }
};

bool isPointerAtom(const std::string &A) {
  return A.rfind("arg", 0) == 0 || A.rfind("@", 0) == 0;
}

bool isSpecialRegister(const std::string &N) {
  static const char *Prefixes[] = {"%tid",    "%ntid",   "%ctaid", "%nctaid",
                                   "%laneid", "%warpid", "%smid",  "%gridid",
                                   "%nsmid",  "%nwarpid"};
  for (const char *P : Prefixes)
    if (N.rfind(P, 0) == 0)
      return true;
  return false;
}

bool hasModifier(const PtxInstruction &I, const char *M) {
  for (const std::string &X : I.Modifiers)
    if (X == M)
      return true;
  return false;
}

bool isFloatOp(const PtxInstruction &I) {
  for (const std::string &X : I.Modifiers)
    if (X.rfind(".f", 0) == 0 || X.rfind(".bf", 0) == 0 || X == ".rn" ||
        X == ".rz" || X == ".rm" || X == ".rp")
      return true;
  return false;
}

class Linearizer {
public:
  Linearizer(const PtxFunction &F, const std::vector<PtxVariable> &Globals)
      : F(F) {
    for (std::size_t K = 0; K < F.Body.size(); ++K)
      if (!F.Body[K].Operands.empty())
        noteDefinitions(F.Body[K].Operands[0], K);
    for (std::size_t P = 0; P < F.Params.size(); ++P)
      ParamIndex[F.Params[P].Name] = P;
    for (const PtxVariable &V : Globals)
      if (V.Space == ".global")
        GlobalSizes["@" + V.Name] = V.SizeBytes;
  }

  AddressFacts factsOf(const PtxOperand &Addr,
                       std::size_t At = ~std::size_t(0));
  void setLoops(const PtxCfg &C, const std::vector<unsigned> &B) {
    Cfg = &C;
    BlockOf = &B;
  }
  void addLoopFacts(const PtxOperand &Addr, unsigned Block, const PtxCfg &Cfg,
                    const std::vector<unsigned> &BlockOf, AddressFacts &A);

private:
  const PtxFunction &F;
  std::map<std::string, std::vector<std::size_t>> Defs;
  std::map<std::string, std::size_t> ParamIndex;
  std::map<std::string, std::uint64_t> GlobalSizes;
  std::map<std::string, Form> Memo;
  std::map<std::string, std::string> BaseMemo;
  std::set<std::string> InProgress, BaseInProgress;
  const PtxCfg *Cfg = nullptr;
  const std::vector<unsigned> *BlockOf = nullptr;

  /// A register a loop walks: its one definition outside the loop
  /// (Entry) and its one inside (Step, adding Const once per iteration).
  struct Walk {
    std::size_t Entry = 0, Step = 0;
    const PtxLoop *Loop = nullptr;
    std::int64_t Const = 0;
  };
  std::map<std::string, std::optional<Walk>> WalkMemo;
  std::optional<Walk> walkOf(const std::string &Name);
  bool walkedForm(const Form &Fm, std::size_t At, Form &Out);

  void noteDefinitions(const PtxOperand &D, std::size_t K) {
    if (D.K == PtxOperand::Kind::Address)
      return; // a store's address: read, not written
    if (D.K == PtxOperand::Kind::Register)
      Defs[D.Name].push_back(K);
    for (const PtxOperand &E : D.Elems)
      noteDefinitions(E, K);
  }
  Form addressForm(const PtxOperand &Addr);
  Form operandForm(const PtxOperand &Op);
  Form registerForm(const std::string &Name);
  Form definitionForm(const PtxInstruction &I, const std::string &Dest);
  std::string baseOf(const Form &F);
  std::string registerBase(const std::string &Name);
};

bool scaled(const Form &A, std::int64_t K, Form &Out) {
  Out.Terms.clear();
  if (__builtin_mul_overflow(A.Const, K, &Out.Const))
    return false;
  for (const auto &[Atom, C] : A.Terms) {
    std::int64_t P;
    if (__builtin_mul_overflow(C, K, &P))
      return false;
    if (P != 0)
      Out.Terms[Atom] = P;
  }
  return true;
}

bool summed(const Form &A, const Form &B, bool Subtract, Form &Out) {
  Form NegB;
  if (Subtract) {
    if (!scaled(B, -1, NegB))
      return false;
  }
  const Form &R = Subtract ? NegB : B;
  Out = A;
  if (__builtin_add_overflow(Out.Const, R.Const, &Out.Const))
    return false;
  for (const auto &[Atom, C] : R.Terms) {
    std::int64_t &T = Out.Terms[Atom];
    if (__builtin_add_overflow(T, C, &T))
      return false;
    if (T == 0)
      Out.Terms.erase(Atom);
  }
  return true;
}

bool product(const Form &A, const Form &B, Form &Out) {
  if (A.isConstant())
    return scaled(B, A.Const, Out);
  if (B.isConstant())
    return scaled(A, B.Const, Out);
  return false;
}
} // namespace

Form Linearizer::operandForm(const PtxOperand &Op) {
  switch (Op.K) {
  case PtxOperand::Kind::Immediate:
    if (Op.IsFloat)
      return Form::atom("#float");
    return Form::constant(Op.IntValue);
  case PtxOperand::Kind::Symbol: {
    Form S = Form::atom("@" + Op.Name);
    S.Const = Op.IntValue;
    return S;
  }
  case PtxOperand::Kind::Register:
    return registerForm(Op.Name);
  default:
    return Form::atom("#other");
  }
}

Form Linearizer::registerForm(const std::string &Name) {
  if (isSpecialRegister(Name))
    return Form::atom(Name);
  auto D = Defs.find(Name);
  if (D == Defs.end() || D->second.size() != 1)
    return Form::atom(Name);
  auto M = Memo.find(Name);
  if (M != Memo.end())
    return M->second;
  if (!InProgress.insert(Name).second)
    return Form::atom(Name);
  Form Out = definitionForm(F.Body[D->second.front()], Name);
  InProgress.erase(Name);
  return Memo[Name] = Out;
}

Form Linearizer::definitionForm(const PtxInstruction &I,
                                const std::string &Dest) {
  const std::string &Op = I.Opcode;
  auto Src = [&](std::size_t K) {
    return K < I.Operands.size() ? operandForm(I.Operands[K])
                                 : Form::atom("#other");
  };
  Form Out;
  if (I.Operands.empty() || I.Operands[0].K != PtxOperand::Kind::Register)
    return Form::atom(Dest);
  if ((Op == "mov" || Op == "cvta") && I.Operands.size() == 2)
    return Src(1);
  if (Op == "cvt" && !isFloatOp(I))
    return Src(1);
  if (!isFloatOp(I) && !hasModifier(I, ".hi") && !hasModifier(I, ".sat")) {
    if ((Op == "add" || Op == "sub") &&
        summed(Src(1), Src(2), Op == "sub", Out))
      return Out;
    if ((Op == "mul" || Op == "mul24") && product(Src(1), Src(2), Out))
      return Out;
    if (Op == "shl") {
      Form B = Src(2);
      if (B.isConstant() && B.Const >= 0 && B.Const < 40 &&
          scaled(Src(1), std::int64_t(1) << B.Const, Out))
        return Out;
    }
    Form P;
    if ((Op == "mad" || Op == "mad24") && product(Src(1), Src(2), P) &&
        summed(P, Src(3), false, Out))
      return Out;
  }
  if (Op == "ld" && hasModifier(I, ".param") && I.Operands.size() > 1 &&
      I.Operands[1].K == PtxOperand::Kind::Address) {
    auto P = ParamIndex.find(I.Operands[1].Name);
    if (P != ParamIndex.end() && I.Operands[1].IntValue == 0)
      return Form::atom("arg" + std::to_string(P->second));
  }
  return Form::atom(Dest);
}

std::string Linearizer::baseOf(const Form &Fm) {
  for (const auto &[Atom, C] : Fm.Terms)
    if (C == 1 && isPointerAtom(Atom))
      return Atom;
  for (const auto &[Atom, C] : Fm.Terms)
    if (C == 1 && Atom[0] == '%') {
      std::string B = registerBase(Atom);
      if (!B.empty())
        return B;
    }
  return "";
}

/// The base a register's definitions agree on; a definition that uses the
/// register itself (p += 4) keeps whatever base the others give.
std::string Linearizer::registerBase(const std::string &Name) {
  auto M = BaseMemo.find(Name);
  if (M != BaseMemo.end())
    return M->second;
  auto D = Defs.find(Name);
  if (D == Defs.end() || !BaseInProgress.insert(Name).second)
    return "";
  std::string Agreed;
  bool Conflict = false;
  for (std::size_t K : D->second) {
    Form Def = D->second.size() == 1 ? registerForm(Name)
                                     : definitionForm(F.Body[K], Name);
    if (D->second.size() > 1 && Def.Terms.count(Name))
      continue; // self-referencing: p = p + c
    std::string B = baseOf(Def);
    if (B.empty() || (!Agreed.empty() && B != Agreed)) {
      Conflict = true;
      break;
    }
    Agreed = B;
  }
  BaseInProgress.erase(Name);
  return BaseMemo[Name] = Conflict ? "" : Agreed;
}

Form Linearizer::addressForm(const PtxOperand &Addr) {
  Form Fm = Addr.Name.empty()     ? Form::constant(0)
            : Addr.Name[0] == '%' ? registerForm(Addr.Name)
                                  : Form::atom("@" + Addr.Name);
  Form Off;
  if (summed(Fm, Form::constant(Addr.IntValue), false, Off))
    Fm = Off;
  return Fm;
}

/// Whether \p Name is walked by a loop: defined twice, once outside the
/// loop and once inside it as itself plus a constant, in a block of the
/// loop itself (not of an inner loop) that dominates every latch, so the
/// step runs exactly once per iteration, and its value on entry reads no
/// register the loop changes.
std::optional<Linearizer::Walk> Linearizer::walkOf(const std::string &Name) {
  auto M = WalkMemo.find(Name);
  if (M != WalkMemo.end())
    return M->second;
  std::optional<Walk> &Out = WalkMemo[Name];
  auto D = Defs.find(Name);
  if (!Cfg || D == Defs.end() || D->second.size() != 2)
    return Out;
  for (unsigned S = 0; S < 2; ++S) {
    std::size_t Step = D->second[S], Entry = D->second[1 - S];
    if (Step >= BlockOf->size() || Entry >= BlockOf->size() ||
        (*BlockOf)[Step] == ~0u || (*BlockOf)[Entry] == ~0u)
      return Out;
    unsigned StepBlock = (*BlockOf)[Step];
    const PtxLoop *L = Cfg->innermostLoop(StepBlock);
    if (!L || L->contains((*BlockOf)[Entry]))
      continue;
    const PtxInstruction &In = F.Body[Step];
    bool ReadsItself = false;
    for (std::size_t Op = 1; Op < In.Operands.size(); ++Op)
      ReadsItself |= In.Operands[Op].K == PtxOperand::Kind::Register &&
                     In.Operands[Op].Name == Name;
    Form Def = definitionForm(In, Name);
    auto Self = Def.Terms.find(Name);
    if ((In.Opcode != "add" && In.Opcode != "sub") || !ReadsItself ||
        Def.Terms.size() != 1 || Self == Def.Terms.end() || Self->second != 1)
      return Out;
    Form EntryForm = definitionForm(F.Body[Entry], Name);
    if (EntryForm.Terms.count(Name))
      return Out; // a definition the forms cannot follow
    // The entry value's registers must keep their value through the loop,
    // or their names would mean two values.
    for (const auto &Term : EntryForm.Terms) {
      auto TD = Defs.find(Term.first);
      if (TD != Defs.end())
        for (std::size_t K : TD->second)
          if (K >= BlockOf->size() || (*BlockOf)[K] == ~0u ||
              L->contains((*BlockOf)[K]))
            return Out;
    }
    for (unsigned P : Cfg->Blocks[L->Header].Preds)
      if (L->contains(P) && !Cfg->dominates(StepBlock, P))
        return Out; // a latch the step may not reach
    Out = Walk{Entry, Step, L, Def.Const};
    return Out;
  }
  return Out;
}

/// \p Fm at instruction \p At with every register a loop around \p At
/// walks written as its value on entry plus the step times the loop's
/// iteration (atom "#iter.B<header>"), plus one step where the step has
/// already run in this iteration. False when none is, or where it cannot
/// tell whether the step ran before \p At.
bool Linearizer::walkedForm(const Form &Fm, std::size_t At, Form &Out) {
  if (!Cfg || At >= BlockOf->size() || (*BlockOf)[At] == ~0u)
    return false;
  unsigned Here = (*BlockOf)[At];
  bool Any = false;
  Out = Form::constant(Fm.Const);
  for (const auto &[Atom, C] : Fm.Terms) {
    std::optional<Walk> W;
    if (Atom[0] == '%' && !isSpecialRegister(Atom))
      W = walkOf(Atom);
    Form Term = Form::atom(Atom);
    if (W && W->Loop->contains(Here)) {
      unsigned StepBlock = (*BlockOf)[W->Step];
      // The step's block ends the iteration when it leaves only to the
      // header or out of the loop: every other block ran before it.
      bool EndsIteration = true;
      for (unsigned S : Cfg->Blocks[StepBlock].Succs)
        EndsIteration &= S == W->Loop->Header || !W->Loop->contains(S);
      std::int64_t Ran;
      if (StepBlock == Here)
        Ran = At > W->Step;
      else if (EndsIteration)
        Ran = 0;
      else if (Cfg->dominates(StepBlock, Here))
        Ran = 1;
      else if (Cfg->dominates(Here, StepBlock))
        Ran = 0;
      else
        return false;
      Form Iter = Form::atom("#iter.B" + std::to_string(W->Loop->Header));
      Form Entry = definitionForm(F.Body[W->Entry], Atom), Walked, Steps;
      std::int64_t Done;
      if (__builtin_mul_overflow(W->Const, Ran, &Done) ||
          !scaled(Iter, W->Const, Walked) ||
          !summed(Walked, Form::constant(Done), false, Steps) ||
          !summed(Entry, Steps, false, Term))
        return false;
      Any = true;
    }
    Form Scaled, Sum;
    if (!scaled(Term, C, Scaled) || !summed(Out, Scaled, false, Sum))
      return false;
    Out = Sum;
  }
  return Any;
}

AddressFacts Linearizer::factsOf(const PtxOperand &Addr, std::size_t At) {
  AddressFacts A;
  A.HasAddress = true;
  Form Fm = addressForm(Addr);
  std::string B = baseOf(Fm);
  if (!B.empty())
    A.Base = B;
  auto G = GlobalSizes.find(A.Base);
  if (G != GlobalSizes.end())
    A.WorkingSetBytes = G->second;
  A.ConstantAddress = Fm.Terms.empty() ||
                      (Fm.Terms.size() == 1 && Fm.Terms.begin()->first == B &&
                       Fm.Terms.begin()->second == 1);
  Form Walked;
  if (walkedForm(Fm, At, Walked) && baseOf(Walked) == B)
    Fm = Walked;
  A.OffsetBytes = Fm.Const;
  for (const auto &[Atom, C] : Fm.Terms)
    A.Group += (A.Group.empty() ? "" : " + ") + std::to_string(C) + "*" + Atom;
  if (A.Group.empty())
    A.Group = A.Base;
  return A;
}

void Linearizer::addLoopFacts(const PtxOperand &Addr, unsigned Block,
                              const PtxCfg &Cfg,
                              const std::vector<unsigned> &BlockOf,
                              AddressFacts &A) {
  const PtxLoop *Innermost = Cfg.innermostLoop(Block);
  if (!Innermost)
    return;
  A.InLoop = true;
  std::int64_t Step = 0;
  for (const auto &[Atom, C] : addressForm(Addr).Terms) {
    if (Atom[0] == '#')
      return;
    auto D = Defs.find(Atom);
    if (Atom[0] != '%' || isSpecialRegister(Atom) || D == Defs.end())
      continue; // a parameter, a variable, a special register
    std::vector<std::size_t> Inside;
    for (std::size_t K : D->second)
      if (K < BlockOf.size() && Innermost->contains(BlockOf[K]))
        Inside.push_back(K);
    if (Inside.empty())
      continue; // the loop does not change it
    if (Inside.size() != 1 || D->second.size() < 2)
      return;
    const PtxInstruction &In = F.Body[Inside.front()];
    Form Def = definitionForm(In, Atom);
    auto Self = Def.Terms.find(Atom);
    // A definition the forms cannot follow (not, rem, a load) is the atom
    // itself, which reads as p = p + 0: only one that reads the register
    // (or moves a value computed from it) keeps it.
    bool ReadsItself =
        In.Opcode == "mov" || In.Opcode == "cvt" || In.Opcode == "cvta";
    for (std::size_t Op = 1; Op < In.Operands.size(); ++Op)
      ReadsItself |= In.Operands[Op].K == PtxOperand::Kind::Register &&
                     In.Operands[Op].Name == Atom;
    if (!ReadsItself)
      return;
    std::int64_t Term;
    if (Def.Terms.size() != 1 || Self == Def.Terms.end() || Self->second != 1 ||
        __builtin_mul_overflow(C, Def.Const, &Term) ||
        __builtin_add_overflow(Step, Term, &Step))
      return;
  }
  A.StrideKnown = true;
  A.IterationStrideBytes = Step;
}

std::vector<AddressFacts>
analyzeAddressFacts(const PtxFunction &F,
                    const std::vector<PtxVariable> &Globals,
                    const PtxCfg &Cfg) {
  Linearizer L(F, Globals);
  std::vector<unsigned> BlockOf(F.Body.size(), ~0u);
  for (unsigned B = 0; B < Cfg.Blocks.size(); ++B)
    for (std::size_t K = Cfg.Blocks[B].Begin;
         K < Cfg.Blocks[B].End && K < F.Body.size(); ++K)
      BlockOf[K] = B;
  L.setLoops(Cfg, BlockOf);
  std::vector<AddressFacts> Out(F.Body.size());
  for (std::size_t K = 0; K < F.Body.size(); ++K)
    for (const PtxOperand &Op : F.Body[K].Operands)
      if (Op.K == PtxOperand::Kind::Address) {
        Out[K] = L.factsOf(Op, K);
        if (BlockOf[K] != ~0u)
          L.addLoopFacts(Op, BlockOf[K], Cfg, BlockOf, Out[K]);
        break;
      }
  return Out;
}

std::vector<AddressFacts>
analyzeAddressFacts(const PtxFunction &F,
                    const std::vector<PtxVariable> &Globals) {
  Linearizer L(F, Globals);
  std::vector<AddressFacts> Out(F.Body.size());
  for (std::size_t K = 0; K < F.Body.size(); ++K)
    for (const PtxOperand &Op : F.Body[K].Operands)
      if (Op.K == PtxOperand::Kind::Address) {
        Out[K] = L.factsOf(Op);
        break;
      }
  return Out;
}

} // namespace gpa::ptx
