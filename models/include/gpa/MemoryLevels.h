//===- MemoryLevels.h - Where each global access is served ---- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Facts a front-end reports about each global access (base pointer, the
// accesses it differs from only by a constant, lane stride, working set) and
// the rules that turn them into the share of its bytes served by L1, L2 and
// DRAM. docs/models.md "Memory levels" states each rule and its limits.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MEMORYLEVELS_H
#define GPA_MEMORYLEVELS_H

#include "gpa/BlockDims.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpa {

/// How the 32 lanes of a warp address memory (the front-ends' analysis).
enum class AccessShape {
  Broadcast, // one address for the whole warp
  Coalesced, // consecutive lanes, consecutive elements
  Strided,   // constant lane stride larger than the element
  Gather,    // run-time or data-dependent addresses
};

const char *accessShapeName(AccessShape S);

/// One static global access of a kernel, as a front-end reports it.
struct GlobalAccessFact {
  /// Identity of the base pointer (a kernel argument, a global variable).
  std::string Base;
  /// Accesses of one base whose addresses differ only by a compile-time
  /// constant share a group (a[i-1], a[i], a[i+1]); a[i+n] is another group.
  std::string Group;
  /// The constant offset from the group's other accesses, bytes.
  double OffsetBytes = 0;
  AccessShape Shape = AccessShape::Coalesced;
  /// Address difference between consecutive lanes, bytes.
  double LaneStrideBytes = 4;
  /// The address's change per unit of threadIdx.y and of threadIdx.z,
  /// bytes, when a compile-time constant (R9's derived block footprint,
  /// gpa/BlockFootprint.h). Signed in the direction in which the address
  /// grows with threadIdx.x (a front-end negates them when it falls).
  bool ThreadStrideYKnown = false;
  double ThreadStrideYBytes = 0;
  bool ThreadStrideZKnown = false;
  double ThreadStrideZBytes = 0;
  /// Bytes one thread moves per execution.
  double Bytes = 4;
  /// Dynamic executions per thread.
  double PerThread = 1;
  bool Store = false;
  /// A load the back end makes read-only (ld.global.nc: !invariant.load, or
  /// a noalias argument the kernel never writes).
  bool ReadOnly = false;
  /// Distinct bytes the whole grid touches through this access (its
  /// footprint: a global array's size, one access's bytes for a constant
  /// address, the span the launch's facts bound); 0: unknown. A base's
  /// working set is the union of its accesses' (gpa/BaseWorkingSet.h).
  double WorkingSetBytes = 0;
  /// Where that footprint starts, bytes from the base pointer, when
  /// WorkingSetStartKnown: the access covers [start, start + bytes).
  bool WorkingSetStartKnown = false;
  double WorkingSetStartBytes = 0;
  /// The access sits in a loop; when IterationStrideKnown, its address
  /// changes by IterationStrideBytes per iteration of the innermost loop
  /// around it (0: the same address every iteration).
  bool InLoop = false;
  bool IterationStrideKnown = false;
  double IterationStrideBytes = 0;
  /// R3's reuse across groups: the bytes this access reads are read by the
  /// access of group RereadGroup (same base) of a thread RereadThreads
  /// threads away in launch order (the IR front-end finds that thread with
  /// the given arguments and launch, RereadDistance.cpp). Empty: no such
  /// thread is known, and R3 credits no reuse between this group and others.
  std::string RereadGroup;
  double RereadThreads = 0;
  /// Bytes the re-reading thread itself requests between its two reads
  /// when they lie in different loops (softmax's passes over a row: the
  /// rest of one loop and the start of the next, at most the larger loop's
  /// per-thread bytes); every resident thread requests as much meanwhile,
  /// so R3 prices it x the threads in flight. 0: the same loop or none.
  double RereadBytesBetween = 0;
  /// Distinct 32-byte sectors that one execution of the access by all of a
  /// block's threads touches, when known (R9: the block's warps read
  /// overlapping sectors, e.g. rows of a 2-D block at nearly the same
  /// address); 0: unknown (the model derives it from the thread strides
  /// and the block's dimensions when it can, gpa/BlockFootprint.h).
  double BlockSectors = 0;
};

/// A gathered store (run-time lane stride) in a loop with a known,
/// non-zero step: R10 may merge its writes as if each lane wrote its own
/// sectors, an assumption the front-ends list
/// (gather_lanes_write_own_sectors).
bool gatherStoreAssumedToMerge(const GlobalAccessFact &F);

