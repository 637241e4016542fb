//===- Calibrate.cpp - gpa calibrate --------------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Fits seed 002's DVFS-aware model (Guerreiro et al., IEEE TPDS 2019, §3.3),
// or with --model instruction-energy seed 003's energy per instruction and
// per byte (Xie et al., Eq. 5-7, by NNLS), to measurements and writes a GPU
// model file with `calibrated: true`; or, as gpmTOOL's -p, predicts the
// power of every row of a data file with a model.
//
//===----------------------------------------------------------------------===//
#include "Calibrate.h"

#include "Options.h"

#include "gpa/BundledModels.h"
#include "gpa/CanonicalJson.h"
#include "gpa/DvfsCalibration.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/InstructionEnergy.h"
#include "gpa/InstructionEnergyCalibration.h"
#include "gpa/JsonReader.h"
#include "gpa/SeedPowerBackends.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace gpa::tool {

namespace {
struct CalibrateOptions {
  std::string Training; // or, with Predict, the data file
  std::string Model;    // --predict MODEL
  bool Predict = false;
  std::string Output;
  std::string Gpu;
  std::string Source; // --source: the data's provenance for the model file
  std::string Backend = "dvfs"; // --model dvfs|instruction-energy
  unsigned HoldOutEvery = 0;
  std::string HeldAtZero; // --hold-at-zero: seed 002 component names
};

int fail(const std::string &Message) {
  std::cerr << "gpa: error: " << Message << "\n";
  return ExitBadInput;
}

const char *Usage =
    "usage: gpa calibrate TRAINING [-o MODEL.json] [--gpu NAME|FILE] "
    "[--hold-out-every N] [--source TEXT]\n"
    "                     [--model dvfs|instruction-energy] "
    "[--hold-at-zero COMPONENT,...]\n"
    "       gpa calibrate --predict MODEL DATA [-o OUT.csv] "
    "[--model dvfs|instruction-energy]\n";

bool parse(int Argc, const char *const *Argv, CalibrateOptions &O,
           std::string &Error) {
  std::vector<std::string> Inputs;
  for (int I = 2; I < Argc; ++I) {
    std::string Arg = Argv[I];
    auto Value = [&](std::string &Into) {
      return takeOptionValue(Argc, Argv, I, Into, Error);
    };
    if (Arg == "-o" || Arg == "--output") {
      if (!Value(O.Output))
        return false;
    } else if (Arg == "--gpu") {
      if (!Value(O.Gpu))
        return false;
    } else if (Arg == "--source") {
      if (!Value(O.Source))
        return false;
    } else if (Arg == "--model") {
      if (!Value(O.Backend))
        return false;
      if (O.Backend != "dvfs" && O.Backend != InstructionEnergyModelName) {
        Error = "--model: expected dvfs or instruction-energy, got '" +
                O.Backend + "'";
        return false;
      }
    } else if (Arg == "--hold-at-zero") {
      if (!Value(O.HeldAtZero))
        return false;
    } else if (Arg == "--predict") {
      O.Predict = true;
      if (!Value(O.Model))
        return false;
    } else if (Arg == "--hold-out-every") {
      std::string Text;
      if (!Value(Text))
        return false;
      char *End = nullptr;
      long N = std::strtol(Text.c_str(), &End, 10);
      if (Text.empty() || *End || N < 2 || N > 1000) {
        Error = "--hold-out-every: expected an integer in [2, 1000], got '" +
                Text + "'";
        return false;
      }
      O.HoldOutEvery = static_cast<unsigned>(N);
    } else if (Arg == "-h" || Arg == "--help") {
      Error = "help";
      return false;
    } else if (!Arg.empty() && Arg[0] == '-') {
      Error = "unknown option '" + Arg + "' for 'calibrate'";
      return false;
    } else {
      Inputs.push_back(Arg);
    }
  }
  if (Inputs.size() != 1) {
    Error = O.Predict ? "'calibrate --predict MODEL' needs exactly one DATA "
                        "file"
                      : "'calibrate' needs exactly one TRAINING file";
    return false;
  }
  O.Training = Inputs[0];
  return true;
}

std::string fixed(double V, int Digits) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Digits, V);
  return Buf;
}

bool writeText(const std::string &Path, const std::string &Text) {
  if (Path.empty() || Path == "-") {
    std::cout << Text;
    return true;
  }
  std::ofstream Out(Path, std::ios::binary);
  return static_cast<bool>(Out << Text) && static_cast<bool>(Out.flush());
}

