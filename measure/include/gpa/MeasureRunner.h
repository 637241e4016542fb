//===- MeasureRunner.h - The suite, measured for training -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-measure's walk: every kernel of the suite (each family at each of its
// intensities) is measured at the clocks the GPU runs at (never changed) and
// becomes one gpa-power-samples/1 row: the measured power, the clocks, the
// utilisations of the product's own static analysis at those clocks, the
// measured time of one launch with the static analysis's warp instructions
// and bytes per launch (for seed 003's fit), and, when a counter profiler
// is given, the measured utilisations.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MEASURERUNNER_H
#define GPA_MEASURERUNNER_H

#include "gpa/CounterProfiler.h"
#include "gpa/PowerMeasurement.h"
#include "gpa/PowerSamples.h"
#include "gpa/SuiteUtilisation.h"

#include <optional>
#include <string>
#include <vector>

namespace gpa {

struct RunnerOptions {
  MeasureOptions Measure;
  /// Only kernels whose name starts with this (empty: all).
  std::string Only;
  /// "# gpu:" and "# source:" of the training file.
  std::string GpuLabel, Source;
  /// Clocks where the normalised voltage is 1; empty: the measured clocks.
  std::optional<double> RefCoreMhz, RefMemMhz;
  /// Launches in one repetition (the launch time is a reading's duration
  /// over repetitions x this).
  unsigned LaunchesPerRepetition = 1;
  /// Measured utilisations (CUPTI); null: the columns are not written.
  CounterProfiler *Profiler = nullptr;
};

struct MeasuredKernel {
  std::string Name;
  Measurement M;
  DvfsUtilisation U{};
  std::optional<DvfsUtilisation> MeasuredU;
  std::string CounterError; // why MeasuredU is empty, with a profiler
};

/// Measures each suite kernel and fills Out (rows in suite order). Gpu gives
/// the timing model and, through dvfsHardwareFigures, Eq. 7-8's hardware
/// figures; its bandwidth is taken at its dvfs memory reference clock, or at
/// the measured memory clock when it has none.
bool runSuite(PowerMeter &Meter, BenchmarkLauncher &Launcher,
              MonotonicClock &Clock, const std::vector<SuiteKernel> &Suite,
              const GpuModel &Gpu, const RunnerOptions &Options,
              PowerSampleSet &Out, std::vector<MeasuredKernel> &Log,
              std::string &Error);

/// The per-kernel log gpa-measure prints: power, readings, duration,
/// repetitions, method, clocks, temperature, power limit (CSV).
std::string measurementLogCsv(const std::vector<MeasuredKernel> &Log);

} // namespace gpa

#endif
