//===- LaunchSites.cpp - Kernel launches read from host code --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// dim3 arguments reach __cudaPushCallConfiguration packed: x in the low and
// y in the high 32 bits of an i64, z as an i32. After optimisation a
// launch with constant dimensions passes constants; `dim3(n)` with a
// run-time n passes `or (zext n), 1 << 32`, which is split back into x and
// y here.
//
//===----------------------------------------------------------------------===//

#include "LaunchSites.h"
#include "KernelStubs.h"
#include "SourceLocation.h"

#include "llvm/Analysis/LazyValueInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Path.h"

#include <deque>
#include <map>
#include <set>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace gpa {

namespace {
/// The kernel launched after Push: the first stub call, or cudaLaunchKernel
/// of a stub (inlined stub), reachable from Push within a few blocks.
std::string
launchedKernel(const CallBase &Push,
               const std::map<const Function *, std::string> &Stubs) {
  auto kernelOf = [&](const Instruction &I) -> std::string {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      return "";
    const Function *Callee = Call->getCalledFunction();
    if (!Callee)
      return "";
    auto It = Stubs.find(Callee);
    if (It != Stubs.end())
      return It->second;
    if (Callee->getName().starts_with("cudaLaunchKernel") &&
        Call->arg_size() > 0) {
      auto *Stub =
          dyn_cast<Function>(Call->getArgOperand(0)->stripPointerCasts());
      if (Stub && (It = Stubs.find(Stub)) != Stubs.end())
        return It->second;
    }
    return "";
  };
  std::deque<const BasicBlock *> Work{Push.getParent()};
  std::set<const BasicBlock *> Seen{Push.getParent()};
  bool First = true;
  for (unsigned Visited = 0; !Work.empty() && Visited < 32; ++Visited) {
    const BasicBlock *B = Work.front();
    Work.pop_front();
    auto It = First ? std::next(Push.getIterator()) : B->begin();
    First = false;
    for (; It != B->end(); ++It) {
      if (std::string K = kernelOf(*It); !K.empty())
        return K;
      // The next launch configuration belongs to the next launch.
      if (auto *Call = dyn_cast<CallBase>(&*It))
        if (const Function *F = Call->getCalledFunction())
          if (F->getName() == "__cudaPushCallConfiguration")
            return "";
    }
    for (const BasicBlock *S : successors(B))
      if (Seen.insert(S).second)
        Work.push_back(S);
  }
  return "";
}

/// One scalar dimension: constant, folded by SCEV, or bounded by LVI.
LaunchValue scalar(Value *V, const CallBase &At, ScalarEvolution &SE,
                   LazyValueInfo &LVI) {
  LaunchValue Out;
  if (auto *C = dyn_cast<ConstantInt>(V)) {
    Out.Known = true;
    Out.Value = Out.Min = C->getZExtValue();
    Out.Source = "constant";
    return Out;
  }
  if (!V->getType()->isIntegerTy())
    return Out;
  if (SE.isSCEVable(V->getType()))
    if (auto *C = dyn_cast<SCEVConstant>(SE.getSCEV(V))) {
      Out.Known = true;
      Out.Value = Out.Min = C->getAPInt().getZExtValue();
      Out.Source = "derived";
      return Out;
    }
  ConstantRange R = LVI.getConstantRange(V, const_cast<CallBase *>(&At),
                                         /*UndefAllowed=*/false);
  if (SE.isSCEVable(V->getType()))
    R = R.intersectWith(SE.getUnsignedRange(SE.getSCEV(V)));
  if (R.isFullSet() || R.isEmptySet() || R.isWrappedSet())
    return Out;
  // CUDA dimensions are at least 1; a range that admits 0 has no lower
  // bound worth stating, but its upper bound still is one.
  Out.Known = true;
  Out.IsRange = true;
  Out.Min = std::max<uint64_t>(1, R.getUnsignedMin().getZExtValue());
  Out.Value = R.getUnsignedMax().getZExtValue();
  Out.Source = "derived";
  if (Out.Min == Out.Value)
    Out.IsRange = false;
  return Out;
}

/// A packed dim3 (x | y << 32): constant, or `or/add (zext x), (y << 32)`.
void packed(Value *V, const CallBase &At, ScalarEvolution &SE,
            LazyValueInfo &LVI, LaunchValue &X, LaunchValue &Y) {
  if (auto *C = dyn_cast<ConstantInt>(V)) {
    uint64_t Bits = C->getZExtValue();
    X.Known = Y.Known = true;
    X.Value = X.Min = Bits & 0xffffffffu;
    Y.Value = Y.Min = Bits >> 32;
    X.Source = Y.Source = "constant";
    return;
  }
  Value *Low = nullptr;
  ConstantInt *High = nullptr;
  if ((match(V, m_Or(m_Value(Low), m_ConstantInt(High))) ||
       match(V, m_Add(m_Value(Low), m_ConstantInt(High)))) &&
      (High->getZExtValue() & 0xffffffffu) == 0) {
    Y.Known = true;
    Y.Value = Y.Min = High->getZExtValue() >> 32;
    Y.Source = "constant";
    Value *Narrow = nullptr;
    if (match(Low, m_ZExt(m_Value(Narrow))))
      Low = Narrow;
    X = scalar(Low, At, SE, LVI);
    return;
  }
  LaunchValue Whole = scalar(V, At, SE, LVI);
  if (Whole.Known && !Whole.IsRange) {
    X = Y = Whole;
    X.Value = X.Min = Whole.Value & 0xffffffffu;
    Y.Value = Y.Min = Whole.Value >> 32;
  }
}

} // namespace

