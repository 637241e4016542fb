//===- PowerBackend.cpp - Backend registry and shared inputs --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerBackend.h"

#include "gpa/DvfsPowerBackend.h"
#include "gpa/IppPowerBackend.h"
#include "gpa/SeedPowerBackends.h"
#include "gpa/SmPricing.h"

#include <algorithm>
#include <cmath>

namespace gpa {

const std::vector<const PowerBackend *> &powerBackends() {
  // One line per backend; the first is the default of a model file that
  // names none.
  static const IppPowerBackend Ipp;
  static const DvfsPowerBackend Dvfs;
  static const InstructionEnergyBackend InstructionEnergy; // seed 003
  static const ComponentPowerBackend ComponentPower;       // seed 001
  static const std::vector<const PowerBackend *> All = {
      &Ipp, &Dvfs, &InstructionEnergy, &ComponentPower};
  return All;
}

const PowerBackend *findPowerBackend(std::string_view Name) {
  // Names looked up once: every evaluation asks for its backend.
  struct Named {
    std::string_view Name;
    const PowerBackend *Backend;
  };
  static const std::vector<Named> All = [] {
    std::vector<Named> N;
    for (const PowerBackend *B : powerBackends())
      N.push_back({B->name(), B});
    return N;
  }();
  for (const Named &N : All)
    if (N.Name == Name)
      return N.Backend;
  return nullptr;
}

std::string powerBackendNames() {
  std::string Names;
  for (const PowerBackend *B : powerBackends())
    Names += (Names.empty() ? "" : ", ") + std::string(B->name());
  return Names;
}

const PowerBackendParams *backendParams(const GpuModel &Gpu,
                                        std::string_view Backend,
                                        std::string &Error) {
  auto It = Gpu.BackendParams.find(Backend);
  if (It != Gpu.BackendParams.end() && It->second)
    return It->second.get();
  std::string Has = "ipp";
  for (const auto &[Name, Params] : Gpu.BackendParams)
    Has += ", " + Name;
  Error = "GPU model '" + Gpu.Name + "' has no parameters for power backend '" +
          std::string(Backend) + "' (it has: " + Has +
          "); calibrate them with 'gpa calibrate' or choose another backend";
  return nullptr;
}

/// Out as a fresh PowerEstimate but for its components, field by field: the
/// vectors keep their storage (a caller that reuses one estimate, a sweep's,
/// allocates nothing per configuration) and the components their keys for
/// the backend (writeListedComponents). Moving the vectors out and back and
/// assigning a whole estimate cost about 180 instructions per evaluation
/// (docs/architecture.md "Cost").
static void resetKeepingStorage(PowerEstimate &Out) {
  const PowerEstimate Fresh;
  Out.Backend = Fresh.Backend;
  Out.Provenance = Fresh.Provenance;
  Out.TotalPowerW = Fresh.TotalPowerW;
  Out.StaticPowerW = Fresh.StaticPowerW;
  Out.SmStaticPowerW = Fresh.SmStaticPowerW;
  Out.ConstantPowerW = Fresh.ConstantPowerW;
  Out.DynamicPowerW = Fresh.DynamicPowerW;
  Out.Utilisations.clear();
  Out.CoreMhz = Fresh.CoreMhz;
  Out.MemMhz = Fresh.MemMhz;
  Out.Parameters.clear();
}

bool estimatePower(const PowerInput &In, const GpuModel &Gpu,
                   std::string_view Backend, PowerEstimate &Out,
                   std::string &Error) {
  std::string_view Name = Backend.empty() ? Gpu.PowerBackendName : Backend;
  const PowerBackend *B = findPowerBackend(Name);
  if (!B) {
    Error = "unknown power backend '" + std::string(Name) +
            "'; known backends: " + powerBackendNames();
    return false;
  }
  resetKeepingStorage(Out);
  return B->estimate(In, Gpu, Out, Error);
}

ComponentPowerW::ComponentPowerW(std::string_view Key, double PowerW)
    : Key(Key), PowerW(PowerW), Uncore(isUncoreTerm(Key)) {}

MemoryLevelBytes memoryLevelBytes(const KernelProfile &P, const GpuModel &Gpu) {
  double Warps =
      std::ceil(static_cast<double>(P.Launch.ThreadsPerBlock) / Gpu.WarpSize) *
      static_cast<double>(P.Launch.Blocks);
  double Threads = static_cast<double>(P.Launch.ThreadsPerBlock) *
                   static_cast<double>(P.Launch.Blocks);
  double Accesses = P.memoryInstructions() + P.count(Unit::Atomic);
  double Uncoal = std::min(P.UncoalescedMem, Accesses);
  double TransactionsPerWarp = P.UncoalescedTransactionsPerWarp > 0
                                   ? P.UncoalescedTransactionsPerWarp
                                   : Gpu.UncoalTransactionsPerWarp;
  MemoryLevelBytes B;
  B.DramBytes = (Accesses - Uncoal) * P.BytesPerMemAccess * Threads +
                Uncoal * TransactionsPerWarp * Gpu.TransactionBytes * Warps;
  B.SharedBytes = P.count(Unit::SharedMem) * P.BytesPerMemAccess * Threads;
  return B;
}

MemoryLevelBytes memoryLevelBytes(const KernelProfile &P, const GpuModel &Gpu,
                                  const Timing &T) {
  MemoryLevelBytes B = memoryLevelBytes(P, Gpu);
  if (!T.Levelled)
    return B;
  double Warps =
      std::ceil(static_cast<double>(P.Launch.ThreadsPerBlock) / Gpu.WarpSize) *
      static_cast<double>(P.Launch.Blocks);
  double Threads = static_cast<double>(P.Launch.ThreadsPerBlock) *
                   static_cast<double>(P.Launch.Blocks);
  // LevelledTiming.cpp keeps bytes per warp per memory instruction.
  double AtomicBytes = P.count(Unit::Atomic) * P.BytesPerMemAccess * Threads;
  B.L2Bytes = Warps * T.MemInsts * T.L2BytesPerWarp + AtomicBytes;
  B.DramBytes = Warps * T.MemInsts * T.DramBytesPerWarp + AtomicBytes;
  return B;
}

} // namespace gpa
