//===- PtxBranchHeuristics.cpp - Static branch probabilities -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The probability that a conditional branch is taken, from the comparison
// that sets its predicate, with the integer rules LLVM's
// BranchProbabilityInfo applies to the IR the PTX was made from, so the
// PTX front-end weighs an `if` as the IR front-end (BlockFrequencyInfo)
// does. Read from `opt -passes='print<branch-prob>'` of LLVM 22
// (test/ptx/PtxBranchHeuristicsTest.cpp lists the cases):
//   x == 0, x == -1 (and a pointer == null): 37.5%; != : 62.5%;
//   signed x < 0, x <= 0 (x < 1):            37.5%;
//   signed x >= 0 (x > -1), x > 0 (x >= 1):  62.5%;
// anything else (two registers, other constants, unsigned order, floats,
// a truth value "and x, 1" tested against 0, which the IR branches on as
// an i1): 50%.
// Before them, the rules of gpa/BranchFacts.h that the PTX still shows: a
// probability given for the branch's source line (.loc), and a bounds
// guard (a setp comparing %tid.x, or %ctaid.x * %ntid.x + %tid.x, with an
// immediate or a kernel parameter), in bounds with probability
// min(1, bound / threads launched along x) when both are known, else
// assumed in bounds; and any register PtxGuardIndex.cpp reads as
// a * %ctaid + b * %tid + c * k + d in one dimension (a tile loop's
// `y + tj * stride`, an unrolled copy's constant), with the launch known:
// the exact share of the launch's points in bounds (gpa/AffineGuard.h).
// __builtin_expect and __builtin_assume leave no trace
// in PTX (nvcc uses them for layout and folding only).
//
//===----------------------------------------------------------------------===//
#include "gpa/common/LabelNumber.h"
#include "gpa/ptx/PtxCfg.h"

#include "PtxGuardIndex.h"
#include "PtxInstructionQueries.h"

#include "gpa/BranchFacts.h"
#include "gpa/ptx/PtxAst.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace gpa::ptx {

