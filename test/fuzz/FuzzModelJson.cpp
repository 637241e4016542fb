//===- FuzzModelJson.cpp - libFuzzer target: GPU model JSON ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "gpa/JsonReader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Error;
  auto Doc = gpa::parseJsonText(gpa::fuzz::text(Data, Size), "m.json", Error);
  gpa::GpuModel Gpu;
  if (!Doc || !gpa::parseGpuModel(*Doc, "m.json", Gpu, Error))
    return 0;
  // A model that loads must survive the model equations on a plain kernel
  // (IPP's Dotp shape: 5 int, 1 fp, 2 alu, 3 coalesced global per thread).
  gpa::KernelProfile P;
  P.Name = "dotp";
  P.Launch.ThreadsPerBlock = 512;
  P.Launch.Blocks = 30;
  P.Launch.RegistersPerThread = 16;
  P.PerThread[gpa::index(gpa::Unit::Int)] = 5;
  P.PerThread[gpa::index(gpa::Unit::Fp)] = 1;
  P.PerThread[gpa::index(gpa::Unit::Alu)] = 2;
  P.PerThread[gpa::index(gpa::Unit::GlobalMem)] = 3;
  gpa::fuzz::analyzeAndReport(P, Gpu);
  return 0;
}
