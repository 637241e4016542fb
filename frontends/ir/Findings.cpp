//===- Findings.cpp - Named, located performance findings -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Each rule looks at the optimized IR the way the counts do
// (InstructionClassifier, AccessPattern) and names the instruction whose
// debug location the finding carries. Costs are stated per warp-wide
// execution: 32-byte transactions (HK09 Sec. 3), bank replays, FP64 issue
// cycles of the GPU model.
//
//===----------------------------------------------------------------------===//

#include "Findings.h"
#include "AccessPattern.h"
#include "InstructionClassifier.h"
#include "SourceLocation.h"
#include "gpa/InstructionCosts.h"
#include "gpa/SharedBankConflicts.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <tuple>

using namespace llvm;

namespace gpa {

namespace {

std::string text(const Twine &T) { return T.str(); }

std::string number(double V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.2f", V);
  OS.flush();
  while (!S.empty() && S.back() == '0')
    S.pop_back();
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S;
}

bool isThreadIdxX(const Value *V) {
  if (auto *Call = dyn_cast<CallBase>(V))
    if (const Function *F = Call->getCalledFunction())
      return F->getName() == "llvm.nvvm.read.ptx.sreg.tid.x";
  return isLaneIdValue(V);
}

/// Does V's value depend on threadIdx.x through arithmetic (not loads)?
bool dependsOnTidX(const Value *V) {
  SmallVector<const Value *, 16> Work{V};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty() && Seen.size() < 64) {
    const Value *X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (isThreadIdxX(X))
      return true;
    auto *I = dyn_cast<Instruction>(X);
    if (!I || isa<LoadInst>(I) || isa<CallBase>(I))
      continue;
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return false;
}

const Value *stripCasts(const Value *V) {
  while (auto *C = dyn_cast<CastInst>(V))
    V = C->getOperand(0);
  return V;
}

/// Why the condition splits warps, or "" when it is warp-uniform or only
/// bounds-checks (i < n with a run-time n).
std::string warpSplit(const Value *Cond) {
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp)
    return "";
  for (unsigned I = 0; I < 2; ++I) {
    const Value *Op = stripCasts(Cmp->getOperand(I));
    auto *Other = dyn_cast<ConstantInt>(Cmp->getOperand(1 - I));
    if (isThreadIdxX(Op) && Other && Other->getZExtValue() % 32 != 0)
      return text("threadIdx.x is compared with " +
                  Twine(Other->getZExtValue()) +
                  ", not a multiple of the warp size");
    // threadIdx.x % d or & m with d, m below the warp size.
    SmallVector<const Value *, 8> Work{Op};
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      const Value *X = Work.pop_back_val();
      auto *B = dyn_cast<BinaryOperator>(X);
      if (!B || !Seen.insert(X).second)
        continue;
      auto *C = dyn_cast<ConstantInt>(B->getOperand(1));
      if (C && dependsOnTidX(B->getOperand(0))) {
        uint64_t K = C->getZExtValue();
        if ((B->getOpcode() == Instruction::URem ||
             B->getOpcode() == Instruction::SRem) &&
            K > 1 && 32 % K == 0)
          return text("threadIdx.x % " + Twine(K) + " differs within a warp");
        if (B->getOpcode() == Instruction::And && (K & 31) != 0)
          return text("threadIdx.x & " + Twine(K) + " differs within a warp");
      }
      Work.push_back(B->getOperand(0));
      Work.push_back(B->getOperand(1));
    }
  }
  return "";
}

bool isFloatData(const Type *T) { return T->getScalarType()->isFloatTy(); }
bool isDoubleData(const Type *T) { return T->getScalarType()->isDoubleTy(); }

/// The memory type a load or store moves.
const Type *accessType(const Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->getType();
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->getValueOperand()->getType();
  return nullptr;
}

struct Collector {
  std::vector<Finding> &Out;
  void add(const char *Rule, const Instruction &I, const DILocation *Loc,
           std::string Message) {
    Finding F;
    F.Rule = Rule;
    F.At = &I;
    F.Loc = Loc ? Loc : I.getDebugLoc().get();
    if (F.Loc) {
      F.File = relativeFile(*F.Loc);
      F.Line = F.Loc->getLine();
      F.Column = F.Loc->getColumn();
    }
    F.Message = std::move(Message);
    Out.push_back(std::move(F));
  }
};

