//===- GpuModelLoader.cpp - GPU model files -------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Each parameter is {"value": V, "source": "where V comes from"}; the source
// note is required so no number in a model is unexplained.
//
//===----------------------------------------------------------------------===//
#include "gpa/GpuModelLoader.h"

#include "gpa/DeviceCatalog.h"

#include "gpa/BundledModels.h"
#include "gpa/JsonReader.h"
#include "gpa/Power.h"
#include "gpa/PowerBackend.h"
#include "gpa/SmFootprints.h"

#include <algorithm>
#include <limits>

namespace gpa {

namespace {
/// Reads the {"value", "source"} parameters of one section.
class SectionReader {
public:
  SectionReader(JsonReader &R, const nlohmann::json &Doc, const char *Name)
      : R(R), Path(childPath("$", Name)) {
    Section = R.member(Doc, "$", Name, true);
    if (Section && !Section->is_object()) {
      R.fail(Path, "an object");
      Section = nullptr;
    }
  }

  const nlohmann::json *parameter(const char *Key) {
    if (!Section)
      return nullptr;
    std::string P = childPath(Path, Key);
    const nlohmann::json *Param = R.member(*Section, Path, Key, true);
    if (!Param)
      return nullptr;
    if (!Param->is_object()) {
      R.fail(P, "an object {\"value\": ..., \"source\": \"...\"}");
      return nullptr;
    }
    R.rejectUnknownKeys(*Param, P, "value,source");
    if (const nlohmann::json *Source = R.member(*Param, P, "source", true))
      if (auto S = R.string(*Source, childPath(P, "source")); S && S->empty())
        R.fail(childPath(P, "source"),
               "a non-empty note saying where the value comes from");
    return R.member(*Param, P, "value", true);
  }

  template <typename T>
  void number(const char *Key, T &Field, double Min, double Max,
              bool Integer = false) {
    if (const nlohmann::json *V = parameter(Key))
      if (auto N = R.number(*V, childPath(childPath(Path, Key), "value"), Min,
                            Max, Integer))
        Field = static_cast<T>(*N);
  }

  /// Like number(), but a missing key keeps Field's default.
  template <typename T>
  void optionalNumber(const char *Key, T &Field, double Min, double Max) {
    if (Section && Section->is_object() && Section->contains(Key))
      number(Key, Field, Min, Max);
  }

  /// A {"value": true|false, "source"} parameter; a missing key keeps
  /// Field's default.
  void optionalBoolean(const char *Key, bool &Field) {
    if (!Section || !Section->is_object() || !Section->contains(Key))
      return;
    if (const nlohmann::json *V = parameter(Key))
      if (auto B = R.boolean(*V, valuePath(Key)))
        Field = *B;
  }

  std::string valuePath(const char *Key) const {
    return childPath(childPath(Path, Key), "value");
  }

