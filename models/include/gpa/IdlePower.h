//===- IdlePower.h - Idle power of the default power model ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What a GPU model's default power backend charges when nothing runs (a CUDA
// context open, reference clocks): IPP's IdlePower (Eq. 5) from the power
// section, or the dvfs model's static and constant terms at zero
// utilisation (seed 002 Eq. 5-6) for boards whose default is dvfs. `gpa
// models` shows this one, not IPP's, so the listed idle power is the one
// every report prices (issue 27).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IDLEPOWER_H
#define GPA_IDLEPOWER_H

#include "gpa/GpuModel.h"

#include <string>

namespace gpa {

struct IdlePower {
  double PowerW = 0;
  /// The backend that prices it ("ipp", "dvfs", ...).
  std::string Model;
  /// Where the number comes from, in a few words.
  std::string Source;
};

/// The idle power of Gpu's default power backend at its reference clocks.
IdlePower defaultModelIdlePower(const GpuModel &Gpu);

} // namespace gpa

#endif
