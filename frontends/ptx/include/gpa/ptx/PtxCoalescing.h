//===- PtxCoalescing.h - Address patterns of global accesses ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A light def-use analysis: every register gets an abstract value "c bytes
// per unit of %tid.x" (affine in tid.x with an unknown uniform part), or
// unknown. A memory access whose address moves by exactly its access size
// per thread is coalesced; one independent of %tid.x is a broadcast; other
// multiples are strided (uncoalesced); anything else is unknown.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXCOALESCING_H
#define GPA_PTX_PTXCOALESCING_H

#include "gpa/ptx/PtxAst.h"

#include <cstdint>
#include <vector>

namespace gpa::ptx {

enum class AccessPattern {
  None,      ///< not a memory access with an address operand
  Coalesced, ///< address advances by the access size per tid.x
  Broadcast, ///< address independent of tid.x (same for the warp)
  Strided,   ///< a larger constant stride per tid.x
  Unknown,   ///< address not affine in tid.x (data-dependent, ...)
};

/// Why an Unknown address is not affine in %tid.x (the IR front-end's
/// AccessPattern.cpp makes the same three cases).
enum class UnknownAddress {
  Unanalysed,     ///< lane dependence the analysis cannot follow
  Gather,         ///< an index loaded at a lane-dependent address it follows
  VariableStride, ///< %tid.x times a run-time (uniform) value
};

struct AccessInfo {
  AccessPattern Pattern = AccessPattern::None;
  /// Pattern Unknown only: why.
  UnknownAddress Why = UnknownAddress::Unanalysed;
  /// Bytes per tid.x increment (Coalesced and Strided).
  std::int64_t StrideBytes = 0;
  /// Bytes per tid.y and per tid.z increment, when constant (the same
  /// analysis along y and z; rule R9's derived block footprint).
  bool StrideYKnown = false, StrideZKnown = false;
  std::int64_t StrideYBytes = 0, StrideZBytes = 0;
  /// The address takes a quotient or remainder of a lane index by a
  /// run-time divisor (i / n, i % n): priced as one row's lanes, rows
  /// assumed at least a warp long.
  bool DivisorRows = false;
};

/// Pattern of the first address operand of every instruction of F
/// (AccessPattern::None for instructions without one). AccessBytes gives
/// each instruction's access size (0 for non-memory instructions).
std::vector<AccessInfo>
analyzeAccessPatterns(const PtxFunction &F,
                      const std::vector<unsigned> &AccessBytes);

/// The bytes each lane's global access moves: its own, or, for a narrow
/// access at a stride of at most a 32-bit word (nvcc loads the low byte of
/// an int array, `idx[i] & 255`, as ld.global.u8 at a 4-byte stride), the
/// stride: the warp's lanes then fall in the sectors a coalesced access of
/// stride-sized elements moves (4 sectors for 32 lanes at 4 B), in one
/// request, so such an access is made Coalesced (no UncoalescedAccess, no
/// uncoalesced transactions) and priced at stride bytes per lane.
std::vector<unsigned>
coalesceNarrowAccesses(std::vector<AccessInfo> &Patterns,
                       const std::vector<unsigned> &Bytes);

} // namespace gpa::ptx

#endif
