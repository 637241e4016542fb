// Uses the installed model library through GpuPowerAdvisor::runtime: prints
// the bundled GPU models a launch-time decision can use.
#include "gpa/GpuModelLoader.h"

#include <cstdio>

int main() {
  for (const std::string &Name : gpa::bundledModelNames())
    std::printf("%s\n", Name.c_str());
  return 0;
}
