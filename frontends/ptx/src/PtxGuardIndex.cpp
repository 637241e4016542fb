//===- PtxGuardIndex.cpp - A guarded register as launch-affine terms -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "PtxGuardIndex.h"
#include "PtxInstructionQueries.h"
#include "PtxLoopCounter.h"

#include "gpa/BranchFacts.h"

#include <cmath>

namespace gpa::ptx {

namespace {
constexpr std::int64_t MaxFactor = std::int64_t(1) << 24;

struct Reader {
  const PtxFunction &F;
  const PtxCfg &Cfg;
  unsigned Block;
  const gpa::BranchFacts &Facts;
  gpa::GuardIndex G;
  bool HasCounter = false;

  static bool scale(std::int64_t &Factor, std::int64_t By) {
    if (By > MaxFactor || By < -MaxFactor)
      return false;
    Factor *= By;
    return Factor <= MaxFactor && Factor >= -MaxFactor;
  }

  /// %ntid.d / %nctaid.d where the launch gives it, an immediate, or a
  /// register holding either (through mov and cvt).
  std::optional<std::int64_t> constant(const PtxOperand &O, std::size_t Begin,
                                       std::size_t At, unsigned Depth) const {
    if (O.K == PtxOperand::Kind::Immediate)
      return O.IsFloat ? std::nullopt : std::optional<std::int64_t>(O.IntValue);
    if (!O.isRegister() || Depth > 6)
      return std::nullopt;
    const std::uint64_t Block[3] = {Facts.BlockThreadsX, Facts.BlockThreadsY,
                                    Facts.BlockThreadsZ};
    const std::uint64_t Grid[3] = {Facts.GridBlocksX, Facts.GridBlocksY,
                                   Facts.GridBlocksZ};
    for (int D = 0; D < 3; ++D) {
      std::string Axis(1, char('x' + D));
      std::uint64_t V = O.Name == "%ntid." + Axis     ? Block[D]
                        : O.Name == "%nctaid." + Axis ? Grid[D]
                                                      : 0;
      if (V && V <= std::uint64_t(MaxFactor))
        return std::int64_t(V);
    }
    std::size_t DAt = 0;
    const PtxInstruction *Def = definition(O.Name, Begin, At, DAt);
    if (!Def || !Def->Guard.empty() || Def->Operands.size() != 2 ||
        (Def->Opcode != "mov" && Def->Opcode != "cvt"))
      return std::nullopt;
    std::size_t B = DAt >= Begin && DAt < At ? Begin : 0;
    return constant(Def->Operands[1], B, B ? DAt : 0, Depth + 1);
  }

  /// The last write of Reg in [Begin, At), else the one write that
  /// reaches At: the only write before At in the text, in a block that
  /// dominates At's, with every later write outside the loops that hold At
  /// (nvcc reuses a register once its value is dead, and lays blocks out
  /// in order).
  const PtxInstruction *definition(const std::string &Reg, std::size_t Begin,
                                   std::size_t At, std::size_t &DAt) const {
    for (std::size_t I = At; I-- > Begin;)
      if (writesRegister(F.Body[I], Reg)) {
        DAt = I;
        return &F.Body[I];
      }
    const PtxInstruction *Only = nullptr;
    unsigned AtBlock = blockOf(At);
    for (std::size_t I = 0; I < F.Body.size(); ++I) {
      if (!writesRegister(F.Body[I], Reg))
        continue;
      if (I < At) {
        if (Only)
          return nullptr;
        Only = &F.Body[I];
        DAt = I;
        continue;
      }
      unsigned B = blockOf(I);
      for (const PtxLoop &L : Cfg.Loops)
        if (L.contains(AtBlock) && L.contains(B))
          return nullptr;
    }
    return Only && dominates(blockOf(DAt), AtBlock) ? Only : nullptr;
  }

  bool dominates(unsigned A, unsigned B) const {
    for (unsigned Step = 0; Step <= Cfg.Blocks.size(); ++Step) {
      if (A == B)
        return true;
      if (B >= Cfg.IDom.size() || Cfg.IDom[B] < 0)
        return false;
      B = unsigned(Cfg.IDom[B]);
    }
    return false;
  }

  /// The innermost loop holding block B, or -1.
  int loopOf(unsigned B) const {
    int Inner = -1;
    for (unsigned L = 0; L < Cfg.Loops.size(); ++L)
      if (Cfg.Loops[L].contains(B) &&
          (Inner < 0 ||
           Cfg.Loops[L].Blocks.size() < Cfg.Loops[Inner].Blocks.size()))
        Inner = int(L);
    return Inner;
  }

