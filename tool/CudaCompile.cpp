//===- CudaCompile.cpp - A .cu file's device side as LLVM IR -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// clang runs through runCapturingOutput (gpa/Subprocess.h); its stderr
// becomes the error message.
//
//===----------------------------------------------------------------------===//
#include "CudaCompile.h"

#include "gpa/Subprocess.h"

#include <cstdlib>
#include <utility>

namespace gpa::tool {

static std::string envOr(const char *Name, const char *Default) {
  const char *V = std::getenv(Name);
  return V && *V ? V : Default;
}

/// Runs clang with Args (Args[0] is clang); Error holds its diagnostics.
static bool runClang(std::vector<std::string> Args, const std::string &Source,
                     std::string &Error) {
  const std::string Clang = Args[0];
  ProcessResult Run = runCapturingOutput(std::move(Args), /*WithStdout=*/false);
  if (!Run.Started) {
    Error = "cannot run " + Clang + " (set GPA_CLANG to clang++ 22)";
    return false;
  }
  if (!Run.Succeeded) {
    Error = Source + ": clang failed:\n" + Run.Output;
    while (!Error.empty() && Error.back() == '\n')
      Error.pop_back();
    return false;
  }
  return true;
}

bool compileCudaToIr(const std::string &Source, const std::string &Arch,
                     const std::vector<std::string> &ClangArgs,
                     const std::string &OutFile, std::string &Error) {
  std::string Clang = envOr("GPA_CLANG", "/usr/lib/llvm-22/bin/clang++");
  std::string Cuda = envOr("CUDA_PATH", "/usr/local/cuda");
  std::vector<std::string> Args = {
      Clang, "-x", "cuda", "--cuda-path=" + Cuda, "--cuda-gpu-arch=" + Arch,
      "-Wno-unknown-cuda-version", "--cuda-device-only", "-O2",
      "-gline-tables-only",
      // parameter names, for launch-file
      // arguments given by name
      "-fno-discard-value-names", "-emit-llvm", "-c", "-o", OutFile};
  Args.insert(Args.end(), ClangArgs.begin(), ClangArgs.end());
  Args.push_back(Source);
  return runClang(std::move(Args), Source, Error);
}

} // namespace gpa::tool
