//===- DvfsPowerBackend.cpp - Seed 002 as a power backend -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/DvfsPowerBackend.h"

#include "gpa/InternedText.h"

#include "gpa/JsonReader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpa {

std::string_view DvfsPowerBackend::citation() const {
  return "Guerreiro et al., Modeling and Decoupling the GPU Power Consumption "
         "for Cross-Domain DVFS, IEEE TPDS 2019, Eq. (5)-(8)";
}

namespace {
void readTable(JsonReader &R, const nlohmann::json &Section,
               const std::string &Path, const char *Key, VoltageTable &T) {
  const nlohmann::json *D = R.member(Section, Path, Key, true);
  if (!D)
    return;
  std::string P = childPath(Path, Key);
  R.rejectUnknownKeys(*D, P, "reference_mhz,clocks_mhz,voltage");
  if (const nlohmann::json *V = R.member(*D, P, "reference_mhz", true))
    if (auto N = R.number(*V, childPath(P, "reference_mhz"), 1, 1e6))
      T.RefMhz = *N;
  for (const char *List : {"clocks_mhz", "voltage"}) {
    const nlohmann::json *V = R.member(*D, P, List, true);
    std::string LP = childPath(P, List);
    if (!V)
      return;
    if (!V->is_array() || V->empty()) {
      R.fail(LP, "a non-empty array of numbers");
      return;
    }
    auto &Out = std::string(List) == "voltage" ? T.Voltage : T.ClocksMhz;
    for (std::size_t I = 0; I < V->size(); ++I)
      if (auto N =
              R.number((*V)[I], LP + "[" + std::to_string(I) + "]", 1e-3, 1e6))
        Out.push_back(*N);
  }
  if (!R.ok())
    return;
  if (T.Voltage.size() != T.ClocksMhz.size())
    R.fail(childPath(P, "voltage"), "one voltage per clock in clocks_mhz");
  for (std::size_t I = 1; R.ok() && I < T.ClocksMhz.size(); ++I)
    if (!(T.ClocksMhz[I] > T.ClocksMhz[I - 1]))
      R.fail(childPath(P, "clocks_mhz"), "ascending clocks");
  if (R.ok() && !T.indexOf(T.RefMhz))
    R.fail(childPath(P, "reference_mhz"), "one of clocks_mhz");
}

double readNumber(JsonReader &R, const nlohmann::json &Obj,
                  const std::string &Path, const char *Key, double Min,
                  double Max) {
  if (const nlohmann::json *V = R.member(Obj, Path, Key, true))
    if (auto N = R.number(*V, childPath(Path, Key), Min, Max))
      return *N;
  return 0;
}

/// The "source" note of a {"value": V, "source": "..."} parameter.
void readSource(JsonReader &R, const nlohmann::json &Param,
                const std::string &Path, std::string &Source) {
  R.rejectUnknownKeys(Param, Path, "value,source");
  if (const nlohmann::json *S = R.member(Param, Path, "source", true))
    if (auto Str = R.string(*S, childPath(Path, "source")))
      Source = *Str;
}

/// {"value": V, "source": "..."} with V a number.
double readSourced(JsonReader &R, const nlohmann::json &Obj,
                   const std::string &Path, const char *Key, double Min,
                   double Max, std::string &Source) {
  const nlohmann::json *V = R.member(Obj, Path, Key, true);
  if (!V)
    return 0;
  std::string P = childPath(Path, Key);
  readSource(R, *V, P, Source);
  return readNumber(R, *V, P, "value", Min, Max);
}

/// "parameter_sources": {KEY: {"kind": ..., "source": ...}}: where a
/// parameter differs in origin from the section's source. The value is the
/// parameter's own (read elsewhere), so none is given here.
void parseSources(JsonReader &R, const nlohmann::json &Obj,
                  const std::string &Path, PowerParameters &Out) {
  if (!Obj.is_object()) {
    R.fail(Path, "an object of parameter: {kind, source}");
    return;
  }
  std::vector<std::string> Known = dvfsParameterKeys();
  for (auto It = Obj.begin(); It != Obj.end(); ++It) {
    std::string P = childPath(Path, It.key());
    if (std::find(Known.begin(), Known.end(), It.key()) == Known.end()) {
      std::string List;
      for (const std::string &K : Known)
        List += (List.empty() ? "" : ", ") + K;
      R.fail(P, "one of: " + List);
      continue;
    }
    R.rejectUnknownKeys(*It, P, "kind,source");
    PowerParameter Param;
    if (const nlohmann::json *K = R.member(*It, P, "kind", true))
      if (auto Str = R.string(*K, childPath(P, "kind"))) {
        if (*Str != "given" && *Str != "derived" && *Str != "assumed" &&
            *Str != "constant" && *Str != "calibrated")
          R.fail(childPath(P, "kind"),
                 "given, derived, assumed, constant or calibrated");
        Param.Kind = *Str;
      }
    if (const nlohmann::json *S = R.member(*It, P, "source", true))
      if (auto Str = R.string(*S, childPath(P, "source")))
        Param.Source = *Str;
    Out[It.key()] = Param;
  }
}

void readPerComponent(JsonReader &R, const nlohmann::json &Obj,
                      const std::string &Path, DvfsUtilisation &Out) {
  std::string Allowed;
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    Allowed += (C ? "," : "") + std::string(dvfsComponentKey(C));
  R.rejectUnknownKeys(Obj, Path, Allowed);
  for (std::size_t C = 0; C < NumDvfsComponents; ++C) {
    std::string Key(dvfsComponentKey(C));
    Out[C] = readNumber(R, Obj, Path, Key.c_str(), 0, 1e6);
  }
}
} // namespace

