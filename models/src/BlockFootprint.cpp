//===- BlockFootprint.cpp - Distinct sectors a block's load touches -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Enumerates the block's threads: at most a GPU's 1024 threads (up to
// MaxThreads from a hand-written profile), each covering ceil(Bytes / 32) + 1
// sectors at most.
//
//===----------------------------------------------------------------------===//
#include "gpa/BlockFootprint.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace gpa {

/// Beyond any GPU's block (1024 threads); a larger hand-written shape is
/// not enumerated.
static constexpr double MaxThreads = 65536;
/// Strides beyond this many bytes put every row in sectors of its own; the
/// enumeration stays within exact double arithmetic.
static constexpr double MaxStrideBytes = 4294967296.0; // 2^32
/// A thread's access is at most a 16-byte vector (ld.v4.b32); a
/// hand-written profile's larger per-thread bytes is not enumerated.
static constexpr double MaxBytesPerThread = 256;

std::optional<double> derivedBlockSectors(const GlobalAccessFact &F,
                                          const BlockDims &Dims,
                                          double SectorBytes) {
  if (!Dims.known() || F.Store || SectorBytes <= 0 ||
      (F.Shape != AccessShape::Coalesced && F.Shape != AccessShape::Strided))
    return std::nullopt;
  if ((Dims.Y > 1 && !F.ThreadStrideYKnown) ||
      (Dims.Z > 1 && !F.ThreadStrideZKnown))
    return std::nullopt;
  double X = double(Dims.X), Y = double(Dims.Y), Z = double(Dims.Z);
  if (X * Y * Z > MaxThreads)
    return std::nullopt;
  double Sx = F.LaneStrideBytes;
  double Sy = Dims.Y > 1 ? F.ThreadStrideYBytes : 0;
  double Sz = Dims.Z > 1 ? F.ThreadStrideZBytes : 0;
  for (double S : {Sx, Sy, Sz})
    if (!std::isfinite(S) || std::fabs(S) > MaxStrideBytes)
      return std::nullopt;
  double Bytes = std::max(1.0, F.Bytes);
  if (!std::isfinite(Bytes) || Bytes > MaxBytesPerThread)
    return std::nullopt;
  std::vector<std::int64_t> Sectors;
  Sectors.reserve(std::size_t(X * Y * Z) * 2);
  for (std::uint64_t Tz = 0; Tz < Dims.Z; ++Tz)
    for (std::uint64_t Ty = 0; Ty < Dims.Y; ++Ty)
      for (std::uint64_t Tx = 0; Tx < Dims.X; ++Tx) {
        double Addr = Sx * double(Tx) + Sy * double(Ty) + Sz * double(Tz);
        auto First = std::int64_t(std::floor(Addr / SectorBytes));
        auto End = std::int64_t(std::ceil((Addr + Bytes) / SectorBytes));
        for (std::int64_t S = First; S < End; ++S)
          Sectors.push_back(S);
      }
  std::sort(Sectors.begin(), Sectors.end());
  return double(std::unique(Sectors.begin(), Sectors.end()) - Sectors.begin());
}

} // namespace gpa
