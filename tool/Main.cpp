//===- Main.cpp - gpa: the GpuPowerAdvisor command-line tool --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa models | model | sweep. Every failure is a one-line message naming the
// file, the JSON path and what was expected, and exit status 2; nothing an
// input contains may crash it.
//
//===----------------------------------------------------------------------===//
#include "Analyze.h"
#include "Calibrate.h"
#include "CheckFormats.h"
#include "ClockReport.h"
#include "Options.h"
#include "PowerModelsText.h"
#include "SvgPlot.h"
#include "TextReport.h"

#include "gpa/Analysis.h"
#include "gpa/Budget.h"
#include "gpa/CanonicalJson.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"
#include "gpa/Report.h"

#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>

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
    for (const GpuModel &G : Models)
      List.push_back({{"name", G.Name},
                      {"sm_version", G.SmVersion},
                      {"compute_capability", G.ComputeCapability},
                      {"num_sms", G.NumSms},
                      {"clock_ghz", G.ClockGhz},
                      {"mem_bandwidth_gbps", G.MemBandwidthGbps},
                      {"idle_power_w", G.IdlePowerW},
                      {"calibrated", G.Calibrated},
                      {"description", G.Description}});
    std::cout << toCanonicalJson({{"models", List}});
  } else {
    std::cout << renderModelsText(Models);
  }
  return ExitOk;
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

static int runAnalysis(const Options &O) {
  GpuModel Gpu;
  std::string Error;
  if (!loadGpuModel(O.Gpu, Gpu, Error))
    return fail(Error);
  std::vector<KernelProfile> Profiles;
  if (!loadKernelProfiles(O.Inputs[0], Profiles, Error))
    return fail(Error);
  if (O.ActiveSms > Gpu.NumSms)
    return fail("--active-sms " + std::to_string(O.ActiveSms) + ": " +
                Gpu.Name + " has " + std::to_string(Gpu.NumSms) + " SMs");
  if (O.SweepClocks || O.CoreClockMhz > 0 || O.MemClockMhz > 0)
    return runClockReport(O, Gpu, Profiles);
  std::vector<KernelAnalysis> Analyses(Profiles.size());
  AnalysisOptions Opts;
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

static int runCheck(const Options &O) {
  Budget B;
  std::string Error;
  if (!loadBudget(O.Budget, B, Error))
    return fail(Error);
  BudgetCheck Check;
  for (const std::string &Path : O.Inputs) {
    auto Text = readTextFile(Path, Error);
    if (!Text)
      return fail(Error);
    auto Report = parseJsonText(*Text, Path, Error);
    if (!Report || !checkReport(*Report, Path, B, Check, Error))
      return fail(Error);
  }
  if (O.Format == "github")
    std::cout << renderCheckGithub(Check);
  else if (O.Format == "sarif")
    std::cout << renderCheckSarif(Check, O.Budget);
  else if (O.Format == "junit")
    std::cout << renderCheckJunit(Check);
  else
    std::cout << renderCheckText(Check);
  return Check.Violations.empty() ? ExitOk : ExitViolation;
}

static int runAnalyze(const Options &O, const char *Argv0) {
  AnalyzeRequest R;
  R.Gpu = O.Gpu;
  R.BlockSize = O.BlockSize;
  R.GridSize = O.GridSize;
  R.Inputs = O.Inputs;
  R.ExecutablePath = Argv0;
  nlohmann::json Report;
  std::vector<std::string> Warnings;
  std::string Error;
  if (!analyzeInputs(R, Report, Warnings, Error))
    return fail(Error);
  for (const std::string &W : Warnings)
    std::cerr << "gpa: warning: " << W << "\n";
  if (O.Format == "json")
    std::cout << toCanonicalJson(Report);
  else if (O.Format == "csv")
    std::cout << renderAnalyzeCsv(Report);
  else if (O.Format == "sarif")
    std::cout << renderAnalyzeSarif(Report);
  else
    std::cout << renderAnalyzeText(Report);
  return ExitOk;
}

int main(int Argc, char **Argv) {
  try {
    if (Argc >= 2 && std::string(Argv[1]) == "calibrate")
      return runCalibrate(Argc, Argv);
    Options O;
    std::string Error;
    if (!parseOptions(Argc, Argv, O, Error)) {
      if (Error == "help") {
        std::cout << usageText();
        return ExitOk;
      }
      std::cerr << "gpa: error: " << Error << "\n" << usageText();
      return ExitBadInput;
    }
    if (O.Command == "models")
      return runModels(O);
    if (O.Command == "check")
      return runCheck(O);
    if (O.Command == "analyze")
      return runAnalyze(O, Argv[0]);
    return runAnalysis(O);
  } catch (const std::exception &E) {
    // A bug, not an input problem, but still no crash for the user.
    return fail(std::string("internal error: ") + E.what());
  }
}
