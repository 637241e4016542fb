//===- TestModels.h - Bundled GPU models for the unit tests -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TEST_TESTMODELS_H
#define GPA_TEST_TESTMODELS_H

#include "gpa/GpuModel.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/KernelProfile.h"

#include <gtest/gtest.h>

namespace gpa::test {

inline GpuModel bundled(const std::string &Name) {
  GpuModel G;
  std::string Error;
  if (!loadBundledModel(Name, G, Error))
    ADD_FAILURE() << Error;
  return G;
}

inline const GpuModel &gtx280() {
  static const GpuModel G = bundled("gtx280");
  return G;
}

inline const GpuModel &a100() {
  static const GpuModel G = bundled("a100");
  return G;
}

/// The example profile ("dotp"): 512 threads x 30 blocks, 16
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
