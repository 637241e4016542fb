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
#include "gpa/FindingMessages.h"
#include "gpa/InstructionCosts.h"
#include "gpa/SharedBankConflicts.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

using namespace llvm;

namespace gpa {

namespace {

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

/// The first threadIdx.x on the other side of `tx PRED K` (`K PRED tx`
/// when \p Swapped): K, or K + 1 for > and <= (InstCombine writes
/// tx >= 32 as tx > 31, which splits no warp).
uint64_t warpSplitBoundary(CmpInst::Predicate P, bool Swapped, uint64_t K) {
  if (Swapped)
    P = CmpInst::getSwappedPredicate(P);
  bool AfterK = P == CmpInst::ICMP_UGT || P == CmpInst::ICMP_SGT ||
                P == CmpInst::ICMP_ULE || P == CmpInst::ICMP_SLE;
  return AfterK ? K + 1 : K;
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
    if (isThreadIdxX(Op) && Other &&
        warpSplitBoundary(Cmp->getPredicate(), I == 1, Other->getZExtValue()) %
                32 !=
            0)
      return warpSplitCause(WarpSplitKind::Compared, Other->getZExtValue());
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
          return warpSplitCause(WarpSplitKind::Remainder, K);
        if (B->getOpcode() == Instruction::And && (K & 31) != 0)
          return warpSplitCause(WarpSplitKind::Mask, K);
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

/// A located instruction near I: I's own location when it has a line and
/// a column; else an instruction of its address on the same line with a
/// column (a load merged from two arms keeps line, not column); else I's
/// line; else the nearest located instruction before it in its block, then
/// after it. Null when the block has none.
const DILocation *nearestLocation(const Instruction &I) {
  const DILocation *Own = I.getDebugLoc().get();
  if (Own && Own->getLine() && Own->getColumn())
    return Own;
  SmallVector<const Value *, 8> Work;
  if (const Value *Ptr = getLoadStorePointerOperand(&I))
    Work.push_back(Ptr);
  for (const Value *Op : I.operands())
    Work.push_back(Op);
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty() && Seen.size() < 16) {
    const Value *V = Work.pop_back_val();
    auto *J = dyn_cast<Instruction>(V);
    if (!J || !Seen.insert(J).second)
      continue;
    const DILocation *L = J->getDebugLoc().get();
    if (L && L->getLine() && L->getColumn() &&
        (!Own || !Own->getLine() || L->getLine() == Own->getLine()))
      return L;
    for (const Value *Op : J->operands())
      Work.push_back(Op);
  }
  if (Own && Own->getLine())
    return Own;
  for (auto It = I.getReverseIterator(); It != I.getParent()->rend(); ++It)
    if (const DILocation *L = It->getDebugLoc().get(); L && L->getLine())
      return L;
  for (auto It = I.getIterator(); It != I.getParent()->end(); ++It)
    if (const DILocation *L = It->getDebugLoc().get(); L && L->getLine())
      return L;
  return nullptr;
}

struct Collector {
  std::vector<Finding> &Out;
  void add(const char *Rule, const Instruction &I, const DILocation *Loc,
           std::string Message) {
    Finding F;
    F.Rule = Rule;
    F.At = &I;
    F.Loc = Loc ? Loc : nearestLocation(I);
    if (F.Loc) {
      F.File = relativeFile(*F.Loc);
      F.Line = F.Loc->getLine();
      F.Column = F.Loc->getColumn();
      F.InSystemHeader = isSystemHeader(*F.Loc);
    }
    F.Message = std::move(Message);
    Out.push_back(std::move(F));
  }
};

/// How many lanes of a warp run I, from the conditions on threadIdx.x
/// that guard its block: `tx == C` one, `tx < C` C (C below the warp
/// size), `tx <= C` C + 1; 32 when nothing bounds them.
unsigned activeLanes(const Instruction &I, DominatorTree &DT) {
  unsigned Lanes = SharedBanks;
  const BasicBlock *Target = I.getParent();
  for (DomTreeNode *N = DT.getNode(Target); N && N->getIDom();
       N = N->getIDom()) {
    const BasicBlock *D = N->getIDom()->getBlock();
    auto *Br = dyn_cast<BranchInst>(D->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
    if (!Cmp)
      continue;
    auto *C = dyn_cast<ConstantInt>(Cmp->getOperand(1));
    if (!C || !isThreadIdxX(stripCasts(Cmp->getOperand(0))))
      continue;
    for (unsigned Side = 0; Side < 2; ++Side) {
      if (!DT.dominates(BasicBlockEdge(D, Br->getSuccessor(Side)), Target))
        continue;
      CmpInst::Predicate P =
          Side == 0 ? Cmp->getPredicate() : Cmp->getInversePredicate();
      uint64_t K = C->getZExtValue();
      if (P == CmpInst::ICMP_EQ)
        Lanes = 1;
      else if ((P == CmpInst::ICMP_ULT || P == CmpInst::ICMP_SLT) && K < 32)
        Lanes = std::min<unsigned>(Lanes, std::max<uint64_t>(K, 1));
      else if ((P == CmpInst::ICMP_ULE || P == CmpInst::ICMP_SLE) && K < 31)
        Lanes = std::min<unsigned>(Lanes, unsigned(K + 1));
    }
  }
  return Lanes;
}

/// Whether another global access of the function reads within \p Stride
/// bytes of \p Ptr (a constant offset from it).
bool neighboursRead(
    const Instruction &I, const Value *Ptr, int64_t Stride,
    const std::vector<std::pair<const Instruction *, const Value *>> &Globals,
    ScalarEvolution &SE) {
  const SCEV *A = SE.getSCEV(const_cast<Value *>(Ptr));
  for (const auto &[J, Q] : Globals) {
    if (J == &I)
      continue;
    const SCEV *D = SE.getMinusSCEV(SE.getSCEV(const_cast<Value *>(Q)), A);
    if (auto *C = dyn_cast<SCEVConstant>(D)) {
      int64_t Off = std::llabs(C->getAPInt().getSExtValue());
      if (Off > 0 && Off < Stride)
        return true;
    }
  }
  return false;
}

void memoryRules(const Function &F, const GpuModel &Gpu, ScalarEvolution &SE,
                 DominatorTree &DT, const FindingContext &Context,
                 Collector &C) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  const MemoryGeometry Geometry = memoryGeometry(Gpu);
  std::vector<std::pair<const Instruction *, const Value *>> Globals;
  for (const Instruction &I : instructions(F)) {
    Classification K = classifyInstruction(I, DL);
    if (K.Kind == InstKind::Memory && K.Pointer &&
        (K.AddrSpace == AS_Global || K.GenericAsGlobal) &&
        SE.isSCEVable(K.Pointer->getType()))
      Globals.push_back({&I, K.Pointer});
  }
  for (const Instruction &I : instructions(F)) {
    Classification K = classifyInstruction(I, DL);
    if (K.Kind != InstKind::Memory || !K.Pointer || !K.Bytes)
      continue;
    if (K.AddrSpace == AS_Global || K.GenericAsGlobal) {
      AccessPattern P = analyzeAccess(K.Pointer, K.Bytes, SE, Geometry);
      if (!P.isUncoalesced())
        continue;
      // A unit-stride warp access of the same width (the shared cost model).
      double Ideal =
          transactionsPerWarp(std::int64_t(K.Bytes), K.Bytes, Geometry);
      bool Load = isa<LoadInst>(I);
      if (P.Kind == AccessKind::DataDependent && !P.Gather) {
        // Precondition of UncoalescedAccess: an address the analysis can
        // follow. This one it cannot: say so, with the estimate it used.
        C.add("UnanalysedAccess", I, nullptr,
              unanalysedAccessMessage(Load, K.Bytes, P.TransactionsPerWarp,
                                      Ideal));
        continue;
      }
      double Extra =
          std::max(0.0, P.TransactionsPerWarp - Ideal) * Gpu.TransactionBytes;
      // Precondition for a short stride: the bytes between neighbouring
      // threads are not read by the kernel's other accesses (the fields of
      // one struct, p[tid].x and p[tid].y, share their sectors: no extra
      // DRAM bytes).
      if (P.Kind == AccessKind::Strided &&
          std::llabs(P.StrideBytes) <= std::int64_t(Gpu.TransactionBytes) &&
          neighboursRead(I, K.Pointer, std::llabs(P.StrideBytes), Globals, SE))
        continue;
      UncoalescedKind Kind = P.Kind == AccessKind::Strided
                                 ? UncoalescedKind::Strided
                             : P.Kind == AccessKind::VariableStride
                                 ? UncoalescedKind::VariableStride
                                 : UncoalescedKind::Gather;
      C.add("UncoalescedAccess", I, nullptr,
            uncoalescedMessage(Kind, Load, K.Bytes, P.StrideBytes,
                               P.TransactionsPerWarp, Ideal, Extra));
    } else if (K.AddrSpace == AS_Shared) {
      AccessPattern P = analyzeAccess(K.Pointer, K.Bytes, SE, Geometry);
      if (P.Kind != AccessKind::Strided)
        continue;
      // The lanes that really run it: those the guards leave, laid over
      // the block's rows when the block is narrower than a warp.
      WarpLanes Lanes;
      Lanes.ActiveX = activeLanes(I, DT);
      if (Context.Block.X > 0 && Context.Block.X < SharedBanks) {
        Lanes.RowThreads = unsigned(Context.Block.X);
        std::optional<int64_t> Row = threadStrideBytes(K.Pointer, 1, SE);
        if (Row)
          Lanes.RowStrideBytes = *Row;
        else
          Lanes.RowsKnown = false;
      }
      unsigned Ways = sharedBankConflictWays(P.StrideBytes, K.Bytes, Lanes);
      if (Ways <= 1)
        continue;
      C.add("SharedBankConflict", I, nullptr,
            sharedBankConflictMessage(
                Ways, isa<LoadInst>(I), P.StrideBytes, Lanes.ActiveX,
                std::uint64_t(Context.Block.X), "-gpa-block-size"));
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
              localMemoryArrayMessage(Bytes, isa<LoadInst>(Access)));
        goto NextAlloca;
      }
    }
  NextAlloca:;
  }
}

