//===- CuptiMetrics.h - CUPTI metrics for seed 002's components -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The metrics gpa-measure asks CUPTI's range profiler for, and how their
// values become the raw counts of seed 002 Eq. (7)-(8) (Guerreiro et al.,
// IEEE TPDS 2019, §3.1, Table 1): thread instructions per component, SM
// active cycles, bytes at L2, shared memory and DRAM, and the range's GPU
// time. The CUPTI calls themselves sit behind RangeMetricSource (real:
// libcupti through dlopen, CuptiRangeSource.cpp; tests: a fake), so the
// mapping and the training-file output are tested without a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CUPTIMETRICS_H
#define GPA_CUPTIMETRICS_H

#include "gpa/CounterProfiler.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gpa {

/// One range of CUPTI's range profiler (user range, user replay): the
/// metrics' GPU values over everything RunOnce launched.
class RangeMetricSource {
public:
  virtual ~RangeMetricSource() = default;
  /// Profiles one range named Range: calls RunOnce (one repetition, waited
  /// for) once per replay pass, then evaluates Metrics (the names given when
  /// the source was opened) into Values, in that order.
  virtual bool collect(const std::string &Range,
                       const std::function<bool(std::string &)> &RunOnce,
                       std::vector<double> &Values, std::string &Error) = 0;
};

/// The metric names, in the order collect() returns them. They exist on
/// Volta to Hopper (CUPTI's metric names since the Profiling API of CUDA
/// 10; docs/dvfs.md has the table).
const std::vector<std::string> &cuptiUtilisationMetrics();

/// Seed 002's raw counts from Values (cuptiUtilisationMetrics() order).
/// Fails naming the metric when a value is negative or not finite.
bool countersFromMetricValues(const std::vector<double> &Values,
                              KernelCounters &Out, std::string &Error);

/// A CounterProfiler over Source: collect() with the kernel's name as the
/// range, then countersFromMetricValues.
std::unique_ptr<CounterProfiler>
metricCounterProfiler(std::unique_ptr<RangeMetricSource> Source);

/// libcupti's range profiler on the current CUDA context of device Device
/// (CUDA ordinal), for Metrics. The library is $GPA_CUPTI_LIBRARY when set,
/// else the loader's libcupti.so.13, .so.12 or .so. nullptr with Error
/// when it is absent, too old (no range profiler: before CUDA 12.6), built
/// out (no CUPTI headers at build time), or refuses the device or a metric.
std::unique_ptr<RangeMetricSource>
openCuptiRangeSource(unsigned Device, const std::vector<std::string> &Metrics,
                     std::string &Error);

} // namespace gpa

#endif