std::shared_ptr<const PowerBackendParams>
DvfsPowerBackend::parseParams(JsonReader &R, const nlohmann::json &S,
                              const std::string &Path) const {
  auto P = std::make_shared<DvfsPowerParams>();
  R.rejectUnknownKeys(S, Path,
                      "source,calibrated,core_domain,memory_domain,static_w,"
                      "constant_w_per_mhz,dynamic_w_per_mhz,lanes_per_sm,"
                      "l2_peak_gbps,shared_bytes_per_sm_per_cycle,"
                      "parameter_sources");
  if (const nlohmann::json *V = R.member(S, Path, "source", true))
    if (auto Str = R.string(*V, childPath(Path, "source")))
      P->Source = *Str;
  if (const nlohmann::json *V = R.member(S, Path, "calibrated", true))
    if (auto B = R.boolean(*V, childPath(Path, "calibrated")))
      P->Calibrated = *B;
  readTable(R, S, Path, "core_domain", P->Core);
  readTable(R, S, Path, "memory_domain", P->Mem);
  for (const char *Key : {"static_w", "constant_w_per_mhz"}) {
    const nlohmann::json *V = R.member(S, Path, Key, true);
    if (!V)
      break;
    std::string KP = childPath(Path, Key);
    R.rejectUnknownKeys(*V, KP, "core,memory");
    bool Static = std::string(Key) == "static_w";
    (Static ? P->CoreStaticW : P->CoreConstantWPerMhz) =
        readNumber(R, *V, KP, "core", 0, 1e6);
    (Static ? P->MemStaticW : P->MemConstantWPerMhz) =
        readNumber(R, *V, KP, "memory", 0, 1e6);
  }
  if (const nlohmann::json *V = R.member(S, Path, "dynamic_w_per_mhz", true))
    readPerComponent(R, *V, childPath(Path, "dynamic_w_per_mhz"),
                     P->DynamicWPerMhz);
  if (const nlohmann::json *V = R.member(S, Path, "lanes_per_sm", true)) {
    std::string LP = childPath(Path, "lanes_per_sm");
    readSource(R, *V, LP, P->LanesSource);
    if (const nlohmann::json *Val = R.member(*V, LP, "value", true))
      readPerComponent(R, *Val, childPath(LP, "value"), P->LanesPerSm);
  }
  P->L2PeakGbps =
      readSourced(R, S, Path, "l2_peak_gbps", 0, 1e6, P->L2PeakSource);
  P->SharedBytesPerSmPerCycle = readSourced(
      R, S, Path, "shared_bytes_per_sm_per_cycle", 0, 1e6, P->SharedSource);
  if (const nlohmann::json *V = R.member(S, Path, "parameter_sources", false))
    parseSources(R, *V, childPath(Path, "parameter_sources"), P->Overrides);
  if (!R.ok())
    return nullptr;
  return P;
}

