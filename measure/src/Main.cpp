//===- Main.cpp - gpa-measure ---------------------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-measure runs the microbenchmark suite on a GPU at the clocks it runs
// at (it never changes clocks or power limits) and writes a
// gpa-power-samples/1 training file for `gpa calibrate` (docs/dvfs.md):
// static-analysis utilisations, launch counts and time, and CUPTI-measured
// utilisations where CUPTI is available.
// --list shows the suite and its static utilisations without a GPU;
// --check reports the clocks, which power reading NVML offers and whether
// CUPTI's counters can be read.
//
//===----------------------------------------------------------------------===//
#include "gpa/CounterProfiler.h"
#include "gpa/CudaDriverLauncher.h"
#include "gpa/DvfsCalibration.h"
#include "gpa/EmbeddedSuite.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/JsonReader.h"
#include "gpa/MeasureRunner.h"
#include "gpa/NvmlPowerMeter.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

namespace {
const char *Usage =
    "usage: gpa-measure [-o TRAIN.csv] [--gpu NAME|FILE] [--device N]\n"
    "                   [--ptx FILE] [--min-seconds S] [--readings N]\n"
    "                   [--min-repetitions N] [--launches-per-repetition N]\n"
    "                   [--blocks N] [--only PREFIX] [--reference-mhz C,M]\n"
    "                   [--clock-tolerance-mhz N] [--source TEXT]\n"
    "       gpa-measure --list [--gpu NAME|FILE] [--ptx FILE] [--blocks N]\n"
    "       gpa-measure --check [--device N] [--ptx FILE]\n"
    "Runs the microbenchmark suite at the GPU's current clocks (never\n"
    "changing clocks or power limits) and writes a gpa-power-samples/1\n"
    "training file (default: stdout) for `gpa calibrate`. Where libcupti\n"
    "loads (CUDA 12.6+; $GPA_CUPTI_LIBRARY names it) the counters' measured\n"
    "utilisations are added. Exit: 0 ok, 1 the measurement failed, 2 bad\n"
    "input.\n";

struct Options {
  std::string Output, Gpu, Ptx, Only, Source;
  unsigned Device = 0;
  bool List = false, Check = false;
  gpa::CudaLaunchShape Shape;
  gpa::MeasureOptions Measure;
  std::optional<double> RefCore, RefMem;
};

int usageError(const std::string &Message) {
  std::cerr << "gpa-measure: error: " << Message << "\n" << Usage;
  return 2;
}

int fail(const std::string &Message, int Code) {
  std::cerr << "gpa-measure: error: " << Message << "\n";
  return Code;
}

bool number(const char *Text, double Min, double Max, double &Out) {
  char *End = nullptr;
  Out = std::strtod(Text, &End);
  return End != Text && *End == '\0' && Out >= Min && Out <= Max;
}

bool parse(int Argc, char **Argv, Options &O, std::string &Error) {
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--list" || A == "--check") {
      (A == "--list" ? O.List : O.Check) = true;
      continue;
    }
    if (A == "-h" || A == "--help") {
      Error = "help";
      return false;
    }
    if (I + 1 >= Argc) {
      Error = A == "-o" || A.rfind("--", 0) == 0
                  ? A + " needs a value"
                  : "unexpected argument '" + A + "'";
      return false;
    }
    const char *V = Argv[++I];
    double N = 0;
    auto Count = [&](double Max) {
      if (number(V, 1, Max, N) &&
          N == static_cast<double>(static_cast<unsigned long long>(N)))
        return true;
      Error = A + " expects a whole number from 1 to " +
              std::to_string(static_cast<unsigned long long>(Max)) + ", got '" +
              V + "'";
      return false;
    };
    if (A == "-o")
      O.Output = V;
    else if (A == "--gpu")
      O.Gpu = V;
    else if (A == "--ptx")
      O.Ptx = V;
    else if (A == "--only")
      O.Only = V;
    else if (A == "--source")
      O.Source = V;
    else if (A == "--device") {
      if (!number(V, 0, 1024, N)) {
        Error = "--device expects an index, got '" + std::string(V) + "'";
        return false;
      }
      O.Device = static_cast<unsigned>(N);
    } else if (A == "--min-seconds") {
      if (!number(V, 0.001, 3600, O.Measure.MinDurationS)) {
        Error = "--min-seconds expects seconds in [0.001, 3600], got '" +
                std::string(V) + "'";
        return false;
      }
    } else if (A == "--readings") {
      if (!Count(101))
        return false;
      O.Measure.Readings = static_cast<unsigned>(N);
    } else if (A == "--min-repetitions") {
      if (!Count(1e6))
        return false;
      O.Measure.MinRepetitions = static_cast<unsigned>(N);
    } else if (A == "--clock-tolerance-mhz") {
      if (!number(V, 0, 10000, N) || N != static_cast<unsigned>(N)) {
        Error = "--clock-tolerance-mhz expects whole MHz, got '" +
                std::string(V) + "'";
        return false;
      }
      O.Measure.ClockToleranceMhz = static_cast<unsigned>(N);
    } else if (A == "--launches-per-repetition") {
      if (!Count(1e6))
        return false;
      O.Shape.LaunchesPerRep = static_cast<unsigned>(N);
    } else if (A == "--blocks") {
      if (!Count(1 << 20))
        return false;
      O.Shape.Blocks = static_cast<std::uint64_t>(N);
    } else if (A == "--reference-mhz") {
      std::string S = V;
      std::size_t Comma = S.find(',');
      double C = 0, M = 0;
      if (Comma == std::string::npos ||
          !number(S.substr(0, Comma).c_str(), 1, 1e5, C) ||
          !number(S.substr(Comma + 1).c_str(), 1, 1e5, M)) {
        Error = "--reference-mhz expects CORE,MEMORY in MHz, got '" + S + "'";
        return false;
      }
      O.RefCore = C;
      O.RefMem = M;
    } else {
      Error = "unknown option '" + A + "'";
      return false;
    }
  }
  return true;
}