/// The cache parameters of a GPU model file; all zero (the GTX280) means
/// no data caches: every access goes to DRAM (HK09).
struct CacheLevels {
  double L1LatencyCycles = 0;
  double L2LatencyCycles = 0;
  double L1BytesPerCyclePerSm = 0;
  double L2Bytes = 0;
  double L2BandwidthGbps = 0;
  /// Cycles from a shared-memory load's issue to its result (optional in
  /// model files, memory.shared_latency_cycles; 0: the unit's issue cost
  /// only, as HK09 and the GTX280 file).
  double SharedLatencyCycles = 0;
  /// Whether L1 caches ordinary global loads (memory.l1_caches_global_loads,
  /// default true: cc 2.x and 7.0+). False (Kepler, Maxwell by default):
  /// only read-only loads (ld.global.nc) go through the L1/texture cache;
  /// the others are cached in L2 only.
  bool L1CachesGlobalLoads = true;
  /// Bytes of the data cache per SM that L1 and shared memory share
  /// (memory.l1_shared_bytes_per_sm; 0: unknown, R7 does not apply).
  double L1SharedBytesPerSm = 0;
  bool present() const { return L2Bytes > 0 && L2LatencyCycles > 0; }
};

/// Fractions of an access's (or a kernel's) global memory instructions
/// served by each level; they sum to 1.
struct LevelShares {
  double L1 = 0, L2 = 0, Dram = 1;
};

/// Which rule of docs/models.md "Memory levels" placed an access.
enum class LevelRule {
  NoCaches,      // R0: no caches in the GPU file
  Store,         // R0: stores are written back to DRAM
  Broadcast,     // R1
  Neighbours,    // R2/R3: constant-offset neighbours and same-base groups
  FitsL2,        // R4: working set fits in L2
  Streaming,     // R5: no reuse
  UnknownGather, // R6: gather with unknown working set
};

struct AccessLevels {
  LevelShares Shares;
  LevelRule Rule = LevelRule::NoCaches;
  /// R7 (loop reuse) moved part of the misses to L1.
  bool LoopReuse = false;
  /// R8: L1 does not cache this (not read-only) load; its L1 share went to
  /// L2.
  bool L1Bypassed = false;
  /// R9 (block footprint) moved the block's repeated sectors to L1.
  bool BlockReuse = false;
  /// R9's block sectors were derived from the thread strides and the
  /// block's dimensions (not given by the fact).
  bool BlockSectorsDerived = false;
  /// R10 (write-back merge): the thread's later iterations (or unrolled
  /// copies) write the rest of this store's sectors, which L2 merges and
  /// writes to DRAM once; part of the DRAM share went to L2.
  bool StoreMerge = false;
};

/// What R7 needs of the launch: resident blocks per SM and the shared
/// memory each uses (the rest of the L1/shared data cache is L1). Zero
/// resident blocks: unknown, R7 does not apply.
struct L1Budget {
  double ResidentBlocksPerSm = 0;
  double SharedBytesPerBlock = 0;
  /// The GPU's SMs: with ResidentBlocksPerSm, the threads in flight that R3
  /// multiplies a re-read's RereadBytesBetween by (0: unknown, such a
  /// re-read gets no L2 credit).
  double Sms = 0;
};

struct MemoryLevelsEstimate {
  /// One entry per fact, in the facts' order.
  std::vector<AccessLevels> PerAccess;
  /// Shares of all global memory instructions, weighted by executions.
  LevelShares Kernel;
  /// Per thread: bytes requested, bytes that miss L1 (L2 traffic) and bytes
  /// that miss L2 (DRAM traffic).
  double RequestedBytesPerThread = 0;
  double L2BytesPerThread = 0;
  double DramBytesPerThread = 0;
};

/// Applies the rules to \p Facts for a grid of \p Blocks blocks of
/// \p ThreadsPerBlock threads on a GPU with \p Caches and warps of
/// \p WarpSize lanes. With no caches or no facts every access is DRAM.
/// \p Budget enables R7 (loop reuse within L1); known \p Dims (the block's
/// x, y, z) let R9 derive a load's block sectors from its thread strides.
MemoryLevelsEstimate
estimateMemoryLevels(const std::vector<GlobalAccessFact> &Facts,
                     const CacheLevels &Caches, std::uint64_t ThreadsPerBlock,
                     std::uint64_t Blocks, unsigned WarpSize,
                     const L1Budget &Budget = {}, const BlockDims &Dims = {});

} // namespace gpa

#endif
