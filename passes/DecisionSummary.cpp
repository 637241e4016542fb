//===- DecisionSummary.cpp - Which launch a decision speaks of -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "DecisionSummary.h"

#include <cmath>
#include <cstdio>

namespace gpa {

DecisionSummary summarizeDecision(const KernelAnalysis &A, unsigned GpuSms,
                                  std::string LaunchSource, std::string Where) {
  DecisionSummary S;
  const LaunchConfig &L = A.Profile.Launch;
  S.Blocks = L.Blocks;
  S.ThreadsPerBlock = L.ThreadsPerBlock;
  S.RegistersPerThread = L.RegistersPerThread;
  S.SharedBytesPerBlock = L.SharedBytesPerBlock;
  S.LaunchSource = std::move(LaunchSource);
  S.RecommendedSms = A.Adv.RecommendedActiveSms;
  S.UsefulSms = A.MaxUsefulSms;
  S.GpuSms = GpuSms;
  S.Change = A.Adv.Rec.Change;
  S.Reason = A.Adv.Rec.Reason;
  S.EnergySavedPct = std::isfinite(A.Adv.Savings.RuntimeIdlePct)
                         ? A.Adv.Savings.RuntimeIdlePct
                         : 0.0;
  S.Where = std::move(Where);
  return S;
}

nlohmann::json decisionSummaryJson(const DecisionSummary &S) {
  return {{"blocks", S.Blocks},
          {"threads_per_block", S.ThreadsPerBlock},
          {"registers_per_thread", S.RegistersPerThread},
          {"shared_bytes_per_block", S.SharedBytesPerBlock},
          {"launch_source", S.LaunchSource},
          {"recommended_sms", S.RecommendedSms},
          {"useful_sms", S.UsefulSms},
          {"gpu_sms", S.GpuSms},
          {"change", S.Change},
          {"reason", S.Reason},
          {"energy_saved_pct", S.EnergySavedPct},
          {"where", S.Where}};
}

bool decisionSummaryFromJson(const nlohmann::json &J, DecisionSummary &S) {
  if (!J.is_object())
    return false;
  try {
    S.Blocks = J.at("blocks").get<std::uint64_t>();
    S.ThreadsPerBlock = J.at("threads_per_block").get<std::uint64_t>();
    S.RegistersPerThread = J.at("registers_per_thread").get<unsigned>();
    S.SharedBytesPerBlock = J.at("shared_bytes_per_block").get<std::uint64_t>();
    S.LaunchSource = J.at("launch_source").get<std::string>();
    S.RecommendedSms = J.at("recommended_sms").get<unsigned>();
    S.UsefulSms = J.at("useful_sms").get<unsigned>();
    S.GpuSms = J.at("gpu_sms").get<unsigned>();
    S.Change = J.at("change").get<bool>();
    S.Reason = J.at("reason").get<std::string>();
    S.EnergySavedPct = J.at("energy_saved_pct").get<double>();
    S.Where = J.at("where").get<std::string>();
  } catch (const std::exception &) {
    return false;
  }
  return true;
}

bool launchAssumed(const DecisionSummary &S) {
  return S.LaunchSource.find("assumed") != std::string::npos;
}

std::string launchShapeText(const DecisionSummary &S) {
  return std::to_string(S.Blocks) + " blocks x " +
         std::to_string(S.ThreadsPerBlock) + " threads";
}

static std::string percent(double V) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof Buffer, "%.1f", V);
  return Buffer;
}

std::string recommendationText(const DecisionSummary &S) {
  std::string Out = "recommended " + std::to_string(S.RecommendedSms) + " of " +
                    std::to_string(S.UsefulSms) + " SMs";
  // "4 of 8" next to another answer's "54 of 108" needs its reason.
  if (S.GpuSms && S.UsefulSms < S.GpuSms)
    Out += " (a grid of " + std::to_string(S.Blocks) +
           " blocks fills at most " + std::to_string(S.UsefulSms) +
           " of the GPU's " + std::to_string(S.GpuSms) + ")";
  if (S.Change)
    return Out + ", energy saved " + percent(S.EnergySavedPct) +
           "%: change recommended";
  return Out + ": " + S.Reason;
}

std::string shortAnswerText(const DecisionSummary &S) {
  return std::to_string(S.RecommendedSms) + " of " +
         std::to_string(S.UsefulSms) + " SMs, " +
         (S.Change ? "change recommended" : "launch as written is best");
}

bool answersDiffer(const DecisionSummary &A, const DecisionSummary &B) {
  return A.Change != B.Change ||
         (A.Change && A.RecommendedSms != B.RecommendedSms);
}

std::string launchDifference(const DecisionSummary &Kernel,
                             const DecisionSummary &Site) {
  std::string Out;
  auto add = [&](const std::string &What, std::uint64_t K, std::uint64_t S,
                 const char *Unit) {
    if (K == S)
      return;
    Out += std::string(Out.empty() ? "" : ", ") + "a different " + What + " (" +
           std::to_string(K) + " " + Unit + " there, " + std::to_string(S) +
           " here)";
  };
  add("grid", Kernel.Blocks, Site.Blocks, "blocks");
  add("block", Kernel.ThreadsPerBlock, Site.ThreadsPerBlock, "threads");
  add("register count", Kernel.RegistersPerThread, Site.RegistersPerThread,
      "registers/thread");
  add("shared memory size", Kernel.SharedBytesPerBlock,
      Site.SharedBytesPerBlock, "B/block");
  return Out.empty() ? "the same launch shape" : Out;
}

} // namespace gpa
