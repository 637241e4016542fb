//===- CudaDeviceQuery.cpp - Device properties from the CUDA runtime ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// cudaDeviceGetAttribute per property (cheaper than cudaGetDeviceProperties
// and stable across CUDA versions). Memory bandwidth = 2 (DDR) x memory
// clock x bus width.
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/DeviceQuery.h"

#include <cuda_runtime_api.h>

namespace gpa::runtime {

namespace {
class CudaDeviceQuery final : public DeviceQuery {
public:
  bool currentDevice(int &Device, std::string &Error) override {
    // The user's pending error must reach the user's own cudaGetLastError():
    // with one pending, query nothing (and so clear nothing).
    if (cudaError_t Pending = cudaPeekAtLastError(); Pending != cudaSuccess) {
      Error = std::string("a CUDA error is pending (") +
              cudaGetErrorString(Pending) + "); launch left as written";
      return false;
    }
    return check(cudaGetDevice(&Device), "cudaGetDevice", Error);
  }

  bool properties(int Device, DeviceProperties &Out,
                  std::string &Error) override {
    int Major = 0, Minor = 0, Sms = 0, ClockKhz = 0, MemClockKhz = 0,
        BusBits = 0, ThreadsPerSm = 0, BlocksPerSm = 0, RegsPerSm = 0,
        SharedPerSm = 0, SharedPerBlockOptin = 0;
    const struct {
      cudaDeviceAttr Attr;
      int *Into;
      const char *Name;
    } Queries[] = {
        {cudaDevAttrComputeCapabilityMajor, &Major, "compute capability"},
        {cudaDevAttrComputeCapabilityMinor, &Minor, "compute capability"},
        {cudaDevAttrMultiProcessorCount, &Sms, "SM count"},
        {cudaDevAttrMaxThreadsPerMultiProcessor, &ThreadsPerSm, "threads/SM"},
        {cudaDevAttrMaxBlocksPerMultiprocessor, &BlocksPerSm, "blocks/SM"},
        {cudaDevAttrMaxRegistersPerMultiprocessor, &RegsPerSm, "registers/SM"},
        {cudaDevAttrMaxSharedMemoryPerMultiprocessor, &SharedPerSm,
         "shared/SM"},
        {cudaDevAttrMaxSharedMemoryPerBlockOptin, &SharedPerBlockOptin,
         "shared/block"},
        {cudaDevAttrGlobalMemoryBusWidth, &BusBits, "bus width"},
    };
    for (const auto &Q : Queries)
      if (!check(cudaDeviceGetAttribute(Q.Into, Q.Attr, Device), Q.Name, Error))
        return false;
    // Clocks are optional: CUDA 13 dropped the clock attributes from some
    // devices' reports; zero keeps the model's nominal clock.
    if (cudaDeviceGetAttribute(&ClockKhz, cudaDevAttrClockRate, Device) !=
        cudaSuccess)
      ClockKhz = 0;
    if (cudaDeviceGetAttribute(&MemClockKhz, cudaDevAttrMemoryClockRate,
                               Device) != cudaSuccess)
      MemClockKhz = 0;
    cudaGetLastError(); // clear our optional queries' errors (state was clean)
    Out.ComputeCapabilityMajor = static_cast<unsigned>(Major);
    Out.ComputeCapabilityMinor = static_cast<unsigned>(Minor);
    Out.NumSms = static_cast<unsigned>(Sms);
    Out.ClockGhz = ClockKhz / 1e6;
    Out.MemBandwidthGbps = 2.0 * MemClockKhz * 1e3 * (BusBits / 8.0) / 1e9;
    Out.MaxThreadsPerSm = static_cast<unsigned>(ThreadsPerSm);
    Out.MaxBlocksPerSm = static_cast<unsigned>(BlocksPerSm);
    Out.RegistersPerSm = static_cast<unsigned>(RegsPerSm);
    Out.SharedBytesPerSm = static_cast<std::uint64_t>(SharedPerSm);
    Out.MaxSharedBytesPerBlock =
        static_cast<std::uint64_t>(SharedPerBlockOptin);
    Out.Name = "device " + std::to_string(Device) + " (sm_" +
               std::to_string(Out.smVersion()) + ")";
    return true;
  }

private:
  static bool check(cudaError_t Status, const char *What, std::string &Error) {
    if (Status == cudaSuccess)
      return true;
    Error = std::string(What) + ": " + cudaGetErrorString(Status);
    // currentDevice() saw no pending error, so this one is ours: clear it.
    // The launch that follows reports the same condition to the user.
    cudaGetLastError();
    return false;
  }
};
} // namespace

std::unique_ptr<DeviceQuery> makeCudaDeviceQuery() {
  return std::make_unique<CudaDeviceQuery>();
}

} // namespace gpa::runtime
