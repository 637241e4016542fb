//===- AnalyzeFormats.cpp - gpa analyze as JSON, text, CSV and SARIF ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Each format rendered from the typed result, so IR, PTX and CUDA inputs
// print the same way; a kernel is written as soon as it is analysed. The
// numbers are the ones the JSON report shows (gpa/Report.h). Fixed formats
// only (deterministic output).
//
//===----------------------------------------------------------------------===//
#include "AnalyzeFormats.h"
#include "SarifLog.h"
#include "TextFormat.h"

#include "gpa/CanonicalJson.h"
#include "gpa/FindingRules.h"
#include "gpa/Headline.h"
#include "gpa/KernelFields.h"
#include "gpa/Mechanism.h"
#include "gpa/Report.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gpa::tool {

using nlohmann::json;

namespace {
std::string displayName(const AnalyzedKernel &K) {
  std::string D = K.Demangled.value_or("");
  return D.empty() ? K.Analysis.Profile.Name : D;
}

std::string where(const AnalyzedKernel &K) {
  if (!K.Location)
    return "";
  const KernelLocation &L = *K.Location;
  return L.Line ? L.File + ":" + std::to_string(L.Line) : L.File;
}

/// The power the report's "power" section shows (evaluationPowerJson,
/// gpa/PowerModelsReport.h): IPP's own numbers, else the backend's; its
/// total is the backend's estimate at the launch, before every SM is
/// priced (not the total power, the launch average).
struct PowerView {
  double BackendW = 0;
  double RuntimeW = 0;
  std::map<std::string, double> ComponentsW; // by key, as the report's
};

PowerView powerView(const Evaluation &E) {
  PowerView V;
  const PowerEstimate &W = E.Est;
  if (W.Backend == "ipp") {
    V.BackendW = E.Pow.TotalPowerW;
    V.RuntimeW = E.Pow.RuntimePowerW;
    for (std::size_t C = 0; C < NumPowerComponents; ++C)
      if (powerComponentReported(C))
        V.ComponentsW[std::string(powerComponentKey(C))] = E.Pow.ComponentW[C];
    return V;
  }
  V.BackendW = W.TotalPowerW;
  V.RuntimeW = W.TotalPowerW - W.StaticPowerW;
  V.ComponentsW["constant"] = W.ConstantPowerW;
  for (const ComponentPowerW &C : W.Components)
    V.ComponentsW[std::string(C.Key)] = C.PowerW;
  return V;
}

/// The four largest positive components, largest first (ties by key).
std::string topUnits(const PowerView &P) {
  std::vector<std::pair<double, std::string>> Units;
  for (const auto &[Key, W] : P.ComponentsW)
    if (W > 0)
      Units.push_back({-W, Key});
  std::sort(Units.begin(), Units.end());
  std::string Out;
  for (std::size_t I = 0; I < Units.size() && I < 4; ++I)
    Out += format("%s%s %.1f W", I ? ", " : "", Units[I].second.c_str(),
                  -Units[I].first);
  return Out.empty() ? "none" : Out;
}

/// An assumption as "VALUE (KIND: SOURCE)".
std::string assumptionText(const Assumption &A) {
  std::string Value = A.IsNumber ? formatNumber(A.Number) : A.Text;
  return Value + " (" + A.Kind + ": " + A.Source + ")";
}

/// The assumptions by name, as the report's object holds them (sorted; a
/// repeated name keeps its last record).
std::map<std::string, const Assumption *>
assumptionsByName(const AssumptionList &List) {
  std::map<std::string, const Assumption *> Out;
  for (const Assumption &A : List)
    Out[A.Name] = &A;
  return Out;
}

class JsonRenderer final : public AnalyzeRenderer {
public:
  explicit JsonRenderer(std::ostream &OS) : OS(OS) {}
  void begin(const GpuModel &G) override {
    Gpu = G;
    Stream.emplace(OS, Gpu);
  }
  void add(const AnalyzedKernel &K) override { Stream->add(K); }
  void finish() override { Stream->finish(); }

private:
  std::ostream &OS;
  GpuModel Gpu; // ReportStream keeps a reference
  std::optional<ReportStream> Stream;
};

class TextRenderer final : public AnalyzeRenderer {
public:
  explicit TextRenderer(std::ostream &OS) : OS(OS) {}
  void begin(const GpuModel &G) override {
    Gpu = G;
    OS << format("GPU model %s%s\n", Gpu.Name.c_str(),
                 Gpu.Calibrated ? "" : " (power uncalibrated)");
  }
  void add(const AnalyzedKernel &K) override;
  void finish() override {}

private:
  std::ostream &OS;
  GpuModel Gpu;
  bool GpuChoiceSaid = false;
};

/// An inferred GPU is said once, under the header, not only among each
/// kernel's assumptions: the advice is for that board.
static std::string inferredGpuLine(const AnalyzedKernel &K) {
  for (const Assumption &A : K.Assumptions)
    if (A.Name == "gpu" && A.Kind == "assumed")
      return "gpu: " + A.Text + " (inferred: " + A.Source +
             "; give --gpu NAME to choose)\n";
  return "";
}

/// The clock decision (gpa/ClockDecision.h) in one line: the clock pair
/// and what it saves against the reference clocks, or why the reference
/// clocks stay, or why there is no advice; the figures are the CSV's
/// (KernelFields.def).
static std::string clockAdviceLine(const KernelAnalysis &A) {
  if (!A.Clock)
    return "";
  const ClockDecision &D = *A.Clock;
  if (!D.Available)
    return "  clocks      no clock advice: " + D.Reason + "\n";
  const ClockChoice &C = D.Choice;
  std::string Ref = clockPairText(D.Reference);
  if (!C.Change)
    return "  clocks      keep the reference clocks (" + Ref + "; " + D.Basis +
           "): " + C.Reason + "\n";
  return format("  clocks      %s: energy %s%% below the reference clocks "
                "(%s), slowdown %.1f%% (%s); advice only, gpa never changes "
                "clocks\n",
                clockPairText(C.Chosen).c_str(),
                kernelFieldText(KernelField::ClockEnergySavingPct, A).c_str(),
                Ref.c_str(), C.SlowdownPct, D.Basis.c_str());
}

void TextRenderer::add(const AnalyzedKernel &K) {
  const KernelAnalysis &A = K.Analysis;
  const Evaluation &E = A.Requested;
  const Timing &T = E.Time;
  if (!GpuChoiceSaid) {
    GpuChoiceSaid = true;
    OS << inferredGpuLine(K);
  }
  std::string Out =
      format("\nkernel %s  [%s]\n", displayName(K).c_str(), where(K).c_str());
  // The answer first, in plain words; the model's terms below it.
  Out += "  answer      " + kernelHeadline(A) + "\n";
  // Which launch the answer is for, when host code launches the kernel
  // (the nvcc route's launch sites).
  for (const Assumption &L : K.Assumptions)
    if (L.Name == "launch_sites")
      Out += "  launches    " + L.Text +
             (L.Source.find("the launches differ") == std::string::npos
                  ? ": the answer is this launch's\n"
                  : ": they differ; the answer takes what they share and "
                    "the defaults (assumes, below)\n");
  Out += "  details     (the model's terms: gpa help terms)\n";
  // The shared fields' values (KernelFields.def) in this layout.
  auto Field = [&](KernelField F) { return kernelFieldValue(F, A); };
  Out += format("  launch      %.0f threads x %.0f blocks, %.0f regs/thread, "
                "%.0f active blocks/SM on %.0f SMs\n",
                Field(KernelField::ThreadsPerBlock), Field(KernelField::Blocks),
                double(A.Profile.Launch.RegistersPerThread),
                T.ActiveBlocksPerSm, Field(KernelField::ActiveSms));
  Out += format("  timing      case %.0f, MWP %.3f (peak BW %.3f), CWP %.3f, "
                "%.6g s\n",
                Field(KernelField::Case), Field(KernelField::Mwp), T.MwpPeakBw,
                Field(KernelField::Cwp), Field(KernelField::ExecTimeS));
  // Which memory level bounds a memory-bound kernel (docs/models.md).
  if (T.Levelled && T.Case == TimingCase::MemoryBound) {
    std::string Summary = memoryLevelSummary(T, Gpu);
    if (!Summary.empty())
      Out += "  memory      " + Summary + "\n";
  }
  PowerView P = powerView(E);
  // The backend's own estimate only where it differs from the total (idle
  // or power-gated SMs, a partial wave).
  std::string Backend;
  if (format("%.1f", P.BackendW) != format("%.1f", E.TotalPowerW))
    Backend = format("; the %s model's estimate before per-SM pricing %.1f W",
                     std::string(E.Est.Backend).c_str(), P.BackendW);
  Out += format("  power       %.1f W total (%.1f W runtime%s); top: %s\n",
                Field(KernelField::TotalPowerW), P.RuntimeW, Backend.c_str(),
                topUnits(P).c_str());
  Out += format("  efficiency  %.4g GIPS, %.4g GIPS/W, %.6g J per launch\n",
                Field(KernelField::Gips), Field(KernelField::GipsPerW),
                Field(KernelField::EnergyJ));
  // The decision's verdict (gpa/Decision.h): a change to fewer SMs.
  if (A.Adv.Rec.Change)
    Out +=
        format("  advice      run on %.0f SMs (%s): energy %s %s, "
               "slowdown %.1f%%\n",
               Field(KernelField::OptimalActiveSms), mechanismName(A.Adv.Mech),
               savingText(A.Adv.Savings.RuntimeIdlePct).c_str(),
               gatingNoteText(gatingNote(A.Adv.Savings, Gpu.Name)).c_str(),
               A.Adv.Rec.SlowdownPct);
  else
    Out += "  advice      " + A.Adv.Rec.Reason + "\n";
  Out += clockAdviceLine(A);
  for (const auto &[Name, Record] : assumptionsByName(K.Assumptions))
    Out += "  assumes     " + Name + ": " + assumptionText(*Record) + "\n";
  // The findings as clang prints remarks (file:line:col: text [RuleId]),
  // so editors' problem matchers read them here too.
  if (K.Findings)
    for (const FindingRecord &F : *K.Findings) {
      std::string At = F.File.empty() ? where(K)
                                      : F.File + ":" + std::to_string(F.Line) +
                                            ":" + std::to_string(F.Column);
      Out += "  finding     " + At + ": " + F.Message + " [" + F.Rule + "]\n";
    }
  OS << Out;
}

class CsvRenderer final : public AnalyzeRenderer {
public:
  explicit CsvRenderer(std::ostream &OS) : OS(OS) {}
  void begin(const GpuModel &Gpu) override {
    GpuName = Gpu.Name;
    // The kernel's identity, then the shared fields (KernelFields.def).
    OS << "kernel,demangled,location,gpu";
    for (const KernelFieldInfo &F : kernelFields())
      OS << "," << F.Key;
    OS << "\n";
  }
  void add(const AnalyzedKernel &K) override;
  void finish() override {}

private:
  std::ostream &OS;
  std::string GpuName;
};

void CsvRenderer::add(const AnalyzedKernel &K) {
  const KernelAnalysis &A = K.Analysis;
  std::string Out = csvField(A.Profile.Name) + "," +
                    csvField(K.Demangled.value_or("")) + "," +
                    csvField(where(K)) + "," + csvField(GpuName);
  for (const KernelFieldInfo &F : kernelFields())
    Out += "," + kernelFieldCsv(F.Id, A);
  OS << Out << "\n";
}

/// SARIF 2.1.0, one result per kernel and one per finding
/// (frontends/ir/Findings.cpp), written as each kernel comes: the log's
/// canonical text is split where its results go (sorted keys put them
/// before "tool"), as ReportStream does for the report.
class SarifRenderer final : public AnalyzeRenderer {
public:
  SarifRenderer(std::ostream &OS, std::string DocsUrl)
      : OS(OS), DocsUrl(std::move(DocsUrl)) {}
  void begin(const GpuModel &Gpu) override;
  void add(const AnalyzedKernel &K) override;
  void finish() override { OS << (Count ? "\n      ]" : "]") << Tail; }

private:
  void write(const json &Result) {
    OS << (Count++ ? ",\n        " : "\n        ")
       << toCanonicalJsonAt(Result, 4);
  }
  std::ostream &OS;
  std::string DocsUrl;
  std::string GpuName;
  std::string Tail;
  std::size_t Count = 0;
};

void SarifRenderer::begin(const GpuModel &Gpu) {
  GpuName = Gpu.Name;
  CanonicalSplit Split =
      splitCanonicalJsonAt(sarifLog(DocsUrl), "\n      \"results\": []");
  OS << Split.Head;
  Tail = std::move(Split.Tail);
}

void SarifRenderer::add(const AnalyzedKernel &K) {
  const KernelAnalysis &A = K.Analysis;
  const Evaluation &E = A.Requested;
  const std::string &Name = A.Profile.Name;
  bool Fewer = A.Adv.Rec.Change;
  std::string Text =
      Fewer ? format("%s: running it on %.0f of %.0f SMs on %s saves "
                     "%.1f%% energy",
                     displayName(K).c_str(), double(A.Adv.RecommendedActiveSms),
                     double(E.ActiveSms), GpuName.c_str(),
                     A.Adv.Savings.RuntimeIdlePct)
            : format("%s on %s: %.1f W, %.4g GIPS/W, %.6g s per launch",
                     displayName(K).c_str(), GpuName.c_str(), E.TotalPowerW,
                     E.Eff.GipsPerW, E.Time.ExecTimeS);
  write(sarifResult(
      Fewer ? "gpa-use-fewer-sms" : "gpa-kernel-power",
      Fewer ? "warning" : "note", Text,
      K.Location ? sarifPhysicalLocation(K.Location->File, K.Location->Line, 0)
                 : json::object(),
      {{"kernel", Name}}));
  if (K.Findings)
    for (const FindingRecord &F : *K.Findings)
      write(sarifResult(F.Rule, "warning", F.Message,
                        sarifPhysicalLocation(F.File, F.Line, F.Column),
                        {{"kernel", Name}}));
}
} // namespace

std::unique_ptr<AnalyzeRenderer>
makeAnalyzeRenderer(const std::string &Format, std::ostream &OS,
                    const std::string &DocsUrl) {
  if (Format == "json")
    return std::make_unique<JsonRenderer>(OS);
  if (Format == "csv")
    return std::make_unique<CsvRenderer>(OS);
  if (Format == "sarif")
    return std::make_unique<SarifRenderer>(OS, DocsUrl);
  return std::make_unique<TextRenderer>(OS);
}

} // namespace gpa::tool
