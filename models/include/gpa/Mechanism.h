//===- Mechanism.h - How a launch is moved onto fewer SMs -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The configurations each mechanism can produce, counted the way that
// mechanism executes (docs/models.md "Mechanisms"):
//  - sm: a green-context partition of S SMs; the grid is unchanged, each SM
//    holds as many blocks as fit (full residency) and runs more waves. S
//    follows the driver's partition granularity for the architecture.
//  - grid: a grid-stride kernel launched with G < B blocks; each thread does
//    B/G times the work (more loop iterations) and the hardware scheduler
//    spreads the G blocks over min(G, SMs) SMs at the resulting residency.
//  - paper: IPP §6.4's experiment, one block per SM on S SMs with B/S times
//    the work per thread (HK09's per-wave terms paid once); the reproduction
//    tests use it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MECHANISM_H
#define GPA_MECHANISM_H

#include "gpa/GpuModel.h"
#include "gpa/Occupancy.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpa {

enum class Mechanism { Sm, Grid, Paper };

const char *mechanismName(Mechanism M);
std::optional<Mechanism> parseMechanism(const std::string &Name);

/// Green-context SM partitions a driver can create (CUDA Driver API,
/// "Green Contexts", cuDevSmResourceSplitByCount guideline): cc 6.x at least
/// 1 SM; 7.x at least 2, multiples of 2; 8.x at least 4, multiples of 2;
/// 9.0+ at least 8, multiples of 8. Before 6.0 there are no green contexts;
/// the model then allows any count (IPP §6.4.2's per-SM power gating).
struct SmPartitionRule {
  unsigned MinSms = 1;
  unsigned Granularity = 1;
};
SmPartitionRule smPartitionRule(const GpuModel &Gpu);

/// One configuration: Blocks blocks of the launch's shape on ActiveSms SMs
/// with ActiveBlocksPerSm resident each and Rep waves on the busiest SM;
/// every thread does WorkScale times its per-thread counts.
struct LaunchShape {
  unsigned ActiveSms = 1;
  std::uint64_t Blocks = 1;
  double ActiveBlocksPerSm = 1;
  double Rep = 1;
  double WorkScale = 1;
};

/// The launch as written: Blocks on min(SMs, Blocks) SMs. For `paper` it is
/// the paper's construction on all those SMs.
LaunchShape launchAsWritten(Mechanism M, const GpuModel &Gpu,
                            const Occupancy &Occ, std::uint64_t Blocks);

/// The same grid restricted to S SMs (green context), full residency.
LaunchShape onSms(const GpuModel &Gpu, const Occupancy &Occ,
                  std::uint64_t Blocks, unsigned Sms);

/// Every configuration the mechanism can produce, fewest SMs first (then
/// fewest blocks); the launch as written is one of them.
std::vector<LaunchShape> mechanismShapes(Mechanism M, const GpuModel &Gpu,
                                         const Occupancy &Occ,
                                         std::uint64_t Blocks);

} // namespace gpa

#endif
