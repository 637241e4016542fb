//===- InputFile.h - Bounded reads of input files --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Every file gpa and the plugin read (IR, PTX, CUDA, profiles, GPU models,
// budgets, reports, handoff files) must be a regular file of at most
// MaxInputFileBytes: /dev/zero or a FIFO would otherwise be read until
// memory runs out (docs/robustness.md, "Input limits").
//
//===----------------------------------------------------------------------===//
#ifndef GPA_INPUTFILE_H
#define GPA_INPUTFILE_H

#include <cstdint>
#include <optional>
#include <string>

namespace gpa {

/// 256 MiB: far above any PTX, IR or JSON input seen in practice.
constexpr std::uint64_t MaxInputFileBytes = std::uint64_t(256) << 20;

/// True when Path names a regular file (after symlinks) no larger than
/// MaxInputFileBytes; otherwise sets Error to "PATH: why".
bool checkInputFile(const std::string &Path, std::string &Error);

/// Reads a whole input file after checkInputFile (and stops reading at the
/// limit should the file grow meanwhile); on failure sets Error naming it.
std::optional<std::string> readTextFile(const std::string &Path,
                                        std::string &Error);

} // namespace gpa

#endif
