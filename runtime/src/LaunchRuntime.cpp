//===- LaunchRuntime.cpp - The process-wide launch advisor ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/LaunchRuntime.h"
#include "gpa/runtime/LaunchAbi.h"

#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace gpa::runtime {

LaunchRuntime::LaunchRuntime(std::unique_ptr<DeviceQuery> Q, RuntimeConfig C,
                             LogSink L)
    : Query(std::move(Q)), Config(std::move(C)), Log(std::move(L)) {
  if (Query)
    Models = std::make_unique<DeviceModelCache>(*Query, Config.ModelFile);
}

/// The profile of the arch closest to the device's model: the newest arch
/// not above the model's sm version, else the oldest.
static const KernelProfile *chooseArch(const LaunchPayload &P,
                                       unsigned SmVersion) {
  const KernelProfile *Best = nullptr;
  for (const auto &[Sm, Profile] : P.ByArch)
    if (Sm <= SmVersion || !Best)
      Best = &Profile;
  return Best;
}

std::shared_ptr<const LaunchPayload>
LaunchRuntime::payload(const char *Json, std::string &Error) {
  std::lock_guard<std::mutex> Lock(PayloadsMutex);
  auto It = Payloads.find(Json);
  if (It != Payloads.end()) {
    if (!It->second)
      Error = "embedded profile is invalid";
    return It->second;
  }
  auto Parsed = std::make_shared<LaunchPayload>();
  std::vector<KernelProfile> List;
  auto Doc = parseJsonText(Json, "embedded profile", Error);
  if (Doc && Doc->is_object() &&
      Doc->value(launch_abi::PayloadSchemaKey, "") ==
          launch_abi::PayloadSchema) {
    // Compiler-embedded: one profile per device arch (launch-rewrite).
    const nlohmann::json &Profiles = (*Doc)[launch_abi::PayloadProfilesKey];
    for (auto P = Profiles.begin(); Profiles.is_object() && P != Profiles.end();
         ++P) {
      unsigned Sm = 0;
      if (std::sscanf(P.key().c_str(), "sm_%u", &Sm) != 1 ||
          !parseKernelProfiles(P.value(), "embedded profile", List, Error)) {
        Parsed = nullptr;
        break;
      }
      Parsed->ByArch[Sm] = List.front();
    }
  } else if (Doc &&
             parseKernelProfiles(*Doc, "embedded profile", List, Error) &&
             List.size() == 1) {
    Parsed->ByArch[0] = List.front(); // a single profile
  } else {
    Parsed = nullptr;
  }
  if (Parsed && Parsed->ByArch.empty()) {
    Error = "embedded profile has no kernel profile";
    Parsed = nullptr;
  }
  Payloads.emplace(Json, Parsed);
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
    } else if (auto P = payload(ProfileJson, Error); !P) {
      D.Reason = "no kernel profile: " + Error;
    } else {
      DecisionKey Key{ProfileJson,
                      Model.get(),
                      R.Grid.X,
                      R.Grid.Y,
                      R.Grid.Z,
                      R.Block.X,
                      R.Block.Y,
                      R.Block.Z,
                      R.DynamicSharedBytes,
                      R.GridIndependent,
                      R.UnitDims,
                      R.SmRefused,
                      static_cast<int>(R.Mode)};
      std::lock_guard<std::mutex> Lock(DecisionsMutex);
      auto It = Decisions.find(Key);
      if (It != Decisions.end()) {
        D = It->second;
      } else {
        LaunchRequest WithPolicy = R;
        WithPolicy.Policy = Config.Policy;
        D = decideLaunch(*chooseArch(*P, Model->SmVersion), *Model, WithPolicy);
        ++DecisionsComputed;
        Decisions.emplace(Key, D);
      }
    }
  } catch (const std::exception &E) {
    // Nothing may escape into the user's launch: fall back.
    D = LaunchDecision();
    D.Grid = R.Grid;
    D.Reason = std::string("internal error: ") + E.what();
  }
  if (Config.Log && Log) {
    if (!WarnedConfig.exchange(true))
      for (const std::string &W : Config.Warnings)
        Log("gpa: " + W);
    Log(describeDecision(R, D));
  }
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
