//===- FindingMessages.cpp - One wording of each finding -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/FindingMessages.h"
#include "gpa/SharedBankConflicts.h"

#include <algorithm>
#include <cstdio>

namespace gpa {

std::string findingNumber(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.2f", V);
  std::string S = Buf;
  while (!S.empty() && S.back() == '0')
    S.pop_back();
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S;
}

static const char *what(bool Load) { return Load ? "load" : "store"; }

std::string uncoalescedMessage(UncoalescedKind Kind, bool Load,
                               std::uint64_t Bytes, std::int64_t StrideBytes,
                               double Transactions, double IdealTransactions,
                               double ExtraBytes) {
  const std::string Size = std::to_string(Bytes) + " B";
  if (Kind == UncoalescedKind::Strided)
    return "uncoalesced global " + std::string(what(Load)) + " of " + Size +
           " (strided: " + std::to_string(StrideBytes) +
           " B between neighbouring threads): " + findingNumber(Transactions) +
           " transactions per warp instead of " +
           findingNumber(IdealTransactions) + ", " + findingNumber(ExtraBytes) +
           " extra DRAM bytes per warp access";
  // Gathers and run-time strides: the lanes' addresses are not known, only
  // that they may differ; the count is the worst case.
  std::string Why = Kind == UncoalescedKind::VariableStride
                        ? "variable_stride: a run-time stride between "
                          "neighbouring threads"
                        : "data_dependent: an address loaded from "
                          "thread-dependent data, a gather";
  return "possibly uncoalesced global " + std::string(what(Load)) + " of " +
         Size + " (" + Why + "): up to " + findingNumber(Transactions) +
         " transactions per warp (" + findingNumber(IdealTransactions) +
         " if neighbouring threads' addresses are adjacent), up to " +
         findingNumber(ExtraBytes) +
         " extra DRAM bytes per warp access; the estimate counts the worst "
         "case";
}

std::string unanalysedAccessMessage(bool Load, std::uint64_t Bytes,
                                    double Transactions,
                                    double IdealTransactions) {
  return "the address of this global " + std::string(what(Load)) + " of " +
         std::to_string(Bytes) +
         " B could not be analysed (it depends on threadIdx.x through values "
         "the analysis cannot follow): not known to be uncoalesced; the "
         "estimate counts it as up to " +
         findingNumber(Transactions) +
         " transactions per warp (the worst case), against " +
         findingNumber(IdealTransactions) + " if coalesced";
}

std::string sharedBankConflictMessage(unsigned Ways, bool Load,
                                      std::int64_t StrideBytes,
                                      unsigned ActiveLanes,
                                      std::uint64_t BlockX,
                                      const std::string &Flag) {
  std::string Active = ActiveLanes < SharedBanks ? std::to_string(ActiveLanes) +
                                                       " lanes under its guard"
                                                 : std::string("32 lanes");
  std::string Shape;
  if (BlockX > 0 && BlockX < SharedBanks)
    Shape = ", blocks of " + std::to_string(BlockX) + " threads in x (given)";
  if (BlockX == 0)
    Shape = "; blockDim.x of 32 or more assumed (a narrower block spreads a "
            "warp over rows: give the launch's block with " +
            Flag + (Flag == "--block-size" ? "" : " (gpa: --block-size)") +
            " or a launch file)";
  return std::to_string(Ways) + "-way shared-memory bank conflict: a " +
         what(Load) + " with a stride of " + std::to_string(StrideBytes) +
         " B between neighbouring threads is replayed " + std::to_string(Ways) +
         " times per warp (" + Active + Shape + ")";
}

std::string doublePrecisionMessage(const std::string &Cause, std::size_t Count,
                                   const std::string &List,
                                   const std::string &GpuName,
                                   double Fp64IssueCycles,
                                   double FpIssueCycles) {
  std::string Text =
      "double-precision arithmetic in a kernel whose data is float, caused "
      "by " +
      Cause + ": " + std::to_string(Count) + " instruction(s) run on FP64 (" +
      List + ")";
  if (GpuName.empty())
    return Text;
  double Ratio = Fp64IssueCycles / std::max(1e-9, FpIssueCycles);
  return Text + ", which issues " + findingNumber(Ratio) +
         "x slower than FP32 on " + GpuName + " (" +
         findingNumber(Fp64IssueCycles) + " vs " +
         findingNumber(FpIssueCycles) + " cycles per warp instruction)";
}

std::string doubleLiteralCause(double Value) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%g", Value);
  return std::string("the double literal ") + Buf;
}

std::string localMemoryArrayMessage(std::uint64_t Bytes, bool Load) {
  return "private array of " + std::to_string(Bytes) +
         " B indexed at run time lives in local memory: this " + what(Load) +
         " is a local-memory access (local_mem) instead of a register";
}

std::string aliasKeepsAccessMessage(bool Load, bool BlockerLoad,
                                    unsigned BlockerLine) {
  return std::string(Load ? "load from" : "store to") +
         " an address that does not change in the loop is repeated every "
         "iteration because the " +
         what(BlockerLoad) +
         (BlockerLine ? " at line " + std::to_string(BlockerLine) : "") +
         " may access the same memory: one global memory instruction per "
         "iteration that a register would save; mark the kernel's pointers "
         "__restrict__ (read-only ones const __restrict__)";
}

std::string assumedTripCountMessage(unsigned Count, const std::string &Source,
                                    const std::string &Where,
                                    const std::string &Flag) {
  return "loop trip count is not a compile-time constant: assumed " +
         std::to_string(Count) + " iterations per entry (" + Source +
         "); every count in its body scales with it; set it with " + Flag +
         "=" + Where + "=N" +
         (Flag == "--trip-count" ? "" : " (gpa: --trip-count)") +
         " or `loops` in a launch file";
}

std::string warpSplitCause(WarpSplitKind Kind, std::uint64_t K) {
  switch (Kind) {
  case WarpSplitKind::Compared:
    return "threadIdx.x is compared with " + std::to_string(K) +
           ", not a multiple of the warp size";
  case WarpSplitKind::Remainder:
    return "threadIdx.x % " + std::to_string(K) + " differs within a warp";
  case WarpSplitKind::Mask:
    return "threadIdx.x & " + std::to_string(K) + " differs within a warp";
  }
  return "";
}

std::string divergentBranchMessage(const std::string &Cause, bool EmptySide) {
  return EmptySide ? "branch diverges within every warp (" + Cause +
                         "): the lanes that skip the guarded code wait while "
                         "the others run it"
                   : "branch diverges within a warp (" + Cause +
                         "): the warp executes both sides one after the other";
}

std::string registerSpillMessage(const std::string &Spills) {
  return "registers spilled to local memory: " + Spills;
}

} // namespace gpa