/// The dvfs parameters of a GPU model (name or file) or a gpmTOOL model
/// file (.csv).
bool loadDvfsModel(const std::string &Model, DvfsPowerParams &Out,
                   std::string &Error) {
  if (Model.size() > 4 && Model.compare(Model.size() - 4, 4, ".csv") == 0) {
    auto Text = readTextFile(Model, Error);
    return Text && parseGpmtoolModel(*Text, Model, Out, Error);
  }
  GpuModel Gpu;
  if (!loadGpuModel(Model, Gpu, Error))
    return false;
  const DvfsPowerParams *P = dvfsParams(Gpu, Error);
  if (!P)
    return false;
  Out = *P;
  return true;
}

/// A GPU model's instruction-energy parameters.
bool loadInstructionEnergyModel(const std::string &Model, PowerParameters &Out,
                                std::string &Error) {
  GpuModel Gpu;
  if (!loadGpuModel(Model, Gpu, Error))
    return false;
  const PowerParameters *P = sourcedParams(Gpu, InstructionEnergyModelName);
  if (!P) {
    Error = Model + ": the GPU model has no power_backends." +
            InstructionEnergyModelName + " section";
    return false;
  }
  Out = *P;
  return true;
}

int runPredict(const CalibrateOptions &O) {
  if (!O.HeldAtZero.empty())
    return fail("--hold-at-zero: only when fitting, not with --predict");
  bool Seed003 = O.Backend == InstructionEnergyModelName;
  DvfsPowerParams P;
  PowerParameters Energy;
  std::string Error;
  if (Seed003 ? !loadInstructionEnergyModel(O.Model, Energy, Error)
              : !loadDvfsModel(O.Model, P, Error))
    return fail(Error);
  PowerSampleSet Data;
  if (!loadPowerSamples(O.Training, false, Data, Error))
    return fail(Error);
  std::string Csv = "line,benchmark,core_mhz,mem_mhz,measured_w,predicted_w,"
                    "error_pct\n";
  double SumPct = 0;
  std::size_t Measured = 0;
  for (const PowerSample &S : Data.Samples) {
    double W = 0;
    if (Seed003 ? !predictInstructionEnergyPower(Energy, S, W, Error)
                : !predictSamplePower(P, S, W, Error))
      return fail(O.Training + ": " + Error);
    Csv += std::to_string(S.Line) + "," + S.Benchmark + "," +
           fixed(S.CoreMhz, 0) + "," + fixed(S.MemMhz, 0) + ",";
    if (S.PowerW && *S.PowerW > 0) {
      double Pct = 100 * (W - *S.PowerW) / *S.PowerW;
      Csv += fixed(*S.PowerW, 4) + "," + fixed(W, 4) + "," + fixed(Pct, 3);
      SumPct += std::fabs(Pct);
      ++Measured;
    } else {
      Csv += "," + fixed(W, 4) + ",";
    }
    Csv += "\n";
  }
  if (!writeText(O.Output, Csv))
    return fail(O.Output + ": cannot write the predictions");
  if (Measured)
    std::cerr << "gpa: MAPE " << fixed(SumPct / Measured, 2) << "% over "
              << Measured << " rows with a measured power\n";
  return ExitOk;
}

/// How a gpmTOOL file's components map onto the product's (docs/dvfs.md),
/// and which product components its data cannot fit; empty for the
/// standard twelve.
std::string layoutNote(const ComponentLayout &L, const char *Separator) {
  if (L.isStandard())
    return "";
  std::string Out = "components: " + L.describe() + Separator;
  std::vector<std::size_t> Absent = L.absentComponents();
  if (!Absent.empty()) {
    Out += "not in the data, coefficient 0 (assumed):";
    for (std::size_t C : Absent)
      Out += " " + std::string(dvfsComponentKey(C));
    Out += Separator;
  }
  return Out;
}

