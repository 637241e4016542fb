//===- FuzzLaunchFile.cpp - libFuzzer target: gpa-launch/1 launch files ---===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "gpa/JsonReader.h"
#include "gpa/LaunchFile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Error;
  auto Doc = gpa::parseJsonText(gpa::fuzz::text(Data, Size), "l.json", Error);
  gpa::LaunchFile File;
  if (!Doc || !gpa::parseLaunchFile(*Doc, "l.json", File, Error))
    return 0;
  // Fuzzed globs against fixed kernel names, as the plugin matches them.
  (void)gpa::findLaunchEntry(File, "_Z5saxpyifPKfPf",
                             "saxpy(int, float, float const*, float*)");
  (void)gpa::findLaunchEntry(File, "", "");
  return 0;
}