void memoryRules(const Function &F, const GpuModel &Gpu, ScalarEvolution &SE,
                 Collector &C) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  const MemoryGeometry Geometry = memoryGeometry(Gpu);
  for (const Instruction &I : instructions(F)) {
    Classification K = classifyInstruction(I, DL);
    if (K.Kind != InstKind::Memory || !K.Pointer || !K.Bytes)
      continue;
    const char *What = isa<LoadInst>(I) ? "load" : "store";
    if (K.AddrSpace == AS_Global || K.GenericAsGlobal) {
      AccessPattern P = analyzeAccess(K.Pointer, K.Bytes, SE, Geometry);
      if (!P.isUncoalesced())
        continue;
      // A unit-stride warp access of the same width (the shared cost model).
      double Ideal =
          transactionsPerWarp(std::int64_t(K.Bytes), K.Bytes, Geometry);
      double Extra =
          std::max(0.0, P.TransactionsPerWarp - Ideal) * Gpu.TransactionBytes;
      std::string Why =
          P.Kind == AccessKind::Strided
              ? text(Twine(P.StrideBytes) + " B between neighbouring threads")
          : P.Kind == AccessKind::VariableStride
              ? std::string("a run-time stride between neighbouring threads")
              : std::string("an address loaded from thread-dependent data");
      C.add("UncoalescedAccess", I, nullptr,
            text("uncoalesced global " + Twine(What) + " of " + Twine(K.Bytes) +
                 " B (" + accessKindName(P.Kind) + ": " + Why +
                 "): " + number(P.TransactionsPerWarp) +
                 " transactions per warp instead of " + number(Ideal) + ", " +
                 number(Extra) + " extra DRAM bytes per warp access"));
    } else if (K.AddrSpace == AS_Shared) {
      AccessPattern P = analyzeAccess(K.Pointer, K.Bytes, SE, Geometry);
      if (P.Kind != AccessKind::Strided)
        continue;
      unsigned Ways = sharedBankConflictWays(P.StrideBytes, K.Bytes);
      if (Ways <= 1)
        continue;
      C.add("SharedBankConflict", I, nullptr,
            text(Twine(Ways) + "-way shared-memory bank conflict: a " + What +
                 " with a stride of " + Twine(P.StrideBytes) +
                 " B between neighbouring threads is replayed " + Twine(Ways) +
                 " times per warp"));
    }
  }
}

void localArrayRule(const Function &F, Collector &C) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (const Instruction &I : instructions(F)) {
    auto *A = dyn_cast<AllocaInst>(&I);
    if (!A || !A->getAllocatedType()->isArrayTy())
      continue;
    // The first access through a GEP with a run-time index.
    for (const User *U : A->users()) {
      auto *G = dyn_cast<GetElementPtrInst>(U);
      if (!G || G->hasAllConstantIndices())
        continue;
      for (const User *GU : G->users()) {
        auto *Access = dyn_cast<Instruction>(GU);
        if (!Access || !accessType(*Access))
          continue;
        uint64_t Bytes =
            DL.getTypeAllocSize(A->getAllocatedType()).getKnownMinValue();
        C.add("LocalMemoryArray", *Access, nullptr,
              text("private array of " + Twine(Bytes) +
                   " B indexed at run time lives in local memory: this " +
                   (isa<LoadInst>(Access) ? "load" : "store") +
                   " is a local-memory access (local_mem) instead of a "
                   "register"));
        goto NextAlloca;
      }
    }
  NextAlloca:;
  }
}

void fp64Rule(const SmallPtrSet<const Function *, 8> &Reached,
              const GpuModel &Gpu, Collector &C) {
  bool FloatData = false, DoubleData = false;
  for (const Function *F : Reached)
    for (const Instruction &I : instructions(*F))
      if (const Type *T = accessType(I)) {
        FloatData |= isFloatData(T);
        DoubleData |= isDoubleData(T);
      }
  if (!FloatData || DoubleData)
    return;
  double Ratio =
      Gpu.issueCycles(Unit::Fp64) / std::max(1e-9, Gpu.issueCycles(Unit::Fp));
  for (const Function *F : Reached)
    for (const Instruction &I : instructions(*F)) {
      if (!isa<BinaryOperator>(I) && !isa<FPMathOperator>(I))
        continue;
      if (!I.getType()->getScalarType()->isDoubleTy() || isa<CastInst>(I) ||
          isa<PHINode>(I) || isa<SelectInst>(I) || isa<LoadInst>(I))
        continue;
      std::string Cause;
      for (const Value *Op : I.operands()) {
        if (auto *CF = dyn_cast<ConstantFP>(Op)) {
          std::string S;
          raw_string_ostream OS(S);
          OS << format("%g", CF->getValueAPF().convertToDouble());
          Cause = "the double literal " + OS.str();
          break;
        }
        if (auto *Ext = dyn_cast<FPExtInst>(Op))
          if (Ext->getSrcTy()->getScalarType()->isFloatTy())
            Cause = "a float converted to double";
      }
      if (Cause.empty())
        continue;
      C.add("DoublePrecisionInFloatKernel", I, nullptr,
            text("double-precision " + Twine(I.getOpcodeName()) +
                 " in a kernel whose data is float, caused by " + Cause +
                 ": FP64 issues " + number(Ratio) + "x slower than FP32 on " +
                 Gpu.Name + " (" + number(Gpu.issueCycles(Unit::Fp64)) +
                 " vs " + number(Gpu.issueCycles(Unit::Fp)) +
                 " cycles per warp instruction)"));
    }
}