std::string summary(const PowerSampleSet &Train, const DvfsFitResult &R,
                    double Seconds) {
  const DvfsPowerParams &P = R.Params;
  std::ostringstream S;
  S << "fit: " << Train.Samples.size() << " rows, " << P.Core.ClocksMhz.size()
    << " core x " << P.Mem.ClocksMhz.size() << " memory clocks, "
    << R.Iterations << " iterations ("
    << (R.Converged ? "converged" : "iteration limit") << "), "
    << fixed(Seconds, 3) << " s\n";
  S << "training error: RMS " << fixed(R.RmsErrorW, 3) << " W, MAPE "
    << fixed(R.MapePct, 2) << "%\n";
  S << layoutNote(Train.Layout, "\n");
  S << "static_w: core " << fixed(P.CoreStaticW, 4) << ", memory "
    << fixed(P.MemStaticW, 4) << "\n";
  S << "constant_w_per_mhz: core " << fixed(P.CoreConstantWPerMhz, 6)
    << ", memory " << fixed(P.MemConstantWPerMhz, 6) << "\n";
  S << "dynamic_w_per_mhz:";
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    S << " " << dvfsComponentKey(C) << " " << fixed(P.DynamicWPerMhz[C], 6);
  S << "\n";
  for (const VoltageTable *T : {&P.Core, &P.Mem}) {
    S << (T == &P.Core ? "core" : "memory") << " voltage:";
    for (std::size_t I = 0; I < T->ClocksMhz.size(); ++I)
      S << " " << fixed(T->ClocksMhz[I], 0) << ":" << fixed(T->Voltage[I], 4);
    S << "\n";
  }
  return S.str();
}

