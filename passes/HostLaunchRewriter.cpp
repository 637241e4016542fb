//===- HostLaunchRewriter.cpp - Launches via libgpa_runtime ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The call it emits follows runtime/include/gpa/runtime/LaunchAbi.h, the
// header libgpa_runtime's hook is checked against.
//
//===----------------------------------------------------------------------===//

#include "HostLaunchRewriter.h"
#include "DebugType.h"
#include "DeviceHandoff.h"
#include "KernelStubs.h"
#include "Remarks.h"

#include "gpa/CanonicalJson.h"
#include "gpa/runtime/LaunchAbi.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#include <type_traits>

#define DEBUG_TYPE GPA_DEBUG_TYPE

using namespace llvm;

namespace gpa {

namespace {

/// Every cudaLaunchKernel call whose kernel operand is a registered stub:
/// the one in the stub and the copies inlined into its callers.
std::vector<std::pair<CallBase *, Function *>>
launchCalls(Module &M, const std::map<Function *, std::string> &Kernels) {
  std::vector<std::pair<CallBase *, Function *>> Out;
  for (const char *Name :
       {"cudaLaunchKernel", "cudaLaunchKernel_ptsz",
        "cudaLaunchCooperativeKernel", "cudaLaunchCooperativeKernel_ptsz"}) {
    Function *Launch = M.getFunction(Name);
    if (!Launch)
      continue;
    for (User *U : Launch->users()) {
      auto *Call = dyn_cast<CallBase>(U);
      if (!Call || isa<CallBrInst>(Call) ||
          Call->getCalledFunction() != Launch || Call->arg_size() == 0)
        continue;
      auto *Stub =
          dyn_cast<Function>(Call->getArgOperand(0)->stripPointerCasts());
      if (Stub && Kernels.count(Stub))
        Out.push_back({Call, Stub});
    }
  }
  return Out;
}

struct RewriteFacts {
  bool Found = false;
  bool GridIndependent = true;
  unsigned UnitDims = 0;
  std::string SmRefusal; // why its SMs must not be restricted; "" if none
  std::string Reason;
  std::string Payload;
  std::string Invalid; // why the handoff cannot be embedded; "" when valid
};

/// Combines every arch's device analysis of one kernel: grid-independent
/// only if every arch's code was proven so.
RewriteFacts combine(const HandoffByArch &Handoff, const std::string &Name) {
  RewriteFacts F;
  nlohmann::json Profiles = nlohmann::json::object();
  for (const auto &[Arch, Kernels] : Handoff)
    for (const HandoffKernel &K : Kernels) {
      if (K.Name != Name)
        continue;
      F.Found = true;
      std::string Why;
      if (F.Invalid.empty() && !validHandoffKernel(Arch, K, Why))
        F.Invalid = Why;
      if (F.Reason.empty() || (F.GridIndependent && !K.GridIndependent))
        F.Reason = K.Reason;
      F.GridIndependent &= K.GridIndependent;
      F.UnitDims |= K.GridUnitDims;
      if (F.SmRefusal.empty())
        F.SmRefusal = K.SmRefusal;
      Profiles[Arch] = K.Profile;
    }
  F.Payload = toCanonicalJson(
      {{launch_abi::PayloadSchemaKey, launch_abi::PayloadSchema},
       {launch_abi::PayloadGridIndependentKey, F.GridIndependent},
       {launch_abi::PayloadReasonKey, F.Reason},
       {launch_abi::PayloadProfilesKey, Profiles}});
  return F;
}

/// The IR type of one of the hook's C parameters.
template <typename T> Type *irType(LLVMContext &Ctx) {
  static_assert(std::is_pointer_v<T> || std::is_same_v<T, int>,
                "a launch ABI parameter type without an IR mapping");
  if constexpr (std::is_pointer_v<T>)
    return PointerType::getUnqual(Ctx);
  else
    return Type::getInt32Ty(Ctx);
}

template <typename... Ts>
void appendIrTypes(SmallVectorImpl<Type *> &Out, LLVMContext &Ctx,
                   std::tuple<Ts...> *) {
  (Out.push_back(irType<Ts>(Ctx)), ...);
}

/// The <<<>>> site of a launch call: where an inlined stub was called
/// (the outermost inlinedAt), else the call itself.
DiagnosticLocation launchSite(const CallBase &Launch) {
  const DILocation *Loc = Launch.getDebugLoc().get();
  while (Loc && Loc->getInlinedAt())
    Loc = Loc->getInlinedAt();
  return Loc ? DiagnosticLocation(DebugLoc(Loc)) : DiagnosticLocation();
}

/// True when Stub's address is used other than as a direct callee, as the
/// kernel operand of a launch or in __cudaRegisterFunction: a function
/// pointer (thrust, cub, kernel tables) may launch it through the stub's
/// own, non-inlined launch call.
bool stubAddressEscapes(const Function &Stub) {
  for (const Use &U : Stub.uses()) {
    const auto *Call = dyn_cast<CallBase>(U.getUser());
    if (Call && Call->isCallee(&U))
      continue;
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (Callee && is_contained({StringRef("__cudaRegisterFunction"),
                                StringRef("cudaLaunchKernel"),
                                StringRef("cudaLaunchKernel_ptsz"),
                                StringRef("cudaLaunchCooperativeKernel"),
                                StringRef(launch_abi::HookName)},
                               Callee->getName()))
      continue;
    return true;
  }
  return false;
}

/// A remark at every launch site of Launch, "launch of <Shown>" + Rest: the
/// callers of the stub when the call is the stub's own (and the stub itself
/// when a function pointer may reach it), else the inlined call's site.
template <typename RemarkT>
void remarkLaunchSites(CallBase &Launch, Function &Stub,
                       FunctionAnalysisManager &FAM, const char *Name,
                       const std::string &Shown, const std::string &Rest) {
  struct Site {
    Function *F;
    DiagnosticLocation Loc;
    const char *Via; // how the stub's own launch is reached
  };
  std::vector<Site> Sites;
  const BasicBlock *Block = Launch.getParent();
  bool InStub = Launch.getFunction() == &Stub;
  if (InStub) {
    for (User *U : Stub.users())
      if (auto *Call = dyn_cast<CallBase>(U))
        if (Call->getCalledFunction() == &Stub)
          Sites.push_back({Call->getFunction(), launchSite(*Call), ""});
    if (stubAddressEscapes(Stub))
      Sites.push_back(
          {&Stub, launchSite(Launch), " through a function pointer"});
    else if (Sites.empty() && !Stub.hasLocalLinkage())
      // Every call here was inlined (and reported there), but other
      // translation units may call the stub.
      Sites.push_back(
          {&Stub, launchSite(Launch), " from other translation units"});
  }
  // A local stub whose every call was inlined and whose address is not
  // taken launches nothing by itself: its call sites were reported with
  // the inlined copies.
  bool InlinedEverywhere = InStub && Sites.empty() && Stub.hasNUsesOrMore(1);
  if (Sites.empty() && !InlinedEverywhere)
    Sites.push_back({Launch.getFunction(), launchSite(Launch), ""});
  for (const Site &S : Sites) {
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*S.F);
    ORE.emit([&] {
      return RemarkT(RemarkPassName, Name, S.Loc,
                     S.F == Launch.getFunction() ? Block
                                                 : &S.F->getEntryBlock())
             << "launch of " << Shown << S.Via << Rest;
    });
  }
}

/// The kernel name and payload strings, one pair per kernel and module.
using StringCache = std::map<std::string, std::pair<Constant *, Constant *>>;

void rewriteCall(CallBase &Launch, const std::string &Kernel,
                 const RewriteFacts &F, launch_abi::RewriteMode Mode,
                 StringCache &Strings) {
  Module &M = *Launch.getModule();
  LLVMContext &Ctx = M.getContext();
  FunctionType *Old = Launch.getFunctionType();
  SmallVector<Type *, 12> Params(Old->params());
  appendIrTypes(Params, Ctx,
                static_cast<launch_abi::HookExtraParams *>(nullptr));
  FunctionCallee Hook = M.getOrInsertFunction(
      launch_abi::HookName,
      FunctionType::get(Old->getReturnType(), Params, false));
  IRBuilder<> B(&Launch);
  SmallVector<Value *, 12> Args(Launch.args());
  auto [It, New] = Strings.try_emplace(Kernel);
  if (New)
    It->second = {B.CreateGlobalString(Kernel, "gpa.kernel.name"),
                  B.CreateGlobalString(F.Payload, "gpa.kernel.profile")};
  // In HookExtraParams's order.
  Args.push_back(It->second.first);
  Args.push_back(It->second.second);
  Args.push_back(B.getInt32(launch_abi::gridVerdictNumber(
      F.GridIndependent, F.UnitDims, !F.SmRefusal.empty())));
  Args.push_back(B.getInt32(int(Mode)));
  LLVM_DEBUG(dbgs() << "gpu-power-advisor: " << Launch.getFunction()->getName()
                    << ": launch of " << Kernel << " -> "
                    << launch_abi::HookName << " (mode " << int(Mode) << ")\n");
  // A launch inside `try`, or with a destructor to run on unwind, is an
  // invoke: it stays one, with the same normal and unwind destinations, so
  // its block keeps its terminator.
  CallBase *Call;
  if (auto *Invoke = dyn_cast<InvokeInst>(&Launch))
    Call = B.CreateInvoke(Hook, Invoke->getNormalDest(),
                          Invoke->getUnwindDest(), Args);
  else
    Call = B.CreateCall(Hook, Args);
  Call->setCallingConv(Launch.getCallingConv());
  Call->setDebugLoc(Launch.getDebugLoc());
  Call->takeName(&Launch);
  Launch.replaceAllUsesWith(Call);
  Launch.eraseFromParent();
}
} // namespace

