//===- PluginDiagnostic.h - The plugin's diagnostics ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Problems with options, models or files go through LLVMContext::diagnose
// with the plugin's own diagnostic kind: clang prints them at the command
// line's severity and DS_Error fails the compilation cleanly.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_PLUGINDIAGNOSTIC_H
#define GPA_PLUGIN_PLUGINDIAGNOSTIC_H

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <string>

namespace gpa {

/// A plugin diagnostic; owns its message (a Twine would dangle).
class GpaDiagnostic : public llvm::DiagnosticInfo {
public:
  GpaDiagnostic(std::string Msg, llvm::DiagnosticSeverity Severity)
      : DiagnosticInfo(kind(), Severity), Msg(std::move(Msg)) {}
  void print(llvm::DiagnosticPrinter &DP) const override {
    DP << "gpu-power-advisor: " << Msg;
  }
  static int kind() {
    static const int Kind = llvm::getNextAvailablePluginDiagnosticKind();
    return Kind;
  }

private:
  std::string Msg;
};

inline void diagnose(llvm::Module &M, std::string Msg,
                     llvm::DiagnosticSeverity Severity) {
  M.getContext().diagnose(GpaDiagnostic(std::move(Msg), Severity));
}

} // namespace gpa

#endif // GPA_PLUGIN_PLUGINDIAGNOSTIC_H
