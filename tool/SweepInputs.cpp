//===- SweepInputs.cpp - The kernels `gpa sweep` evaluates ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "SweepInputs.h"

#include "gpa/Budget.h"
#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"

namespace gpa::tool {

using nlohmann::json;

namespace {
bool isReport(const json &Doc) { return hasSchema(Doc, "gpa-report/1"); }

/// A report kernel as a kernel profile: its launch and per-thread counts.
bool profilesFromReport(const json &Report, const std::string &File,
                        const std::string &Pattern,
                        std::vector<KernelProfile> &Out, std::string &Error) {
  const json Kernels = Report.value("kernels", json::array());
  std::string Names;
  for (std::size_t I = 0; I < Kernels.size(); ++I) {
    const json &K = Kernels[I];
    if (!K.is_object() || !K.contains("launch") || !K["launch"].is_object()) {
      Error = File + ": $.kernels[" + std::to_string(I) +
              "]: expected a kernel with \"launch\" and \"counts_per_thread\"";
      return false;
    }
    std::string Name = K.value("name", ""),
                Demangled = K.value("demangled", "");
    Names += (Names.empty() ? "" : ", ") + Name;
    if (!Pattern.empty() && !kernelNameMatches(Pattern, Name, Demangled))
      continue;
    json Launch = json::object();
    for (const char *Key : {"threads_per_block", "blocks",
                            "registers_per_thread", "shared_bytes_per_block"})
      if (K["launch"].contains(Key))
        Launch[Key] = K["launch"][Key];
    json Profile = {{"name", Name},
                    {"launch", Launch},
                    {"per_thread", K.value("counts_per_thread", json())}};
    std::vector<KernelProfile> One;
    if (!parseKernelProfiles(Profile, File + " (kernel " + Name + ")", One,
                             Error))
      return false;
    Out.push_back(std::move(One[0]));
  }
  if (Kernels.empty()) {
    Error = File + ": no kernels";
    return false;
  }
  if (Out.empty()) {
    Error = File + ": no kernel matches --kernel '" + Pattern +
            "'; its kernels: " + Names;
    return false;
  }
  return true;
}
} // namespace

bool loadSweepKernels(const AnalyzeRequest &R, const std::string &Pattern,
                      std::vector<KernelProfile> &Out, std::string &Gpu,
                      std::vector<std::string> &Warnings, std::string &Error) {
  const std::string &Path = R.Inputs[0];
  bool Json =
      Path.size() >= 5 && Path.compare(Path.size() - 5, 5, ".json") == 0;
  json Report;
  if (Json) {
    auto Text = readTextFile(Path, Error);
    if (!Text)
      return false;
    auto Doc = parseJsonText(*Text, Path, Error);
    if (!Doc)
      return false;
    if (!isReport(*Doc)) {
      if (R.Gpu.empty()) {
        Error = "'sweep' of a kernel profile needs --gpu NAME|FILE";
        return false;
      }
      std::vector<KernelProfile> All;
      if (!parseKernelProfiles(*Doc, Path, All, Error))
        return false;
      for (const KernelProfile &P : All)
        if (Pattern.empty() || kernelNameMatches(Pattern, P.Name))
          Out.push_back(P);
      if (Out.empty()) {
        Error = Path + ": no kernel matches --kernel '" + Pattern + "'";
        return false;
      }
      return true;
    }
    Report = std::move(*Doc);
    Gpu = Report.value("gpu", "");
    return profilesFromReport(Report, Path, Pattern, Out, Error);
  }
  // Analysed here: the typed profiles, not a report read back.
  AnalyzedModule Module;
  if (!analyzeInputs(R, Module, Warnings, Error))
    return false;
  Gpu = Module.Gpu.Name;
  std::string Names;
  for (const AnalyzedKernel &K : Module.Kernels) {
    const KernelProfile &P = K.Analysis.Profile;
    std::string Demangled = K.Demangled.value_or("");
    Names += (Names.empty() ? "" : ", ") + P.Name;
    if (Pattern.empty() || kernelNameMatches(Pattern, P.Name, Demangled))
      Out.push_back(P);
  }
  if (Out.empty()) {
    Error = Path + ": no kernel matches --kernel '" + Pattern +
            "'; its kernels: " + Names;
    return false;
  }
  return true;
}

} // namespace gpa::tool