namespace {
constexpr double Unlikely = 12.0 / 32; // BPI's integer heuristic, 37.5%
constexpr double Likely = 20.0 / 32;   // 62.5%

/// The last write of Reg before instruction At in [Begin, At), else the only
/// write of Reg in F (llc defines each predicate once).
const PtxInstruction *definition(const PtxFunction &F, std::size_t Begin,
                                 std::size_t At, const std::string &Reg) {
  for (std::size_t I = At; I-- > Begin;)
    if (writesRegister(F.Body[I], Reg))
      return &F.Body[I];
  const PtxInstruction *Only = nullptr;
  for (const PtxInstruction &I : F.Body)
    if (writesRegister(I, Reg)) {
      if (Only)
        return nullptr;
      Only = &I;
    }
  return Only;
}

std::optional<std::int64_t> immediate(const PtxOperand &O) {
  if (O.K == PtxOperand::Kind::Immediate && !O.IsFloat)
    return O.IntValue;
  return std::nullopt;
}

/// P(predicate true) for "setp.<cmp>.<type> %p, A, Imm" under the rules
/// above; nullopt when no rule applies (50%).
std::optional<double> setpProbability(const PtxFunction &F, std::size_t Begin,
                                      std::size_t At,
                                      const PtxInstruction &Setp) {
  if (Setp.Operands.size() != 3)
    return std::nullopt;
  std::string Cmp, Type;
  for (const std::string &M : Setp.Modifiers) {
    if (M == ".eq" || M == ".ne" || M == ".lt" || M == ".le" || M == ".gt" ||
        M == ".ge")
      Cmp = M;
    else if (M.size() >= 3 &&
             (M[1] == 's' || M[1] == 'u' || M[1] == 'b' || M[1] == 'f'))
      Type = M;
  }
  if (Cmp.empty() || Type.empty() || Type[1] == 'f')
    return std::nullopt;
  const PtxOperand *X = &Setp.Operands[1];
  std::optional<std::int64_t> V = immediate(Setp.Operands[2]);
  if (!V) {
    X = &Setp.Operands[2];
    V = immediate(Setp.Operands[1]);
    if (Cmp == ".lt")
      Cmp = ".gt";
    else if (Cmp == ".gt")
      Cmp = ".lt";
    else if (Cmp == ".le")
      Cmp = ".ge";
    else if (Cmp == ".ge")
      Cmp = ".le";
  }
  if (!V || !X->isRegister())
    return std::nullopt;
  // A bool loaded from memory and tested: an i1 branch in the IR.
  if (const PtxInstruction *D = definition(F, Begin, At, X->Name))
    if (D->Opcode == "and" && D->Operands.size() == 3)
      if (auto Mask = immediate(D->Operands[2]); Mask && *Mask == 1)
        return std::nullopt;
  if (Cmp == ".eq" || Cmp == ".ne") {
    if (*V != 0 && *V != -1)
      return std::nullopt;
    return Cmp == ".eq" ? Unlikely : Likely;
  }
  if (Type[1] != 's')
    return std::nullopt;
  // x < 0, x <= -1 | x <= 0, x < 1: unlikely; the negations likely.
  if ((Cmp == ".lt" && (*V == 0 || *V == 1)) ||
      (Cmp == ".le" && (*V == -1 || *V == 0)))
    return Unlikely;
  if ((Cmp == ".ge" && (*V == 0 || *V == 1)) ||
      (Cmp == ".gt" && (*V == -1 || *V == 0)))
    return Likely;
  return std::nullopt;
}

enum class IndexKind { None, BlockX, GridX };

/// Where to look for a register's definition: straight-line code
/// [Begin, At) of one block first (a register nvcc writes again in a loop,
/// such as a grid-stride index, has its first value there), else its only
/// write in the function.
struct Scope {
  std::size_t Begin = 0, At = 0;
};

/// The definition of Reg in S, and the scope its own operands are read in.
const PtxInstruction *definitionIn(const PtxFunction &F, Scope S,
                                   const std::string &Reg, Scope &Inner) {
  const PtxInstruction *D = definition(F, S.Begin, S.At, Reg);
  if (!D)
    return nullptr;
  std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
  Inner = DAt >= S.Begin && DAt < S.At ? Scope{S.Begin, DAt} : Scope{};
  return D;
}

/// The special register a register holds (through mov and cvt), or "".
std::string specialOf(const PtxFunction &F, const PtxOperand &O,
                      unsigned Depth = 0, Scope S = {}) {
  if (!O.isRegister() || Depth > 4)
    return "";
  if (O.Name.rfind("%tid.", 0) == 0 || O.Name.rfind("%ctaid.", 0) == 0 ||
      O.Name.rfind("%ntid.", 0) == 0 || O.Name.rfind("%nctaid.", 0) == 0)
    return O.Name;
  Scope Inner;
  const PtxInstruction *D = definitionIn(F, S, O.Name, Inner);
  if (D && D->Guard.empty() && (D->Opcode == "mov" || D->Opcode == "cvt") &&
      D->Operands.size() == 2)
    return specialOf(F, D->Operands[1], Depth + 1, Inner);
  return "";
}

/// mul.lo or mul.wide (a 32-bit product widened, as nvcc writes 64-bit
/// indices).
bool isMul(const PtxInstruction &I) {
  return I.Opcode == "mul" && (I.hasModifier(".lo") || I.hasModifier(".wide"));
}

/// %tid.x (BlockX) or %ctaid.x * %ntid.x + %tid.x (GridX), as nvcc writes
/// it: mad.lo, or mul.lo then add, through cvt.
IndexKind threadIndex(const PtxFunction &F, const PtxOperand &O,
                      std::uint64_t *Scale = nullptr, unsigned Depth = 0,
                      Scope S = {}) {
  if (!O.isRegister() || Depth > 4)
    return IndexKind::None;
  if (specialOf(F, O, 0, S) == "%tid.x")
    return IndexKind::BlockX;
  Scope In;
  const PtxInstruction *D = definitionIn(F, S, O.Name, In);
  if (!D || !D->Guard.empty())
    return IndexKind::None;
  if (D->Opcode == "cvt" && D->Operands.size() == 2)
    return threadIndex(F, D->Operands[1], Scale, Depth + 1, In);
  // %ctaid.x times %ntid.x, or times an immediate C (the block size written
  // out: the index spans gridDim.x x C values, *Scale = C).
  Scope MIn;
  auto Times = [&](const PtxOperand &A, const PtxOperand &B, bool Shift) {
    const PtxOperand *Ctaid = &A, *Other = &B;
    if (specialOf(F, *Ctaid, 0, MIn) != "%ctaid.x")
      std::swap(Ctaid, Other);
    if (specialOf(F, *Ctaid, 0, MIn) != "%ctaid.x")
      return false;
    if (!Shift && specialOf(F, *Other, 0, MIn) == "%ntid.x")
      return true;
    auto C = immediate(*Other);
    if (!C || *C <= 0 || (Shift && *C >= 32))
      return false;
    if (Scale)
      *Scale = Shift ? std::uint64_t(1) << *C : std::uint64_t(*C);
    return true;
  };
  MIn = In;
  if ((D->Opcode == "mad" || D->Opcode == "mad24") && D->Operands.size() == 4 &&
      (D->hasModifier(".lo") || D->hasModifier(".wide")) &&
      Times(D->Operands[1], D->Operands[2], false) &&
      specialOf(F, D->Operands[3], 0, In) == "%tid.x")
    return IndexKind::GridX;
  if ((D->Opcode == "add" || D->Opcode == "or") && D->Operands.size() == 3)
    for (unsigned I = 1; I <= 2; ++I) {
      const PtxOperand &Tid = D->Operands[I], &Prod = D->Operands[3 - I];
      if (specialOf(F, Tid, 0, In) != "%tid.x" || !Prod.isRegister())
        continue;
      const PtxInstruction *M = definitionIn(F, In, Prod.Name, MIn);
      if (M && M->Guard.empty() && M->Operands.size() == 3 &&
          ((isMul(*M) && Times(M->Operands[1], M->Operands[2], false)) ||
           (M->Opcode == "shl" && Times(M->Operands[1], M->Operands[2], true))))
        return IndexKind::GridX;
    }
  return IndexKind::None;
}

/// What an index adds to the thread index: Constant + Strides x
/// (%nctaid.x * %ntid.x). `i + k < n` and an unrolled grid-stride loop's
/// entry test `i + 3 * stride < n` compare i shifted by it.
struct IndexOffset {
  std::int64_t Constant = 0;
  std::uint64_t Strides = 0;
};

/// %ntid.x * %nctaid.x.
bool isGridStride(const PtxFunction &F, const PtxOperand &O, Scope S) {
  if (!O.isRegister())
    return false;
  Scope In;
  const PtxInstruction *D = definitionIn(F, S, O.Name, In);
  if (D && D->Guard.empty() && D->Opcode == "cvt" && D->Operands.size() == 2)
    return isGridStride(F, D->Operands[1], In);
  if (!D || !D->Guard.empty() || !isMul(*D) || D->Operands.size() != 3)
    return false;
  std::string A = specialOf(F, D->Operands[1], 0, In),
              B = specialOf(F, D->Operands[2], 0, In);
  return (A == "%ntid.x" && B == "%nctaid.x") ||
         (A == "%nctaid.x" && B == "%ntid.x");
}

/// An immediate, the stride, or the stride times (or shifted by) an
/// immediate, added to Off.
bool offsetTerm(const PtxFunction &F, const PtxOperand &O, Scope S,
                IndexOffset &Off) {
  if (auto C = immediate(O)) {
    Off.Constant += *C;
    return true;
  }
  if (isGridStride(F, O, S)) {
    Off.Strides += 1;
    return true;
  }
  if (!O.isRegister())
    return false;
  Scope In;
  const PtxInstruction *D = definitionIn(F, S, O.Name, In);
  if (!D || !D->Guard.empty() || D->Operands.size() != 3)
    return false;
  bool Mul = isMul(*D), Shl = D->Opcode == "shl";
  if (!Mul && !Shl)
    return false;
  for (unsigned I = 1; I <= 2; ++I) {
    auto C = immediate(D->Operands[3 - I]);
    if (!C || *C <= 0 || !isGridStride(F, D->Operands[I], In) ||
        (Shl && (I != 1 || *C >= 20)) || (Mul && *C > (1 << 20)))
      continue;
    Off.Strides += Shl ? std::uint64_t(1) << *C : std::uint64_t(*C);
    return true;
  }
  return false;
}

/// threadIndex of O, or of O less offset terms added to it.
IndexKind shiftedThreadIndex(const PtxFunction &F, const PtxOperand &O,
                             std::uint64_t *Scale, IndexOffset &Off, Scope S,
                             unsigned Depth = 0) {
  IndexKind K = threadIndex(F, O, Scale, 0, S);
  if (K != IndexKind::None || Depth > 3 || !O.isRegister())
    return K;
  Scope In;
  const PtxInstruction *D = definitionIn(F, S, O.Name, In);
  if (!D || !D->Guard.empty() || D->Opcode != "add" || D->Operands.size() != 3)
    return IndexKind::None;
  for (unsigned I = 1; I <= 2; ++I) {
    IndexOffset Try = Off;
    if (!offsetTerm(F, D->Operands[3 - I], In, Try))
      continue;
    K = shiftedThreadIndex(F, D->Operands[I], Scale, Try, In, Depth + 1);
    if (K != IndexKind::None) {
      Off = Try;
      return K;
    }
  }
  return IndexKind::None;
}

/// The kernel parameter a register is loaded from (ld.param of F's own
/// parameter, through cvt), or -1.
int parameterOf(const PtxFunction &F, const PtxOperand &O, Scope S = {},
                unsigned Depth = 0) {
  if (!F.IsEntry || !O.isRegister() || Depth > 4)
    return -1;
  Scope In;
  const PtxInstruction *D = definitionIn(F, S, O.Name, In);
  if (!D || !D->Guard.empty() || D->Operands.size() < 2)
    return -1;
  if (D->Opcode == "cvt")
    return parameterOf(F, D->Operands[1], In, Depth + 1);
  if (D->Opcode != "ld" || !D->hasModifier(".param") ||
      D->Operands[1].K != PtxOperand::Kind::Address ||
      D->Operands[1].IntValue != 0)
    return -1;
  for (std::size_t I = 0; I < F.Params.size(); ++I)
    if (F.Params[I].Name == D->Operands[1].Name)
      return int(I);
  return -1;
}

/// O as the kernel computes it from immediates and kernel parameters the
/// facts give (glu's `M * split_dim_size * N`: two mul.lo of ld.param
/// values; burger's `x_points - 1`: add of -1), wrapped to 32 bits where
/// the instruction is 32-bit; nullopt for anything else. \p Param is set to
/// the first parameter read.
std::optional<std::int64_t> parameterExpression(const PtxFunction &F,
                                                const PtxOperand &O, Scope S,
                                                const gpa::BranchFacts &Facts,
                                                int &Param,
                                                unsigned Depth = 0) {
  if (auto V = immediate(O))
    return *V;
  if (!F.IsEntry || !O.isRegister() || Depth > 6)
    return std::nullopt;
  Scope In;
  const PtxInstruction *D = definitionIn(F, S, O.Name, In);
  if (!D || !D->Guard.empty() || D->Operands.size() < 2)
    return std::nullopt;
  if (D->Opcode == "ld") {
    int P = parameterOf(F, O, S);
    if (P < 0)
      return std::nullopt;
    if (Param < 0)
      Param = P;
    auto It = Facts.Arguments.find(unsigned(P));
    if (It == Facts.Arguments.end() || It->second >= (std::uint64_t(1) << 53))
      return std::nullopt;
    return std::int64_t(It->second);
  }
  bool Narrow = false, Signed = false;
  for (const std::string &M : D->Modifiers) {
    Narrow |= M == ".s32" || M == ".u32" || M == ".b32";
    Signed |= M.size() >= 2 && M[1] == 's';
  }
  if (D->Opcode == "cvt" || D->Opcode == "mov") {
    if (D->Operands.size() != 2)
      return std::nullopt;
    // cvt.<to>.<from>: the source's width decides (an s32 widened to u64
    // keeps its value).
    return parameterExpression(F, D->Operands[1], In, Facts, Param, Depth + 1);
  }
  if (D->Operands.size() != 3)
    return std::nullopt;
  bool Lo = D->Opcode != "mul" || D->hasModifier(".lo");
  auto X = parameterExpression(F, D->Operands[1], In, Facts, Param, Depth + 1);
  auto Y = parameterExpression(F, D->Operands[2], In, Facts, Param, Depth + 1);
  if (!X || !Y || !Lo)
    return std::nullopt;
  // Magnitudes below 2^31 each keep every product below 2^62: no overflow.
  auto Small = [](std::int64_t V) {
    return V > -(std::int64_t(1) << 31) && V < (std::int64_t(1) << 31);
  };
  if (!Small(*X) || !Small(*Y))
    return std::nullopt;
  std::int64_t R;
  if (D->Opcode == "add")
    R = *X + *Y;
  else if (D->Opcode == "sub")
    R = *X - *Y;
  else if (D->Opcode == "mul")
    R = *X * *Y;
  else if (D->Opcode == "shl" && *Y >= 0 && *Y < 31)
    R = *X * (std::int64_t(1) << *Y);
  else if (D->Opcode == "shr" && *Y >= 0 && *Y < 63 && (Signed || *X >= 0))
    R = *X >= 0 ? *X >> *Y : -((-*X + (std::int64_t(1) << *Y) - 1) >> *Y);
  else if (D->Opcode == "div" && *Y != 0 && (Signed || (*X >= 0 && *Y > 0)))
    R = *X / *Y; // C's and PTX's division truncate toward zero
  else
    return std::nullopt;
  if (Narrow)
    R = Signed ? std::int64_t(std::int32_t(std::uint32_t(R)))
               : std::int64_t(std::uint32_t(R));
  return R;
}

/// A register an equality test reads, and where: the setp's operand, or
/// the operands of the `or.b32`s it tests against 0 (nvcc's `or.b32 %r3,
/// %r2, %r1; setp.ne.s32 %p1, %r3, 0` for `tx == 0 && ty == 0`).
struct TestedPart {
  const PtxOperand *Operand;
  std::size_t At;
  unsigned Block;
};

unsigned blockOfInstruction(const PtxCfg &Cfg, std::size_t At,
                            unsigned Otherwise) {
  for (unsigned B = 0; B < Cfg.Blocks.size(); ++B)
    if (At >= Cfg.Blocks[B].Begin && At < Cfg.Blocks[B].End)
      return B;
  return Otherwise;
}

void orParts(const PtxFunction &F, const PtxCfg &Cfg, const PtxOperand &O,
             TestedPart At, Scope S, std::vector<TestedPart> &Out,
             unsigned Depth = 0) {
  Scope In;
  const PtxInstruction *D =
      O.isRegister() && Depth < 4 ? definitionIn(F, S, O.Name, In) : nullptr;
  if (D && D->Guard.empty() && D->Opcode == "or" && !D->hasModifier(".pred") &&
      D->Operands.size() == 3 && D->Operands[1].isRegister() &&
      D->Operands[2].isRegister()) {
    std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
    TestedPart Inner{nullptr, DAt, blockOfInstruction(Cfg, DAt, At.Block)};
    orParts(F, Cfg, D->Operands[1], Inner, In, Out, Depth + 1);
    orParts(F, Cfg, D->Operands[2], Inner, In, Out, Depth + 1);
    return;
  }
  At.Operand = &O;
  Out.push_back(At);
}

/// An equality test (setp.eq / setp.ne against an immediate) on thread or
/// block indices: the share of the launch's points with that value, the
/// tests on disjoint index terms multiplied (gpa/AffineGuard.h), derived;
/// the launch unknown: LLVM's weight, assumed and labelled. False when a
/// tested register is no index.
bool equalityProbability(const PtxFunction &F, const PtxCfg &Cfg,
                         unsigned BlockNo, const PtxInstruction &Setp, Scope S,
                         const gpa::BranchFacts &Facts, double &P,
                         std::string &Source, std::string &Kind,
                         unsigned *Terms) {
  bool Equal = Setp.hasModifier(".eq");
  if ((!Equal && !Setp.hasModifier(".ne")) || Setp.Operands.size() != 3)
    return false;
  std::size_t SetpAt = static_cast<std::size_t>(&Setp - F.Body.data());
  unsigned SetpBlock = blockOfInstruction(Cfg, SetpAt, BlockNo);
  for (unsigned Side = 1; Side <= 2; ++Side) {
    auto V = immediate(Setp.Operands[3 - Side]);
    if (!V)
      continue;
    std::vector<TestedPart> Parts;
    TestedPart At{&Setp.Operands[Side], SetpAt, SetpBlock};
    if (*V == 0)
      orParts(F, Cfg, Setp.Operands[Side], At, S, Parts);
    else
      Parts.push_back(At);
    gpa::EqualityShares Tests;
    for (const TestedPart &Part : Parts) {
      auto G = guardIndexOf(F, Cfg, Part.Block, Part.At, *Part.Operand, Facts);
      if (!G || !Tests.add(*G, *V, Facts, true))
        return false;
    }
    unsigned Seen = Tests.terms();
    double Share = Tests.share();
    if (Terms)
      *Terms = Seen;
    if (!Tests.known()) {
      P = setpProbability(F, S.Begin, SetpAt, Setp).value_or(0.5);
      Kind = "assumed";
      Source = "equality test on " + gpa::indexTermNames(Seen, true) +
               ": the launch's shape along it unknown, LLVM's integer rules "
               "assumed; give the launch's grid and block in a launch file, "
               "or --grid-size and --block-size";
      return true;
    }
    P = Equal ? Share : 1 - Share;
    Kind = "derived";
    Source = "equality test " + Tests.words() + ": " + exactNumber(Share) +
             " of the launch (" + Tests.launchSource() + ")";
    return true;
  }
  return false;
}

/// The setps a tree of one predicate operator joins (`or.pred %p5, %p4,
/// %p3` over setps and further `or.pred`s, no operand negated), at most 16.
bool predicateLeaves(const PtxFunction &F, Scope S, const std::string &Pred,
                     const std::string &Op,
                     std::vector<const PtxInstruction *> &Out,
                     unsigned Depth = 0) {
  Scope In;
  const PtxInstruction *D = definitionIn(F, S, Pred, In);
  if (!D || !D->Guard.empty() || Depth > 8 || Out.size() >= 16)
    return false;
  if (D->Opcode == Op && D->hasModifier(".pred") && D->Operands.size() == 3 &&
      D->Operands[1].isRegister() && D->Operands[2].isRegister() &&
      !D->Operands[1].Negated && !D->Operands[2].Negated)
    return predicateLeaves(F, In, D->Operands[1].Name, Op, Out, Depth + 1) &&
           predicateLeaves(F, In, D->Operands[2].Name, Op, Out, Depth + 1);
  if (D->Opcode != "setp" || D->Operands.size() != 3)
    return false;
  Out.push_back(D);
  return true;
}

/// A join (`or.pred` / `and.pred`) in which several tests read one index
/// (nvcc's `ix > 398 || iy > 398 || iz > 398 || ix == 0 || ...` for a
/// stencil's interior, ace-cuda): the tests on one index intersect over
/// its points, disjoint indices multiply (gpa::IndexTestJoin), as the IR
/// route's. A test of the maximum of indices (clang's `max.u32 %r14, %r1,
/// %r13; setp.gt.u32 %p1, %r14, 398`) is the join of the tests of each: in
/// an `or`, max > B holds where some index > B; in an `and`, max < B where
/// every index < B. False when a leaf compares no launch-affine index with
/// an immediate or given parameters, or no index carries two tests.
bool indexJoinProbability(const PtxFunction &F, const PtxCfg &Cfg,
                          unsigned BlockNo, const PtxInstruction &Join, Scope S,
                          const gpa::BranchFacts &Facts, double &P,
                          double &InBounds, std::string &Source,
                          std::string &Kind, unsigned *Dims) {
  bool Or = Join.Opcode == "or";
  std::vector<const PtxInstruction *> Leaves;
  if (!predicateLeaves(F, S, Join.Operands[0].Name, Join.Opcode, Leaves))
    return false;
  gpa::IndexTestJoin Tests;
  bool ReadsParameter = false;
  // Adds `O Op B` read at instruction At; through max where Op allows.
  std::function<bool(const PtxOperand &, std::size_t, gpa::IndexTestOp,
                     std::int64_t, bool, unsigned)>
      Add = [&](const PtxOperand &O, std::size_t At, gpa::IndexTestOp Op,
                std::int64_t B, bool Signed, unsigned Depth) {
        unsigned Block = blockOfInstruction(Cfg, At, BlockNo);
        if (auto G = guardIndexOf(F, Cfg, Block, At, O, Facts))
          return Tests.add(*G, Or ? gpa::IndexTestJoin::negated(Op) : Op, B,
                           Signed);
        bool Above = Op == gpa::IndexTestOp::Gt || Op == gpa::IndexTestOp::Ge;
        bool Below = Op == gpa::IndexTestOp::Lt || Op == gpa::IndexTestOp::Le;
        if (!O.isRegister() || Depth > 4 || !(Or ? Above : Below))
          return false;
        Scope In;
        const PtxInstruction *M = definitionIn(F, Scope{0, At}, O.Name, In);
        if (!M || !M->Guard.empty() || M->Opcode != "max" ||
            M->Operands.size() != 3 ||
            M->hasModifier(Signed ? ".u32" : ".s32") ||
            M->hasModifier(Signed ? ".u64" : ".s64"))
          return false;
        std::size_t MAt = static_cast<std::size_t>(M - F.Body.data());
        return Add(M->Operands[1], MAt, Op, B, Signed, Depth + 1) &&
               Add(M->Operands[2], MAt, Op, B, Signed, Depth + 1);
      };
  for (const PtxInstruction *D : Leaves) {
    std::string Cmp;
    bool Signed = false;
    for (const std::string &M : D->Modifiers) {
      if (M == ".lt" || M == ".le" || M == ".gt" || M == ".ge" || M == ".lo" ||
          M == ".ls" || M == ".hi" || M == ".hs" || M == ".eq" || M == ".ne")
        Cmp = M;
      Signed |= M.size() >= 2 && M[1] == 's' && M != ".ls";
    }
    if (Cmp.empty())
      return false;
    std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
    Scope At{S.Begin, DAt};
    bool Added = false;
    for (unsigned Side = 1; Side <= 2 && !Added; ++Side) {
      const PtxOperand &Bnd = D->Operands[3 - Side];
      std::optional<std::int64_t> B;
      int Param = -1;
      if (auto V = immediate(Bnd))
        B = Signed ? *V : std::int64_t(std::uint64_t(*V) & 0xffffffffu);
      else if (int Read = -1;
               (B = parameterExpression(F, Bnd, At, Facts, Read)) && Read >= 0)
        Param = Read;
      else
        B.reset();
      if (!B)
        continue;
      // Unsigned spellings lo/ls/hi/hs order as lt/le/gt/ge; the index on
      // the right swaps the order.
      gpa::IndexTestOp Op =
          Cmp == ".eq"                   ? gpa::IndexTestOp::Eq
          : Cmp == ".ne"                 ? gpa::IndexTestOp::Ne
          : Cmp == ".lt" || Cmp == ".lo" ? gpa::IndexTestOp::Lt
          : Cmp == ".le" || Cmp == ".ls" ? gpa::IndexTestOp::Le
          : Cmp == ".gt" || Cmp == ".hi" ? gpa::IndexTestOp::Gt
                                         : gpa::IndexTestOp::Ge;
      if (Side == 2)
        Op = Op == gpa::IndexTestOp::Lt   ? gpa::IndexTestOp::Gt
             : Op == gpa::IndexTestOp::Gt ? gpa::IndexTestOp::Lt
             : Op == gpa::IndexTestOp::Le ? gpa::IndexTestOp::Ge
             : Op == gpa::IndexTestOp::Ge ? gpa::IndexTestOp::Le
                                          : Op;
      if (!Add(D->Operands[Side], DAt, Op, *B, Signed, 0))
        return false;
      ReadsParameter |= Param >= 0;
      Added = true;
    }
    if (!Added)
      return false;
  }
  if (!Tests.overlaps())
    return false;
  auto Share = Tests.share(Facts, true);
  if (!Share)
    return false;
  InBounds = Share->InBounds;
  P = Or ? 1 - Share->InBounds : Share->InBounds;
  Kind = "derived";
  Source = gpa::IndexTestJoin::source(!Or, *Share, ReadsParameter, Facts);
  if (Dims)
    *Dims = Tests.terms();
  return true;
}

/// A bounds guard's P(predicate true), its source and kind; false when the
/// setp defining Pred is none.
bool guardProbability(const PtxFunction &F, const PtxCfg &Cfg, unsigned BlockNo,
                      const std::string &Pred, Scope Block,
                      const gpa::BranchFacts &Facts, double &P,
                      double &InBounds, std::string &Source, std::string &Kind,
                      unsigned *Dims = nullptr, bool *IndexTest = nullptr) {
  Scope S;
  const PtxInstruction *D = definitionIn(F, Block, Pred, S);
  // nvcc joins guards on different dimensions into one branch (`or.pred`
  // of the out-of-bounds tests, `and.pred` of the in-bounds ones); over
  // the launch's grid the dimensions are independent, so the shares
  // multiply. Both must be derived.
  if (D && D->Guard.empty() && (D->Opcode == "or" || D->Opcode == "and") &&
      D->hasModifier(".pred") && D->Operands.size() == 3 &&
      D->Operands[1].isRegister() && D->Operands[2].isRegister() &&
      !D->Operands[1].Negated && !D->Operands[2].Negated) {
    double PA = 0, PB = 0, InA = 1, InB = 1;
    std::string SA, SB, KA, KB;
    unsigned DA = 0, DB = 0;
    bool TA = false, TB = false;
    if (!guardProbability(F, Cfg, BlockNo, D->Operands[1].Name, S, Facts, PA,
                          InA, SA, KA, &DA, &TA) ||
        !guardProbability(F, Cfg, BlockNo, D->Operands[2].Name, S, Facts, PB,
                          InB, SB, KB, &DB, &TB) ||
        KA != "derived" || KB != "derived" || (DA & DB) || !DA || !DB) {
      // Several tests on one index: listed as the branch's weight.
      bool Joined = indexJoinProbability(F, Cfg, BlockNo, *D, Block, Facts, P,
                                         InBounds, Source, Kind, Dims);
      if (Joined && IndexTest)
        *IndexTest = true;
      return Joined;
    }

    bool Or = D->Opcode == "or";
    P = Or ? 1 - (1 - PA) * (1 - PB) : PA * PB;
    InBounds = InA * InB;
    Kind = "derived";
    Source = "both of (" + SA + ") and (" + SB + ")";
    if (Dims)
      *Dims = DA | DB;
    if (IndexTest)
      *IndexTest = TA || TB;
    return true;
  }
  if (!D || !D->Guard.empty() || D->Opcode != "setp" || D->Operands.size() != 3)
    return false;
  std::string Cmp;
  bool Signed = false;
  for (const std::string &M : D->Modifiers) {
    if (M == ".lt" || M == ".le" || M == ".gt" || M == ".ge" || M == ".lo" ||
        M == ".ls" || M == ".hi" || M == ".hs")
      Cmp = M;
    Signed |= M.size() >= 2 && M[1] == 's' && M != ".ls";
  }
  // Unsigned spellings lo/ls/hi/hs order as lt/le/gt/ge.
  if (Cmp == ".lo")
    Cmp = ".lt";
  else if (Cmp == ".ls")
    Cmp = ".le";
  else if (Cmp == ".hi")
    Cmp = ".gt";
  else if (Cmp == ".hs")
    Cmp = ".ge";
  if (Cmp.empty()) {
    bool Equality = equalityProbability(F, Cfg, BlockNo, *D, S, Facts, P,
                                        Source, Kind, Dims);
    if (Equality && IndexTest)
      *IndexTest = true;
    return Equality;
  }
  // An index that is not the contiguous thread index: the exact share of
  // the launch in bounds.
  std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
  unsigned DBlock = BlockNo;
  for (unsigned B = 0; B < Cfg.Blocks.size(); ++B)
    if (DAt >= Cfg.Blocks[B].Begin && DAt < Cfg.Blocks[B].End)
      DBlock = B;
  // The contiguous index in a form the rule below does not read (`(%tid.x
  // + 32) + %ctaid.x * 32`: a staging loop's unrolled copy) is counted as
  // any launch-affine index, after that rule.
  std::optional<gpa::GuardShare> ContiguousShare;
  bool ContiguousInWhenTrue = false;
  unsigned ContiguousDims = 0;
  int ContiguousParam = -1;
  for (unsigned Side = 1; Side <= 2; ++Side) {
    std::string C = Cmp;
    if (Side == 2)
      C = C == ".lt" ? ".gt" : C == ".gt" ? ".lt" : C == ".le" ? ".ge" : ".le";
    const PtxOperand &Bnd = D->Operands[3 - Side];
    std::optional<std::int64_t> B;
    int Param = -1;
    if (auto V = immediate(Bnd))
      B = Signed ? *V : std::int64_t(std::uint64_t(*V) & 0xffffffffu);
    else if ((Param = parameterOf(F, Bnd, S)) >= 0) {
      auto It = Facts.Arguments.find(unsigned(Param));
      if (It != Facts.Arguments.end() && It->second < (std::uint64_t(1) << 53))
        B = std::int64_t(It->second);
    } else if (int Read = -1;
               (B = parameterExpression(F, Bnd, S, Facts, Read)) && Read >= 0)
      Param = Read;
    else
      B.reset();
    if (!B)
      continue;
    auto G = guardIndexOf(F, Cfg, DBlock, DAt, D->Operands[Side], Facts);
    if (!G)
      continue;
    bool InWhenTrue = C == ".lt" || C == ".le";
    bool Inclusive = C == ".le" || C == ".gt";
    auto Share =
        gpa::shareOfLaunch(*G, *B + (Inclusive ? 1 : 0), Signed, Facts, true);
    if (Share && Share->Contiguous) {
      ContiguousShare = Share;
      ContiguousInWhenTrue = InWhenTrue;
      ContiguousDims = gpa::indexTerms(*G);
      ContiguousParam = Param;
    }
    if (!Share || Share->Contiguous)
      break;
    InBounds = Share->InBounds;
    P = InWhenTrue ? Share->InBounds : 1 - Share->InBounds;
    Kind = "derived";
    if (Dims)
      *Dims = gpa::indexTerms(*G);
    Source = "bounds guard on " + Share->Words + " (" + Share->LaunchSource +
             (Param >= 0 ? "; " + Facts.ArgumentsSource : "") + ")";
    return true;
  }
  const PtxOperand *Index = &D->Operands[1], *Bound = &D->Operands[2];
  std::uint64_t Scale = 0;
  IndexOffset Off;
  IndexKind K = shiftedThreadIndex(F, *Index, &Scale, Off, S);
  if (K == IndexKind::None) {
    std::swap(Index, Bound);
    Off = IndexOffset();
    K = shiftedThreadIndex(F, *Index, &Scale, Off, S);
    Cmp = Cmp == ".lt"   ? ".gt"
          : Cmp == ".gt" ? ".lt"
          : Cmp == ".le" ? ".ge"
                         : ".le";
  }
  if (K == IndexKind::None && ContiguousShare) {
    InBounds = ContiguousShare->InBounds;
    P = ContiguousInWhenTrue ? InBounds : 1 - InBounds;
    Kind = "derived";
    if (Dims)
      *Dims = ContiguousDims;
    Source = "bounds guard on " + ContiguousShare->Words + " (" +
             ContiguousShare->LaunchSource +
             (ContiguousParam >= 0 ? "; " + Facts.ArgumentsSource : "") + ")";
    return true;
  }
  if (K == IndexKind::None ||
      threadIndex(F, *Bound, nullptr, 0, S) != IndexKind::None)
    return false;
  bool InWhenTrue = Cmp == ".lt" || Cmp == ".le";
  bool Inclusive = Cmp == ".le" || Cmp == ".gt";
  std::optional<double> B;
  int Param = -1;
  if (auto V = immediate(*Bound))
    B = Signed ? double(*V) : double(std::uint64_t(*V) & 0xffffffffu);
  else if ((Param = parameterOf(F, *Bound, S)) >= 0) {
    auto It = Facts.Arguments.find(unsigned(Param));
    if (It != Facts.Arguments.end())
      B = double(It->second);
  } else if (int Read = -1; std::optional<std::int64_t> E = parameterExpression(
                                F, *Bound, S, Facts, Read)) {
    // An expression of given parameters (a product, a shifted bound).
    if (Read < 0)
      return false;
    Param = Read;
    B = Signed || *E >= 0 ? double(*E)
                          : double(std::uint64_t(*E) & 0xffffffffu);
  } else {
    // Only an immediate or a kernel parameter bounds the data the launch
    // covers; a loop variable keeps the heuristics.
    return false;
  }
  std::string IndexText = K == IndexKind::BlockX ? "%tid.x"
                          : Scale                ? "%ctaid.x * C + %tid.x"
                                  : "%ctaid.x * %ntid.x + %tid.x";
  std::uint64_t Threads = K == IndexKind::BlockX ? Facts.BlockThreadsX
                          : Scale                ? Facts.GridBlocksX * Scale
                                                 : Facts.GridThreadsX;
  if (Off.Strides)
    IndexText += " + " + std::to_string(Off.Strides) + " * %nctaid.x * %ntid.x";
  if (Off.Constant)
    IndexText +=
        (Off.Constant > 0 ? " + " : " - ") +
        std::to_string(Off.Constant > 0 ? Off.Constant : -Off.Constant);
  // The shift by whole strides needs the threads launched along x.
  // %tid.x, and %ctaid.x for the grid's index (gpa::indexTerms).
  if (Dims)
    *Dims = K == IndexKind::BlockX ? 1u : 1u | 8u;
  if (B && Threads && (!Off.Strides || Facts.GridThreadsX)) {
    // index + shift < B  <=>  index < B - shift.
    double Exclusive = *B + (Inclusive ? 1 : 0) - double(Off.Constant) -
                       double(Off.Strides) * double(Facts.GridThreadsX);
    double In = gpa::guardProbability(Exclusive, double(Threads));
    InBounds = In;
    P = InWhenTrue ? In : 1 - In;
    Kind = "derived";
    Source = std::string("bounds guard on ") + IndexText + ": min(1, " +
             exactNumber(Exclusive) + " / " + exactNumber(double(Threads)) +
             " threads) in bounds (" + Facts.LaunchSource +
             (Param >= 0 ? "; " + Facts.ArgumentsSource : "") + ")";
    return true;
  }
  P = InWhenTrue ? 1 : 0;
  InBounds = 1;
  Kind = "assumed";
  Source = std::string("bounds guard on ") + IndexText + " against " +
           (Param >= 0 ? "parameter " + std::to_string(Param)
                       : std::string("a constant")) +
           ": assumed in bounds (" +
           (B ? std::string("threads launched unknown")
              : "the bound's value unknown") +
           "; give the launch's grid and block and the kernel's arguments in "
           "a launch file, or --grid-size and --block-size)";
  return true;
}

/// P(Pred true) at instruction At of a block starting at Begin.
std::optional<double> predicateProbability(const PtxFunction &F,
                                           std::size_t Begin, std::size_t At,
                                           const std::string &Pred,
                                           unsigned Depth = 0) {
  const PtxInstruction *D = definition(F, Begin, At, Pred);
  if (!D || !D->Guard.empty() || Depth > 4)
    return std::nullopt;
  if (D->Opcode == "not" && D->Operands.size() == 2 &&
      D->Operands[1].isRegister()) {
    std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
    auto P = predicateProbability(F, DAt < At && DAt >= Begin ? Begin : 0, DAt,
                                  D->Operands[1].Name, Depth + 1);
    if (P)
      return 1 - *P;
    return std::nullopt;
  }
  if (D->Opcode == "setp") {
    std::size_t DAt = static_cast<std::size_t>(D - F.Body.data());
    return setpProbability(F, DAt < At && DAt >= Begin ? Begin : 0, DAt, *D);
  }
  return std::nullopt;
}
} // namespace