/// The double arithmetic of a float kernel, grouped by cause: each
/// instruction with a double literal or a float converted to double starts
/// a group, and the double instructions computed from a group's results
/// (the promoted rest of the expression) join the first group they use.
/// One finding per group, at the cause, listing its instructions.
void fp64Rule(const std::vector<const Function *> &Order, const GpuModel &Gpu,
              Collector &C) {
  bool FloatData = false, DoubleData = false;
  for (const Function *F : Order)
    for (const Instruction &I : instructions(*F))
      if (const Type *T = accessType(I)) {
        FloatData |= isFloatData(T);
        DoubleData |= isDoubleData(T);
      }
  if (!FloatData || DoubleData)
    return;
  auto IsDoubleArithmetic = [](const Instruction &I) {
    return (isa<BinaryOperator>(I) || isa<FPMathOperator>(I)) &&
           I.getType()->getScalarType()->isDoubleTy() && !isa<CastInst>(I) &&
           !isa<PHINode>(I) && !isa<SelectInst>(I) && !isa<LoadInst>(I);
  };
  struct Group {
    const Instruction *Cause;
    std::string Why;
    std::vector<const Instruction *> Members;
  };
  std::vector<Group> Groups;
  std::map<const Instruction *, std::size_t> GroupOf;
  for (const Function *F : Order)
    for (const Instruction &I : instructions(*F)) {
      if (!IsDoubleArithmetic(I))
        continue;
      // Joins the group of a double operand it is computed from.
      std::optional<std::size_t> From;
      std::string Literal, Converted;
      for (const Value *Op : I.operands()) {
        if (auto *OpI = dyn_cast<Instruction>(Op))
          if (auto It = GroupOf.find(OpI); It != GroupOf.end() && !From)
            From = It->second;
        if (auto *CF = dyn_cast<ConstantFP>(Op); CF && Literal.empty())
          Literal = doubleLiteralCause(CF->getValueAPF().convertToDouble());
        if (auto *Ext = dyn_cast<FPExtInst>(Op))
          if (Ext->getSrcTy()->getScalarType()->isFloatTy())
            Converted = "a float converted to double";
      }
      if (!Literal.empty() || (!From && !Converted.empty())) {
        // A literal is a cause of its own (a source expression to change);
        // so is a conversion that nothing before explains.
        GroupOf[&I] = Groups.size();
        Groups.push_back({&I, Literal.empty() ? Converted : Literal, {&I}});
      } else if (From) {
        GroupOf[&I] = *From;
        Groups[*From].Members.push_back(&I);
      }
    }
  for (const Group &G : Groups) {
    std::string List;
    std::set<std::string> Listed;
    for (const Instruction *M : G.Members) {
      std::string Item = M->getOpcodeName();
      if (const DILocation *L = M->getDebugLoc().get(); L && L->getLine())
        Item += " at " + std::to_string(L->getLine()) + ":" +
                std::to_string(L->getColumn());
      if (Listed.insert(Item).second)
        List += (List.empty() ? "" : ", ") + Item;
    }
    C.add("DoublePrecisionInFloatKernel", *G.Cause, nullptr,
          doublePrecisionMessage(G.Why, Listed.size(), List, Gpu.Name,
                                 Gpu.issueCycles(Unit::Fp64),
                                 Gpu.issueCycles(Unit::Fp)));
  }
}

