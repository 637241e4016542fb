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

/// Runs a compiler with Args (Args[0] is it); Error holds its diagnostics.
static bool runCompiler(std::vector<std::string> Args,
                        const std::string &Source, const std::string &Name,
                        const std::string &Hint, std::string &Error) {
  const std::string Compiler = Args[0];
  ProcessResult Run = runCapturingOutput(std::move(Args), /*WithStdout=*/false);
  if (!Run.Started) {
    Error = "cannot run " + Compiler + " (" + Hint + ")";
    return false;
  }
  if (!Run.Succeeded) {
    Error = Source + ": " + Name + " failed:\n" + Run.Output;
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
  return runCompiler(std::move(Args), Source, "clang",
                     "set GPA_CLANG to clang++ 22", Error);
}

bool compileCudaHostToIr(const std::string &Source, const std::string &Arch,
                         const std::vector<std::string> &ClangArgs,
                         const std::string &OutFile, std::string &Error) {
  std::string Clang = envOr("GPA_CLANG", "/usr/lib/llvm-22/bin/clang++");
  std::string Cuda = envOr("CUDA_PATH", "/usr/local/cuda");
  // -O1 folds the dim3 arguments into the push call's operands (LaunchSites
  // reads them there) at the cost of one host compile.
  std::vector<std::string> Args = {Clang,
                                   "-x",
                                   "cuda",
                                   "--cuda-path=" + Cuda,
                                   "--cuda-gpu-arch=" + Arch,
                                   "-Wno-unknown-cuda-version",
                                   "--cuda-host-only",
                                   "-O1",
                                   "-gline-tables-only",
                                   "-emit-llvm",
                                   "-c",
                                   "-o",
                                   OutFile};
  Args.insert(Args.end(), ClangArgs.begin(), ClangArgs.end());
  Args.push_back(Source);
  return runCompiler(std::move(Args), Source, "clang",
                     "set GPA_CLANG to clang++ 22", Error);
}

bool compileCudaToPtxWithNvcc(const std::string &Source,
                              const std::string &Arch,
                              const std::vector<std::string> &NvccArgs,
                              const std::string &OutFile, std::string &Error) {
  std::string Cuda = envOr("CUDA_PATH", "/usr/local/cuda");
  std::string Virtual =
      Arch.rfind("sm_", 0) == 0 ? "compute_" + Arch.substr(3) : Arch;
  std::vector<std::string> Args = {Cuda + "/bin/nvcc", "-ptx", "-lineinfo",
                                   "-arch=" + Virtual, "-o",   OutFile};
  Args.insert(Args.end(), NvccArgs.begin(), NvccArgs.end());
  Args.push_back(Source);
  return runCompiler(std::move(Args), Source, "nvcc",
                     "set CUDA_PATH to a CUDA toolkit with bin/nvcc", Error);
}

} // namespace gpa::tool
