//===- CudaCompile.cpp - Running clang 22 with the plugin on a .cu file ---===//
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
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace gpa::tool {

static bool isFile(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

static std::string envOr(const char *Name, const char *Default) {
  const char *V = std::getenv(Name);
  return V && *V ? V : Default;
}

std::string findPlugin(const std::string &ExecutablePath) {
  if (const char *P = std::getenv("GPA_PLUGIN"); P && *P)
    return P;
  char Buffer[4096];
  ssize_t N = ::readlink("/proc/self/exe", Buffer, sizeof(Buffer) - 1);
  std::string Exe = N > 0 ? std::string(Buffer, N) : ExecutablePath;
  std::string Dir = Exe.substr(0, Exe.find_last_of('/') + 1);
  for (const char *Rel : {"../lib/GpuPowerAdvisor.so",
                          "../lib/GpuPowerAdvisor/GpuPowerAdvisor.so",
                          "../plugin/GpuPowerAdvisor.so"})
    if (isFile(Dir + Rel))
      return Dir + Rel;
  return "";
}

bool compileCudaWithPlugin(const std::string &Source, const std::string &Arch,
                           const std::string &Plugin,
                           const std::vector<std::string> &PluginArgs,
                           const std::vector<std::string> &ClangArgs,
                           const std::string &ReportFile, std::string &Error) {
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
                                   "-c",
                                   "-o",
                                   "/dev/null",
                                   "-fpass-plugin=" + Plugin,
                                   "-mllvm",
                                   "-gpa-report=" + ReportFile};
  for (const std::string &A : PluginArgs) {
    Args.push_back("-mllvm");
    Args.push_back(A);
  }
  Args.insert(Args.end(), ClangArgs.begin(), ClangArgs.end());
  Args.push_back(Source);
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

} // namespace gpa::tool