/// Whether one side of Br does nothing: the successor is where the two
/// sides meet (the branch's immediate post-dominator), or a block that only
/// jumps there, converting the values the join takes (a zext of tx that
/// LLVM hoisted from both sides into each). Not one that selects addresses
/// (srad's else-if chain picks each side's array there).
bool hasEmptySide(const BranchInst &Br, PostDominatorTree &PDT) {
  DomTreeNode *N = PDT.getNode(Br.getParent());
  const BasicBlock *Join =
      N && N->getIDom() ? N->getIDom()->getBlock() : nullptr;
  if (!Join)
    return false;
  auto OnlyConverts = [&](const BasicBlock &S) {
    return std::all_of(S.begin(), std::prev(S.end()),
                       [&](const Instruction &I) { return isa<CastInst>(I); });
  };
  for (const BasicBlock *S : Br.successors()) {
    if (S == Join)
      return true;
    if (S->getSingleSuccessor() == Join && OnlyConverts(*S))
      return true;
  }
  return false;
}

/// A comparison of threadIdx.x with a constant: it splits only the warp
/// that holds the boundary (tx == C: one lane; tx < C: a tail).
bool comparesThreadIdxWithConstant(const Value *Cond) {
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  return Cmp && isa<ConstantInt>(Cmp->getOperand(1)) &&
         isThreadIdxX(stripCasts(Cmp->getOperand(0)));
}

