//===- NoCudaPartitioner.cpp - Built without the CUDA toolkit -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/SmPartition.h"

namespace gpa::runtime {

std::unique_ptr<SmPartitioner> makeGreenContextPartitioner() { return nullptr; }

} // namespace gpa::runtime
