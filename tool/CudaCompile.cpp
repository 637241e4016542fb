//===- CudaCompile.cpp - A .cu file's device side as LLVM IR -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// posix_spawn with an argument vector (no shell, so no quoting problems);
// clang's stderr goes to a temporary file that becomes the error message.
//
//===----------------------------------------------------------------------===//
#include "CudaCompile.h"

#include "gpa/JsonReader.h"

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace gpa::tool {

static std::string envOr(const char *Name, const char *Default) {
  const char *V = std::getenv(Name);
  return V && *V ? V : Default;
}

/// Runs clang with Args (Args[0] is clang); Error holds its diagnostics.
static bool runClang(std::vector<std::string> Args, const std::string &Source,
                     std::string &Error) {
  const std::string Clang = Args[0];
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);

  char ErrPath[] = "/tmp/gpa-clang-XXXXXX";
  int ErrFd = ::mkstemp(ErrPath);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  if (ErrFd >= 0)
    posix_spawn_file_actions_adddup2(&Actions, ErrFd, 2);
  pid_t Pid;
  int Spawn =
      posix_spawn(&Pid, Clang.c_str(), &Actions, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  int Status = 0;
  if (Spawn == 0)
    ::waitpid(Pid, &Status, 0);
  std::string Stderr;
  if (ErrFd >= 0) {
    ::close(ErrFd);
    std::string Ignored;
    Stderr = readTextFile(ErrPath, Ignored).value_or("");
    ::unlink(ErrPath);
  }
  if (Spawn != 0) {
    Error = "cannot run " + Clang + " (set GPA_CLANG to clang++ 22)";
    return false;
  }
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0) {
    Error = Source + ": clang failed:\n" + Stderr;
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
  std::vector<std::string> Args = {Clang,
                                   "-x",
                                   "cuda",
                                   "--cuda-path=" + Cuda,
                                   "--cuda-gpu-arch=" + Arch,
                                   "-Wno-unknown-cuda-version",
                                   "--cuda-device-only",
                                   "-O2",
                                   "-gline-tables-only",
                                   "-emit-llvm",
                                   "-c",
                                   "-o",
                                   OutFile};
  Args.insert(Args.end(), ClangArgs.begin(), ClangArgs.end());
  Args.push_back(Source);
  return runClang(std::move(Args), Source, Error);
}

} // namespace gpa::tool
