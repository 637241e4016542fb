//===- FuzzLaunchPayload.cpp - libFuzzer target: embedded launch payload --===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The gpa-launch-payload/1 payload the host rewrite embeds (or a single kernel
// profile), as libgpa_runtime parses and plans it at a launch. There is no
// separate launch-file reader yet; this is the runtime's reader.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "gpa/runtime/DeviceQuery.h"
#include "gpa/runtime/LaunchRuntime.h"

namespace {
/// An A100-like device (NVIDIA's A100 whitepaper: 108 SMs, 1.41 GHz boost,
/// 1555 GB/s, 2048 threads, 32 blocks and 64K registers per SM).
class FakeA100 : public gpa::runtime::DeviceQuery {
public:
  bool currentDevice(int &Device, std::string &) override {
    Device = 0;
    return true;
  }
  bool properties(int, gpa::runtime::DeviceProperties &P,
                  std::string &) override {
    P.Name = "fake A100";
    P.ComputeCapabilityMajor = 8;
    P.ComputeCapabilityMinor = 0;
    P.NumSms = 108;
    P.ClockGhz = 1.41;
    P.MemBandwidthGbps = 1555;
    P.MaxThreadsPerSm = 2048;
    P.MaxBlocksPerSm = 32;
    P.RegistersPerSm = 65536;
    P.SharedBytesPerSm = 167936;
    P.MaxSharedBytesPerBlock = 166912;
    return true;
  }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  // Payloads are cached by address: a fresh runtime per input, and a
  // NUL-terminated copy as the compiler embeds it.
  std::string Payload = gpa::fuzz::text(Data, Size);
  gpa::runtime::LaunchRuntime Runtime(std::make_unique<FakeA100>(), {},
                                      nullptr);
  gpa::runtime::LaunchRequest Request;
  Request.KernelName = "k";
  Request.Grid = {1024, 1, 1};
  Request.Block = {256, 1, 1};
  Request.GridIndependent = Size % 2 == 0;
  (void)Runtime.plan(Payload.c_str(), Request);
  return 0;
}
