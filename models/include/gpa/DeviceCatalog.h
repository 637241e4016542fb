//===- DeviceCatalog.h - Bundled GPU models for real devices ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_DEVICECATALOG_H
#define GPA_DEVICECATALOG_H

#include <string>

namespace gpa {

/// The bundled model a board name stands for: "a100-sxm4-40gb" is "a100",
/// "h100-sxm" is "h100", "v100-sxm2" is "v100"; underscores read as
/// dashes ("a100_pcie_40gb"); any other name as it is.
std::string resolveModelAlias(const std::string &Name);

/// The bundled model for a device, from its name as the CUDA runtime
/// reports it ("NVIDIA A100-PCIE-40GB", "Tesla T4", ...) and its SM count.
/// A device no rule names gets the bundled model of the closest
/// architecture (newest sm_version not above the device's) with the
/// nearest SM count, and Warning names the device and the model chosen; a
/// named device whose SM count differs from its model's gets a Warning too.
std::string bundledModelForDevice(const std::string &DeviceName,
                                  unsigned SmVersion, unsigned NumSms,
                                  std::string &Warning);

/// Why a model inferred from a compile target alone (closestBundledModel)
/// is a guess, or "" when it is not: the target's architecture has no
/// bundled model (an older one stands in), or other bundled boards of the
/// same architecture have other SM counts (sm_89: l4 with 58 SMs, but also
/// rtx4090 with 128 and l40s with 142), so the SM advice may be for the
/// wrong board.
std::string inferredGpuCaveat(unsigned TargetSm, const std::string &Chosen);

} // namespace gpa

#endif
