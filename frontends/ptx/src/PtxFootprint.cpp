//===- PtxFootprint.cpp - Bytes a PTX access touches over the grid --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// nvcc's `B[blockIdx.x * blockDim.x + threadIdx.x]`:
//   ld.param.u64 %rd1, [k_param_0];  cvta.to.global.u64 %rd2, %rd1;
//   mov.u32 %r1, %ctaid.x;  mov.u32 %r2, %ntid.x;  mov.u32 %r3, %tid.x;
//   mad.lo.s32 %r4, %r1, %r2, %r3;  mul.wide.s32 %rd3, %r4, 4;
//   add.s64 %rd4, %rd2, %rd3;  ld.global.f32 %f1, [%rd4];
// spans [0, (gridDim.x x blockDim.x - 1) x 4] from the parameter: a
// footprint of threads x 4 bytes, as the IR front-end finds from the SCEV.
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxFootprint.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

namespace gpa::ptx {

namespace {
struct Range {
  double Lo = 0, Hi = 0;
};

class Evaluator {
public:
  Evaluator(const PtxFunction &F, const std::string &Base,
            const gpa::BranchFacts &Launch,
            const gpa::ThreadPoint *Pin = nullptr, const PtxCfg *Cfg = nullptr)
      : F(F), Base(Base), Launch(Launch), Pin(Pin), Cfg(Cfg) {
    for (std::size_t K = 0; K < F.Body.size(); ++K) {
      const PtxInstruction &I = F.Body[K];
      if (!I.Operands.empty() && I.Operands[0].isRegister() &&
          I.Opcode != "st" && I.Opcode != "red")
        Defs[I.Operands[0].Name].push_back(K);
    }
    for (std::size_t P = 0; P < F.Params.size(); ++P)
      Params[F.Params[P].Name] = P;
    if (Cfg) {
      BlockOf.assign(F.Body.size(), ~0u);
      for (unsigned B = 0; B < Cfg->Blocks.size(); ++B)
        for (std::size_t K = Cfg->Blocks[B].Begin;
             K < Cfg->Blocks[B].End && K < F.Body.size(); ++K)
          BlockOf[K] = B;
    }
  }

  /// The address operand \p A of instruction \p Use.
  std::optional<Range> address(const PtxOperand &A, std::size_t Use) {
    std::optional<Range> R = A.Name.empty() ? std::optional<Range>(Range{0, 0})
                                            : reg(A.Name, 0, Use);
    return R;
  }

private:
  const PtxFunction &F;
  const std::string &Base;
  const gpa::BranchFacts &Launch;
  /// One thread instead of the grid (R3's reread search).
  const gpa::ThreadPoint *Pin;
  /// With a pinned thread: the loops, for a register a loop advances.
  const PtxCfg *Cfg;
  std::vector<unsigned> BlockOf;
  std::map<std::string, std::vector<std::size_t>> Defs;
  std::map<std::string, std::size_t> Params;

  static std::optional<Range> upTo(std::uint64_t N) {
    if (!N)
      return std::nullopt;
    return Range{0, double(N) - 1};
  }
  static std::optional<Range> exactly(std::uint64_t N) {
    if (!N)
      return std::nullopt;
    return Range{double(N), double(N)};
  }

  std::optional<Range> special(const std::string &N) {
    const gpa::BranchFacts &L = Launch;
    for (unsigned D = 0; Pin && D < 3; ++D) {
      std::string Dim(1, "xyz"[D]);
      if (N == "%tid." + Dim)
        return Range{double(Pin->Tid[D]), double(Pin->Tid[D])};
      if (N == "%ctaid." + Dim)
        return Range{double(Pin->Ctaid[D]), double(Pin->Ctaid[D])};
    }
    if (N == "%tid.x")
      return upTo(L.BlockThreadsX);
    if (N == "%tid.y")
      return upTo(L.BlockThreadsY);
    if (N == "%tid.z")
      return upTo(L.BlockThreadsZ);
    if (N == "%ntid.x")
      return exactly(L.BlockThreadsX);
    if (N == "%ntid.y")
      return exactly(L.BlockThreadsY);
    if (N == "%ntid.z")
      return exactly(L.BlockThreadsZ);
    if (N == "%ctaid.x")
      return upTo(L.GridBlocksX);
    if (N == "%ctaid.y")
      return upTo(L.GridBlocksY);
    if (N == "%ctaid.z")
      return upTo(L.GridBlocksZ);
    if (N == "%nctaid.x")
      return exactly(L.GridBlocksX);
    if (N == "%nctaid.y")
      return exactly(L.GridBlocksY);
    if (N == "%nctaid.z")
      return exactly(L.GridBlocksZ);
    return std::nullopt;
  }