  unsigned blockOf(std::size_t I) const {
    for (unsigned B = 0; B < Cfg.Blocks.size(); ++B)
      if (I >= Cfg.Blocks[B].Begin && I < Cfg.Blocks[B].End)
        return B;
    return unsigned(Cfg.Blocks.size());
  }

  /// Reg as a counted loop's counter: written once outside the loop that
  /// holds the comparison at At (its start) and once inside as
  /// `add Reg, Reg, imm` after At (its step). Adds Factor x the start and
  /// the counter term.
  bool counter(const std::string &Reg, std::size_t At, std::int64_t Factor,
               unsigned Depth) {
    int L = loopOf(Block);
    if (HasCounter || L < 0)
      return false;
    const PtxLoop &Loop = Cfg.Loops[L];
    double Trips = Loop.TripCount;
    if (!(Trips >= 1) || Trips != std::floor(Trips) || Trips > (1 << 20)) {
      // The loop whose counter Reg is: the innermost holding the guard
      // that writes Reg once inside and once before.
      for (const PtxLoop &Outer : Cfg.Loops)
        if (Outer.contains(Block) && writesInside(Outer, Reg) == 1 &&
            (&Outer == &Loop || !(Outer.TripCount >= 1)))
          return blockStrideCounter(Outer, Reg, Factor);
      return false;
    }
    std::optional<StartAndStep> W = startAndStep(Loop, Reg);
    if (!W)
      return false;
    const PtxInstruction *Start = W->Start, *Step = W->Step;
    std::size_t StartAt = W->StartAt, StepAt = W->StepAt;
    if (!Step->Guard.empty() || Step->Opcode != "add" ||
        Step->Operands.size() != 3 || !Step->Operands[1].isRegister() ||
        Step->Operands[1].Name != Reg || StepAt < At ||
        Cfg.Blocks[Loop.Header].Begin > At)
      return false;
    auto Inc = constant(Step->Operands[2], 0, 0, 0);
    std::int64_t Counter = Factor;
    if (!Inc || !scale(Counter, *Inc))
      return false;
    HasCounter = true;
    G.Counter = Counter;
    G.Trips = std::uint64_t(Trips);
    return instruction(*Start, StartAt, Factor, Depth + 1);
  }

  /// A counter's two writes: the one before Loop (its start) and the one
  /// inside (its step); none when Reg has another write or lacks either.
  struct StartAndStep {
    const PtxInstruction *Start = nullptr, *Step = nullptr;
    std::size_t StartAt = 0, StepAt = 0;
  };
  std::optional<StartAndStep> startAndStep(const PtxLoop &Loop,
                                           const std::string &Reg) const {
    StartAndStep W;
    for (std::size_t I = 0; I < F.Body.size(); ++I) {
      if (!writesRegister(F.Body[I], Reg))
        continue;
      bool Inside = Loop.contains(blockOf(I));
      if ((Inside && W.Step) || (!Inside && W.Start))
        return std::nullopt;
      (Inside ? W.Step : W.Start) = &F.Body[I];
      (Inside ? W.StepAt : W.StartAt) = I;
    }
    if (!W.Start || !W.Step)
      return std::nullopt;
    return W;
  }

  unsigned writesInside(const PtxLoop &Loop, const std::string &Reg) const {
    unsigned N = 0;
    for (std::size_t I = 0; I < F.Body.size(); ++I)
      N += writesRegister(F.Body[I], Reg) && Loop.contains(blockOf(I));
    return N;
  }

