//===- Occupancy.h - Active blocks per SM --------------------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_OCCUPANCY_H
#define GPA_OCCUPANCY_H

#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"

#include <string>

namespace gpa {

struct Occupancy {
  /// False when one block cannot run at all (too many threads, registers or
  /// shared memory); Reason says which limit and by how much.
  bool Fits = false;
  std::string Reason;
  /// Resident blocks per SM allowed by each resource (CUDA occupancy rules).
  unsigned LimitByThreads = 0;
  unsigned LimitByWarps = 0;
  unsigned LimitByBlocks = 0;
  unsigned LimitByRegisters = 0;
  unsigned LimitBySharedMemory = 0;
  /// min of the above.
  unsigned MaxActiveBlocksPerSm = 0;
  /// Which resource bounds MaxActiveBlocksPerSm ("threads", "warps", ...).
  std::string LimitedBy;
  unsigned WarpsPerBlock = 0;
};

/// Resident blocks per SM for this launch on this GPU (the CUDA occupancy
/// calculator's rules: warp allocation granularity, register allocation unit
/// per warp or per block, shared memory allocation unit and per-block
/// reservation).
Occupancy computeOccupancy(const LaunchConfig &Launch, const GpuModel &Gpu);

} // namespace gpa

#endif