  /// A kernel parameter read by ld.param: the access's own base counts 0,
  /// an integer argument its given value.
  std::optional<Range> param(const PtxOperand &A) {
    auto P = Params.find(A.Name);
    if (P == Params.end() || A.IntValue != 0)
      return std::nullopt;
    if ("arg" + std::to_string(P->second) == Base)
      return Range{0, 0};
    auto V = Launch.Arguments.find(unsigned(P->second));
    if (V == Launch.Arguments.end())
      return std::nullopt;
    return Range{double(V->second), double(V->second)};
  }

  std::optional<Range> operand(const PtxOperand &Op, unsigned Depth,
                               std::size_t Use) {
    if (Op.K == PtxOperand::Kind::Immediate && !Op.IsFloat)
      return Range{double(Op.IntValue), double(Op.IntValue)};
    if (Op.isRegister() && !Op.Negated)
      return reg(Op.Name, Depth + 1, Use);
    return std::nullopt;
  }

  /// Register \p Name as instruction \p Use reads it.
  std::optional<Range> reg(const std::string &Name, unsigned Depth,
                           std::size_t Use) {
    if (Name.rfind("%", 0) == 0 && Name.find('.') != std::string::npos)
      return special(Name);
    auto D = Defs.find(Name);
    if (Depth > 32 || D == Defs.end())
      return std::nullopt;
    if (D->second.size() == 1)
      return definition(F.Body[D->second[0]], Depth);
    return loopStart(Name, D->second, Depth, Use);
  }

  /// A self-update `r = r + x` / `r = r - x` (a loop's pointer or counter).
  static bool advances(const PtxInstruction &I, const std::string &R) {
    if ((I.Opcode != "add" && I.Opcode != "sub") || I.Operands.size() != 3 ||
        !I.Guard.empty())
      return false;
    auto Is = [&](std::size_t K) {
      return I.Operands[K].isRegister() && I.Operands[K].Name == R;
    };
    return Is(1) != (I.Opcode == "add" && Is(2));
  }

  /// R3 and the lane stride read a loop's accesses at its first iteration
  /// (as the IR front-end's SCEV start): a register that loops only
  /// advance (p = p + 128) is, at a use inside such a loop or where no path
  /// leads from the loop to the use (before it, on another branch), the value
  /// of its other definitions, when they agree (nvcc's `add.s64 %rd20,
  /// %rd1, %rd16` before the loop, `and.b32 %r25, %r14, 31` before the
  /// counter's loop). A use after an advancing loop is unknown.
  std::optional<Range> loopStart(const std::string &Name,
                                 const std::vector<std::size_t> &Ds,
                                 unsigned Depth, std::size_t Use) {
    if (!Pin || !Cfg || Use >= BlockOf.size() || BlockOf[Use] == ~0u)
      return std::nullopt;
    unsigned At = BlockOf[Use];
    // No path leads from the loop to the use: its advances never reach it.
    auto NotYetRun = [&](const PtxLoop &L) {
      std::vector<bool> Seen(Cfg->Blocks.size(), false);
      std::vector<unsigned> Work{L.Header};
      while (!Work.empty()) {
        unsigned B = Work.back();
        Work.pop_back();
        if (B >= Seen.size() || Seen[B])
          continue;
        if (B == At)
          return false;
        Seen[B] = true;
        for (unsigned S : Cfg->Blocks[B].Succs)
          Work.push_back(S);
      }
      return true;
    };
    std::optional<Range> Start;
    for (std::size_t K : Ds) {
      if (K >= BlockOf.size() || BlockOf[K] == ~0u)
        return std::nullopt;
      const PtxLoop *L = Cfg->innermostLoop(BlockOf[K]);
      if (L && advances(F.Body[K], Name)) {
        if (L->contains(At) || NotYetRun(*L))
          continue;
        return std::nullopt;
      }
      std::optional<Range> V = definition(F.Body[K], Depth);
      if (!V || (Start && (V->Lo != Start->Lo || V->Hi != Start->Hi)))
        return std::nullopt;
      Start = V;
    }
    return Start;
  }

  static Range product(Range A, Range B) {
    double C[4] = {A.Lo * B.Lo, A.Lo * B.Hi, A.Hi * B.Lo, A.Hi * B.Hi};
    return {*std::min_element(C, C + 4), *std::max_element(C, C + 4)};
  }

