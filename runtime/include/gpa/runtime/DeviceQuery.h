//===- DeviceQuery.h - What the runtime asks the device ------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The device properties the launch advisor needs, behind an interface so the
// decisions are tested with fake devices (no GPU exists on the build or CI
// machines); CudaDeviceQuery.cpp implements it with the CUDA runtime.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_DEVICEQUERY_H
#define GPA_RUNTIME_DEVICEQUERY_H

#include <cstdint>
#include <memory>
#include <string>

namespace gpa::runtime {

struct DeviceProperties {
  std::string Name;
  unsigned ComputeCapabilityMajor = 0;
  unsigned ComputeCapabilityMinor = 0;
  unsigned NumSms = 0;
  double ClockGhz = 0;         // SM clock
  double MemBandwidthGbps = 0; // 2 x memory clock x bus width (DDR)
  unsigned MaxThreadsPerSm = 0;
  unsigned MaxBlocksPerSm = 0;
  unsigned RegistersPerSm = 0;
  std::uint64_t SharedBytesPerSm = 0;
  std::uint64_t MaxSharedBytesPerBlock = 0;

  unsigned smVersion() const {
    return ComputeCapabilityMajor * 10 + ComputeCapabilityMinor;
  }
};

class DeviceQuery {
public:
  virtual ~DeviceQuery() = default;
  /// The device the calling thread launches on.
  virtual bool currentDevice(int &Device, std::string &Error) = 0;
  virtual bool properties(int Device, DeviceProperties &Out,
                          std::string &Error) = 0;
};

/// The CUDA runtime implementation; nullptr when the library was built
/// without the CUDA toolkit.
std::unique_ptr<DeviceQuery> makeCudaDeviceQuery();

} // namespace gpa::runtime

#endif