struct SteadyClock : gpa::MonotonicClock {
  double nowS() override {
    return std::chrono::duration<double>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
};

bool suitePtx(const Options &O, std::string &Text, std::string &Name,
              std::string &Error) {
  if (!O.Ptx.empty()) {
    auto T = gpa::readTextFile(O.Ptx, Error);
    if (!T)
      return false;
    Text = *T;
    Name = O.Ptx;
    return true;
  }
  Text = gpa::embeddedSuitePtx();
  Name = "gpa_microbenchmarks.ptx";
  if (Text.empty()) {
    Error = "this gpa-measure was built without nvcc, so it carries no "
            "suite: compile measure/microbenchmarks/gpa_microbenchmarks.cu "
            "with `nvcc -ptx -arch=compute_XX` and pass --ptx FILE";
    return false;
  }
  return true;
}

int runCheck(const Options &O) {
  std::string Error;
  auto Meter = gpa::openNvmlPowerMeter(O.Device, Error);
  if (!Meter)
    return fail(Error, 1);
  unsigned Core = 0, Mem = 0;
  if (!Meter->clocksMhz(Core, Mem))
    return fail("cannot read the clocks", 1);
  std::cout << "GPU " << O.Device << ": core " << Core << " MHz, memory " << Mem
            << " MHz; "
            << (Meter->totalEnergyMj() ? "total-energy counter"
                                       : "power samples only")
            << "\n";
  // Whether a run would add measured utilisations: CUPTI profiles the
  // context the suite launcher makes, so open both as a run would.
  std::string Ptx, PtxName;
  std::unique_ptr<gpa::CudaSuiteLauncher> Launcher;
  if (suitePtx(O, Ptx, PtxName, Error))
    Launcher = gpa::openCudaSuiteLauncher(O.Device, Ptx, O.Shape, Error);
  if (Launcher && gpa::openCuptiProfiler(O.Device, Error))
    std::cout << "counters: CUPTI range profiler (measured utilisations)\n";
  else
    std::cout << "counters: none (static utilisations only): " << Error << "\n";
  return 0;
}

int runList(const Options &O, const std::vector<gpa::SuiteKernel> &Suite) {
  gpa::GpuModel Gpu;
  std::string Error;
  if (!gpa::loadGpuModel(O.Gpu.empty() ? "v100" : O.Gpu, Gpu, Error))
    return fail(Error, 2);
  gpa::DvfsPowerParams Hw = gpa::dvfsHardwareFigures(Gpu);
  // At the model's own clocks: the memory clock only enters as a ratio to
  // the reference, so any value works when the model names none.
  double Core = Gpu.ClockGhz * 1000;
  double Mem = Hw.Mem.RefMhz > 0 ? Hw.Mem.RefMhz : 1000;
  std::cout << "# gpa-measure suite on " << Gpu.Name << " at the model's "
            << "clocks: utilisations from the static analysis (Eq. 7-8)\n"
            << "kernel";
  for (std::size_t C = 0; C < gpa::NumDvfsComponents; ++C)
    std::cout << "," << gpa::dvfsComponentKey(C);
  std::cout << "\n";
  for (const gpa::SuiteKernel &K : Suite) {
    if (K.Name.compare(0, O.Only.size(), O.Only) != 0)
      continue;
    gpa::DvfsUtilisation U{};
    if (!gpa::suiteUtilisation(K.Profile, Gpu, Hw, Core, Mem, Mem, U, Error))
      return fail(Error, 2);
    std::cout << K.Name;
    char Buf[32];
    for (double X : U) {
      std::snprintf(Buf, sizeof Buf, ",%.4f", X);
      std::cout << Buf;
    }
    std::cout << "\n";
  }
  return 0;
}
} // namespace

