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
#include <tuple>

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
  /// Decisions computed (not answered from the cache) so far.
  unsigned decisionsComputed() const { return DecisionsComputed.load(); }

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
  // A launch's decision depends only on the kernel's payload, the device's
  // model, the launch's shape, its proof (with the dimensions it needs to be
  // 1 and whether SMs may be restricted) and its mode (the policy is read
  // once per process): each is decided once. Deciding sweeps every
  // configuration of the mechanism, about a millisecond for the grid
  // mechanism on an H100's 132 SMs: longer than many kernels, so deciding
  // on every launch made a shrunk a*x+y launched back to back 4.9 times
  // slower than as written (GPU session, 2026-11-27).
  using DecisionKey =
      std::tuple<const char *, const void *, std::uint32_t, std::uint32_t,
                 std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                 std::uint64_t, bool, unsigned, bool, int>;
  std::mutex DecisionsMutex;
  std::map<DecisionKey, LaunchDecision> Decisions;
  std::atomic<unsigned> DecisionsComputed{0};
};

} // namespace gpa::runtime

#endif
