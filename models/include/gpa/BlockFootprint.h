//===- BlockFootprint.h - Sectors one block's load touches ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Rule R9's block sectors B derived from a load's thread strides (threadIdx.x
// lane stride, threadIdx.y and threadIdx.z strides) and the block's
// dimensions: the distinct 32-byte sectors the byte ranges of all the
// block's threads cover in one execution. docs/models.md "Memory levels".
//
//===----------------------------------------------------------------------===//
#ifndef GPA_BLOCKFOOTPRINT_H
#define GPA_BLOCKFOOTPRINT_H

#include "gpa/MemoryLevels.h"

#include <optional>

namespace gpa {

/// The distinct sectors of \p SectorBytes bytes that one execution of \p F
/// by a block of \p Dims touches: thread (tx, ty, tz) reads
/// [a, a + Bytes) with a = sx tx + sy ty + sz tz from a sector-aligned base
/// (an assumption: the base's alignment is not known). Nothing when the
/// dimensions are unknown, a needed stride (y when Dims.Y > 1, z when
/// Dims.Z > 1) is unknown, or the access is a store, a broadcast (R1) or a
/// gather.
std::optional<double> derivedBlockSectors(const GlobalAccessFact &F,
                                          const BlockDims &Dims,
                                          double SectorBytes = 32);

} // namespace gpa

#endif