  JsonReader &R;
  std::string Path;
  const nlohmann::json *Section = nullptr;
};
} // namespace

static void readHeader(JsonReader &R, const nlohmann::json &Doc, GpuModel &G) {
  if (const nlohmann::json *S = R.member(Doc, "$", "schema", true))
    if (auto V = R.string(*S, "$.schema"); V && *V != "gpa-gpu-model/1")
      R.fail("$.schema", "\"gpa-gpu-model/1\"");
  if (const nlohmann::json *N = R.member(Doc, "$", "name", true))
    if (auto V = R.string(*N, "$.name"))
      G.Name = *V;
  if (const nlohmann::json *D = R.member(Doc, "$", "description", true))
    if (auto V = R.string(*D, "$.description"))
      G.Description = *V;
  if (const nlohmann::json *C = R.member(Doc, "$", "calibrated", true))
    if (auto V = R.boolean(*C, "$.calibrated"))
      G.Calibrated = *V;
  if (const nlohmann::json *C = R.member(Doc, "$", "compute_capability", true))
    if (auto V = R.string(*C, "$.compute_capability"))
      G.ComputeCapability = *V;
  if (const nlohmann::json *V = R.member(Doc, "$", "sm_version", true))
    if (auto N = R.number(*V, "$.sm_version", 10, 200, true))
      G.SmVersion = static_cast<unsigned>(*N);
}

static void readSm(JsonReader &R, const nlohmann::json &Doc, GpuModel &G) {
  SectionReader S(R, Doc, "sm");
  const double U32 = std::numeric_limits<unsigned>::max();
  S.number("num_sms", G.NumSms, 1, 100000, true);
  S.number("clock_ghz", G.ClockGhz, 0.01, 100);
  S.number("warp_size", G.WarpSize, 1, 1024, true);
  S.number("max_threads_per_block", G.MaxThreadsPerBlock, 1, 1 << 20, true);
  S.number("max_threads_per_sm", G.MaxThreadsPerSm, 1, 1 << 20, true);
  S.number("max_warps_per_sm", G.MaxWarpsPerSm, 1, 1 << 16, true);
  S.number("max_blocks_per_sm", G.MaxBlocksPerSm, 1, 1 << 16, true);
  S.number("registers_per_sm", G.RegistersPerSm, 1, U32, true);
  S.number("max_registers_per_thread", G.MaxRegistersPerThread, 1, 1 << 16,
           true);
  S.number("register_alloc_unit", G.RegisterAllocUnit, 1, 1 << 20, true);
  if (const nlohmann::json *V = S.parameter("register_alloc_scope")) {
    auto Scope = R.string(*V, S.valuePath("register_alloc_scope"));
    if (Scope && *Scope != "block" && *Scope != "warp")
      R.fail(S.valuePath("register_alloc_scope"), "\"block\" or \"warp\"");
    else if (Scope)
      G.RegisterScope = *Scope == "block" ? RegisterAllocScope::Block
                                          : RegisterAllocScope::Warp;
  }
  S.number("warp_alloc_granularity", G.WarpAllocGranularity, 1, 64, true);
  S.number("shared_bytes_per_sm", G.SharedBytesPerSm, 0, 1e12, true);
  S.number("max_shared_bytes_per_block", G.MaxSharedBytesPerBlock, 0, 1e12,
           true);
  S.number("shared_alloc_unit_bytes", G.SharedAllocUnitBytes, 1, 1 << 20, true);
  S.number("shared_reserved_bytes_per_block", G.SharedReservedBytesPerBlock, 0,
           1 << 20, true);
  S.optionalNumber("dependent_issue_latency_cycles",
                   G.DependentIssueLatencyCycles, 0, 1e4);
  S.optionalNumber("issue_slots_per_cycle", G.IssueSlotsPerCycle, 1, 64);
  if (R.ok() && G.MaxWarpsPerSm * G.WarpSize < G.MaxThreadsPerBlock)
    R.fail(S.valuePath("max_warps_per_sm"),
           "room for at least one block of max_threads_per_block threads");
}

static void readMemory(JsonReader &R, const nlohmann::json &Doc, GpuModel &G) {
  SectionReader S(R, Doc, "memory");
  S.number("bandwidth_gbps", G.MemBandwidthGbps, 0.001, 1e6);
  S.optionalNumber("datasheet_bandwidth_gbps", G.DatasheetBandwidthGbps, 0.001,
                   1e6);
  S.number("latency_cycles", G.MemLatencyCycles, 1, 1e6);
  S.number("departure_delay_coal_cycles", G.DepartureDelayCoalCycles, 0.001,
           1e6);
  S.number("departure_delay_uncoal_cycles", G.DepartureDelayUncoalCycles, 0.001,
           1e6);
  S.number("uncoal_transactions_per_warp", G.UncoalTransactionsPerWarp, 1,
           1024);
  S.number("transaction_bytes", G.TransactionBytes, 1, 4096);
  S.optionalNumber("loads_per_memory_period", G.MaxLoadsPerMemoryPeriod, 1,
                   1024);
  S.optionalNumber("store_latency_periods", G.StoreLatencyPeriods, 0, 1);
  S.optionalNumber("per_sm_bandwidth_gbps", G.PerSmBandwidthGbps, 0.001, 1e6);
  S.optionalNumber("bandwidth_saturation_exponent",
                   G.BandwidthSaturationExponent, 0.1, 100);
  S.optionalNumber("warp_saturation_exponent", G.WarpSaturationExponent, 0.1,
                   100);
  S.optionalNumber("read_bandwidth_gbps", G.ReadBandwidthGbps, 0.001, 1e7);
  if (R.ok() &&
      (G.PerSmBandwidthGbps > 0) != (G.BandwidthSaturationExponent > 0))
    R.fail(S.valuePath(G.PerSmBandwidthGbps > 0
                           ? "bandwidth_saturation_exponent"
                           : "per_sm_bandwidth_gbps"),
           "per_sm_bandwidth_gbps and bandwidth_saturation_exponent together");
  // Optional cache levels (docs/models.md "Memory levels"); absent: none.
  S.optionalNumber("l1_latency_cycles", G.Caches.L1LatencyCycles, 1, 1e6);
  S.optionalNumber("l2_latency_cycles", G.Caches.L2LatencyCycles, 1, 1e6);
  S.optionalNumber("l1_bytes_per_cycle_per_sm", G.Caches.L1BytesPerCyclePerSm,
                   1, 1e6);
  S.optionalNumber("l2_bytes", G.Caches.L2Bytes, 1, 1e12);
  S.optionalNumber("l2_bandwidth_gbps", G.Caches.L2BandwidthGbps, 0.001, 1e7);
  S.optionalNumber("shared_latency_cycles", G.Caches.SharedLatencyCycles, 1,
                   1e4);
  S.optionalNumber("l1_shared_bytes_per_sm", G.Caches.L1SharedBytesPerSm, 1,
                   1e9);
  S.optionalBoolean("l1_caches_global_loads", G.Caches.L1CachesGlobalLoads);
}

static void readIssueCycles(JsonReader &R, const nlohmann::json &Doc,
                            GpuModel &G) {
  SectionReader S(R, Doc, "issue_cycles");
  for (const UnitInfo &Info : allUnits()) {
    std::string Key(Info.Key);
    S.number(Key.c_str(), G.IssueCycles[index(Info.Id)], 0.001, 1e6);
  }
}

static void readComponent(JsonReader &R, const nlohmann::json &Components,
                          const std::string &Path, const std::string &Key,
                          UnitPower &Out) {
  const nlohmann::json *C = R.member(Components, Path, Key.c_str(), true);
  if (!C)
    return;
  std::string P = childPath(Path, Key);
  R.rejectUnknownKeys(*C, P,
                      "max_power_w,piecewise_linear,peak_cycles_per_access,"
                      "source");
  if (const nlohmann::json *V = R.member(*C, P, "max_power_w", true))
    if (auto N = R.number(*V, childPath(P, "max_power_w"), 0, 1e5))
      Out.MaxPowerW = *N;
  if (const nlohmann::json *V = R.member(*C, P, "piecewise_linear", true))
    if (auto B = R.boolean(*V, childPath(P, "piecewise_linear")))
      Out.PiecewiseLinear = *B;
  if (const nlohmann::json *V = R.member(*C, P, "peak_cycles_per_access", true))
    if (auto N =
            R.number(*V, childPath(P, "peak_cycles_per_access"), 0.001, 1e6))
      Out.PeakCyclesPerAccess = *N;
  if (const nlohmann::json *V = R.member(*C, P, "source", true))
    R.string(*V, childPath(P, "source"));
}

static void readPower(JsonReader &R, const nlohmann::json &Doc, GpuModel &G) {
  SectionReader S(R, Doc, "power");
  S.number("idle_power_w", G.IdlePowerW, 0, 1e5);
  S.optionalNumber("idle_no_context_power_w", G.IdleNoContextPowerW, 0, 1e5);
  S.number("const_sm_power_w", G.ConstSmPowerW, 0, 1e4);
  S.number("active_sm_beta", G.ActiveSmBeta, 1.0001, 9.999);
  if (!S.Section)
    return;
  std::string Path = childPath(S.Path, "components");
  const nlohmann::json *Components =
      R.member(*S.Section, S.Path, "components", true);
  if (!Components)
    return;
  for (std::size_t C = 0; C < ConstSmComponent; ++C) {
    if (!powerComponentReported(C))
      continue;
    std::string Key(powerComponentKey(C));
    UnitPower &Out = C < NumUnits                 ? G.Power[C]
                     : C == RegisterFileComponent ? G.RegisterFile
                                                  : G.Fds;
    readComponent(R, *Components, Path, Key, Out);
  }
}

static void readThermal(JsonReader &R, const nlohmann::json &Doc, GpuModel &G) {
  SectionReader S(R, Doc, "thermal");
  S.number("idle_temp_c", G.IdleTempC, -50, 150);
  S.number("temp_per_runtime_power_c_per_w", G.TempPerRuntimePowerCPerW, 0, 10);
  S.number("temp_offset_c", G.TempOffsetC, -100, 100);
  S.number("temp_per_mem_intensity_c", G.TempPerMemIntensityC, 0, 1000);
  S.number("rc_rise_s", G.RcRiseS, 0.001, 1e6);
  S.number("rc_decay_s", G.RcDecayS, 0.001, 1e6);
  S.number("leakage_power_per_degree_w_per_c", G.LeakagePowerPerDegreeWPerC, 0,
           100);
}

/// "power_backend" (optional, default "ipp") and "power_backends" (optional):
/// each entry's key names a registered backend, which reads its parameters.
static void readPowerBackends(JsonReader &R, const nlohmann::json &Doc,
                              GpuModel &G) {
  if (const nlohmann::json *B = R.member(Doc, "$", "power_backend", false))
    if (auto Name = R.string(*B, "$.power_backend")) {
      if (!findPowerBackend(*Name))
        R.fail("$.power_backend", "one of: " + powerBackendNames());
      G.PowerBackendName = *Name;
    }
  const nlohmann::json *All = R.member(Doc, "$", "power_backends", false);
  if (All && !All->is_object())
    R.fail("$.power_backends", "an object of backend name: parameters");
  if (All && All->is_object())
    for (const auto &[Name, Section] : All->items()) {
      std::string Path = childPath("$.power_backends", Name);
      const PowerBackend *Backend = findPowerBackend(Name);
      if (!Backend) {
        R.fail(Path, "a known backend name (" + powerBackendNames() + ")");
        return;
      }
      if (!Section.is_object()) {
        R.fail(Path, "an object");
        return;
      }
      if (auto Params = Backend->parseParams(R, Section, Path))
        G.BackendParams[Name] = std::move(Params);
    }
  if (R.ok() && G.PowerBackendName != "ipp" &&
      !G.BackendParams.count(G.PowerBackendName))
    R.fail("$.power_backends",
           "parameters for the default backend '" + G.PowerBackendName + "'");
}

/// "sm_footprint" (optional): seed 004's per-SM parameters.
static void readSmFootprint(JsonReader &R, const nlohmann::json &Doc,
                            GpuModel &G) {
  if (const nlohmann::json *S = R.member(Doc, "$", "sm_footprint", false)) {
    G.SmFootprint.emplace();
    parsePowerParameters(R, *S, "$.sm_footprint", footprintParameterNames(),
                         *G.SmFootprint);
  }
}

bool parseGpuModel(const nlohmann::json &Doc, const std::string &File,
                   GpuModel &Out, std::string &Error) {
  JsonReader R(File);
  GpuModel G;
  if (!Doc.is_object()) {
    R.fail("$", "a GPU model object");
  } else {
    R.rejectUnknownKeys(Doc, "$",
                        "schema,name,description,calibrated,calibration_note,"
                        "compute_capability,sm_version,sm,memory,issue_cycles,"
                        "power,thermal,power_backend,power_backends,"
                        "sm_footprint");
    readHeader(R, Doc, G);
    readSm(R, Doc, G);
    readMemory(R, Doc, G);
    readIssueCycles(R, Doc, G);
    readPower(R, Doc, G);
    readThermal(R, Doc, G);
    readPowerBackends(R, Doc, G);
    readSmFootprint(R, Doc, G);
  }
  if (!R.ok()) {
    Error = R.error();
    return false;
  }
  Out = std::move(G);
  return true;
}

bool loadGpuModelFile(const std::string &Path, GpuModel &Out,
                      std::string &Error) {
  auto Text = readTextFile(Path, Error);
  if (!Text)
    return false;
  auto Doc = parseJsonText(*Text, Path, Error);
  return Doc && parseGpuModel(*Doc, Path, Out, Error);
}

std::vector<std::string> bundledModelNames() {
  std::vector<std::string> Names;
  for (const BundledModelText &M : bundledModelTexts())
    Names.emplace_back(M.Name);
  std::sort(Names.begin(), Names.end());
  return Names;
}

bool loadBundledModel(const std::string &Given, GpuModel &Out,
                      std::string &Error) {
  // The name as given, else as an alias or board name (DeviceCatalog.h).
  for (const std::string &Name : {Given, resolveModelAlias(Given)})
    for (const BundledModelText &M : bundledModelTexts()) {
      if (Name != M.Name)
        continue;
      std::string File = "models/gpus/" + Name + ".json";
      auto Doc = parseJsonText(std::string(M.Json), File, Error);
      return Doc && parseGpuModel(*Doc, File, Out, Error);
    }
  std::string Known;
  for (const std::string &N : bundledModelNames())
    Known += (Known.empty() ? "" : ", ") + N;
  Error = "unknown GPU '" + Given + "'; known GPUs: " + Known +
          " (or pass a model file path)";
  return false;
}

bool loadGpuModel(const std::string &NameOrFile, GpuModel &Out,
                  std::string &Error) {
  bool IsFile = NameOrFile.find('/') != std::string::npos ||
                (NameOrFile.size() > 5 &&
                 NameOrFile.compare(NameOrFile.size() - 5, 5, ".json") == 0);
  return IsFile ? loadGpuModelFile(NameOrFile, Out, Error)
                : loadBundledModel(NameOrFile, Out, Error);
}

std::string closestBundledModel(unsigned SmVersion) {
  std::string Best, Oldest;
  unsigned BestVersion = 0, OldestVersion = ~0u;
  // Among boards of one architecture, the generic model: the shortest
  // name ("a100" before "a100-pcie-40gb"), then the first alphabetically.
  auto Before = [](std::string_view A, const std::string &B) {
    return B.empty() || A.size() < B.size() || (A.size() == B.size() && A < B);
  };
  for (const BundledModelText &M : bundledModelTexts()) {
    if (M.SmVersion <= SmVersion &&
        (M.SmVersion > BestVersion ||
         (M.SmVersion == BestVersion && Before(M.Name, Best)))) {
      BestVersion = M.SmVersion;
      Best = M.Name;
    }
    if (M.SmVersion < OldestVersion) {
      OldestVersion = M.SmVersion;
      Oldest = M.Name;
    }
  }
  return Best.empty() ? Oldest : Best;
}

} // namespace gpa
