//===- SessionCuda.h - The CUDA driver as gpa-session uses it ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// libcuda.so.1 opened with dlopen (like gpa-measure), so gpa-session builds
// without a driver and its dry run in CI runs on the stand-in driver of
// test/measure. Besides launching and timing it creates green-context SM
// partitions (CUDA 12.4+), the mechanism libgpa_runtime's `sm` mode uses.
// Only queries and launches: it never changes clocks, power limits or any
// other setting of the GPU.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MEASURE_SESSIONCUDA_H
#define GPA_MEASURE_SESSIONCUDA_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gpa::session {

using DevicePtr = unsigned long long;
using Handle = void *;

/// A launchable kernel: a context-independent CUkernel (cuLibraryLoadData),
/// launched on whichever context's stream it is given.
struct Kernel {
  Handle Function = nullptr;
  std::string Name;
};

struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
};

/// A stream on an SM partition (a green context), or the primary context's
/// own stream when Green is null.
struct Partition {
  Handle Green = nullptr;   // CUgreenCtx
  Handle Context = nullptr; // CUcontext to make current for its events
  Handle Stream = nullptr;
  unsigned SmsGranted = 0;
};

class Cuda {
public:
  Cuda();
  ~Cuda();
  /// Opens the driver, device Ordinal and its primary context.
  bool open(unsigned Ordinal, std::string &Error);

  std::string deviceName() const { return Name; }
  int driverVersion() const { return DriverVersion; }
  unsigned smVersion() const { return Sm; }
  unsigned smCount() const { return Sms; }
  std::uint64_t totalMemoryBytes() const { return MemoryBytes; }
  int attribute(int Attr) const;

  /// Loads a PTX or cubin image as a library; the kernels are fetched with
  /// kernel().
  bool loadLibrary(const std::string &Image, Handle &Library,
                   std::string &Error);
  bool kernel(Handle Library, const std::string &Name, Kernel &Out,
              std::string &Error);
  /// The device address and size of a module-scope variable
  /// (__constant__ or __device__) of Library.
  bool global(Handle Library, const std::string &Name, DevicePtr &Out,
              std::size_t &Bytes, std::string &Error);
  /// Resident blocks per SM of K at BlockThreads (the driver's occupancy
  /// calculator); 0 when unknown.
  int residentBlocks(const Kernel &K, unsigned BlockThreads,
                     std::size_t SharedBytes);

  bool alloc(std::size_t Bytes, DevicePtr &Out, std::string &Error);
  void free(DevicePtr P);
  bool memsetD32(DevicePtr P, unsigned Value, std::size_t Words,
                 std::string &Error);
  bool copyIn(DevicePtr Dst, const void *Src, std::size_t Bytes,
              std::string &Error);
  bool copyOut(void *Dst, DevicePtr Src, std::size_t Bytes, std::string &Error);

  /// Whether this driver offers green contexts (cuGreenCtxCreate &c.).
  bool hasGreenContexts() const { return GreenApi; }
  /// The SM partition granularity the driver reports (minSmPartitionSize),
  /// 0 when unknown.
  unsigned smPartitionGranularity();
  /// A green context of at least Sms SMs (the driver rounds up) with its
  /// own stream.
  bool openPartition(unsigned Sms, Partition &Out, std::string &Error);
  /// The primary context's stream over every SM.
  bool openFullDevice(Partition &Out, std::string &Error);
  void closePartition(Partition &P);

  /// Launches K on P's stream. Args as cuLaunchKernel takes them.
  bool launch(const Partition &P, const Kernel &K, Dim3 Grid, Dim3 Block,
              unsigned SharedBytes, void **Args, std::string &Error);

  /// Events on P's stream: Count events recorded between launches.
  bool makeEvents(const Partition &P, std::size_t Count,
                  std::vector<Handle> &Out, std::string &Error);
  bool record(const Partition &P, Handle Event, std::string &Error);
  bool synchronize(const Partition &P, std::string &Error);
  bool elapsedS(Handle From, Handle To, double &Seconds, std::string &Error);
  void destroyEvents(std::vector<Handle> &Events);

private:
  struct Api;
  bool check(int Result, const std::string &What, std::string &Error) const;
  bool current(const Partition &P, std::string &Error);

  std::unique_ptr<Api> F;
  void *Lib = nullptr;
  int Device = 0;
  Handle Primary = nullptr;
  std::string Name;
  int DriverVersion = 0;
  unsigned Sm = 0, Sms = 0;
  std::uint64_t MemoryBytes = 0;
  bool GreenApi = false;
};

} // namespace gpa::session

#endif
