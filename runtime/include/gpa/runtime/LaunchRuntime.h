//===- LaunchRuntime.h - The process-wide launch advisor ------ -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Ties the pieces together for the launch hook: configuration from the
// environment, the per-device model cache, the embedded kernel profiles
// (parsed once each) and the decision, logged when GPA_LOG is set. Every
// failure becomes "launch as written".
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_LAUNCHRUNTIME_H
#define GPA_RUNTIME_LAUNCHRUNTIME_H

#include "gpa/KernelProfile.h"
#include "gpa/runtime/DeviceModelCache.h"
#include "gpa/runtime/LaunchAdvisor.h"
#include "gpa/runtime/RuntimeConfig.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace gpa::runtime {

/// A kernel's embedded profiles: by device sm version (0 for a single,
/// arch-less profile).
struct LaunchPayload {
  std::map<unsigned, KernelProfile> ByArch;
};

class LaunchRuntime {
public:
  using LogSink = std::function<void(const std::string &)>;

  LaunchRuntime(std::unique_ptr<DeviceQuery> Query, RuntimeConfig Config,
                LogSink Log);

  /// The decision for one launch. ProfileJson is the kernel's embedded
  /// payload (gpa-launch-payload/1: one kernel profile per device arch, as the
  /// launch rewrite embeds it) or a single kernel profile; it is parsed on
  /// first use and cached by its address, which the compiler makes a
  /// constant.
  LaunchDecision plan(const char *ProfileJson, const LaunchRequest &Request);

  const RuntimeConfig &config() const { return Config; }
  unsigned modelBuildCount() const { return Models ? Models->buildCount() : 0; }

  /// The instance the launch hook uses: real CUDA device, std::getenv,
  /// stderr.
  static LaunchRuntime &instance();

private:
  std::shared_ptr<const LaunchPayload> payload(const char *Json,
                                               std::string &Error);

  std::unique_ptr<DeviceQuery> Query;
  RuntimeConfig Config;
  std::atomic<bool> WarnedConfig{false}; // Config.Warnings logged once
  LogSink Log;
  std::unique_ptr<DeviceModelCache> Models;
  std::mutex PayloadsMutex;
  std::map<const char *, std::shared_ptr<const LaunchPayload>> Payloads;
};

} // namespace gpa::runtime

#endif
