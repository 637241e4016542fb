//===- HostLaunchSites.cpp - Launch sites of a host IR file ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "HostLaunchSites.h"
#include "Compat.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpa {

bool readHostLaunchSites(const std::string &IrPath,
                         std::vector<LaunchSite> &Out, std::string &Error) {
  LLVMContext Ctx;
  Ctx.setDiagnosticHandlerCallBack([](const DiagnosticInfo *, void *) {},
                                   nullptr);
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(IrPath, Diag, Ctx);
  if (!M) {
    raw_string_ostream OS(Error);
    Diag.print(nullptr, OS, /*ShowColors=*/false, /*ShowKindLabel=*/false);
    OS.flush();
    while (!Error.empty() && Error.back() == '\n')
      Error.pop_back();
    return false;
  }
  if (isNVPTXModule(*M)) {
    Error = IrPath + ": a device module, not the host side";
    return false;
  }
  // findLaunchSites asks for ScalarEvolution and LazyValueInfo per function.
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  Out = findLaunchSites(*M, FAM);
  for (LaunchSite &S : Out)
    S.Push = nullptr;
  return true;
}

} // namespace gpa
