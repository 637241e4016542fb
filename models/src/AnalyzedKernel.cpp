//===- AnalyzedKernel.cpp - One kernel's typed result, rendered -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/AnalyzedKernel.h"

#include "gpa/CanonicalJson.h"
#include "gpa/ProfileLoader.h"
#include "gpa/Report.h"

#include <stdexcept>
#include <utility>

namespace gpa {

Assumption numberAssumption(std::string Name, double Value, std::string Source,
                            std::string Kind) {
  Assumption A;
  A.Name = std::move(Name);
  A.Number = Value;
  A.Source = std::move(Source);
  A.Kind = std::move(Kind);
  return A;
}

Assumption textAssumption(std::string Name, std::string Value,
                          std::string Source, std::string Kind) {
  Assumption A =
      numberAssumption(std::move(Name), 0, std::move(Source), std::move(Kind));
  A.IsNumber = false;
  A.Text = std::move(Value);
  return A;
}

using nlohmann::json;

static json assumptionsJson(const AssumptionList &List) {
  json Out = json::object();
  for (const Assumption &A : List) {
    json V = A.IsNumber ? json(A.Number) : json(A.Text);
    Out[A.Name] = {{"value", V}, {"source", A.Source}, {"kind", A.Kind}};
  }
  return Out;
}

static json findingsJson(const std::vector<FindingRecord> &List) {
  json Out = json::array();
  for (const FindingRecord &F : List)
    Out.push_back({{"rule", F.Rule},
                   {"message", F.Message},
                   {"location", F.File.empty() ? json(nullptr)
                                               : json{{"file", F.File},
                                                      {"line", F.Line},
                                                      {"column", F.Column}}}});
  return Out;
}

json analyzedKernelJson(const AnalyzedKernel &K, const GpuModel &Gpu) {
  json Obj = kernelReportJson(K.Analysis, Gpu,
                              /*MemoryInCounts=*/!K.MemorySection);
  Obj["assumptions"] = assumptionsJson(K.Assumptions);
  if (K.Demangled)
    Obj["demangled"] = *K.Demangled;
  if (K.Location)
    Obj["location"] = {{"file", K.Location->File}, {"line", K.Location->Line}};
  else
    Obj["location"] = nullptr;
  if (K.Grid) {
    Obj["advice"]["grid_independent"] = K.Grid->Independent;
    Obj["advice"]["grid_independent_reason"] = K.Grid->Reason;
  }
  if (K.Findings)
    Obj["findings"] = findingsJson(*K.Findings);
  if (json Facts = memoryFactsJson(K.Analysis.Profile); !Facts.empty())
    Obj["memory_facts"] = std::move(Facts);
  if (K.MemorySection) {
    const KernelProfile &P = K.Analysis.Profile;
    Obj["memory"] = {{"bytes_per_access", P.BytesPerMemAccess},
                     {"uncoalesced_per_thread", P.UncoalescedMem},
                     {"uncoalesced_transactions_per_warp",
                      P.UncoalescedTransactionsPerWarp}};
  }
  return Obj;
}

KernelFacts kernelFacts(const AnalyzedKernel &K) {
  const KernelAnalysis &A = K.Analysis;
  const Evaluation &E = A.Requested;
  KernelFacts F;
  F.Name = A.Profile.Name;
  F.Demangled = K.Demangled.value_or("");
  if (K.Location) {
    F.File = K.Location->File;
    F.Line = K.Location->Line;
  }
  // The same numbers the report shows (Report.cpp's kernelReportJson).
  F.TotalPowerW = E.TotalPowerW; // the launch average (total power)
  F.EnergyJ = E.Eff.EnergyJ;
  F.GipsPerW = E.Eff.GipsPerW;
  F.ExecTimeS = E.Time.ExecTimeS;
  F.ActiveSms = E.ActiveSms;
  F.OptimalSms = A.Adv.RecommendedActiveSms;
  for (const Assumption &As : K.Assumptions)
    if (As.Name == "optimization" && !As.IsNumber && As.Text == "O0")
      F.Unoptimised = true;
  return F;
}

ReportStream::ReportStream(std::ostream &OS, const GpuModel &Gpu)
    : OS(OS), Gpu(Gpu) {
  // The header (the model) from its canonical text with an empty kernel
  // array, split where the kernels go.
  json Doc = reportJson(Gpu, {});
  Doc["kernels"] = json::array();
  CanonicalSplit Split = splitCanonicalJsonAt(Doc, "\n  \"kernels\": []");
  OS << Split.Head;
  Tail = std::move(Split.Tail);
}

void ReportStream::add(const AnalyzedKernel &K) {
  OS << (Count++ ? ",\n    " : "\n    ")
     << toCanonicalJsonAt(analyzedKernelJson(K, Gpu), 2);
}

void ReportStream::finish() { OS << (Count ? "\n  ]" : "]") << Tail; }

} // namespace gpa
