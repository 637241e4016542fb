//===- CuptiMetrics.cpp - CUPTI metrics for seed 002's components ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/CuptiMetrics.h"

#include <cmath>

namespace gpa {

namespace {

/// Where a metric's value goes in KernelCounters.
enum class Sink { Instructions, ActiveCycles, L2, Shared, Dram, TimeNs };

struct MetricUse {
  const char *Name;
  Sink To;
  DvfsComponent Component; // for Sink::Instructions
  double Scale;            // value x Scale = the count
};

// Warps are 32 threads on every GPU CUPTI's range profiler supports.
constexpr double WarpThreads = 32;
// One shared-memory wavefront is one cycle of the SM's shared data pipe,
// 128 bytes on Volta to Hopper (dvfsHardwareFigures' shared peak).
constexpr double SharedWavefrontBytes = 128;

// Seed 002 Table 1's counters, in CUPTI's metric names. Thread-level
// instruction counts (predicated-on threads) stand for AWarps x WarpSize of
// Eq. (7) and already split FP32/FP64 by ADD/MUL/FMA and INT from FP32, as
// §3.1 does with instruction counts. The SFU has no thread-level opcode
// metric, so its pipe's warp instructions x 32 (assumed: full warps, as in
// the suite). ACycles: cycles with at least one warp, summed over the SMs.
const MetricUse Uses[] = {
    {"smsp__sass_thread_inst_executed_op_fadd_pred_on.sum", Sink::Instructions,
     DvfsComponent::Fp32Add, 1},
    {"smsp__sass_thread_inst_executed_op_fmul_pred_on.sum", Sink::Instructions,
     DvfsComponent::Fp32Mul, 1},
    {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", Sink::Instructions,
     DvfsComponent::Fp32Fma, 1},
    {"smsp__sass_thread_inst_executed_op_integer_pred_on.sum",
     Sink::Instructions, DvfsComponent::Int, 1},
    {"smsp__sass_thread_inst_executed_op_dadd_pred_on.sum", Sink::Instructions,
     DvfsComponent::Fp64Add, 1},
    {"smsp__sass_thread_inst_executed_op_dmul_pred_on.sum", Sink::Instructions,
     DvfsComponent::Fp64Mul, 1},
    {"smsp__sass_thread_inst_executed_op_dfma_pred_on.sum", Sink::Instructions,
     DvfsComponent::Fp64Fma, 1},
    {"smsp__inst_executed_pipe_xu.sum", Sink::Instructions, DvfsComponent::Sfu,
     WarpThreads},
    {"smsp__sass_thread_inst_executed_op_control_pred_on.sum",
     Sink::Instructions, DvfsComponent::Cf, 1},
    {"sm__cycles_active.sum", Sink::ActiveCycles, DvfsComponent::Cf, 1},
    {"lts__t_bytes.sum", Sink::L2, DvfsComponent::L2, 1},
    {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", Sink::Shared,
     DvfsComponent::Shared, SharedWavefrontBytes},
    {"dram__bytes.sum", Sink::Dram, DvfsComponent::Dram, 1},
    {"gpu__time_duration.sum", Sink::TimeNs, DvfsComponent::Dram, 1},
};
constexpr std::size_t NumUses = sizeof(Uses) / sizeof(Uses[0]);

class MetricCounterProfiler : public CounterProfiler {
public:
  explicit MetricCounterProfiler(std::unique_ptr<RangeMetricSource> S)
      : Source(std::move(S)) {}
  bool profile(const std::string &Kernel,
               const std::function<bool(std::string &)> &RunOnce,
               KernelCounters &Out, std::string &Error) override {
    std::vector<double> Values;
    return Source->collect(Kernel, RunOnce, Values, Error) &&
           countersFromMetricValues(Values, Out, Error);
  }

private:
  std::unique_ptr<RangeMetricSource> Source;
};

} // namespace

const std::vector<std::string> &cuptiUtilisationMetrics() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> N;
    for (const MetricUse &U : Uses)
      N.push_back(U.Name);
    return N;
  }();
  return Names;
}

bool countersFromMetricValues(const std::vector<double> &Values,
                              KernelCounters &Out, std::string &Error) {
  if (Values.size() != NumUses) {
    Error = "CUPTI returned " + std::to_string(Values.size()) +
            " metric values, expected " + std::to_string(NumUses);
    return false;
  }
  Out = KernelCounters();
  for (std::size_t I = 0; I < NumUses; ++I) {
    const MetricUse &U = Uses[I];
    double V = Values[I];
    if (!std::isfinite(V) || V < 0) {
      Error = std::string("CUPTI metric ") + U.Name + " is " +
              std::to_string(V) + ", expected a finite count >= 0";
      return false;
    }
    V *= U.Scale;
    switch (U.To) {
    case Sink::Instructions:
      Out.ThreadInstructions[static_cast<std::size_t>(U.Component)] += V;
      break;
    case Sink::ActiveCycles:
      Out.SmActiveCycles = V;
      break;
    case Sink::L2:
      Out.L2Bytes = V;
      break;
    case Sink::Shared:
      Out.SharedBytes = V;
      break;
    case Sink::Dram:
      Out.DramBytes = V;
      break;
    case Sink::TimeNs:
      Out.ElapsedS = V * 1e-9;
      break;
    }
  }
  if (Out.ElapsedS <= 0) {
    Error = "CUPTI metric gpu__time_duration.sum is 0: the range ran no "
            "kernel";
    return false;
  }
  return true;
}

std::unique_ptr<CounterProfiler>
metricCounterProfiler(std::unique_ptr<RangeMetricSource> Source) {
  return std::make_unique<MetricCounterProfiler>(std::move(Source));
}

} // namespace gpa
