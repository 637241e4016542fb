//===- FuzzPtx.cpp - libFuzzer target: PTX text --------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "gpa/ptx/PtxFrontend.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  gpa::ptx::PtxOptions Opts;
  gpa::ptx::PtxModuleResult M;
  std::string Error;
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  if (!gpa::ptx::parsePtxModule(Text, "fuzz.ptx", Opts, M, Error))
    return 0;
  for (const gpa::ptx::PtxKernelResult &K : M.Kernels)
    gpa::fuzz::analyzeAndReport(K.Profile, gpa::fuzz::a100());
  return 0;
}
