//===- PowerBackend.h - Interchangeable power models ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One interface for every power model the product implements (IPP, the
// DVFS-aware component model of seed 002, ...). A backend turns what the
// static analysis and the timing model know about a kernel into total power
// with a breakdown. A GPU model file names its default backend
// ("power_backend", default "ipp") and carries each other backend's
// parameters under "power_backends"; a backend without parameters for a GPU
// is an error, never silently replaced by another.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWERBACKEND_H
#define GPA_POWERBACKEND_H

#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"
#include "gpa/PowerParameters.h"
#include "gpa/Timing.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpa {

class JsonReader;

/// Bytes the whole kernel moves at each memory level.
struct MemoryLevelBytes {
  double DramBytes = 0;
  /// Empty when no level analysis says which accesses hit in L2.
  std::optional<double> L2Bytes;
  double SharedBytes = 0;
};

/// Clocks a prediction is for; empty means the model's default clock.
struct ClockRequest {
  std::optional<double> CoreMhz;
  std::optional<double> MemMhz;
};

/// Everything a backend may use. Time must be the timing model's prediction
/// at the requested clocks.
struct Power; // gpa/Power.h

struct PowerInput {
  const KernelProfile &Profile; // per-unit counts per thread, launch
  const Timing &Time;
  MemoryLevelBytes Bytes;
  ClockRequest Clocks;
  /// computePower(Profile, Gpu, Time) when the caller has it already (the
  /// ipp backend then does not compute it again); null otherwise.
  const Power *Ipp = nullptr;
};

/// Keys and provenance texts are static or interned (gpa/InternedText.h):
/// every configuration of a sweep gets an estimate, and copying strings was
/// most of its cost (docs/architecture.md "Cost").
struct ComponentPowerW {
  /// Uncore: isUncoreTerm(Key) (gpa/SmPricing.h), decided when the
  /// component is made, not each time an estimate is priced.
  ComponentPowerW(std::string_view Key, double PowerW);
  ComponentPowerW(std::string_view Key, double PowerW, bool Uncore)
      : Key(Key), PowerW(PowerW), Uncore(Uncore) {}

  std::string_view Key; // "fp32_fma", "dram", "register_file", ...
  double PowerW = 0;
  /// Drawn outside the SMs (L2, memory controller, DRAM, IPP's global and
  /// local memory): seed 004 pays it for the kernel time, not per SM.
  bool Uncore = false;
};

/// A component's activity as the backend measures it: the dvfs backend's
/// seed 002 Eq. 7-8 utilisation in [0, 1] (the U_i its Eq. 5-6 price).
struct ComponentUtilisation {
  std::string_view Key; // "fp32_fma", "l2", "dram", ...
  double Utilisation = 0;
};

struct PowerEstimate {
  /// "ipp", "dvfs": the backend's name() (static text, like the keys).
  std::string_view Backend;
  /// Paper + equations + where the parameters came from (interned).
  std::string_view Provenance;
  double TotalPowerW = 0; // Static + Constant + Dynamic
  double StaticPowerW = 0;
  /// The part of StaticPowerW the SMs draw (seed 004 shares it per SM and
  /// power gating removes it): the core domain's static power where the
  /// model has domains, all of it otherwise.
  double SmStaticPowerW = 0;
  double ConstantPowerW = 0; // utilisation-independent dynamic power
  double DynamicPowerW = 0;  // sum of Components
  std::vector<ComponentPowerW> Components;
  /// Per-component utilisations, for backends priced by them (dvfs); empty
  /// for the others (ipp's access rates are in its own Power result).
  std::vector<ComponentUtilisation> Utilisations;
  double CoreMhz = 0; // the clocks the estimate is for (0: not modelled)
  double MemMhz = 0;
  /// Each parameter the estimate used, with its kind and source (the
  /// backends with per-parameter provenance fill it; reports print it).
  std::vector<ParameterUse> Parameters;
};

