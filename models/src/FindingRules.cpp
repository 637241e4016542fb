//===- FindingRules.cpp - Stable ids and help of the plugin's findings ---===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/FindingRules.h"

namespace gpa {

const std::vector<FindingRule> &findingRules() {
  static const std::vector<FindingRule> Rules = {
      {"UncoalescedAccess", "Uncoalesced global memory access",
       "Neighbouring threads of a warp touch addresses further apart than "
       "the access size, so one warp-wide access needs more 32-byte DRAM "
       "transactions than the data it uses (HK09 Uncoal_Mem_insts). Lay the "
       "data out so that threadIdx.x indexes the fastest-moving dimension, "
       "or stage it through shared memory.",
       "uncoalescedaccess"},
      {"UnanalysedAccess", "Global access whose address could not be analysed",
       "The address depends on threadIdx.x through values the analysis "
       "cannot follow (an unknown call, non-affine arithmetic), so whether "
       "a warp's access coalesces is not known. The estimate counts it as "
       "the worst case (one transaction per thread) and says so; give the "
       "address a form the analysis can follow, or read the remark as an "
       "upper bound.",
       "unanalysedaccess"},
      {"DoublePrecisionInFloatKernel",
       "Double-precision arithmetic in a single-precision kernel",
       "The kernel's data is float, but a double literal or a conversion "
       "makes the arithmetic run on the FP64 units, which issue at a "
       "fraction of the FP32 rate on most GPUs. Write literals with an f "
       "suffix (0.5f) and call the float functions (sqrtf, expf).",
       "doubleprecisioninfloatkernel"},
      {"LocalMemoryArray", "Private array in local memory",
       "A per-thread array indexed at run time cannot live in registers; "
       "every access goes to local memory (off-chip, cached). Index it with "
       "compile-time constants (unrolled loops) or use shared memory.",
       "localmemoryarray"},
      {"RegisterSpill", "Registers spilled to local memory",
       "ptxas ran out of registers (a register limit from -maxrregcount or "
       "__launch_bounds__, or a kernel that keeps many values live) and "
       "stores values to local memory and loads them back; the model counts "
       "these accesses as local-memory traffic. Reduce live values, relax "
       "the register limit, or split the kernel.",
       "registerspill"},
      {"SharedBankConflict", "Shared-memory bank conflict",
       "Neighbouring threads access shared-memory words whose stride shares "
       "a factor with the 32 banks, so the access is replayed once per "
       "conflicting way. Pad the array (e.g. [32][33]) or change the "
       "indexing.",
       "sharedbankconflict"},
      {"DivergentBranch", "Branch diverges within a warp",
       "The condition depends on threadIdx so that threads of one warp take "
       "different sides; the warp executes both sides one after the other. "
       "Make the condition uniform per warp (threadIdx.x / 32).",
       "divergentbranch"},
      {"AliasKeepsAccessInLoop",
       "Load or store kept in a loop because pointers may alias",
       "The access's address does not change in the loop, but another "
       "access in the loop may touch the same memory, so the compiler "
       "repeats it every iteration instead of keeping the value in a "
       "register (more global memory instructions in the model). Mark the "
       "kernel's pointers __restrict__ (and read-only ones const).",
       "aliaskeepsaccessinloop"},
      {"AssumedTripCount", "Loop with an assumed trip count",
       "The loop's trip count is not a compile-time constant; the model "
       "assumes -gpa-default-trip-count iterations. Give the real count "
       "per kernel or per loop line with -gpa-trip-count=KERNEL:LINE=N "
       "(gpa: --trip-count) or the `loops` of a launch file.",
       "assumedtripcount"},
  };
  return Rules;
}

const FindingRule *findingRule(const std::string &Id) {
  for (const FindingRule &R : findingRules())
    if (Id == R.Id)
      return &R;
  return nullptr;
}

} // namespace gpa
