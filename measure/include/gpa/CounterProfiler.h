//===- CounterProfiler.h - Measured utilisations from counters -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Where a hardware-counter profiler (CUPTI) is available, gpa-measure also
// records the utilisations the GPU measured for each microbenchmark, beside
// those of the static analysis, as the measured_COMPONENT columns of the
// training file. The profiler sits behind this interface (real: libcupti
// loaded with dlopen; tests: a fake) and only reads counters: it never
// changes clocks or power limits.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COUNTERPROFILER_H
#define GPA_COUNTERPROFILER_H

#include "gpa/DvfsPowerModel.h"

#include <functional>
#include <memory>
#include <string>

namespace gpa {

/// The raw counts of one profiled repetition, summed over its launches.
struct KernelCounters {
  /// Thread-level instructions per seed 002 pipe component (fp32_add ..
  /// cf; the memory components' entries are unused).
  DvfsUtilisation ThreadInstructions{};
  /// Cycles each SM had work, summed over the SMs.
  double SmActiveCycles = 0;
  double L2Bytes = 0, SharedBytes = 0, DramBytes = 0;
  double ElapsedS = 0; // GPU time of the repetition
};

class CounterProfiler {
public:
  virtual ~CounterProfiler() = default;
  /// Profiles Kernel: calls RunOnce (one repetition, waited for) as often
  /// as the counters need passes. False with Error when a counter cannot be
  /// read.
  virtual bool profile(const std::string &Kernel,
                       const std::function<bool(std::string &)> &RunOnce,
                       KernelCounters &Out, std::string &Error) = 0;
};

/// Seed 002 Eq. (7)-(8) from measured counts (Guerreiro et al., IEEE TPDS
/// 2019): U_pipe = thread instructions / (SM active cycles x lanes per SM);
/// U_level = bytes / elapsed / peak bandwidth, the L2 peak scaled by the
/// core clock ratio, shared's peak = bytes per SM per cycle x SMs x clock,
/// DRAM's the peak at the measured memory clock. Hw: dvfsHardwareFigures.
/// Clamped to [0, 1.5] (the training format's bound; counters overshoot).
DvfsUtilisation measuredUtilisation(const KernelCounters &K,
                                    const DvfsPowerParams &Hw, unsigned NumSms,
                                    double CoreMhz, double PeakDramGbps);

/// libcupti's range profiler, loaded at run time, collecting
/// cuptiUtilisationMetrics() (CuptiMetrics.h) on the CUDA context current on
/// this thread (open the launcher first). nullptr with Error (why) when it is
/// absent or its counter collection is not available for the device.
std::unique_ptr<CounterProfiler> openCuptiProfiler(unsigned Device,
                                                   std::string &Error);

} // namespace gpa

#endif
