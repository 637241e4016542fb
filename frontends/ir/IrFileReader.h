//===- IrFileReader.h - An IR file read, and analysis managers -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What every front-end entry that reads a .ll/.bc file outside a compiler
// needs: the module, or clang-like error text; and the new pass manager's
// four analysis managers, registered and cross-wired.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IR_IRFILEREADER_H
#define GPA_IR_IRFILEREADER_H

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

#include <memory>
#include <string>

namespace gpa {

/// Parses \p Path in \p Ctx; on failure null, with the parser's message
/// (no trailing newline) in \p Error.
std::unique_ptr<llvm::Module>
readIrFile(const std::string &Path, llvm::LLVMContext &Ctx, std::string &Error);

/// The analysis managers a standalone analysis runs with. The PassBuilder
/// is kept: some registered analyses refer to it.
struct IrAnalysisManagers {
  IrAnalysisManagers();
  llvm::PassBuilder PB;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
};

} // namespace gpa

#endif // GPA_IR_IRFILEREADER_H