void branchRule(const Function &F, PostDominatorTree &PDT, Collector &C) {
  for (const BasicBlock &B : F) {
    auto *Br = dyn_cast<BranchInst>(B.getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    std::string Why = warpSplit(Br->getCondition());
    if (Why.empty())
      continue;
    bool EmptySide = hasEmptySide(*Br, PDT);
    // Precondition: both sides do work, or the split repeats in every warp.
    // A single-thread or tail guard with an empty side (if (tx == 0) {...})
    // idles lanes of one warp; nothing runs one after the other.
    if (EmptySide && comparesThreadIdxWithConstant(Br->getCondition()))
      continue;
    const Instruction *At = dyn_cast<Instruction>(Br->getCondition());
    if (!At || !At->getDebugLoc())
      At = Br;
    C.add("DivergentBranch", *At, nullptr,
          divergentBranchMessage(Why, EmptySide));
  }
}

/// Whether P points to global memory: address space 1, or a generic
/// pointer whose underlying object is a kernel's pointer argument or a
/// global variable of no other space. Shared, local and constant memory are
/// not what __restrict__ on the kernel's pointers changes.
bool pointsToGlobal(const Value *P) {
  unsigned AS = P->getType()->getPointerAddressSpace();
  if (AS == AS_Global)
    return true;
  if (AS != 0)
    return false;
  const Value *Base = getUnderlyingObject(P, 12);
  if (auto *Cast = dyn_cast<AddrSpaceCastInst>(Base))
    return Cast->getSrcAddressSpace() == AS_Global;
  if (auto *CE = dyn_cast<ConstantExpr>(Base))
    if (CE->getOpcode() == Instruction::AddrSpaceCast)
      return CE->getOperand(0)->getType()->getPointerAddressSpace() ==
             AS_Global;
  if (auto *GV = dyn_cast<GlobalVariable>(Base))
    return GV->getAddressSpace() == AS_Global || GV->getAddressSpace() == 0;
  // Loaded pointers (a struct's field) and arguments point to global memory
  // in a kernel; allocas do not.
  return isa<Argument>(Base) || isa<LoadInst>(Base);
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
            assumedTripCountMessage(Trip.Count, Trip.Source, Where,
                                    "-gpa-trip-count"));
    }
    SmallVector<const Instruction *, 16> Accesses;
    bool Barrier = false;
    for (const BasicBlock *B : L->blocks())
      for (const Instruction &I : *B) {
        if (isa<LoadInst>(I) || isa<StoreInst>(I))
          Accesses.push_back(&I);
        Barrier |= isBlockBarrier(I);
      }
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
    // Preconditions: a loop with a barrier re-reads by design (other
    // threads write the value between iterations), and __restrict__ only
    // speaks of global pointers.
    if (Barrier)
      continue;
    for (const Instruction *X : Accesses) {
      if (LI.getLoopFor(X->getParent()) != L ||
          !invariant(getLoadStorePointerOperand(X)) ||
          !pointsToGlobal(getLoadStorePointerOperand(X)))
        continue;
      const Instruction *Blocker = nullptr;
      for (const Instruction *Y : Accesses) {
        if (Y == X || (isa<LoadInst>(X) && isa<LoadInst>(Y)) ||
            !pointsToGlobal(getLoadStorePointerOperand(Y)))
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
            aliasKeepsAccessMessage(IsLoad, isa<LoadInst>(Blocker), Line));
    }
  }
}
} // namespace

