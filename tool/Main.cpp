//===- Main.cpp - gpa: the GpuPowerAdvisor command-line tool --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa models | model | sweep | analyze | check | rank | help. Every failure is
// a one-line message naming the file, the JSON path and what was expected, and
// exit status 2; nothing an input contains may crash it.
//
//===----------------------------------------------------------------------===//
#include "Analyze.h"
#include "AnalyzeFormats.h"
#include "Calibrate.h"
#include "CheckFormats.h"
#include "ClockReport.h"
#include "Options.h"
#include "PowerModelsText.h"
#include "Rank.h"
#include "SvgPlot.h"
#include "SweepInputs.h"
#include "TextReport.h"

#include "gpa/Analysis.h"
#include "gpa/Budget.h"
#include "gpa/CanonicalJson.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/IdlePower.h"
#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"
#include "gpa/Report.h"
#include "gpa/UnmatchedFacts.h"

#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

using namespace gpa;
using namespace gpa::tool;

static int fail(const std::string &Message) {
  std::cerr << "gpa: error: " << Message << "\n";
  return ExitBadInput;
}

static int runModels(const Options &O) {
  std::vector<GpuModel> Models;
  for (const std::string &Name : bundledModelNames()) {
    GpuModel G;
    std::string Error;
    if (!loadBundledModel(Name, G, Error))
      return fail(Error);
    Models.push_back(std::move(G));
  }
  if (O.Format == "json") {
    nlohmann::json List = nlohmann::json::array();
    for (const GpuModel &G : Models) {
      IdlePower Idle = defaultModelIdlePower(G);
      List.push_back({{"name", G.Name},
                      {"sm_version", G.SmVersion},
                      {"compute_capability", G.ComputeCapability},
                      {"num_sms", G.NumSms},
                      {"clock_ghz", G.ClockGhz},
                      {"mem_bandwidth_gbps", G.MemBandwidthGbps},
                      {"idle_power_w", Idle.PowerW},
                      {"idle_power_source", Idle.Source},
                      {"power_model", G.PowerBackendName},
                      {"calibrated", G.Calibrated},
                      {"description", G.Description}});
    }
    std::cout << toCanonicalJson({{"models", List}});
  } else {
    std::cout << renderModelsText(Models);
  }
  return ExitOk;
}

static AnalyzeRequest analyzeRequest(const Options &O, const char *Argv0) {
  AnalyzeRequest R;
  R.Gpu = O.Gpu;
  if (O.BlockSize) // 0: not given
    R.BlockSize = O.BlockSize;
  if (O.GridSize)
    R.GridSize = O.GridSize;
  R.Inputs = O.Inputs;
  R.ExecutablePath = Argv0;
  if (O.TripCount)
    R.TripCount = O.TripCount;
  R.TripCountSpecs = O.TripCountSpecs;
  R.ClangArgs = O.ClangArgs;
  R.CudaGpuArch = O.CudaGpuArch;
  R.CompileDbDir = O.CompileDbDir;
  R.Nvcc = O.Compiler == "nvcc";
  R.HostSources = O.HostSources;
  R.LaunchFile = O.LaunchFile;
  R.SystemHeaderFindings = O.SystemHeaderFindings;
  R.Model = decisionOptions(O);
  R.MechanismGiven = !O.Mechanism.empty();
  return R;
}

static int runPowerModels(const Options &O, const GpuModel &Gpu,
                          const std::vector<KernelAnalysis> &Analyses) {
  nlohmann::json Report = reportJson(Gpu, Analyses);
  std::string Text, Error;
  bool AllAvailable = true;
  for (std::size_t I = 0; I < Analyses.size(); ++I) {
    PowerModelsResult R;
    if (!evaluatePowerModels(O.PowerModel, Analyses[I], Gpu, R, Error))
      return fail(Error);
    for (const ModelEstimate &E : R.Estimates)
      AllAvailable &= E.Available;
    addPowerModelsJson(Report["kernels"][I], R);
    Text += (I ? "\n" : "") + renderPowerModelsText(Analyses[I], Gpu, R);
  }
  std::cout << (O.Format == "json" ? toCanonicalJson(Report) : Text);
  // One model asked for by name that lacks parameters is an input problem;
  // `all` reports what each model lacks and succeeds.
  if (!AllAvailable && O.PowerModel != "all") {
    std::cerr << "gpa: error: power model '" << O.PowerModel
              << "' lacks parameters for " << Gpu.Name << " (listed above)\n";
    return ExitBadInput;
  }
  return ExitOk;
}

