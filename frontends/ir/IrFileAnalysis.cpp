//===- IrFileAnalysis.cpp - `gpa analyze` on .ll/.bc files ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "IrFileAnalysis.h"
#include "Compat.h"
#include "ModuleAnalysis.h"

#include "gpa/InputFile.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpa {

bool analyzeIrFile(const std::string &Path, const AnalysisRequest &O,
                   const AnalyzedKernelSink &Sink,
                   std::vector<std::string> &Warnings, std::string &Error) {
  LLVMContext Ctx;
  // Diagnostics from parsing or the analysis must not print or abort.
  Ctx.setDiagnosticHandlerCallBack([](const DiagnosticInfo *, void *) {},
                                   nullptr);
  if (!checkInputFile(Path, Error))
    return false;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(Path, Diag, Ctx);
  if (!M) {
    std::string Text;
    raw_string_ostream OS(Text);
    Diag.print(nullptr, OS, /*ShowColors=*/false, /*ShowKindLabel=*/false);
    Error = OS.str();
    while (!Error.empty() && Error.back() == '\n')
      Error.pop_back();
    return false;
  }
  if (!isNVPTXModule(*M)) {
    Error = Path + ": not an NVPTX module (target triple '" +
            getTriple(*M).str() +
            "'); compile device code with "
            "--cuda-device-only -emit-llvm";
    return false;
  }
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

  ModuleAnalysis A;
  std::size_t Kernels = 0;
  A.OnKernel = [&](KernelResult &&R) {
    ++Kernels;
    Sink(toAnalyzedKernel(std::move(R)), A.Gpu);
  };
  if (!analyzeModule(*M, FAM, O, A, Error)) {
    Error = Path + ": " + Error;
    return false;
  }
  for (const std::string &W : A.Warnings)
    Warnings.push_back(Path + ": " + W);
  if (!Kernels && A.Warnings.empty()) {
    Error = Path + ": no kernels (no ptx_kernel function in the module)";
    return false;
  }
  return true;
}

} // namespace gpa
