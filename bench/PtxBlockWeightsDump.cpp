//===- PtxBlockWeightsDump.cpp - The PTX front-end's block weights --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// For bench/counts.py: prints, for every function with a body in a PTX
// file, the PTX front-end's expected executions of each basic block (the
// same CFG, trip counts, branch probabilities and weights that
// summarizeFunction uses, docs/ptx-frontend.md), so the benchmark weighs
// the SASS ptxas makes from that PTX with the front-end's own loop
// analysis. Output, one line each:
//   function NAME
//   block FIRST_LINE LAST_LINE WEIGHT   (PTX source lines of its
//                                        instructions; empty blocks omitted)
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxCfg.h"
#include "gpa/ptx/PtxParser.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    std::fprintf(stderr, "usage: %s FILE.ptx DEFAULT_TRIP_COUNT\n", Argv[0]);
    return 2;
  }
  std::ifstream In(Argv[1]);
  if (!In) {
    std::fprintf(stderr, "%s: cannot read\n", Argv[1]);
    return 2;
  }
  std::stringstream Text;
  Text << In.rdbuf();
  gpa::ptx::PtxModule M;
  gpa::ptx::PtxError E;
  if (!gpa::ptx::parsePtx(Text.str(), Argv[1], M, E)) {
    std::fprintf(stderr, "%s\n", E.str().c_str());
    return 2;
  }
  gpa::ptx::WeightOptions Opts;
  Opts.DefaultTripCount = std::atof(Argv[2]);
  for (const gpa::ptx::PtxFunction &F : M.Functions) {
    if (!F.HasBody)
      continue;
    gpa::ptx::PtxCfg Cfg;
    if (!gpa::ptx::buildCfg(F, Argv[1], Cfg, E)) {
      std::fprintf(stderr, "%s\n", E.str().c_str());
      return 2;
    }
    gpa::ptx::computeTripCounts(F, Cfg);
    gpa::ptx::computeBranchProbabilities(F, Cfg);
    gpa::ptx::computeBlockWeights(Cfg, Opts);
    std::printf("function %s\n", F.Name.c_str());
    for (const gpa::ptx::PtxBlock &B : Cfg.Blocks)
      if (B.End > B.Begin)
        std::printf("block %u %u %.6g\n", F.Body[B.Begin].Line,
                    F.Body[B.End - 1].Line, B.Weight);
  }
  return 0;
}