std::vector<std::string> dvfsParameterKeys() {
  std::vector<std::string> Keys = {"static_w.core",
                                   "static_w.memory",
                                   "constant_w_per_mhz.core",
                                   "constant_w_per_mhz.memory",
                                   "core_domain",
                                   "memory_domain"};
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    Keys.push_back("dynamic_w_per_mhz." + std::string(dvfsComponentKey(C)));
  return Keys;
}

const DvfsPowerParams *dvfsParams(const GpuModel &Gpu, std::string &Error) {
  return static_cast<const DvfsPowerParams *>(
      backendParams(Gpu, "dvfs", Error));
}

static std::string clockList(const VoltageTable &T) {
  std::string S;
  for (double C : T.ClocksMhz)
    S += (S.empty() ? "" : ", ") + std::to_string(std::lround(C));
  return S;
}

bool resolveDvfsClocks(const DvfsPowerParams &P, const ClockRequest &Clocks,
                       double &CoreMhz, double &MemMhz, std::string &Error) {
  CoreMhz = Clocks.CoreMhz.value_or(P.Core.RefMhz);
  MemMhz = Clocks.MemMhz.value_or(P.Mem.RefMhz);
  if (!P.Core.indexOf(CoreMhz)) {
    Error = "core clock " + std::to_string(std::lround(CoreMhz)) +
            " MHz is not in the model's clock table (" + clockList(P.Core) +
            " MHz)";
    return false;
  }
  if (!P.Mem.indexOf(MemMhz)) {
    Error = "memory clock " + std::to_string(std::lround(MemMhz)) +
            " MHz is not in the model's clock table (" + clockList(P.Mem) +
            " MHz)";
    return false;
  }
  return true;
}

bool DvfsPowerBackend::estimate(const PowerInput &In, const GpuModel &Gpu,
                                PowerEstimate &Out, std::string &Error) const {
  const DvfsPowerParams *P = dvfsParams(Gpu, Error);
  if (!P)
    return false;
  double CoreMhz = 0, MemMhz = 0;
  if (!resolveDvfsClocks(*P, In.Clocks, CoreMhz, MemMhz, Error))
    return false;
  // Eq. 8's utilisation is relative to the datasheet peak at the reference
  // memory clock; bandwidth scales with the memory clock.
  double PeakDramGbps = Gpu.peakBandwidthGbps() * MemMhz / P->Mem.RefMhz;
  DvfsUtilisation U = dvfsUtilisation(In, Gpu, *P, CoreMhz, PeakDramGbps);
  DvfsPower W = dvfsPower(*P, CoreMhz, *P->Core.at(CoreMhz), MemMhz,
                          *P->Mem.at(MemMhz), U);
  Out.Backend = "dvfs";
  std::string Provenance =
      std::string(citation()) + "; parameters: " + P->Source;
  // A board of a calibrated chip: what differs from the calibration.
  // (their sources are in Parameters).
  std::string Differ;
  for (const auto &[Key, Param] : P->Overrides)
    Differ += (Differ.empty() ? "" : ", ") + Key + " (" + Param.Kind + ")";
  if (!Differ.empty())
    Provenance += "; board parameters: " + Differ;
  Out.Provenance = internText(Provenance);
  Out.StaticPowerW = W.CoreStaticW + W.MemStaticW;
  Out.SmStaticPowerW = W.CoreStaticW; // Eq. (5)'s a0
  Out.ConstantPowerW = W.CoreConstantW + W.MemConstantW;
  static const std::vector<ComponentPowerW> Listed = [] {
    std::vector<ComponentPowerW> L;
    for (std::size_t C = 0; C < NumDvfsComponents; ++C)
      L.emplace_back(dvfsComponentKey(C), 0.0);
    return L;
  }();
  writeListedComponents(
      Listed, [&](std::size_t C) { return W.ComponentW[C]; }, Out);
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    Out.Utilisations.push_back({dvfsComponentKey(C), U[C]});
  Out.TotalPowerW = W.totalW();
  Out.CoreMhz = CoreMhz;
  Out.MemMhz = MemMhz;
  Out.Parameters = dvfsParameterUses(*P, CoreMhz, MemMhz);
  return true;
}