  /// Reg as a block-stride loop's counter (nvcc's `for (i = tid.y; i < E;
  /// i += blockDim.y)` kept as a loop, its trips differing between
  /// threads): written once outside Loop as %tid.d, once inside as `add
  /// Reg, X, blockDim.d` with X Reg or its copy at the loop's head, the
  /// loop going on while the counter is below an immediate. Across the
  /// block's threads and iterations it takes each value of [0, E) once (E
  /// >= blockDim.d: every thread enters): the thread term spans E values.
  bool blockStrideCounter(const PtxLoop &Loop, const std::string &Reg,
                          std::int64_t Factor) {
    std::optional<StartAndStep> W = startAndStep(Loop, Reg);
    if (!W)
      return false;
    const PtxInstruction *Start = W->Start, *Step = W->Step;
    std::size_t StepAt = W->StepAt;
    if (!Start->Guard.empty() || !Step->Guard.empty() ||
        Start->Opcode != "mov" || Start->Operands.size() != 2 ||
        Step->Opcode != "add" || Step->Operands.size() != 3 ||
        !Step->Operands[1].isRegister())
      return false;
    // The register the step reads: Reg, or its copy `mov X, Reg` in the
    // loop (the value of this iteration).
    std::string Copy = Step->Operands[1].Name;
    if (Copy != Reg) {
      const PtxInstruction *Only = nullptr;
      for (std::size_t I = 0; I < F.Body.size(); ++I)
        if (writesRegister(F.Body[I], Copy)) {
          if (Only || !Loop.contains(blockOf(I)))
            return false;
          Only = &F.Body[I];
        }
      if (!Only || !Only->Guard.empty() || Only->Opcode != "mov" ||
          Only->Operands.size() != 2 || !Only->Operands[1].isRegister() ||
          Only->Operands[1].Name != Reg)
        return false;
    }
    // The start, through movs: %tid.d.
    const PtxOperand *First = &Start->Operands[1];
    std::size_t FirstAt = static_cast<std::size_t>(Start - F.Body.data()),
                DAt = 0;
    for (unsigned Hop = 0;
         Hop < 4 && First->isRegister() && First->Name.rfind("%tid.", 0) != 0;
         ++Hop) {
      const PtxInstruction *D = definition(First->Name, 0, FirstAt, DAt);
      if (!D || !D->Guard.empty() || D->Opcode != "mov" ||
          D->Operands.size() != 2)
        return false;
      First = &D->Operands[1];
      FirstAt = DAt;
    }
    int Dim = -1;
    for (int D = 0; D < 3; ++D)
      if (First->isRegister() &&
          First->Name == std::string("%tid.") + char('x' + D))
        Dim = D;
    const std::uint64_t Threads[3] = {Facts.BlockThreadsX, Facts.BlockThreadsY,
                                      Facts.BlockThreadsZ};
    auto Inc = Step->Operands[2].K == PtxOperand::Kind::Immediate &&
                       !Step->Operands[2].IsFloat
                   ? std::optional<std::int64_t>(Step->Operands[2].IntValue)
                   : constant(Step->Operands[2], 0, 0, 0);
    if (Dim < 0 || !Threads[Dim] || !Inc ||
        *Inc != std::int64_t(Threads[Dim]) || G.ThreadSpan[Dim] ||
        G.Thread[Dim])
      return false;
    std::optional<LoopExitBranch> Exit = loopExitBranch(F, Cfg, Loop);
    if (!Exit)
      return false;
    const PtxInstruction &Br = F.Body[Exit->At];
    const PtxInstruction *Setp = nullptr;
    std::size_t SetpAt = 0;
    for (std::size_t I = Exit->At; I-- > 0;)
      if (writesRegister(F.Body[I], Br.Guard)) {
        Setp = &F.Body[I];
        SetpAt = I;
        break;
      }
    if (!Setp || Setp->Opcode != "setp" || !Setp->Guard.empty() ||
        Setp->Operands.size() != 3 || unsignedBits(*Setp) ||
        !Loop.contains(blockOf(SetpAt)))
      return false;
    Cmp C = comparison(*Setp);
    const PtxOperand *Tested = &Setp->Operands[1], *Bound = &Setp->Operands[2];
    if (Bound->K != PtxOperand::Kind::Immediate) {
      std::swap(Tested, Bound);
      C = swapped(C);
    }
    if (Bound->K != PtxOperand::Kind::Immediate || Bound->IsFloat ||
        !Tested->isRegister() || (Tested->Name != Reg && Tested->Name != Copy))
      return false;
    if (!Exit->StayOnTrue)
      C = negated(C);
    if (C != Cmp::Lt && C != Cmp::Le)
      return false;
    // The test reads the next value (Reg after its step) or this
    // iteration's (its copy, or Reg before the step): E bounds the next.
    bool SeesNext =
        Tested->Name == Reg && testSeesStep(Cfg, Loop, StepAt, SetpAt);
    std::int64_t E =
        Bound->IntValue + (C == Cmp::Le ? 1 : 0) + (SeesNext ? 0 : *Inc);
    if (E < *Inc || E > MaxFactor)
      return false;
    HasCounter = true;
    G.Thread[Dim] += Factor;
    G.ThreadSpan[Dim] = std::uint64_t(E);
    G.SpanStep = std::uint64_t(*Inc);
    return true;
  }

