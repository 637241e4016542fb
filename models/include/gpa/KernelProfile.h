//===- KernelProfile.h - A kernel as the model sees it -------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A kernel profile: its launch configuration and its dynamic instruction
// counts per thread (= per warp: HK09 assumes lockstep warps). Produced by the
// LLVM plugin, the PTX reader or by hand (examples/profiles/*.json, schema
// models/schema/kernel-profile.schema.json).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_KERNELPROFILE_H
#define GPA_KERNELPROFILE_H

#include "gpa/FlopCounts.h"
#include "gpa/MemoryLevels.h"
#include "gpa/Units.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpa {

struct LaunchConfig {
  /// Threads per block: x * y * z of the block's dimensions.
  std::uint64_t ThreadsPerBlock = 256;
  std::uint64_t Blocks = 1;
  std::uint64_t RegistersPerThread = 32;
  std::uint64_t SharedBytesPerBlock = 0;
  /// The block's x, y and z when known (their product is ThreadsPerBlock);
  /// all zero when only the total is known. Rule R9 derives a load's block
  /// footprint from them (gpa/BlockFootprint.h). Last, so that aggregate
  /// initialisers {threads, blocks, registers, shared} keep their meaning.
  BlockDims BlockShape;
};

struct KernelProfile {
  std::string Name;
  LaunchConfig Launch;
  /// Dynamic instructions per thread, per unit.
  PerUnit PerThread{};
  /// FP32 and FP64 operations per thread as Nsight Compute counts them
  /// (gpa/FlopCounts.h), when a front-end counted them; a profile file's
  /// units alone do not say.
  std::optional<FlopCounts> FlopsPerThread;
  /// How many of the timing-memory instructions are uncoalesced (HK09
  /// Uncoal_Mem_insts); the rest are coalesced.
  double UncoalescedMem = 0;
  /// Bytes each thread moves per memory instruction (4 for float/int loads).
  double BytesPerMemAccess = 4;
  /// Memory transactions per uncoalesced warp access (HK09 Uncoal_per_mw);
  /// 0 means "use the GPU model's default".
  double UncoalescedTransactionsPerWarp = 0;
  /// Global-load latencies one thread waits for one after another before
  /// its barriers (a staging loop's load -> shared-store rounds), summed
  /// over the barriers it passes; 0: unknown or none (HK09's one Mem_L).
  /// docs/models.md "Barrier-exposed load rounds".
  double BarrierLoadRounds = 0;
  /// Memory latencies one thread waits for one after another over the
  /// whole kernel: independent loads a compiler issues together (an
  /// unrolled loop's) count once; 0: unknown, every memory instruction is
  /// its own period (HK09). docs/models.md "Loads in flight per warp".
  double LoadRounds = 0;
  /// Extra shared-memory wavefronts per thread from bank conflicts:
  /// executions x (ways - 1) of each shared access with an analysable
  /// stride (gpa/SharedBankConflicts.h); not part of the shared_mem count.
  double SharedBankReplays = 0;
  /// The worst conflict among those accesses (1: none found).
  double SharedBankConflictWays = 1;
  /// What the front-end knows about each global access (optional; empty:
  /// every access is served by DRAM, as in HK09).
  std::vector<GlobalAccessFact> GlobalAccesses;

  double count(Unit U) const { return PerThread[index(U)]; }
  double &count(Unit U) { return PerThread[index(U)]; }

  // Inline: each evaluation of a sweep asks for these several times, and
  // with the unit table constant the loops keep only the units they sum.
  /// HK09 Mem_insts: global + local memory (and async copies) per thread.
  double memoryInstructions() const {
    double Sum = 0;
    for (const UnitInfo &Info : UnitTable)
      if (Info.IsTimingMemory)
        Sum += count(Info.Id);
    return Sum;
  }
  /// All dynamic instructions per thread.
  double totalInstructions() const {
    double Sum = 0;
    for (double C : PerThread)
      Sum += C;
    return Sum;
  }
  /// Instructions that read or write the register file (IPP Table 1).
  double registerFileAccesses() const {
    double Sum = 0;
    for (const UnitInfo &Info : UnitTable)
      if (Info.ReadsRegisters)
        Sum += count(Info.Id);
    return Sum;
  }
};

} // namespace gpa

#endif
