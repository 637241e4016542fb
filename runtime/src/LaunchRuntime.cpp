//===- LaunchRuntime.cpp - The process-wide launch advisor ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/LaunchRuntime.h"

#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"

#include <cstdlib>
#include <iostream>

namespace gpa::runtime {

LaunchRuntime::LaunchRuntime(std::unique_ptr<DeviceQuery> Q, RuntimeConfig C,
                             LogSink L)
    : Query(std::move(Q)), Config(std::move(C)), Log(std::move(L)) {
  if (Query)
    Models = std::make_unique<DeviceModelCache>(*Query, Config.ModelFile);
}

std::shared_ptr<const KernelProfile>
LaunchRuntime::profile(const char *ProfileJson, std::string &Error) {
  std::lock_guard<std::mutex> Lock(ProfilesMutex);
  auto It = Profiles.find(ProfileJson);
  if (It != Profiles.end()) {
    if (!It->second)
      Error = "embedded profile is invalid";
    return It->second;
  }
  std::shared_ptr<const KernelProfile> Parsed;
  std::vector<KernelProfile> List;
  if (auto Doc = parseJsonText(ProfileJson, "embedded profile", Error))
    if (parseKernelProfiles(*Doc, "embedded profile", List, Error) &&
        List.size() == 1)
      Parsed = std::make_shared<const KernelProfile>(std::move(List[0]));
  Profiles.emplace(ProfileJson, Parsed);
  return Parsed;
}

LaunchDecision LaunchRuntime::plan(const char *ProfileJson,
                                   const LaunchRequest &R) {
  LaunchDecision D;
  D.Grid = R.Grid;
  std::string Error;
  try {
    if (Config.Disabled) {
      D.Reason = "GPA_DISABLE is set";
    } else if (!ProfileJson || !Models) {
      D.Reason = !ProfileJson ? "no embedded profile" : "no device query";
    } else if (auto Model = Models->current(Error); !Model) {
      D.Reason = "no device model: " + Error;
    } else if (auto P = profile(ProfileJson, Error); !P) {
      D.Reason = "no kernel profile: " + Error;
    } else {
      D = decideLaunch(*P, *Model, R);
    }
  } catch (const std::exception &E) {
    // Nothing may escape into the user's launch: fall back.
    D = LaunchDecision();
    D.Grid = R.Grid;
    D.Reason = std::string("internal error: ") + E.what();
  }
  if (Config.Log && Log)
    Log(describeDecision(R, D));
  return D;
}

LaunchRuntime &LaunchRuntime::instance() {
  static LaunchRuntime Runtime(
      makeCudaDeviceQuery(),
      readRuntimeConfig([](const char *Name) { return std::getenv(Name); }),
      [](const std::string &Line) { std::cerr << Line << "\n"; });
  return Runtime;
}

} // namespace gpa::runtime
