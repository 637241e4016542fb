//===- BranchFacts.cpp - What decides a branch's weight -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/BranchFacts.h"

#include "gpa/LaunchFile.h"

#include <algorithm>
#include <cstdio>

namespace gpa {

std::string BranchFacts::key() const {
  std::string K =
      std::to_string(GridThreadsX) + "/" + std::to_string(BlockThreadsX) + "/" +
      std::to_string(GridBlocksX) + "/" + std::to_string(BlockThreadsY) + "/" +
      std::to_string(BlockThreadsZ) + "/" + std::to_string(GridBlocksY) + "/" +
      std::to_string(GridBlocksZ) + "|" + LaunchSource + "|" + BlockSource +
      "|" + GridSource + "|" + ArgumentsSource + "|" + ByLineSource;
  for (const auto &[I, V] : Arguments)
    K += ";a" + std::to_string(I) + "=" + std::to_string(V);
  for (const auto &[Name, V] : NamedArguments)
    K += ";n" + Name + "=" + std::to_string(V);
  for (const std::string &Name : ParameterNames)
    K += ";p" + Name;
  char Buf[40];
  for (const auto &[Line, P] : ByLine) {
    std::snprintf(Buf, sizeof Buf, ";l%u=%.17g", Line, P);
    K += Buf;
  }
  return K;
}

BranchFacts branchFactsFor(const LaunchEntry *File, const std::string &FileName,
                           std::uint64_t GridBlocks, std::uint64_t BlockThreads,
                           const std::string &FlagsSource,
                           std::uint64_t ReqNtidX) {
  BranchFacts F;
  // blockDim.x: the file's block ([x, ...] or a number: 1-D), the flag's,
  // or the required shape's.
  std::string BlockFrom;
  if (File && File->ThreadsPerBlock) {
    F.BlockThreadsX =
        File->BlockShape.known() ? File->BlockShape.X : *File->ThreadsPerBlock;
    F.BlockThreadsY = File->BlockShape.known() ? File->BlockShape.Y : 0;
    F.BlockThreadsZ = File->BlockShape.known() ? File->BlockShape.Z : 0;
    BlockFrom = FileName;
  } else if (ReqNtidX) {
    F.BlockThreadsX = ReqNtidX;
    BlockFrom = ".reqntid";
  } else if (BlockThreads) {
    F.BlockThreadsX = BlockThreads;
    BlockFrom = FlagsSource;
  }
  std::uint64_t GridX = 0;
  std::string GridFrom;
  if (File && File->Blocks) {
    GridX = File->GridShape.known() ? File->GridShape.X : *File->Blocks;
    F.GridBlocksY = File->GridShape.known() ? File->GridShape.Y : 0;
    F.GridBlocksZ = File->GridShape.known() ? File->GridShape.Z : 0;
    GridFrom = FileName;
  } else if (GridBlocks) {
    GridX = GridBlocks;
    GridFrom = FlagsSource;
  }
  F.GridBlocksX = GridX;
  if (GridX && F.BlockThreadsX)
    F.GridThreadsX = GridX * F.BlockThreadsX;
  F.BlockSource = BlockFrom;
  F.GridSource = GridFrom;
  if (!BlockFrom.empty())
    F.LaunchSource = "blockDim.x from " + BlockFrom;
  if (GridX)
    F.LaunchSource += std::string(F.LaunchSource.empty() ? "" : ", ") +
                      "gridDim.x from " + GridFrom;
  if (File) {
    F.Arguments = File->Arguments;
    F.NamedArguments = File->NamedArguments;
    if (!F.Arguments.empty() || !F.NamedArguments.empty())
      F.ArgumentsSource = FileName + ": arguments";
    F.ByLine = File->BranchProbabilities;
    if (!F.ByLine.empty())
      F.ByLineSource = FileName + ": branches";
  }
  return F;
}

std::string BranchFacts::launchSourceOf(int Dim, bool Block,
                                        bool Thread) const {
  const char *Axis[3] = {"x", "y", "z"};
  std::string Out;
  if (Thread && !BlockSource.empty())
    Out = std::string("blockDim.") + Axis[Dim] + " from " + BlockSource;
  if (Block && !GridSource.empty())
    Out += std::string(Out.empty() ? "" : ", ") + "gridDim." + Axis[Dim] +
           " from " + GridSource;
  return Out;
}

double guardProbability(double Bound, double Threads) {
  if (!(Bound > 0) || !(Threads > 0))
    return 0;
  return std::min(1.0, Bound / Threads);
}

} // namespace gpa