int main(int Argc, char **Argv) {
  Options O;
  std::string Error;
  if (!parse(Argc, Argv, O, Error)) {
    if (Error == "help") {
      std::cout << Usage;
      return 0;
    }
    return usageError(Error);
  }
  if (O.Check)
    return runCheck(O);
  std::string Ptx, PtxName;
  std::vector<gpa::SuiteKernel> Suite;
  if (!suitePtx(O, Ptx, PtxName, Error) ||
      !gpa::analyseSuitePtx(Ptx, PtxName, O.Shape.Blocks, Suite, Error))
    return fail(Error, 2);
  if (O.List)
    return runList(O, Suite);

  auto Meter = gpa::openNvmlPowerMeter(O.Device, Error);
  if (!Meter)
    return fail(Error, 1);
  auto Launcher = gpa::openCudaSuiteLauncher(O.Device, Ptx, O.Shape, Error);
  if (!Launcher)
    return fail(Error, 1);
  std::string GpuName =
      O.Gpu.empty() ? gpa::closestBundledModel(Launcher->smVersion()) : O.Gpu;
  gpa::GpuModel Gpu;
  if (!gpa::loadGpuModel(GpuName, Gpu, Error))
    return fail(Error, 2);
  std::cerr << "gpa-measure: " << Launcher->deviceName() << " (sm_"
            << Launcher->smVersion() << "), " << Suite.size()
            << " kernels; utilisations from the static analysis with model '"
            << Gpu.Name << "'\n";
  gpa::RunnerOptions R;
  R.Measure = O.Measure;
  R.Only = O.Only;
  R.GpuLabel = GpuName;
  R.Source =
      O.Source.empty() ? "gpa-measure on " + Launcher->deviceName() : O.Source;
  R.RefCoreMhz = O.RefCore;
  R.RefMemMhz = O.RefMem;
  R.LaunchesPerRepetition = O.Shape.LaunchesPerRep;
  // Measured utilisations where CUPTI can give them; otherwise the file
  // carries the static analysis's only.
  auto Profiler = gpa::openCuptiProfiler(O.Device, Error);
  if (Profiler)
    R.Profiler = Profiler.get();
  else
    std::cerr << "gpa-measure: no measured utilisations: " << Error << "\n";
  Error.clear();
  SteadyClock Clock;
  gpa::PowerSampleSet Set;
  std::vector<gpa::MeasuredKernel> Log;
  if (!gpa::runSuite(*Meter, *Launcher, Clock, Suite, Gpu, R, Set, Log, Error))
    return fail(Error, 1);
  std::cerr << gpa::measurementLogCsv(Log);
  std::string Text = gpa::writePowerSamples(Set);
  if (O.Output.empty() || O.Output == "-") {
    std::cout << Text;
    return 0;
  }
  std::ofstream F(O.Output, std::ios::binary);
  if (!(F << Text))
    return fail(O.Output + ": cannot write the training file", 1);
  return 0;
}