  std::optional<Range> definition(const PtxInstruction &I, unsigned Depth) {
    if (!I.Guard.empty() || I.hasModifier(".hi"))
      return std::nullopt;
    for (const std::string &M : I.Modifiers)
      if (M.rfind(".f", 0) == 0 || M.rfind(".bf", 0) == 0)
        return std::nullopt;
    const std::vector<PtxOperand> &Ops = I.Operands;
    std::size_t Here = std::size_t(&I - F.Body.data());
    auto Op = [&](std::size_t K) -> std::optional<Range> {
      return K < Ops.size() ? operand(Ops[K], Depth, Here) : std::nullopt;
    };
    const std::string &O = I.Opcode;
    if (O == "ld" && I.hasModifier(".param") && Ops.size() == 2 &&
        Ops[1].K == PtxOperand::Kind::Address)
      return param(Ops[1]);
    if ((O == "mov" || O == "cvt" || O == "cvta") && Ops.size() == 2)
      return Op(1);
    if ((O == "add" || O == "sub") && Ops.size() == 3) {
      std::optional<Range> A = Op(1), B = Op(2);
      if (!A || !B)
        return std::nullopt;
      return O == "add" ? Range{A->Lo + B->Lo, A->Hi + B->Hi}
                        : Range{A->Lo - B->Hi, A->Hi - B->Lo};
    }
    if (O == "mul" && Ops.size() == 3) {
      std::optional<Range> A = Op(1), B = Op(2);
      if (!A || !B)
        return std::nullopt;
      return product(*A, *B);
    }
    if (O == "mad" && Ops.size() == 4) {
      std::optional<Range> A = Op(1), B = Op(2), C = Op(3);
      if (!A || !B || !C)
        return std::nullopt;
      Range P = product(*A, *B);
      return Range{P.Lo + C->Lo, P.Hi + C->Hi};
    }
    if (O == "shl" && Ops.size() == 3 &&
        Ops[2].K == PtxOperand::Kind::Immediate && Ops[2].IntValue >= 0 &&
        Ops[2].IntValue < 63) {
      std::optional<Range> A = Op(1);
      if (!A)
        return std::nullopt;
      double K = std::ldexp(1.0, int(Ops[2].IntValue));
      return Range{A->Lo * K, A->Hi * K};
    }
    // A logical shift right of a non-negative value (threadIdx.x >> 5).
    if (O == "shr" && Ops.size() == 3 &&
        Ops[2].K == PtxOperand::Kind::Immediate && Ops[2].IntValue >= 0 &&
        Ops[2].IntValue < 63) {
      std::optional<Range> A = Op(1);
      if (!A || A->Lo < 0)
        return std::nullopt;
      double K = std::ldexp(1.0, int(Ops[2].IntValue));
      return Range{std::floor(A->Lo / K), std::floor(A->Hi / K)};
    }
    // One thread's quotients, remainders and masks (x % lx, col & 1).
    if (Pin && (O == "div" || O == "rem" || O == "and") && Ops.size() == 3) {
      std::optional<Range> A = Op(1), B = Op(2);
      if (!A || !B || A->Lo != A->Hi || B->Lo != B->Hi || A->Lo < 0 ||
          B->Lo < 0 || A->Lo > 9.0e15 || B->Lo > 9.0e15)
        return std::nullopt;
      if (O == "and") {
        double V = double(std::uint64_t(A->Lo) & std::uint64_t(B->Lo));
        return Range{V, V};
      }
      if (B->Lo == 0)
        return std::nullopt;
      double V =
          O == "div" ? std::floor(A->Lo / B->Lo) : std::fmod(A->Lo, B->Lo);
      return Range{V, V};
    }
    if (O == "and" && Ops.size() == 3 &&
        Ops[2].K == PtxOperand::Kind::Immediate && Ops[2].IntValue >= 0) {
      std::optional<Range> A = Op(1);
      if (!A || A->Lo < 0)
        return std::nullopt;
      return Range{0, std::min(A->Hi, double(Ops[2].IntValue))};
    }
    return std::nullopt;
  }
};
} // namespace

std::optional<gpa::ByteRange>
ptxAccessFootprint(const PtxFunction &F, const PtxInstruction &I,
                   const std::string &Base, unsigned Bytes,
                   const gpa::BranchFacts &Launch) {
  if (Base.rfind("arg", 0) != 0)
    return std::nullopt;
  const PtxOperand *Addr = nullptr;
  for (const PtxOperand &Op : I.Operands)
    if (Op.K == PtxOperand::Kind::Address) {
      Addr = &Op;
      break;
    }
  if (!Addr)
    return std::nullopt;
  Evaluator E(F, Base, Launch);
  std::optional<Range> R = E.address(*Addr, std::size_t(&I - F.Body.data()));
  if (!R || !std::isfinite(R->Lo) || !std::isfinite(R->Hi) || R->Hi < R->Lo)
    return std::nullopt;
  return gpa::ByteRange{R->Lo + double(Addr->IntValue),
                        R->Hi - R->Lo + double(Bytes)};
}

std::optional<double>
ptxAccessOffsetAt(const PtxFunction &F, const PtxInstruction &I,
                  const std::string &Base, const gpa::BranchFacts &Launch,
                  const gpa::ThreadPoint &Thread, const PtxCfg *Cfg) {
  if (Base.rfind("arg", 0) != 0)
    return std::nullopt;
  for (const PtxOperand &Op : I.Operands)
    if (Op.K == PtxOperand::Kind::Address) {
      Evaluator E(F, Base, Launch, &Thread, Cfg);
      std::optional<Range> R = E.address(Op, std::size_t(&I - F.Body.data()));
      if (!R || R->Lo != R->Hi || !std::isfinite(R->Lo))
        return std::nullopt;
      return R->Lo + double(Op.IntValue);
    }
  return std::nullopt;
}

} // namespace gpa::ptx