void branchRule(const Function &F, Collector &C) {
  for (const BasicBlock &B : F) {
    auto *Br = dyn_cast<BranchInst>(B.getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    std::string Why = warpSplit(Br->getCondition());
    if (Why.empty())
      continue;
    const Instruction *At = dyn_cast<Instruction>(Br->getCondition());
    if (!At || !At->getDebugLoc())
      At = Br;
    C.add("DivergentBranch", *At, nullptr,
          "branch diverges within a warp (" + Why +
              "): the warp executes both sides one after the other");
  }
}

void loopRules(const Function &F, const Function &Kernel,
               const LoopTripCounts &Trips, FunctionAnalysisManager &FAM,
               Collector &C) {
  Function &MF = const_cast<Function &>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(MF);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(MF);
  auto &AA = FAM.getResult<AAManager>(MF);
  for (Loop *L : LI.getLoopsInPreorder()) {
    DebugLoc Start = L->getStartLoc();
    const TripChoice &Trip = Trips.forLine(Start ? Start.getLine() : 0);
    if (SE.getSmallConstantTripCount(L) == 0 && Trip.Kind != "given") {
      const Instruction *At = &*L->getHeader()->getFirstNonPHIIt();
      std::string Where =
          Start ? Kernel.getName().str() + ":" + std::to_string(Start.getLine())
                : Kernel.getName().str();
      C.add("AssumedTripCount", *At, Start.get(),
            text("loop trip count is not a compile-time constant: assumed " +
                 Twine(Trip.Count) + " iterations per entry (" + Trip.Source +
                 "); every count in its body scales with it; set it with "
                 "-gpa-trip-count=" +
                 Where + "=N (gpa: --trip-count) or `loops` in a launch file"));
    }
    SmallVector<const Instruction *, 16> Accesses;
    for (const BasicBlock *B : L->blocks())
      for (const Instruction &I : *B)
        if (isa<LoadInst>(I) || isa<StoreInst>(I))
          Accesses.push_back(&I);
    auto mayAlias = [&](const Instruction *A, const Instruction *B) {
      AliasResult R = AA.alias(MemoryLocation::get(A), MemoryLocation::get(B));
      return R == AliasResult::MayAlias || R == AliasResult::PartialAlias;
    };
    auto invariant = [&](const Value *Ptr) {
      return L->isLoopInvariant(Ptr) ||
             (SE.isSCEVable(Ptr->getType()) &&
              SE.isLoopInvariant(SE.getSCEV(const_cast<Value *>(Ptr)), L));
    };
    // A load or store whose address does not change would leave the loop
    // (LICM: hoisted load, sunk store, value kept in a register) unless
    // another access in the loop may touch the same memory.
    for (const Instruction *X : Accesses) {
      if (LI.getLoopFor(X->getParent()) != L ||
          !invariant(getLoadStorePointerOperand(X)))
        continue;
      const Instruction *Blocker = nullptr;
      for (const Instruction *Y : Accesses) {
        if (Y == X || (isa<LoadInst>(X) && isa<LoadInst>(Y)))
          continue;
        if (mayAlias(X, Y)) {
          Blocker = Y;
          break;
        }
      }
      if (!Blocker)
        continue;
      bool IsLoad = isa<LoadInst>(X);
      unsigned Line =
          Blocker->getDebugLoc() ? Blocker->getDebugLoc().getLine() : 0;
      C.add("AliasKeepsAccessInLoop", *X, nullptr,
            text(Twine(IsLoad ? "load from" : "store to") +
                 " an address that does not change in the loop is repeated "
                 "every iteration because the " +
                 (isa<LoadInst>(Blocker) ? "load" : "store") +
                 (Line ? " at line " + Twine(Line) : Twine("")) +
                 " may access the same memory: one global memory "
                 "instruction per iteration that a register would save; "
                 "mark the kernel's pointers __restrict__ (read-only ones "
                 "const __restrict__)"));
    }
  }
}
} // namespace

std::vector<Finding>
findKernelFindings(const Function &Kernel,
                   const SmallPtrSet<const Function *, 8> &Reached,
                   const GpuModel &Gpu, const LoopTripCounts &Trips,
                   FunctionAnalysisManager &FAM) {
  std::vector<Finding> Out;
  Collector C{Out};
  std::vector<const Function *> Order(Reached.begin(), Reached.end());
  std::sort(Order.begin(), Order.end(),
            [](const Function *A, const Function *B) {
              return A->getName() < B->getName();
            });
  for (const Function *F : Order) {
    if (F->isDeclaration())
      continue;
    auto &SE =
        FAM.getResult<ScalarEvolutionAnalysis>(const_cast<Function &>(*F));
    memoryRules(*F, Gpu, SE, C);
    localArrayRule(*F, C);
    branchRule(*F, C);
    loopRules(*F, Kernel, Trips, FAM, C);
  }
  fp64Rule(Reached, Gpu, C);
  auto Key = [](const Finding &F) {
    return std::tie(F.File, F.Line, F.Column, F.Rule);
  };
  std::stable_sort(
      Out.begin(), Out.end(),
      [&](const Finding &A, const Finding &B) { return Key(A) < Key(B); });
  // One finding per rule and source position (FP64 chains, unrolled copies).
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [&](const Finding &A, const Finding &B) {
                          return Key(A) == Key(B) && !A.File.empty();
                        }),
            Out.end());
  return Out;
}

} // namespace gpa
