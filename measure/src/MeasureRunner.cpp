//===- MeasureRunner.cpp - The suite measured into a training file --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/MeasureRunner.h"

#include "gpa/DvfsCalibration.h"
#include "gpa/KernelActivity.h"

#include <algorithm>
#include <cstdio>

namespace gpa {

bool runSuite(PowerMeter &Meter, BenchmarkLauncher &Launcher,
              MonotonicClock &Clock, const std::vector<SuiteKernel> &Suite,
              const GpuModel &Gpu, const RunnerOptions &Options,
              PowerSampleSet &Out, std::vector<MeasuredKernel> &Log,
              std::string &Error) {
  DvfsPowerParams Hw = dvfsHardwareFigures(Gpu);
  Out = PowerSampleSet();
  Out.Gpu = Options.GpuLabel;
  Out.Source = Options.Source;
  Out.HasLaunchCounts = true;
  Out.HasMeasuredUtilisation = Options.Profiler != nullptr;
  Log.clear();
  for (const SuiteKernel &K : Suite) {
    if (K.Name.compare(0, Options.Only.size(), Options.Only) != 0)
      continue;
    MeasuredKernel R;
    R.Name = K.Name;
    if (!measureBenchmark(Meter, Launcher, Clock, K.Name, Options.Measure, R.M,
                          Error)) {
      Error = K.Name + ": " + Error;
      return false;
    }
    double RefMemMhz = Hw.Mem.RefMhz > 0 ? Hw.Mem.RefMhz : R.M.MemMhz;
    if (!suiteUtilisation(K.Profile, Gpu, Hw, R.M.CoreMhz, R.M.MemMhz,
                          RefMemMhz, R.U, Error))
      return false;
    PowerSample S;
    S.Benchmark = K.Name;
    S.PowerW = R.M.PowerW;
    S.CoreMhz = R.M.CoreMhz;
    S.MemMhz = R.M.MemMhz;
    S.U = R.U;
    // Seed 003's inputs: the measured time of one launch and the static
    // analysis's warp instructions and bytes of one launch.
    S.LaunchTimeS =
        R.M.DurationS / (static_cast<double>(std::max(R.M.Repetitions, 1u)) *
                         std::max(Options.LaunchesPerRepetition, 1u));
    KernelActivity A = kernelActivity(K.Profile, Gpu, *S.LaunchTimeS, 0);
    S.WarpInstructions = A.WarpInstructions;
    S.Bytes = A.Bytes;
    if (Options.Profiler) {
      auto RunOnce = [&](std::string &E) {
        return Launcher.start(K.Name, E) && Launcher.wait(E);
      };
      KernelCounters C;
      std::string E;
      if (Options.Profiler->profile(K.Name, RunOnce, C, E)) {
        double PeakDramGbps = Gpu.peakBandwidthGbps() *
                              (RefMemMhz > 0 ? R.M.MemMhz / RefMemMhz : 1);
        R.MeasuredU =
            measuredUtilisation(C, Hw, Gpu.NumSms, R.M.CoreMhz, PeakDramGbps);
        S.MeasuredU = R.MeasuredU;
      } else {
        R.CounterError = E;
      }
    }
    Out.Samples.push_back(S);
    Log.push_back(R);
  }
  if (Log.empty()) {
    Error = "no suite kernel starts with '" + Options.Only + "'";
    return false;
  }
  Out.RefCoreMhz = Options.RefCoreMhz.value_or(Log.front().M.CoreMhz);
  Out.RefMemMhz = Options.RefMemMhz.value_or(Log.front().M.MemMhz);
  return true;
}

std::string measurementLogCsv(const std::vector<MeasuredKernel> &Log) {
  std::string Out = "kernel,power_w,readings_w,duration_s,repetitions,method,"
                    "core_mhz,mem_mhz,temperature_c,power_limit_w,counters\n";
  char Buf[64];
  for (const MeasuredKernel &K : Log) {
    const Measurement &M = K.M;
    std::snprintf(Buf, sizeof Buf, "%.4f", M.PowerW);
    Out += K.Name + "," + Buf + ",";
    for (std::size_t I = 0; I < M.ReadingsW.size(); ++I) {
      std::snprintf(Buf, sizeof Buf, "%s%.4f", I ? " " : "", M.ReadingsW[I]);
      Out += Buf;
    }
    std::snprintf(Buf, sizeof Buf, ",%.3f,%u,", M.DurationS, M.Repetitions);
    Out += Buf;
    Out += M.FromEnergyCounter ? "energy_counter" : "power_samples";
    Out +=
        "," + std::to_string(M.CoreMhz) + "," + std::to_string(M.MemMhz) + ",";
    if (M.TemperatureC)
      Out += std::to_string(*M.TemperatureC);
    Out += ",";
    if (M.PowerLimitW) {
      std::snprintf(Buf, sizeof Buf, "%.1f", *M.PowerLimitW);
      Out += Buf;
    }
    Out += ",";
    std::string Counters = K.MeasuredU              ? "measured"
                           : K.CounterError.empty() ? ""
                                                    : "none: " + K.CounterError;
    std::replace(Counters.begin(), Counters.end(), ',', ';');
    Out += Counters;
    Out += "\n";
  }
  return Out;
}

} // namespace gpa
