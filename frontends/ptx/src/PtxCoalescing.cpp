//===- PtxCoalescing.cpp - Address patterns of global accesses -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Values form a lattice Top (no definition seen yet) > Affine(c) > Bottom.
// Every definition of a register is met into its value; instructions are
// re-evaluated in program order until nothing changes, which handles loop-
// carried induction variables (i += stride keeps i's tid.x coefficient
// when the stride is uniform). Registers with several definitions that
// disagree become Bottom. The same analysis with %tid.y or %tid.z as the
// unit gives the address's change per row and per slice of the block.
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxCoalescing.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace gpa::ptx {

namespace {
struct Value {
  enum State { Top, Affine, Bottom } S = Top;
  std::int64_t Coef = 0; ///< units per tid.x
  bool IsConst = false;  ///< the whole value is the constant Const
  std::int64_t Const = 0;
  /// Passed through a quotient or remainder by a run-time divisor, taken
  /// within one row (`i / n` uniform, `i % n` moving as i).
  bool Rows = false;

  static Value affine(std::int64_t C) { return Value{Affine, C, false, 0}; }
  static Value constant(std::int64_t K) { return Value{Affine, 0, true, K}; }
  static Value bottom() { return Value{Bottom, 0, false, 0}; }
  bool operator==(const Value &O) const {
    return S == O.S && Coef == O.Coef && IsConst == O.IsConst &&
           Const == O.Const && Rows == O.Rows;
  }
};

Value meet(const Value &A, const Value &B) {
  if (A.S == Value::Top)
    return B;
  if (B.S == Value::Top)
    return A;
  if (A.S == Value::Bottom || B.S == Value::Bottom || A.Coef != B.Coef)
    return Value::bottom();
  Value Out =
      A.IsConst && B.IsConst && A.Const == B.Const ? A : Value::affine(A.Coef);
  Out.Rows = A.Rows || B.Rows;
  return Out;
}

// Coefficients beyond this are treated as unknown (and avoid overflow).
constexpr std::int64_t MaxCoef = std::int64_t(1) << 40;

Value checked(std::int64_t C) {
  return std::llabs(C) > MaxCoef ? Value::bottom() : Value::affine(C);
}

class Analysis {
public:
  /// Coefficients per unit of %tid.x (Dim 0), %tid.y (1) or %tid.z (2).
  Analysis(const PtxFunction &F, unsigned Dim) : F(F), Dim(Dim) {
    for (std::size_t K = 0; K < F.Body.size(); ++K)
      if (!F.Body[K].Operands.empty() &&
          F.Body[K].Operands[0].K == PtxOperand::Kind::Register)
        Defs[F.Body[K].Operands[0].Name].push_back(K);
  }
  void run();
  Value valueOf(const PtxOperand &Op) const;

private:
  const PtxFunction &F;
  unsigned Dim;
  std::map<std::string, Value> Regs;
  std::map<std::string, std::vector<std::size_t>> Defs;
  bool Changed = false;

  unsigned trailingZeros(const PtxOperand &Op, unsigned Depth) const;

  void define(const PtxOperand &Dest, const Value &V);
  Value evaluate(const PtxInstruction &I) const;
  Value evaluateOperation(const PtxInstruction &I) const;
};
} // namespace

/// Low bits known to be zero in Op's value (every definition agreeing):
/// what lets `or x, c` stand for `add x, c` (LLVM's disjoint or, which
/// nvcc emits for an offset into an aligned index).
unsigned Analysis::trailingZeros(const PtxOperand &Op, unsigned Depth) const {
  auto OfImmediate = [](std::int64_t V) {
    unsigned N = 0;
    while (V != 0 && (V & 1) == 0 && N < 63) {
      V >>= 1;
      ++N;
    }
    return V == 0 ? 64u : N;
  };
  if (Op.K == PtxOperand::Kind::Immediate && !Op.IsFloat)
    return OfImmediate(Op.IntValue);
  if (Op.K != PtxOperand::Kind::Register || Depth > 8)
    return 0;
  auto It = Defs.find(Op.Name);
  if (It == Defs.end())
    return 0;
  unsigned Known = 64;
  for (std::size_t K : It->second) {
    const PtxInstruction &I = F.Body[K];
    auto Src = [&](std::size_t N) {
      return N < I.Operands.size() ? trailingZeros(I.Operands[N], Depth + 1)
                                   : 0u;
    };
    unsigned Here = 0;
    if (I.Opcode == "mov" || I.Opcode == "cvt")
      Here = Src(1);
    else if (I.Opcode == "mul")
      Here = std::min(64u, Src(1) + Src(2));
    else if (I.Opcode == "shl" && I.Operands.size() > 2 &&
             I.Operands[2].K == PtxOperand::Kind::Immediate &&
             I.Operands[2].IntValue >= 0 && I.Operands[2].IntValue < 64)
      Here = std::min<unsigned>(64u, Src(1) + unsigned(I.Operands[2].IntValue));
    else if (I.Opcode == "add" || I.Opcode == "sub")
      Here = std::min(Src(1), Src(2));
    Known = std::min(Known, Here);
  }
  return Known;
}

Value Analysis::valueOf(const PtxOperand &Op) const {
  switch (Op.K) {
  case PtxOperand::Kind::Immediate:
    return Op.IsFloat ? Value::affine(0) : Value::constant(Op.IntValue);
  case PtxOperand::Kind::Symbol:
    return Value::affine(0); // address of a variable: uniform
  case PtxOperand::Kind::Register: {
    const std::string &N = Op.Name;
    static const char *const Unit[] = {"%tid.x", "%tid.y", "%tid.z"};
    if (N == Unit[Dim])
      return Value::affine(1);
    // %laneid follows tid.x within a warp (for blockDim.x >= 32); along y
    // and z it and %warpid are no affine function of the index.
    if (N == "%laneid" || N == "%warpid")
      return Dim == 0 ? Value::affine(N == "%laneid" ? 1 : 0) : Value::bottom();
    if (N.rfind("%tid.", 0) == 0 || N.rfind("%ntid", 0) == 0 ||
        N.rfind("%ctaid", 0) == 0 || N.rfind("%nctaid", 0) == 0 ||
        N == "%smid" || N == "%gridid")
      return Value::affine(0);
    auto It = Regs.find(N);
    return It == Regs.end() ? Value() : It->second;
  }
  default:
    return Value::bottom();
  }
}

void Analysis::define(const PtxOperand &Dest, const Value &V) {
  if (Dest.K == PtxOperand::Kind::Register) {
    Value &Old = Regs[Dest.Name];
    Value New = meet(Old, V);
    if (!(New == Old)) {
      Old = New;
      Changed = true;
    }
  } else if (Dest.K == PtxOperand::Kind::Vector ||
             Dest.K == PtxOperand::Kind::Pair ||
             Dest.K == PtxOperand::Kind::List) {
    for (const PtxOperand &E : Dest.Elems)
      define(E, V.IsConst ? Value::affine(V.Coef) : V);
  }
}

/// An operation's value; one that read a row's quotient or remainder stays
/// marked.
Value Analysis::evaluate(const PtxInstruction &I) const {
  Value V = evaluateOperation(I);
  if (V.S == Value::Affine)
    for (std::size_t K = 1; K < I.Operands.size(); ++K)
      if (I.Operands[K].K == PtxOperand::Kind::Register)
        V.Rows = V.Rows || valueOf(I.Operands[K]).Rows;
  return V;
}

Value Analysis::evaluateOperation(const PtxInstruction &I) const {
  const std::string &Op = I.Opcode;
  auto Src = [&](std::size_t K) {
    return K < I.Operands.size() ? valueOf(I.Operands[K]) : Value::bottom();
  };
  // Any Top input: wait for its definition (optimistic, like SCCP).
  for (std::size_t K = 1; K < I.Operands.size(); ++K)
    if (Src(K).S == Value::Top && I.Operands[K].K != PtxOperand::Kind::Address)
      return Value();
  auto Mul = [](const Value &A, const Value &B) {
    if (A.S != Value::Affine || B.S != Value::Affine)
      return Value::bottom();
    if (A.IsConst && B.IsConst)
      return Value::constant(A.Const * B.Const);
    if (A.IsConst)
      return checked(B.Coef * A.Const);
    if (B.IsConst)
      return checked(A.Coef * B.Const);
    return A.Coef == 0 && B.Coef == 0 ? Value::affine(0) : Value::bottom();
  };
  auto Add = [](const Value &A, const Value &B, bool Sub) {
    if (A.S != Value::Affine || B.S != Value::Affine)
      return Value::bottom();
    if (A.IsConst && B.IsConst)
      return Value::constant(Sub ? A.Const - B.Const : A.Const + B.Const);
    return checked(Sub ? A.Coef - B.Coef : A.Coef + B.Coef);
  };
  if (Op == "mov" || Op == "cvt" || Op == "cvta")
    return Src(1);
  if (Op == "add")
    return Add(Src(1), Src(2), false);
  if (Op == "sub")
    return Add(Src(1), Src(2), true);
  if (Op == "mul" || Op == "mul24")
    return Mul(Src(1), Src(2));
  if (Op == "mad" || Op == "mad24")
    return Add(Mul(Src(1), Src(2)), Src(3), false);
  if (Op == "shl") {
    Value A = Src(1), B = Src(2);
    if (A.S == Value::Affine && B.IsConst && B.Const >= 0 && B.Const < 40)
      return Mul(A, Value::constant(std::int64_t(1) << B.Const));
  }
  // x | c with c below x's known alignment adds c.
  if (Op == "or" && I.Operands.size() > 2) {
    for (std::size_t X = 1; X <= 2; ++X) {
      const PtxOperand &C = I.Operands[3 - X];
      if (C.K == PtxOperand::Kind::Immediate && !C.IsFloat && C.IntValue >= 0 &&
          C.IntValue < (std::int64_t(1) << 40) &&
          (std::int64_t(1) << std::min(40u, trailingZeros(I.Operands[X], 0))) >
              C.IntValue)
        return Add(Src(X), Value::constant(C.IntValue), false);
    }
  }
  if (Op == "neg")
    return Add(Value::constant(0), Src(1), true);
  // The quotient and remainder of a lane index by a divisor the lanes share
  // and no constant (i / n, i % n): within a row of n the quotient is the
  // same for every lane and the remainder moves as i does; rows are assumed
  // at least a warp long (the IR front-end's rule, AccessPattern.cpp).
  if ((Op == "div" || Op == "rem") && Dim == 0 && I.Operands.size() > 2) {
    Value X = Src(1), D = Src(2);
    if (X.S == Value::Affine && X.Coef != 0 && D.S == Value::Affine &&
        D.Coef == 0 && !D.IsConst) {
      Value Out = Value::affine(Op == "div" ? 0 : X.Coef);
      Out.Rows = true;
      return Out;
    }
  }
  if (Op == "ld" || Op == "ldu") {
    // A value loaded from a uniform address is uniform; from a per-thread
    // address it is data (unknown).
    Value A = Src(1);
    if (I.Operands.size() > 1 && I.Operands[1].K == PtxOperand::Kind::Address) {
      const PtxOperand &Addr = I.Operands[1];
      if (Addr.Name.rfind("retval", 0) == 0)
        return Value::bottom();
      PtxOperand Base;
      Base.K = PtxOperand::Kind::Register;
      Base.Name = Addr.Name;
      A = Addr.Name.empty() || Addr.Name[0] != '%' ? Value::affine(0)
                                                   : valueOf(Base);
    }
    return A.S == Value::Affine && A.Coef == 0 ? Value::affine(0)
                                               : Value::bottom();
  }
  // Everything else: uniform when every input is uniform.
  for (std::size_t K = 1; K < I.Operands.size(); ++K) {
    Value V = Src(K);
    if (V.S != Value::Affine || V.Coef != 0)
      return Value::bottom();
  }
  return Value::affine(0);
}

void Analysis::run() {
  for (unsigned Pass = 0; Pass < 64; ++Pass) {
    Changed = false;
    for (const PtxInstruction &I : F.Body) {
      if (I.Operands.empty())
        continue;
      const PtxOperand &D = I.Operands[0];
      if (I.Opcode == "call") {
        define(D, Value::bottom());
        continue;
      }
      if (D.K != PtxOperand::Kind::Register &&
          D.K != PtxOperand::Kind::Vector && D.K != PtxOperand::Kind::Pair)
        continue;
      Value V = evaluate(I);
      if (V.S != Value::Top)
        define(D, V);
    }
    if (!Changed)
      return;
  }
}

namespace {
/// Why an address register is not affine in %tid.x, from its definitions:
/// a load at a lane-dependent address the analysis follows (a gather:
/// a[idx[tid]]), or %tid.x times a uniform run-time value; anything else
/// (a run-time modulus, a call's result, registers whose definitions
/// disagree) is not analysed.
class UnknownReasons {
public:
  UnknownReasons(const PtxFunction &F, const Analysis &A) : F(F), A(A) {
    for (std::size_t K = 0; K < F.Body.size(); ++K)
      if (!F.Body[K].Operands.empty())
        addDefs(F.Body[K].Operands[0], K);
  }

  UnknownAddress why(const std::string &Reg) {
    std::set<std::string> Seen;
    bool Stride = false;
    if (reachesLaneLoad(Reg, Seen, 0, 0, Stride))
      return UnknownAddress::Gather;
    return Stride ? UnknownAddress::VariableStride : UnknownAddress::Unanalysed;
  }

private:
  const PtxFunction &F;
  const Analysis &A;
  std::map<std::string, std::vector<std::size_t>> Defs;

  void addDefs(const PtxOperand &D, std::size_t K) {
    if (D.K == PtxOperand::Kind::Register)
      Defs[D.Name].push_back(K);
    else if (D.K == PtxOperand::Kind::Vector || D.K == PtxOperand::Kind::Pair)
      for (const PtxOperand &E : D.Elems)
        addDefs(E, K);
  }

  Value regValue(const std::string &Name) const {
    PtxOperand R;
    R.K = PtxOperand::Kind::Register;
    R.Name = Name;
    return A.valueOf(R);
  }

  /// Whether the load at K reads a lane-dependent address the analysis
  /// follows (affine with a tid.x coefficient, or itself a gather).
  bool laneLoad(const PtxInstruction &I, unsigned LoadDepth) {
    for (const PtxOperand &Op : I.Operands) {
      if (Op.K != PtxOperand::Kind::Address)
        continue;
      if (Op.Name.empty() || Op.Name[0] != '%')
        return false;
      Value V = regValue(Op.Name);
      if (V.S == Value::Affine)
        return V.Coef != 0;
      if (LoadDepth >= 2)
        return false;
      std::set<std::string> Seen;
      bool Stride = false;
      return reachesLaneLoad(Op.Name, Seen, 0, LoadDepth + 1, Stride) || Stride;
    }
    return false;
  }

  bool reachesLaneLoad(const std::string &Reg, std::set<std::string> &Seen,
                       unsigned Depth, unsigned LoadDepth, bool &Stride) {
    if (Depth > 24 || !Seen.insert(Reg).second)
      return false;
    auto It = Defs.find(Reg);
    if (It == Defs.end())
      return false;
    for (std::size_t K : It->second) {
      const PtxInstruction &I = F.Body[K];
      if (I.Opcode == "ld" || I.Opcode == "ldu") {
        if (laneLoad(I, LoadDepth))
          return true;
        continue;
      }
      if (I.Opcode == "call")
        continue;
      // tid.x times a uniform value that is no constant: a run-time stride.
      if ((I.Opcode == "mul" || I.Opcode == "mad" || I.Opcode == "mul24" ||
           I.Opcode == "mad24") &&
          I.Operands.size() >= 3) {
        Value X = A.valueOf(I.Operands[1]), Y = A.valueOf(I.Operands[2]);
        auto Lane = [](const Value &V) {
          return V.S == Value::Affine && V.Coef != 0;
        };
        auto Uniform = [](const Value &V) {
          return V.S == Value::Affine && V.Coef == 0 && !V.IsConst;
        };
        if ((Lane(X) && Uniform(Y)) || (Lane(Y) && Uniform(X)))
          Stride = true;
      }
      for (std::size_t Op = 1; Op < I.Operands.size(); ++Op)
        if (I.Operands[Op].K == PtxOperand::Kind::Register &&
            reachesLaneLoad(I.Operands[Op].Name, Seen, Depth + 1, LoadDepth,
                            Stride))
          return true;
    }
    return false;
  }
};
} // namespace

std::vector<AccessInfo>
analyzeAccessPatterns(const PtxFunction &F,
                      const std::vector<unsigned> &AccessBytes) {
  Analysis A(F, 0), AlongY(F, 1), AlongZ(F, 2);
  A.run();
  AlongY.run();
  AlongZ.run();
  std::vector<AccessInfo> Out(F.Body.size());
  std::optional<UnknownReasons> Reasons;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    unsigned Bytes = K < AccessBytes.size() ? AccessBytes[K] : 0;
    const PtxOperand *Addr = nullptr;
    for (const PtxOperand &Op : I.Operands)
      if (Op.K == PtxOperand::Kind::Address) {
        Addr = &Op;
        break;
      }
    if (!Addr || Bytes == 0)
      continue;
    AccessInfo &Info = Out[K];
    if (Addr->Name.empty() || Addr->Name[0] != '%') {
      Info.Pattern = AccessPattern::Broadcast; // [symbol+off] or [imm]
      Info.StrideYKnown = Info.StrideZKnown = true;
      continue;
    }
    PtxOperand Reg;
    Reg.K = PtxOperand::Kind::Register;
    Reg.Name = Addr->Name;
    Value Y = AlongY.valueOf(Reg), Z = AlongZ.valueOf(Reg);
    Info.StrideYKnown = Y.S == Value::Affine;
    Info.StrideYBytes = Info.StrideYKnown ? Y.Coef : 0;
    Info.StrideZKnown = Z.S == Value::Affine;
    Info.StrideZBytes = Info.StrideZKnown ? Z.Coef : 0;
    Value V = A.valueOf(Reg);
    if (V.S != Value::Affine) {
      Info.Pattern = AccessPattern::Unknown;
      if (!Reasons)
        Reasons.emplace(F, A);
      Info.Why = Reasons->why(Reg.Name);
    } else if (V.Coef == 0) {
      Info.Pattern = AccessPattern::Broadcast;
      Info.DivisorRows = V.Rows;
    } else {
      Info.DivisorRows = V.Rows;
      Info.StrideBytes = V.Coef;
      Info.Pattern = std::llabs(V.Coef) <= std::int64_t(Bytes)
                         ? AccessPattern::Coalesced
                         : AccessPattern::Strided;
    }
  }
  return Out;
}

std::vector<unsigned>
coalesceNarrowAccesses(std::vector<AccessInfo> &Patterns,
                       const std::vector<unsigned> &Bytes) {
  constexpr std::int64_t Word = 4;
  std::vector<unsigned> Lane = Bytes;
  for (std::size_t K = 0; K < Patterns.size() && K < Bytes.size(); ++K) {
    AccessInfo &A = Patterns[K];
    std::int64_t Stride = std::llabs(A.StrideBytes);
    if (A.Pattern != AccessPattern::Strided || !Bytes[K] || Stride > Word ||
        Stride <= std::int64_t(Bytes[K]))
      continue;
    A.Pattern = AccessPattern::Coalesced;
    Lane[K] = unsigned(Stride);
  }
  return Lane;
}

} // namespace gpa::ptx
