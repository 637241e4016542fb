//===- PowerModels.h - The power models side by side -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The power models a GPU model file can carry parameters for, by name:
//   ipp                 seed 000, IPP (Hong & Kim 2010), Power.h
//   instruction-energy  seed 003, energy per native instruction and byte
//   mcpat-component     seed 001, McPAT-style components (GTX580)
// and seed 004's per-SM footprints priced with any of them. Each answers
// with a number and its provenance, or the list of missing parameters.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWERMODELS_H
#define GPA_POWERMODELS_H

#include "gpa/Analysis.h"
#include "gpa/ModelEstimate.h"
#include "gpa/SmFootprints.h"

#include <string>
#include <vector>

namespace gpa {

const std::vector<std::string> &powerModelNames();
/// "ipp, instruction-energy, mcpat-component".
std::string powerModelNameList();

/// The IPP evaluation E as a ModelEstimate: idle power is static, Const_SM
/// constant, every other component dynamic.
ModelEstimate ippEstimate(const Evaluation &E, const GpuModel &Gpu);

/// Model Name for the kernel at its requested evaluation (HK09 time, IPP's
/// temperature for seed 001's leakage). An unknown name gives an estimate
/// whose MissingParameters says so.
ModelEstimate estimatePowerModel(const std::string &Name,
                                 const KernelAnalysis &A, const GpuModel &Gpu);

struct KernelFootprints {
  FootprintLaunch Launch;
  FootprintPower Power;
  Footprints Sms;
  double UncoreW = 0;
  /// How the static power per SM and power gating were obtained.
  std::vector<ParameterUse> Provenance;
  DvfsFrontier Dvfs;
};

/// Seed 004 for the kernel's requested evaluation, priced with Estimate (an
/// available estimate of any model).
KernelFootprints kernelFootprints(const KernelAnalysis &A, const GpuModel &Gpu,
                                  const ModelEstimate &Estimate);

} // namespace gpa

#endif
