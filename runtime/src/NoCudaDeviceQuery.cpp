//===- NoCudaDeviceQuery.cpp - Built without the CUDA toolkit -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/DeviceQuery.h"

namespace gpa::runtime {

std::unique_ptr<DeviceQuery> makeCudaDeviceQuery() { return nullptr; }

} // namespace gpa::runtime
