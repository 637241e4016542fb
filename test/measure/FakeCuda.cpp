//===- FakeCuda.cpp - A stand-in libcuda.so.1 for gpa-measure's tests -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Just the CUDA driver entry points gpa-measure looks up, with the
// signatures of NVIDIA's Driver API reference: a device "Fake GPU" of
// compute capability 8.0 whose kernels take 1 ms each. The fake NVML asks
// gpaFakeCurrentPowerW() for the power of the kernel launched last:
// 50 W + 10 W x (length of its name mod 7).
//
//===----------------------------------------------------------------------===//
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

namespace {
std::string LastKernel;
double PendingS = 0;
int Token; // addresses of this stand for handles
} // namespace

extern "C" {
double gpaFakeCurrentPowerW() {
  return LastKernel.empty() ? 30.0 : 50.0 + 10.0 * (LastKernel.size() % 7);
}
int cuInit(unsigned) { return 0; }
int cuDeviceGet(int *D, int Ordinal) {
  *D = Ordinal;
  return Ordinal == 0 ? 0 : 101; // CUDA_ERROR_INVALID_DEVICE
}
int cuDeviceGetName(char *Name, int Len, int) {
  std::strncpy(Name, "Fake GPU", Len);
  return 0;
}
int cuDeviceGetAttribute(int *V, int Attr, int) {
  // 75/76: compute capability 8.0; 16: SMs; 39: threads per SM.
  *V = Attr == 75 ? 8 : Attr == 16 ? 108 : Attr == 39 ? 2048 : 0;
  return 0;
}
int cuDriverGetVersion(int *V) {
  *V = 13000;
  return 0;
}
int cuDeviceTotalMem_v2(std::size_t *Bytes, int) {
  *Bytes = std::size_t(40) << 30;
  return 0;
}
int cuDevicePrimaryCtxRetain(void **Ctx, int) {
  *Ctx = &Token;
  return 0;
}
int cuDevicePrimaryCtxRelease_v2(int) { return 0; }
int cuCtxSetCurrent(void *) { return 0; }
int cuCtxGetCurrent(void **Ctx) {
  *Ctx = &Token;
  return 0;
}
int cuModuleLoadData(void **M, const void *Image) {
  *M = &Token;
  return std::strstr(static_cast<const char *>(Image), ".entry") ? 0 : 218;
}
int cuModuleGetFunction(void **F, void *, const char *Name) {
  *F = new std::string(Name); // one per kernel; leaked in a test process
  return 0;
}
int cuModuleUnload(void *) { return 0; }
// Libraries (gpa-session): a kernel handle is its name, as for modules.
int cuLibraryLoadData(void **L, const void *Image, void *, void **, unsigned,
                      void *, void **, unsigned) {
  *L = &Token;
  // PTX text, or a cubin (ELF) or fatbin (magic 0xba55ed50) image.
  const auto *Bytes = static_cast<const unsigned char *>(Image);
  if (std::memcmp(Bytes,
                  "\x7f"
                  "ELF",
                  4) == 0 ||
      std::memcmp(Bytes, "\x50\xed\x55\xba", 4) == 0)
    return 0;
  return std::strstr(static_cast<const char *>(Image), ".entry") ? 0 : 218;
}
// Module-scope variables: one 64 KiB host buffer stands for all of them
// (the fake's copies are no-ops).
int cuLibraryGetGlobal(unsigned long long *P, std::size_t *Bytes, void *,
                       const char *) {
  *P = 8192;
  *Bytes = 65536;
  return 0;
}
int cuLibraryGetKernel(void **K, void *, const char *Name) {
  *K = new std::string(Name); // one per kernel; leaked in a test process
  return 0;
}
int cuKernelGetFunction(void **F, void *K) {
  *F = K;
  return 0;
}
int cuOccupancyMaxActiveBlocksPerMultiprocessor(int *Blocks, void *,
                                                int Threads, std::size_t) {
  *Blocks = Threads > 0 ? 2048 / Threads : 0;
  return 0;
}
int cuMemAlloc_v2(unsigned long long *P, std::size_t) {
  *P = 4096;
  return 0;
}
int cuMemFree_v2(unsigned long long) { return 0; }
int cuMemsetD32_v2(unsigned long long, unsigned, std::size_t) { return 0; }
int cuMemcpyHtoD_v2(unsigned long long, const void *, std::size_t) { return 0; }
int cuMemcpyDtoH_v2(void *Dst, unsigned long long, std::size_t Bytes) {
  std::memset(Dst, 0, Bytes);
  return 0;
}
int cuStreamCreate(void **S, unsigned) {
  *S = &Token;
  return 0;
}
int cuStreamSynchronize(void *) {
  std::this_thread::sleep_for(std::chrono::duration<double>(PendingS));
  PendingS = 0;
  return 0;
}
int cuStreamDestroy_v2(void *) { return 0; }
// Green contexts, on CUDA 13's CUdevResource layout: the type (4 bytes),
// 92 bytes of padding, then the SM resource {smCount, minSmPartitionSize,
// smCoscheduledAlignment}. The fake has 108 SMs in partitions of 8.
int cuDeviceGetDevResource(int, void *Resource, int Type) {
  auto *Bytes = static_cast<unsigned char *>(Resource);
  unsigned Sm[3] = {108, 8, 8};
  std::memcpy(Bytes, &Type, 4);
  std::memcpy(Bytes + 96, Sm, sizeof Sm);
  return 0;
}
int cuDevSmResourceSplitByCount(void *Result, unsigned *Groups,
                                const void *Input, void *, unsigned,
                                unsigned MinCount) {
  std::memcpy(Result, Input, 144);
  unsigned Count = (MinCount + 7) / 8 * 8;
  std::memcpy(static_cast<unsigned char *>(Result) + 96, &Count, 4);
  *Groups = Count <= 108 ? 1 : 0;
  return 0;
}
int cuDevResourceGenerateDesc(void **Desc, void *, unsigned) {
  *Desc = &Token;
  return 0;
}
int cuGreenCtxCreate(void **Green, void *, int, unsigned) {
  *Green = &Token;
  return 0;
}
int cuGreenCtxDestroy(void *) { return 0; }
int cuCtxFromGreenCtx(void **Ctx, void *) {
  *Ctx = &Token;
  return 0;
}
int cuGreenCtxStreamCreate(void **S, void *, unsigned, int) {
  *S = &Token;
  return 0;
}
int cuLaunchKernel(void *F, unsigned, unsigned, unsigned, unsigned, unsigned,
                   unsigned, unsigned, void *, void **, void **) {
  LastKernel = *static_cast<std::string *>(F);
  PendingS += 0.001;
  return 0;
}
int cuEventCreate(void **E, unsigned) {
  *E = &Token;
  return 0;
}
int cuEventRecord(void *, void *) { return 0; }
int cuEventSynchronize(void *) {
  std::this_thread::sleep_for(std::chrono::duration<double>(PendingS));
  PendingS = 0;
  return 0;
}
int cuEventElapsedTime_v2(float *Ms, void *, void *) {
  *Ms = 1;
  return 0;
}
int cuEventElapsedTime(float *Ms, void *, void *) {
  *Ms = 1;
  return 0;
}
int cuEventDestroy_v2(void *) { return 0; }
int cuGetErrorName(int, const char **Name) {
  *Name = "CUDA_ERROR_FAKE";
  return 0;
}
}
