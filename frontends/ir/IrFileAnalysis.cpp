//===- IrFileAnalysis.cpp - `gpa analyze` on .ll/.bc files ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "IrFileAnalysis.h"
#include "Compat.h"
#include "IrFileReader.h"
#include "ModuleAnalysis.h"

#include "gpa/InputFile.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

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
  std::unique_ptr<Module> M = readIrFile(Path, Ctx, Error);
  if (!M)
    return false;
  if (!isNVPTXModule(*M)) {
    Error = Path + ": not an NVPTX module (target triple '" +
            getTriple(*M).str() +
            "'); compile device code with "
            "--cuda-device-only -emit-llvm";
    return false;
  }
  IrAnalysisManagers AM;

  ModuleAnalysis A;
  std::size_t Kernels = 0;
  A.OnKernel = [&](KernelResult &&R) {
    ++Kernels;
    Sink(toAnalyzedKernel(std::move(R)), A.Gpu);
  };
  if (!analyzeModule(*M, AM.FAM, O, A, Error)) {
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