std::string baseName(const std::string &Path) {
  std::size_t Slash = Path.find_last_of('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

/// The base model's JSON text: a bundled model's embedded text or a file.
bool baseModelText(const std::string &Gpu, std::string &Text,
                   std::string &Error) {
  for (const BundledModelText &M : bundledModelTexts())
    if (Gpu == M.Name) {
      Text = std::string(M.Json);
      return true;
    }
  auto File = readTextFile(Gpu, Error);
  if (!File)
    return false;
  Text = *File;
  return true;
}

int writeModel(const CalibrateOptions &O, const PowerSampleSet &Train,
               const DvfsFitResult &R,
               const std::array<bool, NumDvfsComponents> &Held) {
  std::string Base = O.Gpu.empty() ? Train.Gpu : O.Gpu;
  if (Base.empty())
    return fail("-o needs a base GPU model for the non-power parameters: "
                "pass --gpu NAME|FILE (" +
                Train.File + " names none)");
  GpuModel Gpu;
  std::string Error, Text;
  if (!loadGpuModel(Base, Gpu, Error) || !baseModelText(Base, Text, Error))
    return fail(Error);
  auto Doc = parseJsonText(Text, Base, Error);
  if (!Doc)
    return fail(Error);
  DvfsPowerParams P = R.Params;
  // Hardware figures come from the base model's dvfs section when it has
  // one, else from the compute capability's table.
  DvfsPowerParams Hw = dvfsHardwareFigures(Gpu);
  P.LanesPerSm = Hw.LanesPerSm;
  P.LanesSource = Hw.LanesSource;
  P.L2PeakGbps = Hw.L2PeakGbps;
  P.L2PeakSource = Hw.L2PeakSource;
  P.SharedBytesPerSmPerCycle = Hw.SharedBytesPerSmPerCycle;
  P.SharedSource = Hw.SharedSource;
  std::string Provenance =
      "gpa calibrate (seed 002 two-phase fit, Guerreiro et al., IEEE TPDS "
      "2019 §3.3) on " +
      std::to_string(Train.Samples.size()) + " rows of " +
      (!O.Source.empty()       ? O.Source
       : !Train.Source.empty() ? Train.Source
                               : baseName(Train.File)) +
      "; training MAPE " + fixed(R.MapePct, 2) + "%";
  std::string Layout = layoutNote(Train.Layout, "; ");
  if (!Layout.empty())
    Provenance += "; " + Layout.substr(0, Layout.size() - 2);
  P.Source = Provenance;
  (*Doc)["calibrated"] = true;
  (*Doc)["calibration_note"] =
      "dvfs backend calibrated: " + Provenance +
      ". The ipp power section is carried over from the base model '" +
      Gpu.Name + "' unchanged.";
  (*Doc)["power_backend"] = "dvfs";
  (*Doc)["power_backends"]["dvfs"] = dvfsParamsToJson(P);
  // A held coefficient is an assumption, not a fit: reports list it and a
  // kernel doing that work gets an unpriced_power assumption.
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    if (Held[C])
      (*Doc)["power_backends"]["dvfs"]["parameter_sources"]
            ["dynamic_w_per_mhz." + std::string(dvfsComponentKey(C))] = {
                {"kind", "assumed"},
                {"source", "held at 0 by gpa calibrate --hold-at-zero (not "
                           "fitted): " +
                               Provenance}};
  std::string Json = toCanonicalJson(*Doc);
  GpuModel Check;
  if (!parseGpuModel(nlohmann::json::parse(Json), O.Output, Check, Error))
    return fail("internal error: the written model does not load: " + Error);
  if (!writeText(O.Output, Json))
    return fail(O.Output + ": cannot write the model");
  return ExitOk;
}

std::string dataName(const CalibrateOptions &O, const PowerSampleSet &Train) {
  return !O.Source.empty()       ? O.Source
         : !Train.Source.empty() ? Train.Source
                                 : baseName(Train.File);
}

std::string energySummary(const InstructionEnergyFit &R, double Seconds) {
  const std::vector<EnergyPriceClass> &Classes =
      instructionEnergyPriceClasses();
  std::ostringstream S;
  S << "fit: " << R.RowsUsed << " rows (" << R.RowsLeftOut
    << " left out), instruction-energy (seed 003 Eq. 5-7, non-negative "
       "least squares), "
    << fixed(Seconds, 3) << " s\n";
  S << "training error: RMS " << fixed(R.RmsErrorW, 3) << " W, MAPE "
    << fixed(R.MapePct, 2) << "%\n";
  for (std::size_t C = 0; C < Classes.size(); ++C) {
    if (!R.ClassValues[C])
      continue;
    S << Classes[C].Label << ": " << fixed(*R.ClassValues[C], 4)
      << (C == 0 ? " W"
          : Classes[C].Label.find("bytes") != std::string::npos
              ? " nJ/B"
              : " nJ/warp instruction")
      << " (";
    for (std::size_t P = 0; P < Classes[C].Params.size(); ++P)
      S << (P ? ", " : "") << Classes[C].Params[P];
    S << ")\n";
  }
  for (const std::string &Note : R.Notes)
    S << "note: " << Note << "\n";
  return S.str();
}

/// The base model's instruction-energy parameters overlaid with the fit.
PowerParameters fittedOverBase(const PowerParameters *Base,
                               const InstructionEnergyFit &R) {
  PowerParameters All = Base ? *Base : PowerParameters();
  for (const auto &[Name, P] : R.Params)
    All[Name] = P;
  return All;
}

int writeInstructionEnergyModel(const CalibrateOptions &O, const GpuModel &Gpu,
                                const std::string &Base,
                                const InstructionEnergyFit &R,
                                const std::string &Provenance) {
  std::string Error, Text;
  if (!baseModelText(Base, Text, Error))
    return fail(Error);
  auto Doc = parseJsonText(Text, Base, Error);
  if (!Doc)
    return fail(Error);
  nlohmann::json &Section =
      (*Doc)["power_backends"][InstructionEnergyModelName];
  if (!Section.is_object())
    Section = nlohmann::json::object();
  for (const auto &[Name, P] : R.Params)
    Section[Name] = {
        {"value", P.Value}, {"kind", P.Kind}, {"source", P.Source}};
  std::size_t Kept = 0;
  for (const std::string &Name : instructionEnergyParameterNames())
    if (Section.contains(Name) && !R.Params.count(Name))
      ++Kept;
  (*Doc)["calibrated"] = true;
  (*Doc)["calibration_note"] =
      "instruction-energy backend calibrated: " + Provenance + ". " +
      std::to_string(R.Params.size()) + " parameters fitted; " +
      std::to_string(Kept) +
      " the data does not determine are carried over from the base model '" +
      Gpu.Name + "' with their own sources. Other backends unchanged.";
  (*Doc)["power_backend"] = InstructionEnergyModelName;
  std::string Json = toCanonicalJson(*Doc);
  GpuModel Check;
  if (!parseGpuModel(nlohmann::json::parse(Json), O.Output, Check, Error))
    return fail("internal error: the written model does not load: " + Error);
  if (!writeText(O.Output, Json))
    return fail(O.Output + ": cannot write the model");
  return ExitOk;
}

int runInstructionEnergyFit(const CalibrateOptions &O,
                            const PowerSampleSet &All) {
  std::string Error;
  std::string BaseName = O.Gpu.empty() ? All.Gpu : O.Gpu;
  GpuModel Gpu;
  const PowerParameters *Base = nullptr;
  if (!BaseName.empty()) {
    if (!loadGpuModel(BaseName, Gpu, Error))
      return fail(Error);
    Base = sourcedParams(Gpu, InstructionEnergyModelName);
  } else if (!O.Output.empty()) {
    return fail("-o needs a base GPU model for the non-power parameters: "
                "pass --gpu NAME|FILE (" +
                All.File + " names none)");
  }
  PowerSampleSet Train = All, Test;
  if (O.HoldOutEvery)
    splitByBenchmark(All, O.HoldOutEvery, Train, Test);
  std::string Provenance =
      "gpa calibrate --model instruction-energy (seed 003 Eq. 5-7, Xie et "
      "al.; non-negative least squares) on " +
      std::to_string(Train.Samples.size()) + " rows of " + dataName(O, Train);
  InstructionEnergyFit R;
  auto Start = std::chrono::steady_clock::now();
  if (!fitInstructionEnergy(Train, Base, Provenance, R, Error))
    return fail(Error);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  std::ostream &Out = O.Output == "-" ? std::cerr : std::cout;
  Out << energySummary(R, Seconds);
  if (O.HoldOutEvery) {
    PowerParameters P = fittedOverBase(Base, R);
    double SumPct = 0;
    std::size_t N = 0;
    for (const PowerSample &S : Test.Samples) {
      double W = 0;
      if (!predictInstructionEnergyPower(P, S, W, Error))
        return fail(O.Training + ": held-out rows: " + Error);
      if (S.PowerW && *S.PowerW > 0) {
        SumPct += std::fabs(W - *S.PowerW) / *S.PowerW;
        ++N;
      }
    }
    Out << "held-out error (every " << O.HoldOutEvery << "th microbenchmark, "
        << Test.Samples.size() << " rows): MAPE "
        << fixed(N ? 100 * SumPct / N : 0, 2) << "%\n";
  }
  Provenance += "; training MAPE " + fixed(R.MapePct, 2) + "%";
  return O.Output.empty()
             ? ExitOk
             : writeInstructionEnergyModel(O, Gpu, BaseName, R, Provenance);
}

/// Parses --hold-at-zero's comma-separated seed 002 component names.
bool heldComponents(const std::string &List,
                    std::array<bool, NumDvfsComponents> &Held,
                    std::string &Error) {
  std::stringstream In(List);
  std::string Name;
  while (!List.empty() && std::getline(In, Name, ',')) {
    bool Found = false;
    for (std::size_t C = 0; C < NumDvfsComponents; ++C)
      if (dvfsComponentKey(C) == Name)
        Held[C] = Found = true;
    if (!Found) {
      std::string Known;
      for (std::size_t C = 0; C < NumDvfsComponents; ++C)
        Known += (C ? ", " : "") + std::string(dvfsComponentKey(C));
      Error =
          "unknown component '" + Name + "' (expected one of " + Known + ")";
      return false;
    }
  }
  return true;
}

int runFit(const CalibrateOptions &O) {
  PowerSampleSet All;
  std::string Error;
  if (!loadPowerSamples(O.Training, true, All, Error))
    return fail(Error);
  if (O.Backend == InstructionEnergyModelName) {
    if (!O.HeldAtZero.empty())
      return fail("--hold-at-zero: only for --model dvfs");
    return runInstructionEnergyFit(O, All);
  }
  DvfsFitOptions Options;
  if (!heldComponents(O.HeldAtZero, Options.HeldAtZero, Error))
    return fail("--hold-at-zero: " + Error);
  PowerSampleSet Train = All, Test;
  if (O.HoldOutEvery)
    splitByBenchmark(All, O.HoldOutEvery, Train, Test);
  DvfsFitResult R;
  auto Start = std::chrono::steady_clock::now();
  if (!fitDvfsModel(Train, Options, R, Error))
    return fail(O.Training + ": " + Error);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  std::ostream &Out = O.Output == "-" ? std::cerr : std::cout;
  Out << summary(Train, R, Seconds);
  if (!O.HeldAtZero.empty())
    Out << "held at 0 (--hold-at-zero, not fitted): " << O.HeldAtZero << "\n";
  if (O.HoldOutEvery) {
    double Mape = 0;
    if (!samplesMape(R.Params, Test.Samples, Mape, Error))
      return fail(O.Training + ": held-out rows: " + Error);
    Out << "held-out error (every " << O.HoldOutEvery << "th microbenchmark, "
        << Test.Samples.size() << " rows): MAPE " << fixed(Mape, 2) << "%\n";
  }
  return O.Output.empty() ? ExitOk
                          : writeModel(O, Train, R, Options.HeldAtZero);
}
} // namespace

int runCalibrate(int Argc, const char *const *Argv) {
  CalibrateOptions O;
  std::string Error;
  if (!parse(Argc, Argv, O, Error)) {
    return usageOrError(Error, Usage);
  }
  return O.Predict ? runPredict(O) : runFit(O);
}

} // namespace gpa::tool