  /// Adds Factor x O (read before instruction At; [Begin, At) straight
  /// line) to G.
  bool add(const PtxOperand &O, std::size_t Begin, std::size_t At,
           std::int64_t Factor, unsigned Depth) {
    if (Depth > 12)
      return false;
    if (O.K == PtxOperand::Kind::Immediate) {
      if (O.IsFloat || O.IntValue > MaxFactor * MaxFactor ||
          O.IntValue < -MaxFactor * MaxFactor)
        return false;
      G.Offset += Factor * O.IntValue;
      return true;
    }
    if (!O.isRegister())
      return false;
    for (int D = 0; D < 3; ++D) {
      std::string Axis(1, char('x' + D));
      if (O.Name == "%tid." + Axis) {
        G.Thread[D] += Factor;
        return true;
      }
      if (O.Name == "%ctaid." + Axis) {
        G.Block[D] += Factor;
        return true;
      }
    }
    if (O.Name.rfind("%ntid.", 0) == 0 || O.Name.rfind("%nctaid.", 0) == 0) {
      auto K = constant(O, 0, 0, 0);
      if (!K)
        return false;
      G.Offset += Factor * *K;
      return true;
    }
    std::size_t DAt = 0;
    const PtxInstruction *Def = definition(O.Name, Begin, At, DAt);
    if (!Def)
      return counter(O.Name, At, Factor, Depth);
    return instruction(*Def, DAt, Factor, Depth + 1);
  }

  /// Adds Factor x the value instruction I (at index IAt) writes.
  bool instruction(const PtxInstruction &I, std::size_t IAt,
                   std::int64_t Factor, unsigned Depth) {
    if (!I.Guard.empty())
      return false;
    std::size_t Begin = 0;
    for (const PtxBlock &B : Cfg.Blocks)
      if (IAt >= B.Begin && IAt < B.End)
        Begin = B.Begin;
    const auto &Ops = I.Operands;
    auto Constant = [&](const PtxOperand &O) {
      return constant(O, Begin, IAt, 0);
    };
    if ((I.Opcode == "mov" || I.Opcode == "cvt") && Ops.size() == 2)
      return add(Ops[1], Begin, IAt, Factor, Depth);
    if (I.Opcode == "add" && Ops.size() == 3 && !I.hasModifier(".f32") &&
        !I.hasModifier(".f64"))
      return add(Ops[1], Begin, IAt, Factor, Depth) &&
             add(Ops[2], Begin, IAt, Factor, Depth);
    if (I.Opcode == "sub" && Ops.size() == 3 && !I.hasModifier(".f32") &&
        !I.hasModifier(".f64"))
      return add(Ops[1], Begin, IAt, Factor, Depth) &&
             add(Ops[2], Begin, IAt, -Factor, Depth);
    bool Lo = I.hasModifier(".lo") || I.hasModifier(".wide");
    if (I.Opcode == "shl" && Ops.size() == 3) {
      auto C = immediate(Ops[2]);
      std::int64_t Scaled = Factor;
      return C && *C >= 0 && *C < 24 && scale(Scaled, std::int64_t(1) << *C) &&
             add(Ops[1], Begin, IAt, Scaled, Depth);
    }
    if ((I.Opcode == "mul" && Lo && Ops.size() == 3) ||
        ((I.Opcode == "mad" || I.Opcode == "mad24") && Lo && Ops.size() == 4)) {
      for (unsigned Side = 1; Side <= 2; ++Side) {
        auto C = Constant(Ops[3 - Side]);
        std::int64_t Scaled = Factor;
        if (!C || !scale(Scaled, *C))
          continue;
        if (!add(Ops[Side], Begin, IAt, Scaled, Depth))
          return false;
        return Ops.size() == 3 || add(Ops[3], Begin, IAt, Factor, Depth);
      }
    }
    return false;
  }

  static std::optional<std::int64_t> immediate(const PtxOperand &O) {
    if (O.K == PtxOperand::Kind::Immediate && !O.IsFloat)
      return O.IntValue;
    return std::nullopt;
  }
};
} // namespace

std::optional<gpa::GuardIndex> guardIndexOf(const PtxFunction &F,
                                            const PtxCfg &Cfg, unsigned Block,
                                            std::size_t At, const PtxOperand &O,
                                            const gpa::BranchFacts &Facts) {
  Reader R{F, Cfg, Block, Facts, {}, false};
  std::size_t Begin = Block < Cfg.Blocks.size() ? Cfg.Blocks[Block].Begin : 0;
  if (Begin > At)
    Begin = At;
  if (!R.add(O, Begin, At, 1, 0))
    return std::nullopt;
  return R.G;
}

} // namespace gpa::ptx
