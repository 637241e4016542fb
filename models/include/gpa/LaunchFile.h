//===- LaunchFile.h - User-given launch facts (gpa-launch/1) ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// For device-only compiles and `gpa analyze`, where no host code shows the
// launch: kernel name glob -> block, grid, dynamic shared memory, registers,
// loop trip counts (per kernel or per loop line), integer argument values and
// branch probabilities (per line)
// (models/schema/gpa-launch.schema.json). Every value from it is labelled
// `given`.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_LAUNCHFILE_H
#define GPA_LAUNCHFILE_H

#include "gpa/BlockDims.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpa {

struct LaunchEntry {
  std::string Pattern; // glob on the mangled or the demangled name
  // Unset: not given (the analysis takes it from elsewhere and labels it).
  std::optional<std::uint64_t> ThreadsPerBlock; // block x*y*z
  /// The block's shape when `block` is an array ([x], [x, y] or [x, y, z];
  /// missing dimensions are 1); unknown for a single number.
  BlockDims BlockShape;
  std::optional<std::uint64_t> Blocks; // grid x*y*z
  /// The grid's shape when `grid` is an array; unknown for a single number.
  BlockDims GridShape;
  std::optional<std::uint64_t> DynamicSharedBytes; // may be given as 0
  std::optional<std::uint64_t> RegistersPerThread;
  std::optional<unsigned> TripCount;
  /// `loops`: source line of a loop -> its trip count.
  std::map<unsigned, unsigned> LoopTripCounts;
  /// `arguments`: integer kernel arguments by parameter position (from 0),
  /// the bounds of guards such as `if (i < n)` (gpa/BranchFacts.h).
  std::map<unsigned, std::uint64_t> Arguments;
  /// `arguments` given by parameter name ("n": 4096), resolved per kernel
  /// by the front-end that knows the names (gpa/KernelArguments.h).
  std::map<std::string, std::uint64_t> NamedArguments;
  /// `branches`: source line of a branch -> P(its condition is true).
  std::map<unsigned, double> BranchProbabilities;
};

struct LaunchFile {
  std::string Path;
  std::vector<LaunchEntry> Entries;
};

/// Error names the file and the key ("launch.json: kernels[1].block: ...").
bool parseLaunchFile(const nlohmann::json &Doc, const std::string &Path,
                     LaunchFile &Out, std::string &Error);
bool loadLaunchFile(const std::string &Path, LaunchFile &Out,
                    std::string &Error);

/// Whether E's pattern matches Mangled or Demangled.
bool launchEntryMatches(const LaunchEntry &E, const std::string &Mangled,
                        const std::string &Demangled);

/// The first entry whose pattern matches Mangled or Demangled, or nullptr.
const LaunchEntry *findLaunchEntry(const LaunchFile &File,
                                   const std::string &Mangled,
                                   const std::string &Demangled);

} // namespace gpa

#endif
