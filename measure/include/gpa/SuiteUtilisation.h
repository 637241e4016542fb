//===- SuiteUtilisation.h - The suite as the analysis sees it ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-measure writes, for each microbenchmark, the utilisations the
// product's OWN static analysis predicts for it (PTX front-end -> timing
// model at the measured clocks -> seed 002 Eq. 7-8 through dvfsUtilisation,
// the dvfs backend's code), not measured counters: a model calibrated on
// them absorbs the front-end's biases (Guerreiro et al., IEEE TPDS 2019,
// Eq. 7-8; docs/dvfs.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SUITEUTILISATION_H
#define GPA_SUITEUTILISATION_H

#include "gpa/DvfsPowerModel.h"
#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpa {

/// One kernel of the suite (PTX .entry FAMILY_iINTENSITY) as launched.
struct SuiteKernel {
  std::string Name;
  KernelProfile Profile; // launch = Blocks x the kernel's block size
};

/// Threads per block of every suite kernel (GPA_THREADS in the .cu).
constexpr std::uint64_t SuiteThreadsPerBlock = 256;

/// Runs the PTX front-end on the suite's PTX; every kernel gets Blocks
/// blocks and registers = min(declared, 32), as `gpa analyze` assumes for
/// PTX input. Fails with the front-end's FILE:LINE:COL error.
bool analyseSuitePtx(const std::string &PtxText, const std::string &FileName,
                     std::uint64_t Blocks, std::vector<SuiteKernel> &Out,
                     std::string &Error);

/// Eq. 7-8 utilisations of Profile at CoreMhz/MemMhz: the timing model runs
/// on Gpu at those clocks (gpuAtClocks; Gpu's bandwidth is the peak at
/// RefMemMhz) on all useful SMs, then the dvfs backend's dvfsUtilisation
/// with the hardware figures Hw (dvfsHardwareFigures).
bool suiteUtilisation(const KernelProfile &Profile, const GpuModel &Gpu,
                      const DvfsPowerParams &Hw, double CoreMhz, double MemMhz,
                      double RefMemMhz, DvfsUtilisation &Out,
                      std::string &Error);

} // namespace gpa

#endif