static int runAnalysis(const Options &O, const char *Argv0) {
  GpuModel Gpu;
  std::string Error;
  std::vector<KernelProfile> Profiles;
  std::string GpuName = O.Gpu;
  if (O.Command == "sweep") {
    std::vector<std::string> Warnings;
    std::string ReportGpu;
    if (!loadSweepKernels(analyzeRequest(O, Argv0), O.Kernel, Profiles,
                          ReportGpu, Warnings, Error))
      return fail(Error);
    for (const std::string &W : Warnings)
      std::cerr << "gpa: warning: " << W << "\n";
    if (GpuName.empty())
      GpuName = ReportGpu;
  } else if (!loadKernelProfiles(O.Inputs[0], Profiles, Error)) {
    return fail(Error);
  }
  if (!loadGpuModel(GpuName, Gpu, Error))
    return fail(Error);
  if (O.ActiveSms > Gpu.NumSms)
    return fail("--active-sms " + std::to_string(O.ActiveSms) + ": " +
                Gpu.Name + " has " + std::to_string(Gpu.NumSms) + " SMs");
  if (O.SweepClocks || O.CoreClockMhz > 0 || O.MemClockMhz > 0)
    return runClockReport(O, Gpu, Profiles);
  std::vector<KernelAnalysis> Analyses(Profiles.size());
  AnalysisOptions Opts = decisionOptions(O);
  Opts.ActiveSms = O.ActiveSms;
  for (std::size_t I = 0; I < Profiles.size(); ++I)
    if (!analyzeKernel(Profiles[I], Gpu, Opts, Analyses[I], Error))
      return fail(O.Inputs[0] + ": kernel '" + Profiles[I].Name +
                  "': " + Error);
  if (!O.Plot.empty()) {
    std::ofstream Svg(O.Plot, std::ios::binary);
    if (!(Svg << renderSweepSvg(Analyses, Gpu)) || !Svg.flush())
      return fail(O.Plot + ": cannot write the plot");
  }
  if (!O.PowerModel.empty()) // --power-model (PowerModelsText.h)
    return runPowerModels(O, Gpu, Analyses);
  if (O.Format == "json") {
    std::cout << toCanonicalJson(reportJson(Gpu, Analyses));
  } else if (O.Format == "csv") {
    std::cout << renderSweepCsv(Analyses);
  } else {
    for (std::size_t I = 0; I < Analyses.size(); ++I) {
      if (I)
        std::cout << "\n";
      std::cout << (O.Command == "sweep" ? renderSweepText(Analyses[I], Gpu)
                                         : renderKernelText(Analyses[I], Gpu));
    }
  }
  return ExitOk;
}

static std::optional<nlohmann::json> readJson(const std::string &Path,
                                              std::string &Error) {
  auto Text = readTextFile(Path, Error);
  if (!Text)
    return std::nullopt;
  return parseJsonText(*Text, Path, Error);
}

