//===- CompileDatabase.h - .cu flags from compile_commands.json -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_COMPILEDATABASE_H
#define GPA_TOOL_COMPILEDATABASE_H

#include <string>
#include <vector>

namespace gpa::tool {

/// The flags of Source's entry in BuildDir/compile_commands.json that change
/// what the device code means: -I/-isystem (made absolute against the
/// entry's directory), -D/-U, -include, -std, and the device architecture
/// (clang's --cuda-gpu-arch=sm_XX or nvcc's -arch/-gencode, as sm_XX in
/// Arch). Other flags (optimisation, warnings, host-compiler options) are
/// left out: clang and nvcc spell them differently. Returns false with
/// Error naming the database and what was expected.
bool compileFlagsFor(const std::string &BuildDir, const std::string &Source,
                     std::vector<std::string> &Flags, std::string &Arch,
                     std::string &Error);

/// Splits a shell command line as compile_commands.json's "command" holds
/// it: whitespace separates, quotes and backslashes group.
std::vector<std::string> splitCommandLine(const std::string &Command);

} // namespace gpa::tool

#endif
