//===- BranchFacts.h - What decides a branch's weight ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A branch the compiler cannot decide runs with a probability, and every
// block behind it is weighed by it. Both front-ends follow one policy
// (docs/models.md "Branch weights"):
//  - a bounds guard, a thread index (threadIdx.x, or blockIdx.x *
//    blockDim.x + threadIdx.x) compared with a bound (a constant or a kernel
//    argument), is in bounds with probability min(1, bound / threads
//    launched along x) when both are known (derived), else it is assumed
//    taken (probability 1, labelled `assumed`): a coin flip would drop half
//    the work of every kernel launched for its data;
//  - a guard on any other index affine in one dimension's block and
//    thread index and a counted loop's counter is in bounds for the exact
//    share of the launch's points that pass it (gpa/AffineGuard.h,
//    derived);
//  - a probability the user gives for a source line wins (`given`);
//  - the programmer's __builtin_expect / __builtin_assume are honoured;
//  - any other branch keeps the static heuristics (LLVM's), and each such
//    weight that is not 0 or 1 is listed as an assumption.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_BRANCHFACTS_H
#define GPA_BRANCHFACTS_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gpa {

struct LaunchEntry;

/// Facts about one kernel's launch that decide its guards (and bound its
/// accesses' footprints).
struct BranchFacts {
  /// Threads launched along x: gridDim.x x blockDim.x (0: unknown).
  std::uint64_t GridThreadsX = 0;
  /// blockDim.x (0: unknown).
  std::uint64_t BlockThreadsX = 0;
  /// gridDim.x (0: unknown): an index blockIdx.x * C + threadIdx.x with a
  /// constant C spans gridDim.x x C values.
  std::uint64_t GridBlocksX = 0;
  /// blockDim.y, .z and gridDim.y, .z (0: unknown, as for a block or grid
  /// given as one number): the address ranges of memory footprints.
  std::uint64_t BlockThreadsY = 0, BlockThreadsZ = 0;
  std::uint64_t GridBlocksY = 0, GridBlocksZ = 0;
  /// Where the two come from ("-gpa-launch-file=l.json", "--grid-size").
  std::string LaunchSource;
  /// Where the block and the grid come from, whatever the dimension
  /// ("l.json", "--grid-size", ".reqntid"; "" where unknown).
  std::string BlockSource, GridSource;
  /// Integer kernel arguments by parameter position (from 0).
  std::map<unsigned, std::uint64_t> Arguments;
  std::string ArgumentsSource;
  /// Arguments given by name, until the front-end resolves them into
  /// Arguments (resolveNamedArguments, gpa/KernelArguments.h).
  std::map<std::string, std::uint64_t> NamedArguments;
  /// The kernel's parameter names by position ("" where unknown), for the
  /// labels of the trip counts they derive.
  std::vector<std::string> ParameterNames;
  /// P(condition true) of the branch at a source line, given by the user.
  std::map<unsigned, double> ByLine;
  std::string ByLineSource;

  /// Distinguishes fact sets (analyses memoised per set).
  std::string key() const;

  /// "blockDim.y from l.json, gridDim.y from l.json": where the launch
  /// dimension Dim (0 x, 1 y, 2 z) a guard reads comes from, naming
  /// blockDim when it reads the thread index (Thread) and gridDim when it
  /// reads the block index (Block).
  std::string launchSourceOf(int Dim, bool Block, bool Thread) const;
};

/// The facts of one kernel: the launch-file entry's grid, block, arguments
/// and branches, else
/// the flags' grid and block sizes (GridBlocks, BlockThreads; 0: none, a
/// total taken as 1-D), else the block a required shape fixes
/// (ReqNtidX: .reqntid / nvvm.reqntid's x, 0: none). A grid or block given
/// as one number is taken as its x dimension for guards (CUDA's
/// `<<<N, M>>>` with integers is 1-D: give [x, y] for a 2-D launch), and
/// leaves y and z unknown for footprints (a shape is never guessed there).
BranchFacts branchFactsFor(const LaunchEntry *File, const std::string &FileName,
                           std::uint64_t GridBlocks, std::uint64_t BlockThreads,
                           const std::string &FlagsSource,
                           std::uint64_t ReqNtidX);

/// P(index < Bound) for an index spread evenly over Threads values
/// 0 .. Threads - 1: min(1, Bound / Threads), 0 for Bound <= 0.
double guardProbability(double Bound, double Threads);

} // namespace gpa

#endif