LaunchValue LaunchSite::product(const LaunchValue (&D)[3]) {
  LaunchValue P;
  P.Known = true;
  P.Value = P.Min = 1;
  P.Source = "constant";
  for (const LaunchValue &V : D) {
    if (!V.Known)
      return LaunchValue();
    P.Value *= V.Value;
    P.Min *= V.Min;
    P.IsRange |= V.IsRange;
    if (V.Source == "derived")
      P.Source = "derived";
  }
  return P;
}

std::string launchValueText(const LaunchValue &V) {
  if (!V.Known)
    return "?";
  if (V.IsRange)
    return std::to_string(V.Min) + ".." + std::to_string(V.Value);
  return std::to_string(V.Value);
}

std::vector<LaunchSite> findLaunchSites(Module &M,
                                        FunctionAnalysisManager &FAM) {
  std::vector<LaunchSite> Out;
  Function *Push = M.getFunction("__cudaPushCallConfiguration");
  if (!Push)
    return Out;
  std::map<const Function *, std::string> Stubs;
  for (auto &[Stub, Kernel] : kernelsOfStubs(M))
    Stubs[Stub] = Kernel;
  if (Stubs.empty())
    return Out;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || Call->getCalledFunction() != Push || Call->arg_size() < 5)
        continue;
      LaunchSite S;
      S.Push = Call;
      S.Kernel = launchedKernel(*Call, Stubs);
      if (S.Kernel.empty())
        continue;
      auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
      auto &LVI = FAM.getResult<LazyValueAnalysis>(F);
      packed(Call->getArgOperand(0), *Call, SE, LVI, S.Grid[0], S.Grid[1]);
      S.Grid[2] = scalar(Call->getArgOperand(1), *Call, SE, LVI);
      packed(Call->getArgOperand(2), *Call, SE, LVI, S.Block[0], S.Block[1]);
      S.Block[2] = scalar(Call->getArgOperand(3), *Call, SE, LVI);
      S.DynamicSharedBytes = scalar(Call->getArgOperand(4), *Call, SE, LVI);
      if (const DILocation *L = Call->getDebugLoc().get()) {
        S.File = relativeFile(*L);
        S.Line = L->getLine();
        S.Column = L->getColumn();
      }
      Out.push_back(std::move(S));
    }
  }
  return Out;
}

} // namespace gpa