bool isBlockBarrier(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  const Function *F = Call ? Call->getCalledFunction() : nullptr;
  if (!F)
    return false;
  StringRef Name = F->getName();
  return Name.starts_with("llvm.nvvm.barrier") ||
         Name.starts_with("llvm.nvvm.bar.") || Name == "__syncthreads";
}

std::vector<Finding> findKernelFindings(
    const Function &Kernel, const SmallPtrSet<const Function *, 8> &Reached,
    const GpuModel &Gpu, const LoopTripCounts &Trips,
    FunctionAnalysisManager &FAM, const FindingContext &Context) {
  std::vector<Finding> Out;
  Collector C{Out};
  std::vector<const Function *> Order(Reached.begin(), Reached.end());
  std::sort(Order.begin(), Order.end(),
            [](const Function *A, const Function *B) {
              return A->getName() < B->getName();
            });
  std::vector<const Function *> Defined;
  for (const Function *F : Order) {
    if (F->isDeclaration())
      continue;
    Defined.push_back(F);
    Function &MF = const_cast<Function &>(*F);
    auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(MF);
    auto &DT = FAM.getResult<DominatorTreeAnalysis>(MF);
    auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(MF);
    memoryRules(*F, Gpu, SE, DT, Context, C);
    localArrayRule(*F, C);
    branchRule(*F, PDT, C);
    loopRules(*F, Kernel, Trips, FAM, C);
  }
  fp64Rule(Defined, Gpu, C);
  // No finding without a location where the code has them (the rules
  // locate at the nearest line); code built without -g has none, and the
  // remarks fall back to the kernel's line there.
  if (Kernel.getSubprogram())
    Out.erase(std::remove_if(Out.begin(), Out.end(),
                             [](const Finding &F) { return F.File.empty(); }),
              Out.end());
  auto Key = [](const Finding &F) {
    return std::tie(F.File, F.Line, F.Column, F.Rule);
  };
  std::stable_sort(
      Out.begin(), Out.end(),
      [&](const Finding &A, const Finding &B) { return Key(A) < Key(B); });
  // One finding per rule and source position (unrolled copies).
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [&](const Finding &A, const Finding &B) {
                          return Key(A) == Key(B) && !A.File.empty();
                        }),
            Out.end());
  return Out;
}

} // namespace gpa