void computeBranchProbabilities(const PtxFunction &F, PtxCfg &Cfg,
                                const gpa::BranchFacts &Facts) {
  for (PtxBlock &B : Cfg.Blocks) {
    B.OnlyJumps = B.End == B.Begin ||
                  (B.End == B.Begin + 1 && F.Body[B.Begin].Opcode == "bra" &&
                   F.Body[B.Begin].Guard.empty());
    if (B.End == B.Begin || B.Succs.size() != 2)
      continue;
    const PtxInstruction &Br = F.Body[B.End - 1];
    if (Br.Opcode != "bra" || Br.Guard.empty())
      continue;
    // Loop control (an exit or a back edge) follows the trip count.
    unsigned Self = static_cast<unsigned>(&B - Cfg.Blocks.data());
    int Inner = -1;
    for (unsigned L = 0; L < Cfg.Loops.size(); ++L)
      if (Cfg.Loops[L].contains(Self) &&
          (Inner < 0 ||
           Cfg.Loops[L].Blocks.size() < Cfg.Loops[Inner].Blocks.size()))
        Inner = static_cast<int>(L);
    bool LoopControl =
        Inner >= 0 &&
        std::any_of(B.Succs.begin(), B.Succs.end(), [&](unsigned S) {
          return S == Cfg.Loops[Inner].Header || !Cfg.Loops[Inner].contains(S);
        });
    if (LoopControl) {
      if (auto P = predicateProbability(F, B.Begin, B.End - 1, Br.Guard))
        B.TakenProbability = Br.GuardNegated ? 1 - *P : *P;
      continue;
    }
    double True = 0;
    auto Given =
        Br.SourceLine ? Facts.ByLine.find(Br.SourceLine) : Facts.ByLine.end();
    if (Given != Facts.ByLine.end()) {
      True = Given->second;
      B.ProbabilityKind = "given";
      B.ProbabilitySource =
          Facts.ByLineSource + " line " + std::to_string(Br.SourceLine);
    } else if (bool IndexTest = false; guardProbability(
                   F, Cfg, Self, Br.Guard, Scope{B.Begin, B.End - 1}, Facts,
                   True, B.GuardInBounds, B.ProbabilitySource,
                   B.ProbabilityKind, nullptr, &IndexTest)) {
      // An equality test's share is listed as the branch's weight; decided
      // by the launch, it also decides whether a loop behind it is entered.
      B.ThreadGuard = !IndexTest;
      B.IndexTest = IndexTest && B.ProbabilityKind == "derived";
    } else {
      True = 0.5;
      if (auto P = predicateProbability(F, B.Begin, B.End - 1, Br.Guard))
        True = *P;
      B.ProbabilityKind = "assumed";
      B.ProbabilitySource =
          "static branch heuristics (LLVM's integer rules, as the IR "
          "front-end's)";
    }
    B.TakenProbability = Br.GuardNegated ? 1 - True : True;
  }
}

} // namespace gpa::ptx
