//===- CudaDriverLauncher.h - The suite through the CUDA driver -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// BenchmarkLauncher over libcuda.so.1, opened with dlopen so the product
// builds and runs without the driver: loads the suite's PTX with
// cuModuleLoadData (the driver JIT-compiles it for the GPU), allocates the
// input/output buffers once, and per repetition enqueues LaunchesPerRep
// back-to-back launches between two events, then waits on the last event.
// Never touches clocks or power limits.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CUDADRIVERLAUNCHER_H
#define GPA_CUDADRIVERLAUNCHER_H

#include "gpa/PowerMeasurement.h"

#include <cstdint>
#include <memory>

namespace gpa {

class CudaSuiteLauncher : public BenchmarkLauncher {
public:
  /// "NVIDIA ..." as the driver names the device.
  virtual std::string deviceName() const = 0;
  /// 10 x major + minor compute capability (80 for 8.0).
  virtual unsigned smVersion() const = 0;
  /// GPU time of the launches so far (events), in seconds.
  virtual double kernelTimeS() const = 0;
};

struct CudaLaunchShape {
  std::uint64_t Blocks = 4096;
  std::uint64_t ThreadsPerBlock = 256;
  unsigned LaunchesPerRep = 100;
  /// Bytes of each of the two buffers (the suite reads up to 128 per
  /// thread).
  std::uint64_t bufferBytes() const { return Blocks * ThreadsPerBlock * 128; }
};

/// Opens the driver and device Index, loads PtxText. nullptr with Error when
/// the driver, the device or the module is missing.
std::unique_ptr<CudaSuiteLauncher>
openCudaSuiteLauncher(unsigned Index, const std::string &PtxText,
                      const CudaLaunchShape &Shape, std::string &Error);

} // namespace gpa

#endif
