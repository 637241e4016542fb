//===- Subprocess.cpp - Run a toolchain program, capture its output -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Subprocess.h"

#include "gpa/InputFile.h"

#include <cstdlib>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace gpa {

ProcessResult runCapturingOutput(std::vector<std::string> Args,
                                 bool WithStdout) {
  ProcessResult R;
  if (Args.empty())
    return R;
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  char OutPath[] = "/tmp/gpa-run-XXXXXX";
  int OutFd = ::mkstemp(OutPath);
  R.Captured = OutFd >= 0;
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  if (R.Captured) {
    posix_spawn_file_actions_adddup2(&Actions, OutFd, 2);
    if (WithStdout)
      posix_spawn_file_actions_adddup2(&Actions, OutFd, 1);
  }
  pid_t Pid;
  int Status = 0;
  R.Started = posix_spawn(&Pid, Args[0].c_str(), &Actions, nullptr, Argv.data(),
                          environ) == 0;
  posix_spawn_file_actions_destroy(&Actions);
  if (R.Started)
    ::waitpid(Pid, &Status, 0);
  R.Succeeded = R.Started && WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
  if (R.Captured) {
    ::close(OutFd);
    std::string Ignored;
    R.Output = readTextFile(OutPath, Ignored).value_or("");
    ::unlink(OutPath);
  }
  return R;
}

} // namespace gpa
