//===- HostLaunchSites.cpp - Launch sites of a host IR file ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "HostLaunchSites.h"
#include "Compat.h"
#include "IrFileReader.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

bool readHostLaunchSites(const std::string &IrPath,
                         std::vector<LaunchSite> &Out, std::string &Error) {
  LLVMContext Ctx;
  Ctx.setDiagnosticHandlerCallBack([](const DiagnosticInfo *, void *) {},
                                   nullptr);
  std::unique_ptr<Module> M = readIrFile(IrPath, Ctx, Error);
  if (!M)
    return false;
  if (isNVPTXModule(*M)) {
    Error = IrPath + ": a device module, not the host side";
    return false;
  }
  // findLaunchSites asks for ScalarEvolution and LazyValueInfo per function.
  IrAnalysisManagers AM;
  Out = findLaunchSites(*M, AM.FAM);
  for (LaunchSite &S : Out)
    S.Push = nullptr;
  return true;
}

} // namespace gpa