std::vector<ParameterUse> dvfsParameterUses(const DvfsPowerParams &P,
                                            double CoreMhz, double MemMhz) {
  std::string Kind = P.Calibrated ? "calibrated" : "assumed";
  std::vector<ParameterUse> Uses;
  auto Add = [&](const std::string &Key, double Value) {
    auto It = P.Overrides.find(Key);
    PowerParameter Param = It != P.Overrides.end()
                               ? It->second
                               : PowerParameter{0, Kind, P.Source};
    Param.Value = Value;
    Uses.push_back({Key, Param});
  };
  Add("static_w.core", P.CoreStaticW);
  Add("static_w.memory", P.MemStaticW);
  Add("constant_w_per_mhz.core", P.CoreConstantWPerMhz);
  Add("constant_w_per_mhz.memory", P.MemConstantWPerMhz);
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    Add("dynamic_w_per_mhz." + std::string(dvfsComponentKey(C)),
        P.DynamicWPerMhz[C]);
  // The voltage at the clock the estimate is for.
  Add("core_domain", P.Core.at(CoreMhz).value_or(0));
  Add("memory_domain", P.Mem.at(MemMhz).value_or(0));
  // The hardware figures' sources say their kind in their first word.
  auto KindOf = [](const std::string &Source) -> std::string {
    for (const char *K : {"derived", "assumed", "calibrated", "constant"})
      if (Source.rfind(K, 0) == 0)
        return K;
    return Source.rfind("estimate", 0) == 0 ? "assumed" : "given";
  };
  Uses.push_back(
      {"l2_peak_gbps", {P.L2PeakGbps, KindOf(P.L2PeakSource), P.L2PeakSource}});
  Uses.push_back(
      {"shared_bytes_per_sm_per_cycle",
       {P.SharedBytesPerSmPerCycle, KindOf(P.SharedSource), P.SharedSource}});
  Uses.push_back({"lanes_per_sm", {0, KindOf(P.LanesSource), P.LanesSource}});
  return Uses;
}

nlohmann::json dvfsParamsToJson(const DvfsPowerParams &P) {
  auto Table = [](const VoltageTable &T) {
    return nlohmann::json{{"reference_mhz", T.RefMhz},
                          {"clocks_mhz", T.ClocksMhz},
                          {"voltage", T.Voltage}};
  };
  auto PerComponent = [](const DvfsUtilisation &V) {
    nlohmann::json J = nlohmann::json::object();
    for (std::size_t C = 0; C < NumDvfsComponents; ++C)
      J[std::string(dvfsComponentKey(C))] = V[C];
    return J;
  };
  nlohmann::json J;
  J["source"] = P.Source;
  J["calibrated"] = P.Calibrated;
  J["core_domain"] = Table(P.Core);
  J["memory_domain"] = Table(P.Mem);
  J["static_w"] = {{"core", P.CoreStaticW}, {"memory", P.MemStaticW}};
  J["constant_w_per_mhz"] = {{"core", P.CoreConstantWPerMhz},
                             {"memory", P.MemConstantWPerMhz}};
  J["dynamic_w_per_mhz"] = PerComponent(P.DynamicWPerMhz);
  J["lanes_per_sm"] = {{"value", PerComponent(P.LanesPerSm)},
                       {"source", P.LanesSource}};
  J["l2_peak_gbps"] = {{"value", P.L2PeakGbps}, {"source", P.L2PeakSource}};
  J["shared_bytes_per_sm_per_cycle"] = {{"value", P.SharedBytesPerSmPerCycle},
                                        {"source", P.SharedSource}};
  if (!P.Overrides.empty()) {
    nlohmann::json O = nlohmann::json::object();
    for (const auto &[Key, Param] : P.Overrides)
      O[Key] = {{"kind", Param.Kind}, {"source", Param.Source}};
    J["parameter_sources"] = O;
  }
  return J;
}

} // namespace gpa
