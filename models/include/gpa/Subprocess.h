//===- Subprocess.h - Run a program, capture its output ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// ptxas -v and clang are run with an argument vector (posix_spawn, no shell,
// so no quoting problems); what they print goes to a temporary file that
// becomes their result or error message.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SUBPROCESS_H
#define GPA_SUBPROCESS_H

#include <string>
#include <vector>

namespace gpa {

struct ProcessResult {
  bool Started = false;   // posix_spawn succeeded
  bool Captured = false;  // a temporary file for the output could be made
  bool Succeeded = false; // exited normally with status 0
  std::string Output;     // stderr (and stdout when asked), when Captured
};

/// Runs Args[0] with arguments Args and waits for it; captures its stderr,
/// and its stdout too when WithStdout.
ProcessResult runCapturingOutput(std::vector<std::string> Args,
                                 bool WithStdout);

} // namespace gpa

#endif // GPA_SUBPROCESS_H
