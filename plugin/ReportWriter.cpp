//===- ReportWriter.cpp - The plugin's gpa-report/1 JSON file ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Several device compilations of one build (one per --cuda-gpu-arch) each
// run the plugin; "%arch" in -gpa-report gives each its own file
// (docs/plugin.md, "Report files").
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"

#include "gpa/CanonicalJson.h"
#include "gpa/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <exception>
#include <stdexcept>

using namespace llvm;
using nlohmann::json;

namespace gpa {

std::string reportFileName(const std::string &Pattern,
                           const std::string &Arch) {
  std::string Out;
  for (std::size_t I = 0; I < Pattern.size();) {
    if (Pattern.compare(I, 5, "%arch") == 0) {
      Out += Arch;
      I += 5;
    } else {
      Out += Pattern[I++];
    }
  }
  return Out;
}

static json assumptionsJson(const AssumptionList &List) {
  json Out = json::object();
  for (const Assumption &A : List) {
    json V = A.IsNumber ? json(A.Number) : json(A.Text);
    Out[A.Name] = {{"value", V}, {"source", A.Source}, {"kind", A.Kind}};
  }
  return Out;
}

static json kernelJson(const KernelResult &K, const GpuModel &Gpu) {
  json Obj = kernelReportJson(K.Analysis, Gpu);
  json Counts = json::object();
  for (const UnitInfo &U : allUnits())
    Counts[std::string(U.Key)] = K.Analysis.Profile.count(U.Id);
  Obj["counts_per_thread"] = Counts;
  Obj["demangled"] = K.Demangled;
  Obj["assumptions"] = assumptionsJson(K.Assumed);
  if (K.File.empty())
    Obj["location"] = nullptr;
  else
    Obj["location"] = {{"file", K.File}, {"line", K.Line}};
  Obj["advice"]["grid_independent"] = K.Grid.Independent;
  Obj["advice"]["grid_independent_reason"] = K.Grid.Reason;
  json Findings = json::array();
  for (const Finding &F : K.Findings)
    Findings.push_back(
        {{"rule", F.Rule},
         {"message", F.Message},
         {"location", F.File.empty() ? json(nullptr)
                                     : json{{"file", F.File},
                                            {"line", F.Line},
                                            {"column", F.Column}}}});
  Obj["findings"] = Findings;
  const KernelProfile &P = K.Analysis.Profile;
  Obj["memory"] = {
      {"bytes_per_access", P.BytesPerMemAccess},
      {"uncoalesced_per_thread", P.UncoalescedMem},
      {"uncoalesced_transactions_per_warp", P.UncoalescedTransactionsPerWarp}};
  return Obj;
}

/// Runs Build, turning any exception (nlohmann's, allocation) into Error:
/// nothing may unwind into LLVM.
template <typename Fn> static bool guarded(Fn Build, std::string &Error) {
  try {
    Build();
    return true;
  } catch (const std::exception &E) {
    Error = std::string("cannot build the report: ") + E.what();
  } catch (...) {
    Error = "cannot build the report";
  }
  return false;
}

bool buildReport(const GpuModel &Gpu, const std::vector<KernelResult> &Kernels,
                 json &Doc, std::string &Error) {
  return guarded(
      [&] {
        Doc = reportJson(Gpu, {});
        json Array = json::array();
        for (const KernelResult &K : Kernels)
          Array.push_back(kernelJson(K, Gpu));
        Doc["kernels"] = Array;
      },
      Error);
}

/// Streams the document: the header (the model) from its canonical text
/// with an empty kernel array, then one kernel at a time, so a module of
/// 20,000 kernels never holds its whole report (docs/robustness.md).
static bool streamReport(const GpuModel &Gpu,
                         const std::vector<KernelResult> &Kernels,
                         raw_ostream &OS, std::string &Error) {
  std::string Head, Tail;
  if (!guarded(
          [&] {
            json Doc = reportJson(Gpu, {});
            Doc["kernels"] = json::array();
            std::string Text = toCanonicalJson(Doc);
            const std::string Marker = "\n  \"kernels\": []";
            std::size_t At = Text.find(Marker);
            if (At == std::string::npos)
              throw std::logic_error("no kernel array in the report header");
            Head = Text.substr(0, At + Marker.size() - 1);
            Tail = Text.substr(At + Marker.size());
          },
          Error))
    return false;
  OS << Head;
  for (std::size_t I = 0; I < Kernels.size(); ++I) {
    std::string Text;
    if (!guarded(
            [&] { Text = toCanonicalJsonAt(kernelJson(Kernels[I], Gpu), 2); },
            Error))
      return false;
    OS << (I ? ",\n    " : "\n    ") << Text;
  }
  OS << (Kernels.empty() ? "]" : "\n  ]") << Tail;
  return true;
}

bool renderReport(const GpuModel &Gpu, const std::vector<KernelResult> &Kernels,
                  std::string &Text, std::string &Error) {
  Text.clear();
  raw_string_ostream OS(Text);
  bool Ok = streamReport(Gpu, Kernels, OS, Error);
  OS.flush();
  return Ok;
}

bool writeReport(const std::string &File, const GpuModel &Gpu,
                 const std::vector<KernelResult> &Kernels, std::string &Error) {
  std::error_code EC;
  raw_fd_ostream OS(File, EC, sys::fs::OF_None);
  if (EC) {
    Error = "-gpa-report=" + File + ": " + EC.message();
    return false;
  }
  bool Ok = streamReport(Gpu, Kernels, OS, Error);
  OS.close();
  if (Ok && OS.has_error()) {
    Error = "-gpa-report=" + File + ": " + OS.error().message();
    Ok = false;
  }
  OS.clear_error();
  if (!Ok)
    sys::fs::remove(File); // no half-written report
  return Ok;
}

} // namespace gpa