/// A backend's parameters for one GPU, read from the model file. Each backend
/// derives its own type.
struct PowerBackendParams {
  virtual ~PowerBackendParams() = default;
  /// Where the numbers come from ("calibrated from ...", "derived ...").
  std::string Source;
};

class PowerBackend {
public:
  virtual ~PowerBackend() = default;
  /// Registry name, also the key under "power_backends" in a model file.
  virtual std::string_view name() const = 0;
  /// The paper and equations implemented.
  virtual std::string_view citation() const = 0;
  /// Reads this backend's parameter object (at Path in File); returns
  /// nullptr after recording an error in R.
  virtual std::shared_ptr<const PowerBackendParams>
  parseParams(JsonReader &R, const nlohmann::json &Section,
              const std::string &Path) const = 0;
  /// Fails (with a message naming the GPU and what is missing) when the
  /// model has no parameters for this backend or a clock is not modelled.
  virtual bool estimate(const PowerInput &In, const GpuModel &Gpu,
                        PowerEstimate &Out, std::string &Error) const = 0;
};

/// Every backend, in a fixed order (the registry lives in PowerBackend.cpp).
const std::vector<const PowerBackend *> &powerBackends();
const PowerBackend *findPowerBackend(std::string_view Name);
/// "ipp, dvfs" for messages.
std::string powerBackendNames();

/// Makes Out.Components the backend's fixed list Listed, each with Listed's
/// key and class and the power PowerOf(I), and adds the powers to
/// Out.DynamicPowerW in list order. The keys are written every time: an
/// estimate reused across a sweep keeps its storage, and writing them costs
/// less than checking that they are there already (docs/architecture.md
/// "Cost"), with nothing left to go stale.
template <typename PowerOfT>
void writeListedComponents(const std::vector<ComponentPowerW> &Listed,
                           PowerOfT PowerOf, PowerEstimate &Out) {
  if (Out.Components.size() != Listed.size())
    Out.Components.assign(Listed.begin(), Listed.end());
  double DynamicW = Out.DynamicPowerW;
  for (std::size_t I = 0; I < Listed.size(); ++I) {
    double W = PowerOf(I);
    Out.Components[I] = {Listed[I].Key, W, Listed[I].Uncore};
    DynamicW += W;
  }
  Out.DynamicPowerW = DynamicW;
}

/// Runs Backend ("" = the GPU model's default) on In. Out is reset first
/// but for its components, which may hold an earlier estimate's list:
/// a backend writes them with writeListedComponents, or clears them before
/// adding.
bool estimatePower(const PowerInput &In, const GpuModel &Gpu,
                   std::string_view Backend, PowerEstimate &Out,
                   std::string &Error);

/// The parameters Gpu carries for Backend, or nullptr with an error saying
/// which backends the model does have parameters for.
const PowerBackendParams *backendParams(const GpuModel &Gpu,
                                        std::string_view Backend,
                                        std::string &Error);

/// Bytes per memory level from the static counts: every global, local,
/// atomic and async-copy access is DRAM traffic (coalesced: bytes per access
/// x threads; uncoalesced: transactions x transaction bytes per warp).
/// L2Bytes stays empty: no level analysis says which accesses hit in L2.
MemoryLevelBytes memoryLevelBytes(const KernelProfile &Profile,
                                  const GpuModel &Gpu);

/// The same from the levelled memory model when Time has one
/// (Time.Levelled, gpa/MemoryLevels.h): the bytes beyond L1 (L1 misses, the
/// L2 traffic) and beyond L2 (DRAM) of the global memory instructions, plus
/// atomics at both levels (atomics are resolved in L2 and counted at DRAM
/// as the unlevelled count does). Without levels: memoryLevelBytes above.
MemoryLevelBytes memoryLevelBytes(const KernelProfile &Profile,
                                  const GpuModel &Gpu, const Timing &Time);

} // namespace gpa

#endif
