//===- FindingMessages.h - One wording of each finding ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The text of the findings both front-ends report (frontends/ir/Findings.cpp
// on IR, frontends/ptx/src/PtxFindings.cpp on nvcc's PTX): the same rule
// says the same thing whichever route found it. Rule ids and help:
// gpa/FindingRules.h, docs/findings.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FINDINGMESSAGES_H
#define GPA_FINDINGMESSAGES_H

#include <cstdint>
#include <string>

namespace gpa {

/// V with at most two decimals, trailing zeros dropped ("2", "0.25").
std::string findingNumber(double V);

/// How a global access that is not coalesced was classified.
enum class UncoalescedKind {
  Strided,        ///< a constant stride larger than the access: certain
  VariableStride, ///< a run-time stride: "up to"
  Gather,         ///< an index loaded at a lane-dependent address: "up to"
};

/// UncoalescedAccess. \p Transactions and \p IdealTransactions per warp
/// (sectors of the GPU model), \p ExtraBytes the DRAM bytes above the ideal.
std::string uncoalescedMessage(UncoalescedKind Kind, bool Load,
                               std::uint64_t Bytes, std::int64_t StrideBytes,
                               double Transactions, double IdealTransactions,
                               double ExtraBytes);

/// UnanalysedAccess: the address depends on threadIdx.x in a way the
/// analysis cannot follow; the estimate counts \p Transactions.
std::string unanalysedAccessMessage(bool Load, std::uint64_t Bytes,
                                    double Transactions,
                                    double IdealTransactions);

/// SharedBankConflict. \p ActiveLanes the lanes under the access's guards
/// (32: none); \p BlockX the given blockDim.x (0: not given); \p Flag gives
/// the block on the surface that reports it ("-gpa-block-size" for the
/// plugin and the IR route, "--block-size" for gpa's PTX route).
std::string sharedBankConflictMessage(unsigned Ways, bool Load,
                                      std::int64_t StrideBytes,
                                      unsigned ActiveLanes,
                                      std::uint64_t BlockX,
                                      const std::string &Flag);

/// DoublePrecisionInFloatKernel: \p Cause ("the double literal 0.5"),
/// \p Count instructions listed in \p List; the FP64/FP32 issue cycles of
/// \p GpuName (empty: no GPU known, the ratio is left out).
std::string doublePrecisionMessage(const std::string &Cause, std::size_t Count,
                                   const std::string &List,
                                   const std::string &GpuName,
                                   double Fp64IssueCycles,
                                   double FpIssueCycles);

/// "the double literal 0.5" (printf %g).
std::string doubleLiteralCause(double Value);

/// LocalMemoryArray: a private array of \p Bytes indexed at run time.
std::string localMemoryArrayMessage(std::uint64_t Bytes, bool Load);

/// AliasKeepsAccessInLoop: a load (\p Load) or store whose address does
/// not change in its loop, kept there by the load or store (\p
/// BlockerLoad) at \p BlockerLine (0: no line) that may alias it.
std::string aliasKeepsAccessMessage(bool Load, bool BlockerLoad,
                                    unsigned BlockerLine);

/// How a branch condition splits a warp (DivergentBranch's cause).
enum class WarpSplitKind {
  Compared,  ///< threadIdx.x compared with K, not a multiple of 32
  Remainder, ///< threadIdx.x % K, K a divisor of 32 above 1
  Mask,      ///< threadIdx.x & K, K with bits below the warp size
};

/// "threadIdx.x is compared with 16, not a multiple of the warp size".
std::string warpSplitCause(WarpSplitKind Kind, std::uint64_t K);

/// DivergentBranch: the warp runs both sides one after the other, or
/// (\p EmptySide) the lanes that skip the guarded code idle while the
/// others run it.
std::string divergentBranchMessage(const std::string &Cause, bool EmptySide);

/// RegisterSpill: what ptxas spilled (\p Spills, "8 bytes stack frame, 4
/// bytes spill stores ...").
std::string registerSpillMessage(const std::string &Spills);

/// AssumedTripCount: the loop at \p Where ("KERNEL:LINE") runs \p Count
/// iterations per entry, chosen by \p Source; \p Flag sets it
/// ("-gpa-trip-count" for the plugin, "--trip-count" for gpa).
std::string assumedTripCountMessage(unsigned Count, const std::string &Source,
                                    const std::string &Where,
                                    const std::string &Flag);

} // namespace gpa

#endif
