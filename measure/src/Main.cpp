//===- Main.cpp - gpa-measure ---------------------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-measure --check: opens NVML (never changing clocks or power limits)
// and reports the clocks the GPU runs at and which power reading it offers.
// Running the microbenchmark suite (measure/microbenchmarks) through the
// CUDA driver is not implemented yet (docs/dvfs.md).
//
//===----------------------------------------------------------------------===//
#include "gpa/NvmlPowerMeter.h"

#include <cstring>
#include <iostream>

int main(int Argc, char **Argv) {
  if (Argc != 2 || std::strcmp(Argv[1], "--check") != 0) {
    std::cerr << "usage: gpa-measure --check\n";
    return 2;
  }
  std::string Error;
  auto Meter = gpa::openNvmlPowerMeter(0, Error);
  if (!Meter) {
    std::cerr << "gpa-measure: error: " << Error << "\n";
    return 2;
  }
  unsigned Core = 0, Mem = 0;
  if (!Meter->clocksMhz(Core, Mem)) {
    std::cerr << "gpa-measure: error: cannot read the clocks\n";
    return 2;
  }
  std::cout << "GPU 0: core " << Core << " MHz, memory " << Mem << " MHz; "
            << (Meter->totalEnergyMj() ? "total-energy counter"
                                       : "power samples only")
            << "\n";
  return 0;
}