static int runCheck(const Options &O) {
  Budget B;
  std::string Error;
  if (!O.Budget.empty() && !loadBudget(O.Budget, B, Error))
    return fail(Error);
  std::vector<KernelFacts> Base, Current;
  std::string BaseGpu, Gpu;
  if (!O.Baseline.empty()) {
    auto Doc = readJson(O.Baseline, Error);
    if (!Doc || !readReportKernels(*Doc, O.Baseline, BaseGpu, Base, Error))
      return fail(Error);
  }
  BudgetCheck Check;
  std::vector<ReportFinding> Findings;
  for (const std::string &Path : O.Inputs) {
    auto Report = readJson(Path, Error);
    if (!Report || !readReportKernels(*Report, Path, Gpu, Current, Error))
      return fail(Error);
    collectFindings(*Report, Findings);
    if (!O.Budget.empty() && !checkReport(*Report, Path, B, Check, Error))
      return fail(Error);
  }
  if (!O.Budget.empty()) {
    // A budget rule or waiver that applies to no kernel is said.
    std::vector<KernelName> Names;
    for (const KernelFacts &K : Current)
      Names.push_back({K.Name, K.Demangled});
    for (const std::string &W : unmatchedBudgetPatterns(B, Names))
      std::cerr << "gpa: warning: " << W << "\n";
  }
  if (!O.Baseline.empty()) {
    if (!BaseGpu.empty() && BaseGpu != Gpu)
      return fail(O.Baseline + ": baseline analysed for " + BaseGpu +
                  ", the reports for " + Gpu + "; compare like with like");
    BudgetCheck Regressions;
    compareWithBaseline(Base, O.Baseline, Current, Gpu, O.MaxRegressionPct,
                        Regressions);
    Check.Violations.insert(Check.Violations.end(),
                            Regressions.Violations.begin(),
                            Regressions.Violations.end());
    Check.NewKernels = Regressions.NewKernels;
    Check.RemovedKernels = Regressions.RemovedKernels;
    if (O.Budget.empty()) {
      Check.KernelsChecked = Regressions.KernelsChecked;
      Check.KernelsMatched = Regressions.KernelsMatched;
    }
  }
  checkWaiverExpiry(B, todayUtc(), Check);
  if (O.Format == "github")
    std::cout << renderCheckGithub(Check);
  else if (O.Format == "sarif")
    std::cout << renderCheckSarif(Check, Findings, O.Budget, O.DocsUrl);
  else if (O.Format == "junit")
    std::cout << renderCheckJunit(Check);
  else
    std::cout << renderCheckText(Check);
  return Check.Violations.empty() && Check.ExpiredWaivers.empty()
             ? ExitOk
             : ExitViolation;
}

static int runAnalyze(const Options &O, const char *Argv0) {
  AnalyzeRequest R = analyzeRequest(O, Argv0);
  // Text, JSON and CSV report the clock decision; SARIF lists no advice.
  R.Model.WithClockAdvice = O.Format != "sarif";
  std::ofstream File;
  if (!O.Output.empty()) {
    File.open(O.Output, std::ios::binary);
    if (!File)
      return fail(O.Output + ": cannot write the report");
  }
  std::ostream &Out = O.Output.empty() ? std::cout : File;
  // Each kernel is rendered and written as it is analysed, then dropped
  // (issue 16 s.4); warnings go out before the kernel that follows them.
  std::unique_ptr<AnalyzeRenderer> Renderer =
      makeAnalyzeRenderer(O.Format, Out, O.DocsUrl);
  std::vector<std::string> Warnings;
  std::size_t Shown = 0;
  auto ShowWarnings = [&] {
    for (; Shown < Warnings.size(); ++Shown)
      std::cerr << "gpa: warning: " << Warnings[Shown] << "\n";
  };
  bool Begun = false;
  std::string Error;
  auto Write = [&](AnalyzedKernel &&K, const GpuModel &Gpu) {
    ShowWarnings();
    if (!Begun)
      Renderer->begin(Gpu);
    Begun = true;
    Renderer->add(K);
  };
  // No half-written report file: removed on any error.
  auto Discard = [&] {
    if (!O.Output.empty()) {
      File.close();
      std::remove(O.Output.c_str());
    }
  };
  try {
    bool Ok = analyzeInputs(R, Write, Warnings, Error);
    ShowWarnings();
    if (!Ok) {
      Discard();
      return fail(Error);
    }
    Renderer->finish();
  } catch (...) {
    Discard();
    throw;
  }
  if (!Out.flush()) {
    Discard();
    return fail(O.Output + ": cannot write the report");
  }
  return ExitOk;
}

int main(int Argc, char **Argv) {
  try {
    if (Argc >= 2 && std::string(Argv[1]) == "calibrate")
      return runCalibrate(Argc, Argv);
    if (Argc >= 2 && std::string(Argv[1]) == "rank")
      return runRank(Argc, Argv);
    Options O;
    std::string Error;
    if (!parseOptions(Argc, Argv, O, Error)) {
      std::cerr << "gpa: error: " << Error << "\n" << usageText(O.Command);
      return ExitBadInput;
    }
    if (O.ShowHelp) {
      std::cout << usageText(O.Command);
      return ExitOk;
    }
    if (O.ShowVersion) {
      std::cout << versionText();
      return ExitOk;
    }
    if (O.Command == "models")
      return runModels(O);
    if (O.Command == "check")
      return runCheck(O);
    if (O.Command == "analyze")
      return runAnalyze(O, Argv[0]);
    return runAnalysis(O, Argv[0]);
  } catch (const std::exception &E) {
    // A bug, not an input problem, but still no crash for the user.
    return fail(std::string("internal error: ") + E.what());
  }
}
