//===- DvfsCalibration.h - Fitting seed 002's model ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Guerreiro et al., IEEE TPDS 2019 (seed 002) §3.3, Fig. 4-5: the two-phase
// estimation of the normalised voltage per clock (Problem 1, with monotonic
// bounds) and the model coefficients (Problem 2, non-negative least
// squares), iterated to convergence; and §3.4's fixed-frequency model
// (Eq. 9, phase 2 alone).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_DVFSCALIBRATION_H
#define GPA_DVFSCALIBRATION_H

#include "gpa/PowerSamples.h"

#include <array>

namespace gpa {

struct DvfsFitOptions {
  /// Stop when one phase-1 + phase-2 round lowers the mean squared error by
  /// less than this (W^2), or after MaxIterations rounds.
  double MseToleranceW2 = 1e-6;
  unsigned MaxIterations = 1000;
  /// Bounds of every normalised voltage (1 at the reference clock); within
  /// them each voltage lies between its neighbours' (monotonic in clock).
  double MinVoltage = 0.5;
  double MaxVoltage = 1.5;
  /// Components whose coefficient stays 0 (gpa calibrate --hold-at-zero):
  /// what the rows cannot tell apart from another column, stated rather
  /// than fitted to a proxy.
  std::array<bool, NumDvfsComponents> HeldAtZero{};
};

struct DvfsFitResult {
  DvfsPowerParams Params; // coefficients and voltage tables
  unsigned Iterations = 0;
  bool Converged = false;
  double RmsErrorW = 0;
  double MapePct = 0; // on the training rows
};

/// Fits Eq. (5)-(6) to Train (measured power required). Fails when the
/// reference clocks have no measurements.
bool fitDvfsModel(const PowerSampleSet &Train, const DvfsFitOptions &Options,
                  DvfsFitResult &Out, std::string &Error);

/// Eq. (5)-(6) for one sample; fails when a clock is not in P's tables.
bool predictSamplePower(const DvfsPowerParams &P, const PowerSample &S,
                        double &PowerW, std::string &Error);

/// Mean absolute percentage error over the samples with a measured power;
/// fails like predictSamplePower.
bool samplesMape(const DvfsPowerParams &P, const std::vector<PowerSample> &S,
                 double &MapePct, std::string &Error);

/// The fixed held-out split: microbenchmarks (rows sharing a benchmark name,
/// or in gpmTOOL files the same utilisation vector) numbered in order of
/// first appearance; every Every-th one (index % Every == Every - 1) goes to
/// Test with all its clock pairs, the rest to Train. Every = 5 is 80/20.
void splitByBenchmark(const PowerSampleSet &All, unsigned Every,
                      PowerSampleSet &Train, PowerSampleSet &Test);

/// Lanes per SM of each pipe (Eq. 7's UnitsPerSM) by compute capability,
/// from the CUDA C++ Programming Guide's arithmetic-throughput table
/// (results per clock per SM); CF is taken as one warp per scheduler per
/// cycle (4 x 32, assumed).
DvfsUtilisation defaultLanesPerSm(unsigned SmVersion);

/// The hardware figures Eq. (7)-(8) need (lanes per SM, peak L2 and shared
/// bandwidth, with sources) for Gpu: from its dvfs parameters when it has
/// them, else defaultLanesPerSm and the documented assumptions; Core.RefMhz
/// and Mem.RefMhz are the clocks those figures are for (Mem.RefMhz 0 when
/// the model does not say). Other fields stay zero. Used by gpa calibrate (-o)
/// and gpa-measure (utilisations).
DvfsPowerParams dvfsHardwareFigures(const GpuModel &Gpu);

} // namespace gpa

#endif
