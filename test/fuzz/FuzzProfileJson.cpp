//===- FuzzProfileJson.cpp - libFuzzer target: kernel profile JSON --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Error;
  auto Doc = gpa::parseJsonText(gpa::fuzz::text(Data, Size), "f.json", Error);
  std::vector<gpa::KernelProfile> Profiles;
  if (!Doc || !gpa::parseKernelProfiles(*Doc, "f.json", Profiles, Error))
    return 0;
  for (const gpa::KernelProfile &P : Profiles) {
    gpa::fuzz::analyzeAndReport(P, gpa::fuzz::a100());
    (void)gpa::toCanonicalJson(gpa::kernelProfileToJson(P));
  }
  return 0;
}
