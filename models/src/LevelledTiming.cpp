//===- LevelledTiming.cpp - HK09 with L1, L2 and DRAM levels --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// HK09's memory waiting period Mem_L becomes the mix of the levels' latencies
// (shares from gpa/MemoryLevels.h); Eq. (30)-(31) apply to the DRAM bytes,
// and the MWP idea is applied once more to L2: warps in flight are also
// limited by L2 bandwidth / (L2 bytes per warp per Mem_L). Each level adds a
// bandwidth bound per wave. Without caches or facts nothing changes (HK09).
// See docs/models.md "Memory levels".
//
//===----------------------------------------------------------------------===//
#include "gpa/Timing.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace gpa {

/// Bytes one warp's execution of a broadcast, coalesced or strided access
/// moves beyond L1: the 32-byte sectors it touches (CUDA C++ Best Practices
/// Guide, "Coalesced Access to Global Memory"). A broadcast touches one
/// sector, 32 one-byte loads one, 32 floats 8 bytes apart eight (every
/// sector of the span: laplace's coefficients at every other float), lanes
/// a sector or more apart one sector each; gathered accesses keep the
/// profile's bytes (the uncoalesced path models their transactions).
static double bytesBeyondL1PerWarp(const GlobalAccessFact &F,
                                   const GpuModel &Gpu, double Default) {
  double Sector = Gpu.TransactionBytes > 0 ? Gpu.TransactionBytes : 32;
  double Lanes = Gpu.WarpSize;
  double SectorsPerLane = std::ceil(F.Bytes / Sector);
  switch (F.Shape) {
  case AccessShape::Broadcast:
    return SectorsPerLane * Sector;
  case AccessShape::Coalesced:
  case AccessShape::Strided: {
    double Span = Lanes * std::max(F.LaneStrideBytes, F.Bytes);
    return std::min(std::ceil(Span / Sector), Lanes * SectorsPerLane) * Sector;
  }
  case AccessShape::Gather:
    break;
  }
  return Default;
}

void applyMemoryLevels(const KernelProfile &P, const GpuModel &Gpu, Timing &T) {
  if (!Gpu.Caches.present() || P.GlobalAccesses.empty() || T.MemInsts <= 0)
    return;
  MemoryLevelsEstimate E = estimateMemoryLevels(
      P.GlobalAccesses, Gpu.Caches, P.Launch.ThreadsPerBlock, P.Launch.Blocks,
      Gpu.WarpSize,
      L1Budget{T.ActiveBlocksPerSm, double(P.Launch.SharedBytesPerBlock),
               double(Gpu.NumSms)},
      P.Launch.BlockShape);
  // The facts cover the global accesses; the other memory instructions
  // (local memory, accesses without a fact) stay at DRAM as in HK09.
  double Covered = 0;
  for (const GlobalAccessFact &F : P.GlobalAccesses)
    Covered += F.PerThread;
  double Share = std::min(1.0, Covered / T.MemInsts);
  T.Levelled = true;
  T.Levels.L1 = E.Kernel.L1 * Share;
  T.Levels.L2 = E.Kernel.L2 * Share;
  T.Levels.Dram = std::max(0.0, 1 - T.Levels.L1 - T.Levels.L2);

  const CacheLevels &C = Gpu.Caches;
  double L1Latency =
      C.L1LatencyCycles > 0 ? C.L1LatencyCycles : C.L2LatencyCycles;
  double Mix = T.Levels.L1 * L1Latency + T.Levels.L2 * C.L2LatencyCycles +
               T.Levels.Dram * Gpu.MemLatencyCycles;
  double UncoalExtra = T.MemLUncoalCycles - T.MemLCoalCycles;
  T.MemLCoalCycles = Mix;
  T.MemLUncoalCycles = Mix + UncoalExtra;
  double WeightUncoal = T.UncoalMemInsts / T.MemInsts;
  T.MemLCycles =
      T.MemLUncoalCycles * WeightUncoal + T.MemLCoalCycles * (1 - WeightUncoal);
  // Bytes per memory instruction beyond L1 and beyond L2: each fact's
  // sectors times its misses; instructions without a fact move the
  // profile's bytes to DRAM (HK09).
  double Uncovered = std::max(0.0, T.MemInsts - Covered);
  double L2Bytes = Uncovered * T.LoadBytesPerWarp;
  double DramBytes = L2Bytes;
  for (std::size_t I = 0; I < P.GlobalAccesses.size(); ++I) {
    const GlobalAccessFact &F = P.GlobalAccesses[I];
    const LevelShares &S = E.PerAccess[I].Shares;
    double Bytes =
        F.PerThread * bytesBeyondL1PerWarp(F, Gpu, T.LoadBytesPerWarp);
    L2Bytes += Bytes * (S.L2 + S.Dram);
    DramBytes += Bytes * S.Dram;
  }
  double Insts = std::max(T.MemInsts, Covered);
  T.DramBytesPerWarp = DramBytes / Insts;
  T.L2BytesPerWarp = L2Bytes / Insts;
  double L2BwPerWarpGbps = T.MemLCycles > 0 ? Gpu.ClockGhz * T.L2BytesPerWarp *
                                                  T.LoadsPerRound / T.MemLCycles
                                            : 0;
  T.MwpL2Bw = C.L2BandwidthGbps > 0 && L2BwPerWarpGbps > 0
                  ? C.L2BandwidthGbps / (L2BwPerWarpGbps * T.BandwidthSms)
                  : T.N;
}

void applyLevelBounds(const GpuModel &Gpu, Timing &T) {
  if (!T.Levelled)
    return;
  const CacheLevels &C = Gpu.Caches;
  double M = T.MemInsts;
  // Every byte a wave requests passes its SM's L1; the misses share L2.
  T.L1BoundCycles = C.L1BytesPerCyclePerSm > 0
                        ? T.N * M * T.LoadBytesPerWarp / C.L1BytesPerCyclePerSm
                        : 0;
  T.L2BoundCycles = C.L2BandwidthGbps > 0
                        ? T.N * T.BandwidthSms * M * T.L2BytesPerWarp *
                              Gpu.ClockGhz / C.L2BandwidthGbps
                        : 0;
  T.BoundingLevel = "dram";
  double Largest = T.BandwidthBoundCycles;
  if (T.L2BoundCycles > Largest) {
    T.BoundingLevel = "l2";
    Largest = T.L2BoundCycles;
  }
  if (T.L1BoundCycles > Largest)
    T.BoundingLevel = "l1";
}

std::string memoryLevelSummary(const Timing &T, const GpuModel &Gpu) {
  if (!T.Levelled || !(T.WaveCycles > 0))
    return "";
  std::string Level = T.BoundingLevel;
  for (char &C : Level)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  // The DRAM bound's share of the wave is the share of what the active SMs
  // sustain that is used; scaled to the datasheet peak.
  double DramOfPeak = T.BandwidthBoundCycles / T.WaveCycles *
                      T.SmsBandwidthGbps / Gpu.peakBandwidthGbps() * 100;
  char Text[160];
  std::snprintf(Text, sizeof Text,
                "%s-bound: %.0f%% of loads hit L2, %.0f%% L1; DRAM %.0f%% of "
                "peak",
                Level.c_str(), T.Levels.L2 * 100, T.Levels.L1 * 100,
                DramOfPeak);
  return Text;
}

} // namespace gpa
