//===- TestModels.h - Bundled GPU models for the unit tests -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TEST_TESTMODELS_H
#define GPA_TEST_TESTMODELS_H

#include "gpa/GpuModel.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/InstructionCosts.h"
#include "gpa/KernelProfile.h"
#include "gpa/MemoryLevels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

namespace gpa::test {

/// Cache levels of an A100-like GPU, round numbers for hand-worked shares.
inline CacheLevels someCaches() {
  CacheLevels C;
  C.L1LatencyCycles = 30;
  C.L2LatencyCycles = 200;
  C.L1BytesPerCyclePerSm = 128;
  C.L2Bytes = 40.0 * 1024 * 1024;
  C.L2BandwidthGbps = 5000;
  return C;
}

inline GpuModel bundled(const std::string &Name) {
  GpuModel G;
  std::string Error;
  if (!loadBundledModel(Name, G, Error))
    ADD_FAILURE() << Error;
  return G;
}

/// A unit list as counts by unit key ("fp", "alu", ...), summed per unit.
inline std::map<std::string, double> units(const UnitCountList &L) {
  std::map<std::string, double> Out;
  for (const UnitCount &C : L)
    Out[std::string(unitInfo(C.U).Key)] += C.N;
  return Out;
}

inline const GpuModel &gtx280() {
  static const GpuModel G = bundled("gtx280");
  return G;
}

/// A warp's issue-limited cycles on one SM, worked out independently of
/// Timing.cpp from docs/models.md "Concurrent pipes": HK09's serial sum of
/// issue costs, or, for a file with issue slots, the larger of the
/// instructions over the slots and the busiest pipe (FP32 = fp + fp16, INT =
/// int + alu, XU = sfu, FP64, tensor, LSU = every memory-side unit and
/// barriers; "other" takes a slot only).
inline double issueBoundCycles(const KernelProfile &P, const GpuModel &G) {
  double Serial = 0, Insts = 0, Fma = 0, Int = 0, Lsu = 0;
  for (const UnitInfo &Info : allUnits()) {
    double C = G.issueCycles(Info.Id) * P.count(Info.Id);
    Serial += C;
    Insts += P.count(Info.Id);
    if (Info.Id == Unit::Fp || Info.Id == Unit::Fp16)
      Fma += C;
    else if (Info.Id == Unit::Int || Info.Id == Unit::Alu)
      Int += C;
    else if (Info.Id != Unit::Sfu && Info.Id != Unit::Fp64 &&
             Info.Id != Unit::Tensor && Info.Id != Unit::Other)
      Lsu += C;
  }
  if (!(G.IssueSlotsPerCycle > 0))
    return Serial;
  double Xu = G.issueCycles(Unit::Sfu) * P.count(Unit::Sfu);
  double Fp64 = G.issueCycles(Unit::Fp64) * P.count(Unit::Fp64);
  double Tensor = G.issueCycles(Unit::Tensor) * P.count(Unit::Tensor);
  return std::max(
      {Insts / G.IssueSlotsPerCycle, Fma, Int, Lsu, Xu, Fp64, Tensor});
}

inline const GpuModel &a100() {
  static const GpuModel G = bundled("a100");
  return G;
}

/// The issue's example profile ("dotp"): 512 threads x 30 blocks, 16
/// registers; per thread 5 INT, 1 FP, 2 ALU, 3 coalesced 4-byte global
/// accesses.
inline KernelProfile dotpProfile() {
  KernelProfile P;
  P.Name = "dotp";
  P.Launch = {512, 30, 16, 0};
  P.count(Unit::Int) = 5;
  P.count(Unit::Fp) = 1;
  P.count(Unit::Alu) = 2;
  P.count(Unit::GlobalMem) = 3;
  P.BytesPerMemAccess = 4;
  return P;
}

/// Dotp with IPP Table 4's arithmetic intensity: AI 0.574, read as
/// non-memory over memory instructions per thread (2 INT + 2 FP over 7
/// coalesced 4-byte global accesses = 0.571); CWP = min((7 x 430 + 44) / 44,
/// 16) = 16 as in Table 4.
inline KernelProfile dotpTable4Profile() {
  KernelProfile P = dotpProfile();
  P.PerThread = {};
  P.count(Unit::Int) = 2;
  P.count(Unit::Fp) = 2;
  P.count(Unit::GlobalMem) = 7;
  return P;
}

} // namespace gpa::test

#endif