bool rewriteHostLaunches(Module &M, const PluginOptions &O,
                         FunctionAnalysisManager &FAM,
                         const HandoffByArch &Handoff,
                         const std::vector<std::string> &Problems) {
  std::map<Function *, std::string> Kernels = kernelsOfStubs(M);
  if (Kernels.empty())
    return false; // no CUDA kernels registered: nothing launches here
  std::string Ignored;
  for (const std::string &P : Problems)
    Ignored += "; ignored invalid handoff file " + P;
  launch_abi::RewriteMode Mode = launch_abi::RewriteMode::Grid;
  launch_abi::parseRewriteMode(O.RewriteMode, Mode); // validated by caller
  bool Changed = false;
  StringCache Strings;
  for (auto [Launch, Stub] : launchCalls(M, Kernels)) {
    const std::string &Name = Kernels[Stub];
    std::string Shown = demangle(Name);
    if (Launch->getCalledFunction()->getName().ends_with("_ptsz")) {
      // The runtime launches through cudaLaunchKernel; for a per-thread
      // default stream program its stream 0 would mean the legacy stream.
      remarkLaunchSites<OptimizationRemarkMissed>(
          *Launch, *Stub, FAM, "LaunchNotRewritten", Shown,
          " left unchanged: per-thread default "
          "stream launches (cudaLaunchKernel_ptsz) are not routed");
      continue;
    }
    if (Launch->getCalledFunction()->getName().starts_with(
            "cudaLaunchCooperativeKernel")) {
      // Its blocks synchronise across the grid: they must all be resident,
      // and the grid is the program's (co-residency) choice.
      remarkLaunchSites<OptimizationRemarkMissed>(
          *Launch, *Stub, FAM, "LaunchNotRewritten", Shown,
          " left unchanged: a cooperative launch (cudaLaunchCooperativeKernel) "
          "needs every block resident at once; neither its grid nor its SMs "
          "are changed");
      continue;
    }
    RewriteFacts F = combine(Handoff, Name);
    if (!F.Found) {
      remarkLaunchSites<OptimizationRemarkMissed>(
          *Launch, *Stub, FAM, "LaunchNotRewritten", Shown,
          " left unchanged: no device analysis of " + M.getSourceFileName() +
              " in this compilation (device and host compiled separately? "
              "pass -mllvm -gpa-handoff-dir=DIR to both)" +
              Ignored);
      continue;
    }
    if (!F.Invalid.empty()) {
      // Never embed what libgpa_runtime could not read.
      remarkLaunchSites<OptimizationRemarkMissed>(
          *Launch, *Stub, FAM, "LaunchNotRewritten", Shown,
          " left unchanged: its device analysis handoff is invalid (" +
              F.Invalid + ")");
      continue;
    }
    if (!F.GridIndependent && Mode == launch_abi::RewriteMode::Grid) {
      remarkLaunchSites<OptimizationRemarkMissed>(
          *Launch, *Stub, FAM, "LaunchNotRewritten", Shown,
          " left unchanged: grid not proven "
          "independent (" +
              F.Reason +
              "); -gpa-rewrite-mode=sm or auto "
              "restricts its SMs instead");
      continue;
    }
    bool MayRestrictSms =
        Mode == launch_abi::RewriteMode::Sm ||
        (Mode == launch_abi::RewriteMode::Auto && !F.GridIndependent);
    if (MayRestrictSms && !F.SmRefusal.empty()) {
      remarkLaunchSites<OptimizationRemarkMissed>(
          *Launch, *Stub, FAM, "LaunchNotRewritten", Shown,
          " left unchanged: SM restriction refused: " + F.SmRefusal +
              "; with fewer SMs not all its blocks are resident at once "
              "and it could deadlock");
      continue;
    }
    std::string How =
        F.GridIndependent && Mode != launch_abi::RewriteMode::Sm
            ? "its grid may shrink to IPP's optimal SMs x resident blocks "
              "(grid-independent: " +
                  F.Reason + ")"
            : "its SMs may be restricted with a green context, grid "
              "unchanged (" +
                  F.Reason + ")";
    remarkLaunchSites<OptimizationRemark>(
        *Launch, *Stub, FAM, "LaunchRewritten", Shown,
        std::string(" routed through libgpa_runtime: when the ") +
            "device model finds it bandwidth-bound, " + How +
            "; GPA_DISABLE=1 restores the original launch");
    rewriteCall(*Launch, Name, F, Mode, Strings);
    Changed = true;
  }
  return Changed;
}

} // namespace gpa
