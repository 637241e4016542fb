//===- SuiteUtilisation.cpp - The suite as the static analysis sees it ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/SuiteUtilisation.h"

#include "gpa/Analysis.h"
#include "gpa/ClockAdvice.h"
#include "gpa/Occupancy.h"
#include "gpa/PowerBackend.h"
#include "gpa/ptx/PtxFrontend.h"

#include <algorithm>

namespace gpa {

bool analyseSuitePtx(const std::string &PtxText, const std::string &FileName,
                     std::uint64_t Blocks, std::vector<SuiteKernel> &Out,
                     std::string &Error) {
  ptx::PtxOptions Opts;
  Opts.DefaultThreadsPerBlock = SuiteThreadsPerBlock;
  Opts.Blocks = Blocks;
  ptx::PtxModuleResult M;
  if (!ptx::parsePtxModule(PtxText, FileName, Opts, M, Error))
    return false;
  Out.clear();
  for (const ptx::PtxKernelResult &K : M.Kernels) {
    SuiteKernel S;
    S.Name = K.Profile.Name;
    S.Profile = K.Profile;
    S.Profile.Launch.Blocks = Blocks;
    // PTX declares virtual registers; as `gpa analyze` does for PTX input,
    // take the plugin's default estimate (32) unless fewer are declared.
    S.Profile.Launch.RegistersPerThread =
        std::min<std::uint64_t>(S.Profile.Launch.RegistersPerThread, 32);
    Out.push_back(std::move(S));
  }
  if (Out.empty()) {
    Error = FileName + ": no .entry kernel in the suite's PTX";
    return false;
  }
  return true;
}

bool suiteUtilisation(const KernelProfile &Profile, const GpuModel &Gpu,
                      const DvfsPowerParams &Hw, double CoreMhz, double MemMhz,
                      double RefMemMhz, DvfsUtilisation &Out,
                      std::string &Error) {
  GpuModel G = gpuAtClocks(Gpu, CoreMhz, MemMhz, RefMemMhz);
  Occupancy Occ = computeOccupancy(Profile.Launch, G);
  if (!Occ.Fits) {
    Error = Profile.Name + " cannot run on " + Gpu.Name + ": " + Occ.Reason;
    return false;
  }
  unsigned AllSms = static_cast<unsigned>(std::min<std::uint64_t>(
      G.NumSms, std::max<std::uint64_t>(Profile.Launch.Blocks, 1)));
  Timing T =
      timeShape(Profile, G, onSms(G, Occ, Profile.Launch.Blocks, AllSms));
  ClockRequest Clocks;
  Clocks.CoreMhz = CoreMhz;
  Clocks.MemMhz = MemMhz;
  PowerInput In{Profile, T, memoryLevelBytes(Profile, G), Clocks};
  Out = dvfsUtilisation(In, G, Hw, CoreMhz, G.peakBandwidthGbps());
  return true;
}

} // namespace gpa
