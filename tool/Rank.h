//===- Rank.h - gpa rank ----------------------------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_RANK_H
#define GPA_TOOL_RANK_H

namespace gpa::tool {

/// gpa rank SOURCE.cu --kernel NAME --params PARAMS.json
///          --problem-size X[,Y[,Z]] [--gpu NAME] [--objective time|energy]
///          [--cache OUT.json] [--measured CACHE.json] ...
/// Compiles every configuration of a kernel's tunable parameters, predicts
/// each and ranks them (docs/cli.md "rank"). Returns the exit status.
int runRank(int Argc, const char *const *Argv);

} // namespace gpa::tool

#endif
