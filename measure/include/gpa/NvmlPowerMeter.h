//===- NvmlPowerMeter.h - NVML loaded at run time ---------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// PowerMeter over libnvidia-ml.so.1, opened with dlopen so the product
// builds and runs without the driver. Only queries: it never sets clocks or
// power limits.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_NVMLPOWERMETER_H
#define GPA_NVMLPOWERMETER_H

#include "gpa/PowerMeasurement.h"

#include <memory>

namespace gpa {

/// Opens NVML and device Index; nullptr with Error when NVML or the device
/// is missing.
std::unique_ptr<PowerMeter> openNvmlPowerMeter(unsigned Index,
                                               std::string &Error);

} // namespace gpa

#endif
