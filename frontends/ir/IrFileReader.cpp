//===- IrFileReader.cpp - An IR file read, and analysis managers ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "IrFileReader.h"

#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpa {

std::unique_ptr<Module> readIrFile(const std::string &Path, LLVMContext &Ctx,
                                   std::string &Error) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(Path, Diag, Ctx);
  if (M)
    return M;
  std::string Text;
  raw_string_ostream OS(Text);
  Diag.print(nullptr, OS, /*ShowColors=*/false, /*ShowKindLabel=*/false);
  Error = OS.str();
  while (!Error.empty() && Error.back() == '\n')
    Error.pop_back();
  return nullptr;
}

IrAnalysisManagers::IrAnalysisManagers() {
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
}

} // namespace gpa
